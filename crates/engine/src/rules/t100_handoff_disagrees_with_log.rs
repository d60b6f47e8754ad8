use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// When a handoff record and the transition log of its task are checked
    /// in the same run, flags a record whose `status`, `input_ref` or
    /// `output_ref` differs from the last event of its run (the same
    /// `task_id`, `stage` and `attempt`) in the log. Reported on the record.
    ///
    /// ## Why is this bad?
    /// The record is the summary the next stage reads; the log is the
    /// history. When they disagree, one of them is stale, and the next stage
    /// may start from a state or a commit that never happened.
    ///
    /// ## Example
    /// A record saying `status: approved`, `output_ref: 9b1e7c4`, while the
    /// log's last event for that run is `ready_for_review` on `9b1e7c4`.
    ///
    /// Use instead: write the record from the same transition that is
    /// appended to the log.
    pub struct HandoffDisagreesWithLog {
        code: "T100",
        name: "handoff-disagrees-with-log",
        family: Handoff,
        severity: Error,
        added: "0.1.0",
        summary: "A handoff record disagrees with its transition log",
    }
}

impl HandoffRule for HandoffDisagreesWithLog {
    fn check(&self, r: &Handoff<'_>, out: &mut Vec<Diagnostic>) {
        let (Some(task), Some(stage), Some(attempt)) =
            (r.text("task_id"), r.text("stage"), r.text("attempt"))
        else {
            return;
        };
        let Some(end) = r
            .run
            .runs
            .iter()
            .find(|e| e.task == task && e.stage == stage && e.attempt.to_string() == attempt)
        else {
            return;
        };
        let text = |key: &str| r.text(key).filter(|v| !v.is_empty());
        let checks = [
            ("status", text("status"), Some(end.state.clone())),
            ("input_ref", text("input_ref"), end.input.clone()),
            ("output_ref", text("output_ref"), end.output.clone()),
        ];
        for (key, record, log) in checks {
            if record == log {
                continue;
            }
            let shown =
                |v: &Option<String>| v.clone().map_or("null".to_string(), |v| format!("`{v}`"));
            out.push(
                self.meta()
                    .diagnostic(r.value_span(key), format!("`{key}` is {} here but {} in {}:{}", shown(&record), shown(&log), end.path, end.line))
                    .with_label("disagrees with the log")
                    .with_help("write the record from the same transition the log records; one of the two is stale"),
            );
        }
    }
}
