use crate::records::handshake::Link;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a second decision on a request. Approved and rejected are final: the
    /// later decision changes nothing.
    ///
    /// ## Why is this bad?
    /// The status exists to prevent a duplicate response from being applied
    /// twice. A second verdict, above all a contradicting one, means two writers
    /// answered or a retry was not idempotent.
    ///
    /// ## Example
    /// ```json
    /// {"type": "shutdown_response", …, "request_id": "a1b2c3d4", "approve": false}
    /// {"type": "shutdown_response", …, "request_id": "a1b2c3d4", "approve": true}
    /// ```
    ///
    /// Use instead: decide once; ask a new request to change course.
    pub struct AlreadyDecided {
        code: "H104",
        name: "already-decided",
        family: Handshake,
        severity: Error,
        added: "0.1.0",
        summary: "A request is decided twice",
    }
}

impl HandshakeRule for AlreadyDecided {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        for (&i, link) in &log.links {
            let Link::AlreadyDecided(r) = link else {
                continue;
            };
            let (m, request) = (&log.messages[i], &log.messages[*r]);
            out.push(
                self.meta()
                    .diagnostic(
                        log.field_span(m, "request_id"),
                        format!(
                            "request `{}` was already decided",
                            m.request_id.clone().unwrap_or_default()
                        ),
                    )
                    .with_label("already decided")
                    .with_related(request.span.clone(), "the request")
                    .with_help(
                        "approved and rejected are final; send a new request to change course",
                    ),
            );
        }
    }
}
