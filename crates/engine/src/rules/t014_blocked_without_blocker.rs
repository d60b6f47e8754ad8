use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags an event moving a run to `blocked` without a non-empty
    /// `blocked_by` (a task id or a list of them).
    ///
    /// ## Why is this bad?
    /// A block says what it waits for, or nobody can unblock it, and T015
    /// cannot check that the run resumes only once its blockers are done.
    ///
    /// ## Example
    /// ```json
    /// {…, "prev_state": "queued", "new_state": "blocked", "reason": "waiting"}
    /// ```
    ///
    /// Use instead:
    /// ```json
    /// {…, "prev_state": "queued", "new_state": "blocked", "blocked_by": ["PAY-398"]}
    /// ```
    pub struct BlockedWithoutBlocker {
        code: "T014",
        name: "blocked-without-blocker",
        family: Transition,
        severity: Error,
        added: "0.1.0",
        summary: "A run is blocked without naming its blocker",
    }
}

impl TransitionRule for BlockedWithoutBlocker {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        for e in log
            .events
            .iter()
            .filter(|e| e.new == "blocked" && e.blockers().is_empty())
        {
            out.push(
                self.meta()
                    .diagnostic(
                        log.field_span(e, "new_state"),
                        "the run is blocked but `blocked_by` names nothing",
                    )
                    .with_label("no blocker")
                    .with_help("name the task or tasks the run waits for in `blocked_by`"),
            );
        }
    }
}
