use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags an event whose `attempt` is over the pipeline's ceiling
    /// (`pipeline.max-attempts`, default 3), or is 0.
    ///
    /// ## Why is this bad?
    /// A stage that fails three times goes to a person; an agent retrying a
    /// fourth time burns budget on a problem it has shown it cannot solve.
    ///
    /// ## Example
    /// ```json
    /// {…, "attempt": 4, "prev_state": null, "new_state": "queued", …}
    /// ```
    ///
    /// Use instead: escalate after the last allowed attempt fails.
    pub struct AttemptCeiling {
        code: "T007",
        name: "attempt-ceiling",
        family: Transition,
        severity: Error,
        added: "0.1.0",
        summary: "An attempt is over the ceiling",
    }
}

impl TransitionRule for AttemptCeiling {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        let max = u64::from(log.settings.pipeline.max_attempts);
        for e in log.events.iter().filter(|e| e.prev == "none") {
            if (1..=max).contains(&e.run.attempt) {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(log.field_span(e, "attempt"), format!("attempt {} is outside 1..{max}", e.run.attempt))
                    .with_label("attempt ceiling")
                    .with_help(format!("after attempt {max} fails, hand the task to a person (`pipeline.max-attempts`)")),
            );
        }
    }
}
