use std::collections::HashMap;

use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags the start of attempt n > 1 of a task's stage when attempt n − 1
    /// of that stage has not ended `failed` earlier in the log.
    ///
    /// ## Why is this bad?
    /// A retry follows a failure. Attempt 3 with no attempt 2, or a retry
    /// while the first attempt is still running or was approved, means runs
    /// are missing from the log or two attempts ran at once.
    ///
    /// ## Example
    /// ```json
    /// {…, "stage": "review", "attempt": 2, "prev_state": null, "new_state": "queued", …}
    /// ```
    /// with no failed attempt 1 before it.
    ///
    /// Use instead: log attempt 1 ending `failed` first.
    pub struct AttemptGap {
        code: "T006",
        name: "attempt-gap",
        family: Transition,
        severity: Error,
        added: "0.1.0",
        summary: "A retry starts without the previous attempt having failed",
    }
}

impl TransitionRule for AttemptGap {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        let mut last: HashMap<(&str, &str, u64), &str> = HashMap::new();
        for e in &log.events {
            let key = (e.run.task.as_str(), e.run.stage.as_str(), e.run.attempt);
            if e.prev == "none" && e.run.attempt > 1 {
                let before = last.get(&(key.0, key.1, e.run.attempt - 1)).copied();
                if before != Some("failed") {
                    let why = match before {
                        None => format!("attempt {} never ran", e.run.attempt - 1),
                        Some(s) => format!("attempt {} is `{s}`, not failed", e.run.attempt - 1),
                    };
                    out.push(
                        self.meta()
                            .diagnostic(log.field_span(e, "attempt"), format!("attempt {} starts but {why}", e.run.attempt))
                            .with_label("attempt gap")
                            .with_help("start attempt n only after attempt n − 1 of the same stage ended failed"),
                    );
                }
            }
            last.insert(key, &e.new);
        }
    }
}
