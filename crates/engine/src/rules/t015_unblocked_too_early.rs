use std::collections::HashMap;

use crate::records::transition::RunKey;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a run leaving `blocked` (blocked → queued) while a task named in
    /// its `blocked_by` has, at that point in the log, a latest state other
    /// than `approved`. A blocker that is a permission (`permission:…`) or a
    /// human decision (`human:…`) is granted outside the pipeline and has no
    /// state in the log: the run resumes once it is granted, and this rule
    /// waits only for the task blockers.
    ///
    /// ## Why is this bad?
    /// The block existed because the input was not ready. Resuming before
    /// the blocker is approved builds on work that may still change or fail.
    ///
    /// ## Example
    /// ```json
    /// {…, "task_id": "PAY-412", "new_state": "blocked", "blocked_by": ["PAY-398"]}
    /// {…, "task_id": "PAY-398", "new_state": "running", …}
    /// {…, "task_id": "PAY-412", "prev_state": "blocked", "new_state": "queued", …}
    /// ```
    ///
    /// Use instead: resume PAY-412 after PAY-398 is approved.
    pub struct UnblockedTooEarly {
        code: "T015",
        name: "unblocked-too-early",
        family: Transition,
        severity: Error,
        added: "0.1.0",
        summary: "A run resumes before its blockers are approved",
    }
}

impl TransitionRule for UnblockedTooEarly {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        let mut task_state: HashMap<&str, &str> = HashMap::new();
        let mut blockers: HashMap<&RunKey, Vec<String>> = HashMap::new();
        for e in &log.events {
            if e.new == "blocked" {
                blockers.insert(&e.run, e.task_blockers());
            }
            if e.prev == "blocked" && e.new == "queued" {
                let waiting: Vec<String> = blockers
                    .get(&e.run)
                    .into_iter()
                    .flatten()
                    .filter(|b| task_state.get(b.as_str()).copied() != Some("approved"))
                    .cloned()
                    .collect();
                if !waiting.is_empty() {
                    out.push(
                        self.meta()
                            .diagnostic(log.field_span(e, "new_state"), format!("the run resumes while {} is not approved", waiting.join(", ")))
                            .with_label("unblocked too early")
                            .with_help("leave `blocked` only once every task it waits on is approved (a `permission:` or `human:` blocker is granted outside the log)"),
                    );
                }
            }
            task_state.insert(&e.run.task, &e.new);
        }
    }
}
