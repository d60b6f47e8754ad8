use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a message whose time (`timestamp` or `ts`) is earlier than the
    /// previous message's.
    ///
    /// ## Why is this bad?
    /// Messages are appended as they are sent; time going backwards means
    /// merged or edited logs, and the order every handshake check relies on is
    /// in doubt.
    ///
    /// ## Example
    /// ```json
    /// {"type": "message", …, "timestamp": 1741183330.0}
    /// {"type": "message", …, "timestamp": 1741183320.0}
    /// ```
    ///
    /// Use instead: append messages in the order they are sent.
    pub struct TimestampBackwards {
        code: "H106",
        name: "timestamp-backwards",
        family: Handshake,
        severity: Warning,
        added: "0.1.0",
        summary: "A message is earlier than the one before it",
    }
}

impl HandshakeRule for TimestampBackwards {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        let mut previous: Option<(f64, &crate::records::handshake::Message)> = None;
        for m in &log.messages {
            let Some(t) = m.time else { continue };
            if let Some((p, before)) = previous {
                if t < p {
                    let key = log.dialect.time_key();
                    out.push(
                        self.meta()
                            .diagnostic(
                                log.field_span(m, key),
                                "this message is earlier than the one before it",
                            )
                            .with_label("time goes backwards")
                            .with_related(before.span.clone(), "previous message")
                            .with_help("append messages in the order they are sent"),
                    );
                }
            }
            previous = Some((t, m));
        }
    }
}
