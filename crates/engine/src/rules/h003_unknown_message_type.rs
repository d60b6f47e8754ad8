use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a message whose `type` is not one of its dialect's: s10 `message`,
    /// `broadcast`, `shutdown_request`, `shutdown_response`,
    /// `plan_approval_response`; s13 adds `plan_request`, `plan_approval_request`,
    /// `result`, `idle_notification` and `error` (and has no `broadcast`).
    ///
    /// ## Why is this bad?
    /// The type decides how a message is handled; one the runtime does not know
    /// is dropped or treated as plain text, and a handshake silently stalls.
    ///
    /// ## Example
    /// ```json
    /// {"type": "shutdown", "from": "lead", "content": "stop", "timestamp": 1741183320.5}
    /// ```
    ///
    /// Use instead:
    /// ```json
    /// {"type": "shutdown_request", "from": "lead", "content": "stop", "timestamp": 1741183320.5, "request_id": "a1b2c3d4"}
    /// ```
    pub struct UnknownMessageType {
        code: "H003",
        name: "unknown-message-type",
        family: Handshake,
        severity: Error,
        added: "0.1.0",
        summary: "A handshake message has an unknown type",
    }
}

impl HandshakeRule for UnknownMessageType {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        for m in log
            .messages
            .iter()
            .filter(|m| m.object.contains_key("type"))
        {
            if log.dialect.types().contains(&m.kind.as_str()) {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(
                        log.field_span(m, "type"),
                        format!("`{}` is not a message type", m.kind),
                    )
                    .with_label("unknown type")
                    .with_help(format!("use one of {}", log.dialect.types().join(", "))),
            );
        }
    }
}
