use crate::records::handoff::STATUSES;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a handoff record whose `status` is not one of `queued`,
    /// `running`, `blocked`, `failed`, `ready_for_review`, `approved`.
    ///
    /// ## Why is this bad?
    /// The pipeline moves on explicit states, not on "done" written in a chat.
    /// A status outside the set ("done", "review_done", "ok") cannot be routed,
    /// and hides which transition actually happened.
    ///
    /// ## Example
    /// ```yaml
    /// status: done
    /// ```
    ///
    /// Use instead:
    /// ```yaml
    /// status: ready_for_review
    /// ```
    pub struct UnknownStatus {
        code: "P002",
        name: "unknown-status",
        family: Handoff,
        severity: Error,
        added: "0.1.0",
        summary: "A handoff record's status is not a pipeline state",
    }
}

impl HandoffRule for UnknownStatus {
    fn check(&self, r: &Handoff<'_>, out: &mut Vec<Diagnostic>) {
        let Some(status) = r.get("status") else {
            return;
        };
        let text = crate::yaml::scalar(status).unwrap_or_default();
        if STATUSES.contains(&text.as_str()) {
            return;
        }
        let stage = r.stages().contains(&text);
        let hint = if stage {
            format!("; `{text}` is a stage, not a status")
        } else {
            String::new()
        };
        out.push(
            self.meta()
                .diagnostic(
                    r.value_span("status"),
                    format!("`{text}` is not a status{hint}"),
                )
                .with_label("unknown status")
                .with_help(format!("use one of {}", STATUSES.join(", "))),
        );
    }
}
