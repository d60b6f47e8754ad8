use std::collections::HashMap;

use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a skipped stage: a task entering a stage (a run's first event)
    /// while its latest run of the stage before (in `pipeline.stages`) is
    /// not `approved`, or moving on from a stage to a later one that is not
    /// the next (the stage between never ran). The first stage a task
    /// appears in is where it entered the pipeline, which is no skip: tasks
    /// enter at different stages, and a log may start mid-history. With
    /// `pipeline.entry-stages` set, entering at any other stage is flagged.
    ///
    /// ## Why is this bad?
    /// The pipeline is ordered so that each stage checks what the one before
    /// produced. Entering QA before review approved the change is exactly
    /// the skipped step explicit states exist to prevent.
    ///
    /// ## Example
    /// ```json
    /// {…, "stage": "review", "new_state": "running", …}
    /// {…, "stage": "browser_qa", "prev_state": null, "new_state": "queued", …}
    /// ```
    ///
    /// Use instead: start browser_qa once review is approved.
    pub struct StageSkipped {
        code: "T010",
        name: "stage-skipped",
        family: Transition,
        severity: Error,
        added: "0.1.0",
        summary: "A stage starts before the previous stage was approved",
    }
}

impl TransitionRule for StageSkipped {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        let pipeline = &log.settings.pipeline;
        let stages = &pipeline.stages;
        let index = |stage: &str| stages.iter().position(|s| s == stage);
        // (task, stage) → the latest run's attempt and state.
        let mut latest: HashMap<(&str, &str), (u64, &str)> = HashMap::new();
        // Task → the furthest configured stage it has started.
        let mut furthest: HashMap<&str, usize> = HashMap::new();
        for e in &log.events {
            let task = e.run.task.as_str();
            if e.prev == "none" {
                if let Some(k) = index(&e.run.stage) {
                    let problem = if k > 0 {
                        let before = stages[k - 1].as_str();
                        match (latest.get(&(task, before)), furthest.get(task)) {
                            // The stage before ran: it must be approved.
                            (Some((_, state)), _) if *state != "approved" => Some((
                                format!("`{}` starts but `{before}` is `{state}`", e.run.stage),
                                format!("enter `{}` only after `{before}` is approved", e.run.stage),
                            )),
                            (Some(_), _) => None,
                            // It never ran, but an earlier one did: a jump.
                            (None, Some(&j)) if j + 1 < k => Some((
                                format!(
                                    "`{task}` moves from `{}` to `{}`, skipping `{before}`",
                                    stages[j], e.run.stage
                                ),
                                format!("run `{before}` and have it approved before `{}`", e.run.stage),
                            )),
                            _ => None,
                        }
                    } else {
                        None
                    };
                    // Where a task first appears is where it entered.
                    let entry = (!furthest.contains_key(task)
                        && !pipeline.entry_stages.is_empty()
                        && !pipeline.entry_stages.contains(&e.run.stage))
                    .then(|| {
                        (
                            format!(
                                "`{task}` enters the pipeline at `{}`, which is not an entry stage",
                                e.run.stage
                            ),
                            format!(
                                "enter at {} (`pipeline.entry-stages`)",
                                pipeline
                                    .entry_stages
                                    .iter()
                                    .map(|s| format!("`{s}`"))
                                    .collect::<Vec<_>>()
                                    .join(" or ")
                            ),
                        )
                    });
                    if let Some((message, help)) = problem.or(entry) {
                        out.push(
                            self.meta()
                                .diagnostic(log.field_span(e, "stage"), message)
                                .with_label("stage skipped")
                                .with_help(help),
                        );
                    }
                    let f = furthest.entry(task).or_insert(k);
                    *f = (*f).max(k);
                }
            }
            let key = (task, e.run.stage.as_str());
            match latest.get(&key) {
                Some((attempt, _)) if *attempt > e.run.attempt => {}
                _ => {
                    latest.insert(key, (e.run.attempt, &e.new));
                }
            }
        }
    }
}
