use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a tracked request that no decision answers by the end of the log.
    ///
    /// ## Why is this bad?
    /// A pending shutdown keeps a thread alive that the lead believes is
    /// stopping; a pending plan blocks the teammate's mutating tools forever.
    ///
    /// ## Example
    /// ```json
    /// {"type": "shutdown_request", "from": "lead", "to": "alice", …, "request_id": "a1b2c3d4"}
    /// ```
    /// and no `shutdown_response` for `a1b2c3d4`.
    ///
    /// Use instead: answer every request with its response.
    pub struct PendingAtEnd {
        code: "H108",
        name: "pending-at-end",
        family: Handshake,
        severity: Warning,
        added: "0.1.0",
        summary: "A request is never answered",
    }
}

impl HandshakeRule for PendingAtEnd {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        for &r in &log.pending_at_end {
            let m = &log.messages[r];
            out.push(
                self.meta()
                    .diagnostic(
                        log.field_span(m, "request_id"),
                        format!("this `{}` is never answered", m.kind),
                    )
                    .with_label("pending at end")
                    .with_help(
                        "answer every request (approve or reject), or log why it was dropped",
                    ),
            );
        }
    }
}
