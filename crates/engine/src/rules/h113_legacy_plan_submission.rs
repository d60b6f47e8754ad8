use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Notes an s10 plan submission written as `plan_approval_response` with a
    /// `plan` and no `approve`, which is how the upstream s10 code writes it
    /// (its `plan_approval_request` type is not in the valid types). It is read as
    /// a plan submission, not an error.
    ///
    /// ## Why is this bad?
    /// A submission and a decision sharing one type is ambiguous for every
    /// reader that does not look for `plan`; the s13 dialect names it
    /// `plan_approval_request`.
    ///
    /// ## Example
    /// ```json
    /// {"type": "plan_approval_response", "from": "alice", "to": "lead", "plan": "…", "request_id": "c3d4e5f6"}
    /// ```
    ///
    /// Use instead: `"type": "plan_approval_request"` for the submission, once the runtime
    /// accepts it.
    pub struct LegacyPlanSubmission {
        code: "H113",
        name: "legacy-plan-submission",
        family: Handshake,
        severity: Info,
        added: "0.1.0",
        summary: "A plan submission uses the decision's type",
    }
}

impl HandshakeRule for LegacyPlanSubmission {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        for m in log.messages.iter().filter(|m| m.legacy_submission) {
            out.push(
                self.meta()
                    .diagnostic(log.field_span(m, "type"), "a plan submission written as `plan_approval_response`")
                    .with_label("legacy plan submission")
                    .with_help("read as a plan submission; newer runtimes write it as `plan_approval_request`"),
            );
        }
    }
}
