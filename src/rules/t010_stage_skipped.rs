use std::collections::HashMap;

use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a task entering a stage (a run's first event) while its latest
    /// run of the stage before (in `pipeline.stages`) is not `approved`,
    /// or never ran.
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
        severity: Error,
        summary: "A stage starts before the previous stage was approved",
    }
}

impl TransitionRule for StageSkipped {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        let stages = &log.settings.pipeline.stages;
        // (task, stage) → the latest run's attempt and state.
        let mut latest: HashMap<(&str, &str), (u64, &str)> = HashMap::new();
        for e in &log.events {
            if e.prev == "none" {
                if let Some(k) = stages
                    .iter()
                    .position(|s| *s == e.run.stage)
                    .filter(|&k| k > 0)
                {
                    let before = stages[k - 1].as_str();
                    let state = latest.get(&(e.run.task.as_str(), before)).map(|(_, s)| *s);
                    if state != Some("approved") {
                        let why = state.map_or("never ran".to_string(), |s| format!("is `{s}`"));
                        out.push(
                            self.meta()
                                .diagnostic(
                                    log.field_span(e, "stage"),
                                    format!("`{}` starts but `{before}` {why}", e.run.stage),
                                )
                                .with_label("stage skipped")
                                .with_help(format!(
                                    "enter `{}` only after `{before}` is approved",
                                    e.run.stage
                                )),
                        );
                    }
                }
            }
            let key = (e.run.task.as_str(), e.run.stage.as_str());
            match latest.get(&key) {
                Some((attempt, _)) if *attempt > e.run.attempt => {}
                _ => {
                    latest.insert(key, (e.run.attempt, &e.new));
                }
            }
        }
    }
}
