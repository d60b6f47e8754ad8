use crate::records::handshake::Dialect;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a `request_id` not in its dialect's form: 8 lowercase hexadecimal
    /// characters in s10 (the first 8 of a UUID), `req_` and 6 digits in s13.
    ///
    /// ## Why is this bad?
    /// The runtime generates ids in one form; an id in another was written by
    /// hand or by another tool, and may collide with or shadow a generated one.
    ///
    /// ## Example
    /// ```json
    /// {"type": "shutdown_request", …, "request_id": "shutdown-alice"}
    /// ```
    ///
    /// Use instead:
    /// ```json
    /// {"type": "shutdown_request", …, "request_id": "a1b2c3d4"}
    /// ```
    pub struct RequestIdFormat {
        code: "H005",
        name: "request-id-format",
        family: Handshake,
        severity: Warning,
        added: "0.1.0",
        summary: "A request id is not in its dialect's form",
    }
}

impl HandshakeRule for RequestIdFormat {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        for m in &log.messages {
            let Some(id) = &m.request_id else { continue };
            if log.dialect.id_ok(id) {
                continue;
            }
            let form = if log.dialect == Dialect::S13 {
                "`req_` and 6 digits"
            } else {
                "8 lowercase hex characters"
            };
            out.push(
                self.meta()
                    .diagnostic(
                        log.field_span(m, "request_id"),
                        format!("`{id}` is not {form}"),
                    )
                    .with_label("request id")
                    .with_help(format!("let the runtime generate request ids ({form})")),
            );
        }
    }
}
