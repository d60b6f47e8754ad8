use std::collections::{HashMap, HashSet};

use crate::records::transition::{is_human_blocker, RunKey};

use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags an attempt of a stage that runs (queued → running) after the
    /// two attempts before it failed the same way: the same failure class
    /// (the failed event's `failure`, such as `timeout`) or, where none is
    /// given, the same checks failed. An attempt whose failure names
    /// neither is never compared. An attempt a person let run is not
    /// flagged: it was blocked on a human decision (`"blocked_by":
    /// "human:…"`) before it ran.
    ///
    /// ## Why is this bad?
    /// Repeating a failure does not make it likelier to pass; it only puts
    /// off the person who has to decide. When the same class of failure
    /// comes back, the flow stops, calls someone, and keeps what was
    /// produced, rather than try a third time blind.
    ///
    /// ## Example
    /// ```json
    /// {…, "attempt": 1, "prev_state": "running", "new_state": "failed", "failure": "timeout", …}
    /// {…, "attempt": 2, "prev_state": "running", "new_state": "failed", "failure": "timeout", …}
    /// {…, "attempt": 3, "prev_state": null, "new_state": "queued", …}
    /// {…, "attempt": 3, "prev_state": "queued", "new_state": "running", …}
    /// ```
    ///
    /// Use instead: block the third attempt on a person, who lets it run or
    /// not.
    /// ```json
    /// {…, "attempt": 3, "prev_state": "queued", "new_state": "blocked", "blocked_by": "human:payments-lead", …}
    /// ```
    pub struct RepeatedFailure {
        code: "T017",
        name: "repeated-failure",
        family: Transition,
        severity: Error,
        added: "0.1.0",
        summary: "An attempt runs after two failures of the same class",
    }
}

impl TransitionRule for RepeatedFailure {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        // The failure class of each failed attempt, by (task, stage).
        let mut failed: HashMap<(&str, &str), HashMap<u64, Option<String>>> = HashMap::new();
        // The runs blocked on a human decision: a person let them go on.
        let mut decided: HashSet<&RunKey> = HashSet::new();
        for e in &log.events {
            if e.new == "blocked" && e.blockers().iter().any(|b| is_human_blocker(b)) {
                decided.insert(&e.run);
            }
            let stage = (e.run.task.as_str(), e.run.stage.as_str());
            if e.new == "failed" {
                failed
                    .entry(stage)
                    .or_default()
                    .insert(e.run.attempt, e.failure_class());
                continue;
            }
            if e.prev != "queued" || e.new != "running" || e.run.attempt < 3 || decided.contains(&e.run) {
                continue;
            }
            let n = e.run.attempt;
            let class = |k: u64| {
                failed
                    .get(&stage)
                    .and_then(|runs| runs.get(&k))
                    .and_then(Option::as_deref)
            };
            let (Some(before), Some(last)) = (class(n - 2), class(n - 1)) else {
                continue;
            };
            if before != last {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(
                        log.field_span(e, "attempt"),
                        format!(
                            "attempt {n} runs after attempts {} and {} both failed with `{last}`",
                            n - 2,
                            n - 1
                        ),
                    )
                    .with_label("the same failure twice")
                    .with_help("stop and call a person: block this attempt on their decision (`\"blocked_by\": \"human:…\"`) and keep what was produced"),
            );
        }
    }
}

