use std::collections::HashMap;

use crate::records::transition::RunKey;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags an `approved` event whose `actor` is the actor that moved the
    /// run to `ready_for_review`, that is, the one who produced the output.
    ///
    /// ## Why is this bad?
    /// Review is independent or it is not review: an implementer approving
    /// its own change checks nothing it did not already believe.
    ///
    /// ## Example
    /// ```json
    /// {…, "new_state": "ready_for_review", "actor": "impl-agent", …}
    /// {…, "new_state": "approved", "actor": "impl-agent", …}
    /// ```
    ///
    /// Use instead: have the reviewer agent (or a person) approve.
    pub struct SelfApproval {
        code: "T011",
        name: "self-approval",
        family: Transition,
        severity: Warning,
        added: "0.1.0",
        summary: "A run is approved by the actor that produced it",
    }
}

impl TransitionRule for SelfApproval {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        let mut producer: HashMap<&RunKey, &str> = HashMap::new();
        for e in &log.events {
            if e.new == "ready_for_review" {
                producer.insert(&e.run, &e.actor);
            }
            if e.new != "approved" || producer.get(&e.run).copied() != Some(e.actor.as_str()) {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(
                        log.field_span(e, "actor"),
                        format!("`{}` approves the output it produced", e.actor),
                    )
                    .with_label("self-approval")
                    .with_help("let another actor (the reviewer, or a person) approve"),
            );
        }
    }
}
