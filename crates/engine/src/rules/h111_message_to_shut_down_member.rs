use crate::records::handshake::{Link, Protocol, Role};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a message sent to a member after it approved its own shutdown.
    ///
    /// ## Why is this bad?
    /// The member's loop has exited: the message is never read, and whatever it
    /// asked for never happens.
    ///
    /// ## Example
    /// ```json
    /// {"type": "shutdown_response", "from": "alice", "to": "lead", …, "approve": true}
    /// {"type": "message", "from": "lead", "to": "alice", …}
    /// ```
    ///
    /// Use instead: spawn the member again, or send the work to a member that is running.
    pub struct MessageToShutDownMember {
        code: "H111",
        name: "message-to-shut-down-member",
        family: Handshake,
        severity: Warning,
        added: "0.1.0",
        summary: "A message is sent to a member that has shut down",
    }
}

impl HandshakeRule for MessageToShutDownMember {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        let mut gone: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        for (i, m) in log.messages.iter().enumerate() {
            if let Some(&at) = m.to.as_ref().and_then(|t| gone.get(t)) {
                out.push(
                    self.meta()
                        .diagnostic(
                            log.field_span(m, "to"),
                            format!(
                                "`{}` has shut down; nobody reads this",
                                m.to.clone().unwrap_or_default()
                            ),
                        )
                        .with_label("to a shut-down member")
                        .with_related(log.messages[at].span.clone(), "shutdown approved here")
                        .with_help("spawn the member again, or send the work to a running member"),
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
