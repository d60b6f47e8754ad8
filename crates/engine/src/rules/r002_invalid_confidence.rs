use crate::model::response::confidence_level;
use crate::model::FieldName;
use crate::rules::prelude::*;
use crate::syntax::BlockKind;

declare_rule! {
    /// ## What it does
    /// Flags a RESPONSE block whose `Confidence:` is not `high`, `medium` or
    /// `low`. Any case is accepted (`High`); `boardlint fmt` lowercases it.
    ///
    /// ## Why is this bad?
    /// The caller weighs conflicting answers by their confidence
    /// (agent-protocol, Conflict Resolution). Only the three levels can be
    /// compared; "fairly sure" or "85%" cannot.
    ///
    /// ## Example
    /// ```transcript
    /// Confidence: very high
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// Confidence: high
    /// ```
    pub struct InvalidConfidence {
        code: "R002",
        name: "invalid-confidence",
        family: Response,
        severity: Error,
        added: "0.1.0",
        summary: "A response's confidence is not high, medium or low",
    }
}

impl Rule for InvalidConfidence {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for block in t
            .blocks
            .iter()
            .filter(|b| b.kind == BlockKind::Response)
        {
            let fields = crate::model::response_fields(t, block);
            let Some(field) = fields.get(FieldName::Confidence) else {
                continue;
            };
            let value = t.text(&field.value).trim();
            if confidence_level(value).is_some() {
                continue;
            }
            let span = if value.is_empty() {
                field.label.clone()
            } else {
                field.value.start..field.value.start + value.len()
            };
            let shown = if value.is_empty() {
                "nothing".to_string()
            } else {
                format!("`{value}`")
            };
            out.push(
                self.meta()
                    .diagnostic(
                        span,
                        format!("confidence is {shown}; it must be high, medium or low"),
                    )
                    .with_label("not a confidence level")
                    .with_help(
                        "write `Confidence: high`, `Confidence: medium` or `Confidence: low`",
                    ),
            );
        }
    }
}
