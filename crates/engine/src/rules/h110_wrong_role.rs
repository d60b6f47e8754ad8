use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a shutdown request, a plan request or a plan decision that does not
    /// come from the lead (`lead`), and a plan submission or a shutdown response
    /// that does. A request from the wrong role is not tracked.
    ///
    /// ## Why is this bad?
    /// The lead owns the team: it asks members to stop and reviews their plans;
    /// members submit plans and agree to stop. A teammate approving plans, or the
    /// lead answering its own shutdown request, breaks the chain of authority the
    /// handshakes encode.
    ///
    /// ## Example
    /// ```json
    /// {"type": "plan_approval_response", "from": "bob", "to": "alice", …, "approve": true}
    /// ```
    ///
    /// Use instead: only `lead` decides plans.
    pub struct WrongRole {
        code: "H110",
        name: "wrong-role",
        family: Handshake,
        severity: Error,
        added: "0.1.0",
        summary: "A protocol message comes from the wrong role",
    }
}

impl HandshakeRule for WrongRole {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        for m in &log.messages {
            if log.right_role(m) {
                continue;
            }
            let who = if m.from.as_deref() == Some(crate::records::handshake::LEAD) {
                "a teammate"
            } else {
                "the lead"
            };
            out.push(
                self.meta()
                    .diagnostic(log.field_span(m, "from"), format!("only {who} sends a `{}`{}", m.kind, if m.legacy_submission { " plan submission" } else { "" }))
                    .with_label("wrong role")
                    .with_help("the lead requests shutdowns and plans and decides plans; teammates submit plans and answer shutdowns"),
            );
        }
    }
}
