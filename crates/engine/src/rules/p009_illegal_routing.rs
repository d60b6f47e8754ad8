use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a handoff record whose `next_allowed` does not fit its status:
    /// empty for `queued`, `running` and `blocked`; only the record's own
    /// stage for `failed` (a failed stage never moves on, it is retried);
    /// only the review stage (`pipeline.review-stage`, default `review`) for
    /// `ready_for_review`; only the next stage for `approved`; and never a
    /// stage the pipeline does not know.
    ///
    /// ## Why is this bad?
    /// `next_allowed` is what the orchestrator obeys. Routing a running task
    /// onward, or an approved one two stages ahead, skips the checks the
    /// pipeline exists for.
    ///
    /// ## Example
    /// ```yaml
    /// stage: implement
    /// status: approved
    /// next_allowed: [browser_qa]
    /// ```
    ///
    /// Use instead:
    /// ```yaml
    /// stage: implement
    /// status: approved
    /// next_allowed: review
    /// ```
    pub struct IllegalRouting {
        code: "P009",
        name: "illegal-routing",
        family: Handoff,
        severity: Error,
        added: "0.1.0",
        summary: "A record routes to a stage its status does not allow",
    }
}

impl HandoffRule for IllegalRouting {
    fn check(&self, r: &Handoff<'_>, out: &mut Vec<Diagnostic>) {
        let (Some(status), Some(stage)) = (r.text("status"), r.text("stage")) else {
            return;
        };
        if r.get("next_allowed").is_none() {
            return;
        }
        let next = r.stage_list("next_allowed");
        let stages = r.stages();
        if let Some(unknown) = next.iter().find(|n| !stages.contains(n)) {
            return out.push(
                self.meta()
                    .diagnostic(
                        r.value_span("next_allowed"),
                        format!("`{unknown}` is not a pipeline stage"),
                    )
                    .with_label("unknown stage")
                    .with_help(format!("route only to {}", stages.join(", "))),
            );
        }
        let following = stages
            .iter()
            .position(|s| *s == stage)
            .and_then(|i| stages.get(i + 1))
            .cloned();
        let allowed: Vec<String> = match status.as_str() {
            "queued" | "running" | "blocked" => Vec::new(),
            "failed" => vec![stage.clone()],
            "ready_for_review" => vec![r.settings.pipeline.review_stage.clone()],
            "approved" => following.into_iter().collect(),
            _ => return,
        };
        if next.iter().all(|n| allowed.contains(n)) {
            return;
        }
        let expected = match allowed.as_slice() {
            [] => "nothing (`null` or `[]`)".to_string(),
            list => list
                .iter()
                .map(|s| format!("`{s}`"))
                .collect::<Vec<_>>()
                .join(" or "),
        };
        out.push(
            self.meta()
                .diagnostic(r.value_span("next_allowed"), format!("a `{status}` record at stage `{stage}` may route to {expected}"))
                .with_label("illegal routing")
                .with_related(r.value_span("status"), "status")
                .with_help("route only where the status allows: nowhere while queued, running or blocked; the same stage after a failure; review when ready; the next stage once approved"),
        );
    }
}
