use crate::records::handshake::Role;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a request whose `request_id` an earlier request already used. It is
    /// not tracked.
    ///
    /// ## Why is this bad?
    /// Responses find their request by id; two requests with one id make every
    /// answer ambiguous.
    ///
    /// ## Example
    /// ```json
    /// {"type": "shutdown_request", "to": "alice", …, "request_id": "a1b2c3d4"}
    /// {"type": "shutdown_request", "to": "bob", …, "request_id": "a1b2c3d4"}
    /// ```
    ///
    /// Use instead: a fresh id for every request.
    pub struct ReusedRequestId {
        code: "H105",
        name: "reused-request-id",
        family: Handshake,
        severity: Error,
        added: "0.1.0",
        summary: "A request reuses an earlier request's id",
    }
}

impl HandshakeRule for ReusedRequestId {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        let mut seen = std::collections::HashSet::new();
        for m in log
            .messages
            .iter()
            .filter(|m| matches!(m.role, Role::Request(_)))
        {
            let Some(id) = &m.request_id else { continue };
            if seen.insert(id.clone()) {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(
                        log.field_span(m, "request_id"),
                        format!("`{id}` was already used by an earlier request"),
                    )
                    .with_label("reused id")
                    .with_help("generate a fresh request id for every request"),
            );
        }
    }
}
