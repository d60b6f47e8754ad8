use crate::records::handoff::STATUSES;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a handoff record whose `stage` is not one of the pipeline's
    /// stages (`pipeline.stages`, default `implement`, `review`, `browser_qa`,
    /// `human_merge`), and says so when the value mixes up stage and status
    /// (`approved`, `review_done`).
    ///
    /// ## Why is this bad?
    /// A stage the pipeline does not know cannot be routed, and `review_done`
    /// puts a state into the stage's name: the record can no longer say which
    /// stage is running and in what state.
    ///
    /// ## Example
    /// ```yaml
    /// stage: review_done
    /// ```
    ///
    /// Use instead:
    /// ```yaml
    /// stage: review
    /// status: approved
    /// ```
    pub struct UnknownStage {
        code: "P004",
        name: "unknown-stage",
        family: Handoff,
        severity: Error,
        added: "0.1.0",
        summary: "A handoff record's stage is not a pipeline stage",
    }
}

/// Why a value is not a stage: a status name, or a stage with a state tacked on.
pub fn mix_up(value: &str, stages: &[String]) -> Option<String> {
    if STATUSES.contains(&value) {
        return Some(format!("`{value}` is a status, not a stage"));
    }
    let stage = stages
        .iter()
        .find(|s| value.starts_with(s.as_str()) && value.len() > s.len())?;
    Some(format!(
        "`{value}` mixes the stage `{stage}` with a state; write the state in `status`"
    ))
}

impl HandoffRule for UnknownStage {
    fn check(&self, r: &Handoff<'_>, out: &mut Vec<Diagnostic>) {
        let Some(stage) = r.text("stage") else { return };
        if r.stages().contains(&stage) {
            return;
        }
        let message = mix_up(&stage, r.stages())
            .unwrap_or_else(|| format!("`{stage}` is not a pipeline stage"));
        out.push(
            self.meta()
                .diagnostic(r.value_span("stage"), message)
                .with_label("unknown stage")
                .with_help(format!(
                    "use one of {} (`pipeline.stages`)",
                    r.stages().join(", ")
                )),
        );
    }
}
