use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a handoff record whose `status` is `blocked` while `blocked_by`
    /// is empty, or whose `blocked_by` names blockers while its status is not
    /// `blocked`.
    ///
    /// ## Why is this bad?
    /// A blocked task must say what it waits for, or nobody unblocks it; a
    /// task that names blockers but runs anyway works on an input that is not
    /// ready.
    ///
    /// ## Example
    /// ```yaml
    /// status: blocked
    /// blocked_by: []
    /// ```
    ///
    /// Use instead:
    /// ```yaml
    /// status: blocked
    /// blocked_by: [PAY-398]
    /// ```
    pub struct BlockedMismatch {
        code: "P005",
        name: "blocked-mismatch",
        family: Handoff,
        severity: Error,
        added: "0.1.0",
        summary: "A handoff record's status and blocked_by disagree",
    }
}

impl HandoffRule for BlockedMismatch {
    fn check(&self, r: &Handoff<'_>, out: &mut Vec<Diagnostic>) {
        let (Some(status), Some(_)) = (r.text("status"), r.get("blocked_by")) else {
            return;
        };
        let blockers = r.stage_list("blocked_by");
        let blocked = status == "blocked";
        let message = match (blocked, blockers.is_empty()) {
            (true, true) => "the record is blocked but names no blocker in `blocked_by`",
            (false, false) => "`blocked_by` names blockers but the status is not `blocked`",
            _ => return,
        };
        out.push(
            self.meta()
                .diagnostic(r.value_span("blocked_by"), message)
                .with_label("blocked mismatch")
                .with_related(r.value_span("status"), "status")
                .with_help(
                    "set `status: blocked` exactly when `blocked_by` lists what the task waits for",
                ),
        );
    }
}
