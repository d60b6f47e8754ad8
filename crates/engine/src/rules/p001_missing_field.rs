use crate::records::handoff::REQUIRED;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a handoff record without one of its fields: `task_id`,
    /// `attempt`, `stage`, `status`, `input_ref`, `output_ref`, `checks`,
    /// `blocked_by`, `next_allowed` (`null` or `[]` is a value; a missing key
    /// is not). A document that is not YAML, or not a mapping, is reported
    /// here too, since none of its fields can be read.
    ///
    /// ## Why is this bad?
    /// The handoff record is what the next stage trusts instead of re-reading
    /// the conversation: which artifact it received, what it produced, what
    /// was checked and where it may go next. A missing field is a question the
    /// next agent answers by guessing.
    ///
    /// ## Example
    /// ```yaml
    /// task_id: PAY-412
    /// stage: review
    /// status: approved
    /// ```
    ///
    /// Use instead:
    /// ```yaml
    /// task_id: PAY-412
    /// attempt: 1
    /// stage: review
    /// status: approved
    /// input_ref: 3f9c2ab
    /// output_ref: 3f9c2ab
    /// checks:
    ///   - {name: review, result: passed}
    /// blocked_by: []
    /// next_allowed: browser_qa
    /// ```
    pub struct MissingField {
        code: "P001",
        name: "missing-field",
        family: Handoff,
        severity: Error,
        added: "0.1.0",
        summary: "A handoff record lacks a field, or does not parse",
    }
}

impl HandoffRule for MissingField {
    fn check(&self, r: &Handoff<'_>, out: &mut Vec<Diagnostic>) {
        if let Some((span, message)) = &r.error {
            out.push(
                self.meta()
                    .diagnostic(
                        span.clone(),
                        format!("the record cannot be read: {message}"),
                    )
                    .with_label("not a YAML mapping")
                    .with_help("write the record as one YAML mapping of its fields"),
            );
            return;
        }
        let missing: Vec<String> = REQUIRED
            .iter()
            .filter(|k| r.get(k).is_none())
            .map(|k| format!("`{k}`"))
            .collect();
        if missing.is_empty() {
            return;
        }
        out.push(
            self.meta()
                .diagnostic(
                    r.key_span("task_id"),
                    format!("the record has no {}", missing.join(", ")),
                )
                .with_label("incomplete record")
                .with_help(format!("a handoff record carries {}", REQUIRED.join(", "))),
        );
    }
}
