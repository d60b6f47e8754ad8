use std::collections::HashSet;

use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a second start (`none` → `queued`) of the same run: the same
    /// `task_id`, `stage` and `attempt`.
    ///
    /// ## Why is this bad?
    /// A run happens once. Starting it again overwrites its history; a retry
    /// must say so with the next attempt number.
    ///
    /// ## Example
    /// ```json
    /// {…, "stage": "review", "attempt": 1, "prev_state": null, "new_state": "queued", …}
    /// {…, "stage": "review", "attempt": 1, "prev_state": null, "new_state": "queued", …}
    /// ```
    ///
    /// Use instead: `"attempt": 2` for the retry, after attempt 1 failed.
    pub struct DuplicateRun {
        code: "T005",
        name: "duplicate-run",
        severity: Error,
        summary: "The same run is started twice",
    }
}

impl TransitionRule for DuplicateRun {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        let mut started = HashSet::new();
        for e in log.events.iter().filter(|e| e.prev == "none") {
            if started.insert(&e.run) {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(
                        log.field_span(e, "attempt"),
                        format!(
                            "run {} of stage `{}` of `{}` is started twice",
                            e.run.attempt, e.run.stage, e.run.task
                        ),
                    )
                    .with_label("duplicate run")
                    .with_help(
                        "a retry is a new run: increase `attempt` after the previous one failed",
                    ),
            );
        }
    }
}
