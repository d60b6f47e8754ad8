use crate::records::handshake::Link;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a shutdown response to a plan request, or a plan decision to a
    /// shutdown request. It changes no request's state.
    ///
    /// ## Why is this bad?
    /// The type prevents a mismatched reply from changing state: approving a
    /// plan is not agreeing to shut down.
    ///
    /// ## Example
    /// ```json
    /// {"type": "shutdown_request", …, "request_id": "a1b2c3d4"}
    /// {"type": "plan_approval_response", …, "request_id": "a1b2c3d4", "approve": true}
    /// ```
    ///
    /// Use instead:
    /// ```json
    /// {"type": "shutdown_response", …, "request_id": "a1b2c3d4", "approve": true}
    /// ```
    pub struct ResponseKindMismatch {
        code: "H102",
        name: "response-kind-mismatch",
        family: Handshake,
        severity: Error,
        added: "0.1.0",
        summary: "A response is of the other protocol than its request",
    }
}

impl HandshakeRule for ResponseKindMismatch {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        for (&i, link) in &log.links {
            let Link::KindMismatch(r) = link else {
                continue;
            };
            let (m, request) = (&log.messages[i], &log.messages[*r]);
            out.push(
                self.meta()
                    .diagnostic(log.field_span(m, "type"), format!("a `{}` cannot answer a `{}`", m.kind, request.kind))
                    .with_label("wrong kind of response")
                    .with_related(request.span.clone(), "the request")
                    .with_help("answer a shutdown request with `shutdown_response` and a plan with `plan_approval_response`"),
            );
        }
    }
}
