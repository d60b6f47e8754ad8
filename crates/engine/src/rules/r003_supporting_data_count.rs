use crate::model::FieldName;
use crate::rules::prelude::*;
use crate::syntax::BlockKind;

declare_rule! {
    /// ## What it does
    /// Flags a RESPONSE block whose `Supporting data:` holds fewer than 2 or
    /// more than 3 data points. Each list item under the label is a point; text
    /// on the label's own line counts as one. Reported at the block's
    /// opener, as R001 and R005 are, with the label marked as related.
    ///
    /// ## Why is this bad?
    /// The protocol asks for two data points and an optional third
    /// (agent-protocol, Response Format). One point is an anecdote; more than
    /// three buries the ones that matter.
    ///
    /// ## Example
    /// ```transcript
    /// Supporting data:
    ///   - Current ARR: $2.0M
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// Supporting data:
    ///   - Current ARR: $2.0M, growing 18% QoQ
    ///   - Burn: $180K/month, so 14 months of runway
    /// ```
    pub struct SupportingDataCount {
        code: "R003",
        name: "supporting-data-count",
        family: Response,
        severity: Warning,
        added: "0.1.0",
        summary: "Supporting data holds fewer than 2 or more than 3 points",
    }
}

impl Rule for SupportingDataCount {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for block in t
            .blocks
            .iter()
            .filter(|b| b.kind == BlockKind::Response)
        {
            let fields = crate::model::response_fields(t, block);
            let Some(field) = fields.get(FieldName::SupportingData) else {
                continue;
            };
            // Text on the label's own line is the first data point.
            let on_label = usize::from(field.has_value);
            let count = field.items.len() + on_label;
            if (2..=3).contains(&count) {
                continue;
            }
            let points = if count == 1 {
                "point".to_string()
            } else {
                "points".to_string()
            };
            let help = if count < 2 {
                "back the finding with two or three data points, each a `  - ` bullet"
            } else {
                "keep the two or three points that carry the finding; move the rest to a reference doc"
            };
            // At the block, as its other shape findings (R001, R005) are;
            // the field's label is related.
            let mut d = self
                .meta()
                .diagnostic(
                    block.open.clone(),
                    format!("supporting data has {count} data {points}; give 2 or 3"),
                )
                .with_label("in this response")
                .with_related(field.label.clone(), format!("{count} data {points}"))
                .with_help(help);
            if let Some(&fourth) = field.items.get(3 - on_label).filter(|_| count > 3) {
                d = d.with_related(t.line_span(fourth), "fourth point");
            }
            if let (1, [only]) = (count, field.items.as_slice()) {
                d = d.with_related(t.line_span(*only), "the only point");
            }
            out.push(d);
        }
    }
}
