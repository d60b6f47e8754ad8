use std::collections::HashMap;

use crate::records::transition::{RunKey, TransitionLog as Log};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags an `approved` event whose `refs.output` is not a commit hash, or
    /// is another commit than the one the run handed over when it became
    /// `ready_for_review`.
    ///
    /// ## Why is this bad?
    /// An approval is worth something only for the code that was reviewed.
    /// If a commit lands between review and approval, the approval covers
    /// code nobody looked at.
    ///
    /// ## Example
    /// ```json
    /// {…, "new_state": "ready_for_review", "refs": {"input": "3f9c2ab", "output": "9b1e7c4"}}
    /// {…, "new_state": "approved", "refs": {"input": "3f9c2ab", "output": "c0ffee1"}}
    /// ```
    ///
    /// Use instead: approve `9b1e7c4`, or send the new commit back to review.
    pub struct ApprovalNotOnReviewedCommit {
        code: "T008",
        name: "approval-not-on-reviewed-commit",
        family: Transition,
        severity: Error,
        added: "0.1.0",
        summary: "An approval is not on the commit that was ready for review",
    }
}

impl TransitionRule for ApprovalNotOnReviewedCommit {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        let mut ready: HashMap<&RunKey, Option<&str>> = HashMap::new();
        for e in &log.events {
            if e.new == "ready_for_review" {
                ready.insert(&e.run, e.output.as_deref());
            }
            if e.new != "approved" {
                continue;
            }
            let output = e.output.as_deref().unwrap_or_default();
            let problem = if !Log::is_commit(output) {
                Some("the approval names no commit hash".to_string())
            } else {
                match ready.get(&e.run).copied().flatten() {
                    Some(reviewed) if reviewed != output => Some(format!(
                        "`{output}` was approved but `{reviewed}` was reviewed"
                    )),
                    _ => None,
                }
            };
            let Some(message) = problem else { continue };
            out.push(
                self.meta()
                    .diagnostic(log.field_span(e, "refs"), message)
                    .with_label("approval")
                    .with_help("approve exactly the commit that became ready for review; a new commit goes back to review"),
            );
        }
    }
}
