use crate::model::FieldName;
use crate::rules::prelude::*;
use crate::syntax::BlockKind;

declare_rule! {
    /// ## What it does
    /// Flags a RESPONSE block whose `Key finding:` or `Caveat:` runs over more
    /// than one line.
    ///
    /// ## Why is this bad?
    /// The key finding is "one line — the actual answer" and the caveat "one
    /// line — what could make this wrong" (agent-protocol, Response Format). A
    /// finding that needs a paragraph has not been found yet.
    ///
    /// ## Example
    /// ```transcript
    /// Key finding: Runway drops from 14 to 9 months
    /// if we hire five engineers in Q3, and further if the round slips.
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// Key finding: Hiring five engineers in Q3 cuts runway from 14 to 9 months.
    /// ```
    pub struct MultilineField {
        code: "R004",
        name: "multiline-field",
        family: Response,
        severity: Warning,
        added: "0.1.0",
        summary: "A response's key finding or caveat spans several lines",
    }
}

impl Rule for MultilineField {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for block in t
            .blocks
            .iter()
            .filter(|b| b.kind == BlockKind::Response)
        {
            let fields = crate::model::response_fields(t, block);
            for name in [FieldName::KeyFinding, FieldName::Caveat] {
                let Some(field) = fields.get(name) else {
                    continue;
                };
                let lines = field.text_lines();
                if lines <= 1 {
                    continue;
                }
                out.push(
                    self.meta()
                        .diagnostic(
                            field.label.clone(),
                            format!("`{}` runs over {lines} lines; it must be one", name.label()),
                        )
                        .with_label("more than one line")
                        .with_help("say it in one line; put the detail under `Supporting data:`"),
                );
            }
        }
    }
}
