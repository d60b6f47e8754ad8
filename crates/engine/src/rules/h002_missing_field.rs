use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a message without `type`, `from`, `content`, its time (`timestamp`
    /// in the s10 dialect, `ts` in s13), or, in a merged log (any log that is not
    /// one member's inbox file), `to`.
    ///
    /// ## Why is this bad?
    /// Without a sender, a recipient or a time, a message cannot be answered,
    /// routed or ordered; the protocol's checks all start from these fields.
    ///
    /// ## Example
    /// ```json
    /// {"type": "message", "content": "hi"}
    /// ```
    ///
    /// Use instead:
    /// ```json
    /// {"type": "message", "from": "lead", "to": "alice", "content": "hi", "timestamp": 1741183320.5}
    /// ```
    pub struct MessageMissingField {
        code: "H002",
        name: "message-missing-field",
        family: Handshake,
        severity: Error,
        added: "0.1.0",
        summary: "A handshake message lacks a field",
    }
}

impl HandshakeRule for MessageMissingField {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        let time = log.dialect.time_key();
        for m in &log.messages {
            let mut missing: Vec<&str> = ["type", "from", "content", time]
                .into_iter()
                .filter(|k| !m.object.contains_key(*k))
                .collect();
            if log.inbox.is_none() && !m.object.contains_key("to") {
                missing.push("to");
            }
            if missing.is_empty() {
                continue;
            }
            let list: Vec<String> = missing.iter().map(|k| format!("`{k}`")).collect();
            out.push(
                self.meta()
                    .diagnostic(m.span.clone(), format!("this message has no {}", list.join(", ")))
                    .with_label("incomplete message")
                    .with_help(format!("every message carries type, from, content and {time}; a merged log also `to`")),
            );
        }
    }
}
