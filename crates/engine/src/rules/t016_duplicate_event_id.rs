use std::collections::HashMap;

use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags an event whose `event_id` was already used by an earlier event
    /// of the log.
    ///
    /// ## Why is this bad?
    /// Event ids make writes idempotent: a consumer that sees an id twice
    /// drops the second. Two different events with one id means one of them
    /// is silently lost; the same event twice means a writer retried without
    /// checking.
    ///
    /// ## Example
    /// ```json
    /// {"event_id": "ev-0007", …, "new_state": "running"}
    /// {"event_id": "ev-0007", …, "new_state": "ready_for_review"}
    /// ```
    ///
    /// Use instead: a fresh id per event.
    pub struct DuplicateEventId {
        code: "T016",
        name: "duplicate-event-id",
        family: Transition,
        severity: Error,
        added: "0.1.0",
        summary: "Two events share an event_id",
    }
}

impl TransitionRule for DuplicateEventId {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        let mut seen: HashMap<String, usize> = HashMap::new();
        for e in &log.events {
            let Some(id) = e
                .object
                .get("event_id")
                .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
            else {
                continue;
            };
            if let Some(first) = seen.get(&id) {
                out.push(
                    self.meta()
                        .diagnostic(
                            log.field_span(e, "event_id"),
                            format!("`{id}` was already used on line {}", first + 1),
                        )
                        .with_label("duplicate event id")
                        .with_help("give every event its own id"),
                );
                continue;
            }
            seen.insert(id, e.line);
        }
    }
}
