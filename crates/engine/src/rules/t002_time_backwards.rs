use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags an event whose `at` is earlier than the event before it in the
    /// log.
    ///
    /// ## Why is this bad?
    /// A log is appended as things happen. Time going backwards means events
    /// were written out of order, merged from several writers, or edited by
    /// hand, and the order every other rule relies on is in doubt.
    ///
    /// ## Example
    /// ```json
    /// {"at": "2026-03-05T14:10:00Z", …, "new_state": "running"}
    /// {"at": "2026-03-05T14:02:00Z", …, "new_state": "ready_for_review"}
    /// ```
    ///
    /// Use instead: append events in the order they happen.
    pub struct TimeBackwards {
        code: "T002",
        name: "time-backwards",
        family: Transition,
        severity: Warning,
        added: "0.1.0",
        summary: "An event is earlier than the one before it",
    }
}

impl TransitionRule for TimeBackwards {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        for pair in log.events.windows(2) {
            if pair[1].at >= pair[0].at {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(
                        log.field_span(&pair[1], "at"),
                        "this event is earlier than the one before it",
                    )
                    .with_label("time goes backwards")
                    .with_related(log.field_span(&pair[0], "at"), "previous event")
                    .with_help(
                        "append events in the order they happen, with the time they happened",
                    ),
            );
        }
    }
}
