use crate::rules::prelude::*;
use crate::yaml::Value;

declare_rule! {
    /// ## What it does
    /// Flags a handoff record whose `attempt` is not an integer from 1 to the
    /// pipeline's maximum (`pipeline.max-attempts`, default 3).
    ///
    /// ## Why is this bad?
    /// Attempts count the retries of a stage; a run past the ceiling should
    /// have gone to a person, and `0`, `-1` or `"second"` cannot be ordered.
    ///
    /// ## Example
    /// ```yaml
    /// attempt: 5
    /// ```
    ///
    /// Use instead: stop retrying at the ceiling and escalate, or raise
    /// `pipeline.max-attempts` deliberately.
    pub struct AttemptOutOfRange {
        code: "P003",
        name: "attempt-out-of-range",
        family: Handoff,
        severity: Error,
        added: "0.1.0",
        summary: "A handoff record's attempt is not an integer within the ceiling",
    }
}

impl HandoffRule for AttemptOutOfRange {
    fn check(&self, r: &Handoff<'_>, out: &mut Vec<Diagnostic>) {
        let Some(attempt) = r.get("attempt") else {
            return;
        };
        let max = r.settings.pipeline.max_attempts;
        let ok = matches!(attempt, Value::Number(n) if n.as_u64().is_some_and(|n| (1..=u64::from(max)).contains(&n)));
        if ok {
            return;
        }
        let shown = crate::yaml::scalar(attempt).unwrap_or_else(|| "not a number".into());
        out.push(
            self.meta()
                .diagnostic(r.value_span("attempt"), format!("attempt `{shown}` is not an integer from 1 to {max}"))
                .with_label("attempt out of range")
                .with_help(format!("count attempts from 1; past {max} the task goes to a person (`pipeline.max-attempts`)")),
        );
    }
}
