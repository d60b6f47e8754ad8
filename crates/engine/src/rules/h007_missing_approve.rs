use crate::records::handshake::Role;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a decision (a shutdown response, a plan decision) without
    /// `approve`. (An s10 `plan_approval_response` that carries a `plan` and no
    /// `approve` is a plan submission, H113.) It decides nothing.
    ///
    /// ## Why is this bad?
    /// `pending → approved | rejected` needs the verdict; a response without one
    /// leaves the request pending forever, and the lead guessing.
    ///
    /// ## Example
    /// ```json
    /// {"type": "shutdown_response", "from": "alice", "to": "lead", "content": "sure", "timestamp": 1741183321.0, "request_id": "a1b2c3d4"}
    /// ```
    ///
    /// Use instead:
    /// ```json
    /// {"type": "shutdown_response", "from": "alice", "to": "lead", "content": "sure", "timestamp": 1741183321.0, "request_id": "a1b2c3d4", "approve": true}
    /// ```
    pub struct MissingApprove {
        code: "H007",
        name: "missing-approve",
        family: Handshake,
        severity: Error,
        added: "0.1.0",
        summary: "A decision has no approve",
    }
}

impl HandshakeRule for MissingApprove {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        for m in log
            .messages
            .iter()
            .filter(|m| matches!(m.role, Role::Decision(_)))
        {
            if m.field(log.dialect, "approve").is_some() {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(
                        log.field_span(m, "type"),
                        format!("this `{}` has no `approve`", m.kind),
                    )
                    .with_label("no verdict")
                    .with_help("set `approve` to true or false"),
            );
        }
    }
}
