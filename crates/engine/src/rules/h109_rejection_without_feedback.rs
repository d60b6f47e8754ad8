use crate::records::handshake::{Protocol, Role};
use crate::rules::prelude::*;
use serde_json::Value;

declare_rule! {
    /// ## What it does
    /// Flags a plan decision with `approve: false` whose feedback (`feedback`,
    /// else `content`) is empty.
    ///
    /// ## Why is this bad?
    /// A rejected plan is a request to plan again. Without saying what is wrong,
    /// the teammate resubmits the same plan, and the loop burns turns.
    ///
    /// ## Example
    /// ```json
    /// {"type": "plan_approval_response", "from": "lead", …, "content": "", "request_id": "c3d4e5f6", "approve": false}
    /// ```
    ///
    /// Use instead:
    /// ```json
    /// {"type": "plan_approval_response", "from": "lead", …, "content": "Split the migration from the refactor.", "request_id": "c3d4e5f6", "approve": false}
    /// ```
    pub struct RejectionWithoutFeedback {
        code: "H109",
        name: "rejection-without-feedback",
        family: Handshake,
        severity: Warning,
        added: "0.1.0",
        summary: "A plan is rejected without feedback",
    }
}

impl HandshakeRule for RejectionWithoutFeedback {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        for m in log
            .messages
            .iter()
            .filter(|m| m.role == Role::Decision(Protocol::Plan) && m.approve == Some(false))
        {
            let text = |k: &str| {
                m.field(log.dialect, k)
                    .or(m.object.get(k))
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .trim()
                    .to_string()
            };
            if !text("feedback").is_empty() || !text("content").is_empty() {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(
                        log.field_span(m, "approve"),
                        "the plan is rejected without feedback",
                    )
                    .with_label("no feedback")
                    .with_help("say what to change, so the next plan can address it"),
            );
        }
    }
}
