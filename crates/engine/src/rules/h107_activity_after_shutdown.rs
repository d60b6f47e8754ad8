use crate::records::handshake::{Link, Protocol, Role};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a message sent by a member after it approved its own shutdown
    /// (a `shutdown_response` with `approve: true` that decided its request).
    ///
    /// ## Why is this bad?
    /// Approving a shutdown means finishing the current step and exiting. A
    /// member that keeps writing afterwards is a thread that did not stop:
    /// half-written files and a stale team roster.
    ///
    /// ## Example
    /// ```json
    /// {"type": "shutdown_response", "from": "alice", …, "approve": true}
    /// {"type": "message", "from": "alice", …, "content": "one more thing"}
    /// ```
    ///
    /// Use instead: say everything before approving, or reject the shutdown.
    pub struct ActivityAfterShutdown {
        code: "H107",
        name: "activity-after-shutdown",
        family: Handshake,
        severity: Error,
        added: "0.1.0",
        summary: "A member sends after approving its own shutdown",
    }
}

impl HandshakeRule for ActivityAfterShutdown {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        let mut gone: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        for (i, m) in log.messages.iter().enumerate() {
            if let (Some(from), Some(&at)) = (&m.from, m.from.as_ref().and_then(|f| gone.get(f))) {
                out.push(
                    self.meta()
                        .diagnostic(log.field_span(m, "from"), format!("`{from}` sends after approving its own shutdown"))
                        .with_label("after shutdown")
                        .with_related(log.messages[at].span.clone(), "shutdown approved here")
                        .with_help("finish the current step before approving the shutdown; send nothing after it"),
                );
            }
            if m.role == Role::Decision(Protocol::Shutdown)
                && m.approve == Some(true)
                && matches!(log.links.get(&i), Some(Link::Decides(_)))
            {
                if let Some(from) = &m.from {
                    gone.insert(from.clone(), i);
                }
            }
        }
    }
}
