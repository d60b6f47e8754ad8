use std::collections::HashMap;

use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags the start of a task's next stage from a commit (`refs.input`)
    /// other than the one the previous stage approved (its latest approved
    /// run's `refs.output`).
    ///
    /// ## Why is this bad?
    /// A new commit invalidates the approval: QA that opens "the branch in
    /// the environment" instead of the approved commit tests code that review
    /// never saw.
    ///
    /// ## Example
    /// ```json
    /// {…, "stage": "review", "new_state": "approved", "refs": {"output": "9b1e7c4"}}
    /// {…, "stage": "browser_qa", "prev_state": null, "new_state": "queued", "refs": {"input": "5d2e8f0"}}
    /// ```
    ///
    /// Use instead: start browser_qa from `9b1e7c4`, or review `5d2e8f0` first.
    pub struct StaleApproval {
        code: "T009",
        name: "stale-approval",
        family: Transition,
        severity: Error,
        added: "0.1.0",
        summary: "A stage starts from a commit other than the approved one",
    }
}

impl TransitionRule for StaleApproval {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        let stages = &log.settings.pipeline.stages;
        // (task, stage) → the commit its latest approved run handed over.
        let mut approved: HashMap<(&str, &str), Option<&str>> = HashMap::new();
        for e in &log.events {
            if e.new == "approved" {
                approved.insert((&e.run.task, &e.run.stage), e.output.as_deref());
            }
            if e.prev != "none" {
                continue;
            }
            let Some(k) = stages
                .iter()
                .position(|s| *s == e.run.stage)
                .filter(|&k| k > 0)
            else {
                continue;
            };
            let Some(Some(commit)) = approved.get(&(e.run.task.as_str(), stages[k - 1].as_str()))
            else {
                continue;
            };
            let input = e.input.as_deref().unwrap_or_default();
            if input == *commit {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(log.field_span(e, "refs"), format!("`{}` starts from `{input}`, but `{}` approved `{commit}`", e.run.stage, stages[k - 1]))
                    .with_label("stale approval")
                    .with_help("start the next stage from the approved commit; a new commit needs a new approval"),
            );
        }
    }
}
