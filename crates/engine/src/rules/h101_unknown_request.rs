use crate::records::handshake::Link;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a decision whose `request_id` names no earlier tracked request.
    /// It changes no request's state.
    ///
    /// ## Why is this bad?
    /// A response to nothing is a lost request (written to the wrong inbox, or
    /// never logged) or a guessed id; either way the handshake it belongs to
    /// never completes.
    ///
    /// ## Example
    /// ```json
    /// {"type": "shutdown_response", "from": "alice", "to": "lead", …, "request_id": "ffff0000", "approve": true}
    /// ```
    /// with no earlier request `ffff0000`.
    ///
    /// Use instead: answer the id of the request actually received.
    pub struct UnknownRequest {
        code: "H101",
        name: "unknown-request",
        family: Handshake,
        severity: Error,
        added: "0.1.0",
        summary: "A response names no earlier request",
    }
}

impl HandshakeRule for UnknownRequest {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        for (&i, link) in &log.links {
            if *link != Link::Unknown {
                continue;
            }
            let m = &log.messages[i];
            out.push(
                self.meta()
                    .diagnostic(
                        log.field_span(m, "request_id"),
                        format!(
                            "no earlier request has the id `{}`",
                            m.request_id.clone().unwrap_or_default()
                        ),
                    )
                    .with_label("unknown request")
                    .with_help("answer the request id of a request received earlier in the log"),
            );
        }
    }
}
