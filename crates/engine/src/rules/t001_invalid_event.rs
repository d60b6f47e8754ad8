use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a line of a transition log that is not a well-formed event: not
    /// JSON, not an object, or with a field missing or of the wrong type
    /// (`at` an RFC 3339 time; `task_id`, `stage`, `new_state`, `actor`
    /// strings; `attempt` a positive integer; `prev_state` a state or null;
    /// `refs` an object whose `input` and `output` are strings or null).
    /// Pointed at the field when one is at fault. The event takes no part in
    /// the other rules; the rest of the log is still read.
    ///
    /// ## Why is this bad?
    /// The log is the pipeline's memory: which commit passed which stage. An
    /// event nobody can read is a transition that, for every later check,
    /// never happened.
    ///
    /// ## Example
    /// ```json
    /// {"at": "yesterday", "task_id": "PAY-412", "stage": "review"}
    /// ```
    ///
    /// Use instead:
    /// ```json
    /// {"at": "2026-03-05T14:02:00Z", "task_id": "PAY-412", "stage": "review", "attempt": 1, "prev_state": null, "new_state": "queued", "actor": "orchestrator", "refs": {"input": "9b1e7c4", "output": null}}
    /// ```
    pub struct InvalidEvent {
        code: "T001",
        name: "invalid-event",
        family: Transition,
        severity: Error,
        added: "0.1.0",
        summary: "A transition log line is not a well-formed event",
    }
}

impl TransitionRule for InvalidEvent {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        for bad in &log.invalid {
            out.push(
                self.meta()
                    .diagnostic(bad.span.clone(), format!("not a well-formed event: {}", bad.message))
                    .with_label("invalid event")
                    .with_help("write one JSON object a line with at, task_id, stage, attempt, prev_state, new_state, actor and refs"),
            );
        }
    }
}
