use crate::records::handshake::Role;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a request (a shutdown request, a plan submission) or a response (a
    /// shutdown response, a plan decision) without a `request_id`. Such a request
    /// is not tracked.
    ///
    /// ## Why is this bad?
    /// The request id is what correlates a reply with its request; without it,
    /// a response cannot say which request it decides.
    ///
    /// ## Example
    /// ```json
    /// {"type": "shutdown_request", "from": "lead", "to": "alice", "content": "stop", "timestamp": 1741183320.5}
    /// ```
    ///
    /// Use instead:
    /// ```json
    /// {"type": "shutdown_request", "from": "lead", "to": "alice", "content": "stop", "timestamp": 1741183320.5, "request_id": "a1b2c3d4"}
    /// ```
    pub struct MissingRequestId {
        code: "H006",
        name: "missing-request-id",
        family: Handshake,
        severity: Error,
        added: "0.1.0",
        summary: "A request or response has no request_id",
    }
}

impl HandshakeRule for MissingRequestId {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        for m in &log.messages {
            if m.role == Role::Other
                || m.request_id.is_some()
                || m.field(log.dialect, "request_id").is_some()
            {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(
                        log.field_span(m, "type"),
                        format!("this `{}` has no `request_id`", m.kind),
                    )
                    .with_label("no request id")
                    .with_help("give every request an id, and have its response name it"),
            );
        }
    }
}
