use crate::records::handshake::Link;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a decision that does not come from its request's target, or is not
    /// sent back to the request's sender. It changes no request's state.
    ///
    /// ## Why is this bad?
    /// Only the teammate asked to shut down can agree to it, and only the lead
    /// reviews plans; a reply from anyone else, or sent to the wrong inbox,
    /// decides nothing the requester will see.
    ///
    /// ## Example
    /// ```json
    /// {"type": "shutdown_request", "from": "lead", "to": "alice", …, "request_id": "a1b2c3d4"}
    /// {"type": "shutdown_response", "from": "bob", "to": "lead", …, "request_id": "a1b2c3d4", "approve": true}
    /// ```
    ///
    /// Use instead: alice, not bob, answers her own shutdown request.
    pub struct WrongResponder {
        code: "H103",
        name: "wrong-responder",
        family: Handshake,
        severity: Error,
        added: "0.1.0",
        summary: "A response does not come from the request's target",
    }
}

impl HandshakeRule for WrongResponder {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        for (&i, link) in &log.links {
            let Link::WrongResponder(r) = link else {
                continue;
            };
            let (m, request) = (&log.messages[i], &log.messages[*r]);
            let name = |v: &Option<String>| v.clone().unwrap_or_else(|| "nobody".into());
            out.push(
                self.meta()
                    .diagnostic(
                        log.field_span(m, "from"),
                        format!(
                            "the request went from `{}` to `{}`; this reply goes from `{}` to `{}`",
                            name(&request.from),
                            name(&request.to),
                            name(&m.from),
                            name(&m.to)
                        ),
                    )
                    .with_label("wrong responder")
                    .with_related(request.span.clone(), "the request")
                    .with_help("the request's target answers, to the request's sender"),
            );
        }
    }
}
