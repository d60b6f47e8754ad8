use crate::records::handoff::is_commit;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a handoff record that is `ready_for_review` or `approved` while
    /// its `output_ref` is not a commit hash (7 to 40 hexadecimal characters).
    ///
    /// ## Why is this bad?
    /// Review and QA must see the same code the implementer handed over. A
    /// branch name moves: by the time the reviewer reads it, another commit may
    /// have landed, and approval no longer says what was approved.
    ///
    /// ## Example
    /// ```yaml
    /// status: ready_for_review
    /// output_ref: feature/payments-retry
    /// ```
    ///
    /// Use instead:
    /// ```yaml
    /// status: ready_for_review
    /// output_ref: 9b1e7c4
    /// ```
    pub struct ApprovalWithoutCommit {
        code: "P006",
        name: "approval-without-commit",
        family: Handoff,
        severity: Error,
        added: "0.1.0",
        summary: "A record up for review or approved names no commit",
    }
}

impl HandoffRule for ApprovalWithoutCommit {
    fn check(&self, r: &Handoff<'_>, out: &mut Vec<Diagnostic>) {
        let Some(status) = r.text("status") else {
            return;
        };
        if !matches!(status.as_str(), "ready_for_review" | "approved") {
            return;
        }
        let output = r.text("output_ref").unwrap_or_default();
        if is_commit(&output) {
            return;
        }
        let shown = if output.is_empty() {
            "nothing".to_string()
        } else {
            format!("`{output}`")
        };
        out.push(
            self.meta()
                .diagnostic(r.value_span("output_ref"), format!("a `{status}` record must name the commit it hands over, not {shown}"))
                .with_label("not a commit hash")
                .with_help("set `output_ref` to the commit hash (7–40 hex characters) the next stage must use"),
        );
    }
}
