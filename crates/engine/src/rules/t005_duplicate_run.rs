use std::collections::{HashMap, HashSet};

use crate::records::transition::{Event, RunKey};

use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a second start of the same run (the same `task_id`, `stage`
    /// and `attempt`): a second `none` → `queued`, or a second `queued` →
    /// `running` with no `blocked` → `queued` between them (two executors
    /// that both took the run).
    ///
    /// ## Why is this bad?
    /// A run happens once. Starting it again overwrites its history; a retry
    /// must say so with the next attempt number. Two executors running the
    /// same run at once do the work twice and race to report it.
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
        family: Transition,
        severity: Error,
        added: "0.1.0",
        summary: "The same run is started twice",
    }
}

impl TransitionRule for DuplicateRun {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        let mut queued = HashSet::new();
        // The event that set each run running, until it is queued again.
        let mut running: HashMap<&RunKey, &Event> = HashMap::new();
        for e in &log.events {
            match (e.prev.as_str(), e.new.as_str()) {
                ("none", _) => {
                    if queued.insert(&e.run) {
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
                ("queued", "running") => {
                    let Some(first) = running.insert(&e.run, e) else {
                        continue;
                    };
                    let by = if first.actor == e.actor {
                        format!("by `{}` again", e.actor)
                    } else {
                        format!("by `{}` after `{}`", e.actor, first.actor)
                    };
                    out.push(
                        self.meta()
                            .diagnostic(
                                log.field_span(e, "new_state"),
                                format!(
                                    "run {} of stage `{}` of `{}` is set running twice, {by}",
                                    e.run.attempt, e.run.stage, e.run.task
                                ),
                            )
                            .with_label("started twice")
                            .with_related(log.field_span(first, "new_state"), "first set running here")
                            .with_help(
                                "one executor takes a run: the second must leave it, or record a new attempt",
                            ),
                    );
                }
                ("blocked", "queued") => {
                    running.remove(&e.run);
                }
                _ => {}
            }
        }
    }
}
