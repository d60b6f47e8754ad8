use std::collections::HashMap;

use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags an event whose `prev_state` is not the state its run is in: the
    /// run's last `new_state`, or `none` before its first event.
    ///
    /// ## Why is this bad?
    /// Each event says where the run came from so that a lost or reordered
    /// event shows. A mismatch means a transition is missing from the log, or
    /// two writers raced on the same run.
    ///
    /// ## Example
    /// ```json
    /// {…, "prev_state": null, "new_state": "queued", …}
    /// {…, "prev_state": "running", "new_state": "ready_for_review", …}
    /// ```
    ///
    /// Use instead: log the queued → running event in between.
    pub struct StateMismatch {
        code: "T004",
        name: "state-mismatch",
        family: Transition,
        severity: Error,
        added: "0.1.0",
        summary: "An event's prev_state is not its run's current state",
    }
}

impl TransitionRule for StateMismatch {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        let mut state: HashMap<&crate::records::transition::RunKey, &str> = HashMap::new();
        for e in &log.events {
            let current = state.get(&e.run).copied().unwrap_or("none");
            if e.prev != current {
                out.push(
                    self.meta()
                        .diagnostic(log.field_span(e, "prev_state"), format!("the run is `{current}`, not `{}`", e.prev))
                        .with_label("state mismatch")
                        .with_help("log every transition of a run, in order; a mismatch means an event is lost or out of order"),
                );
            }
            state.insert(&e.run, &e.new);
        }
    }
}
