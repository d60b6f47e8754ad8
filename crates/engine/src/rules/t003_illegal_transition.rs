use crate::records::transition::TRANSITIONS;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags an event whose move from `prev_state` to `new_state` is not a
    /// transition of the pipeline: none → queued; queued → running | blocked;
    /// running → ready_for_review | failed | blocked; blocked → queued;
    /// ready_for_review → approved | failed. Nothing leaves `approved` or
    /// `failed`: a retry is a new run with the next attempt.
    ///
    /// ## Why is this bad?
    /// Explicit states are only worth something if every move between them
    /// is one the pipeline allows: running → approved skips review; failed →
    /// running resurrects a run instead of recording a retry.
    ///
    /// ## Example
    /// ```json
    /// {…, "prev_state": "running", "new_state": "approved", …}
    /// ```
    ///
    /// Use instead: go through review.
    /// ```json
    /// {…, "prev_state": "running", "new_state": "ready_for_review", …}
    /// {…, "prev_state": "ready_for_review", "new_state": "approved", …}
    /// ```
    pub struct IllegalTransition {
        code: "T003",
        name: "illegal-transition",
        family: Transition,
        severity: Error,
        added: "0.1.0",
        summary: "An event moves between states the pipeline does not connect",
    }
}

impl TransitionRule for IllegalTransition {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        for e in &log.events {
            if TRANSITIONS.contains(&(e.prev.as_str(), e.new.as_str())) {
                continue;
            }
            let why = if matches!(e.prev.as_str(), "approved" | "failed") {
                format!(
                    "nothing leaves `{}`; a retry is a new run with the next attempt",
                    e.prev
                )
            } else {
                format!("`{}` → `{}` is not a pipeline transition", e.prev, e.new)
            };
            out.push(
                self.meta()
                    .diagnostic(log.field_span(e, "new_state"), why)
                    .with_label("illegal transition")
                    .with_help("moves: none→queued, queued→running|blocked, running→ready_for_review|failed|blocked, blocked→queued, ready_for_review→approved|failed"),
            );
        }
    }
}
