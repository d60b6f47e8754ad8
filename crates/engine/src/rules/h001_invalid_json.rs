use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a line of a handshake log that is not a JSON object. The rest of the
    /// log is still read.
    ///
    /// ## Why is this bad?
    /// Teammates read their inbox line by line. A line that does not parse is a
    /// message nobody receives, and a broken line often means two writers
    /// interleaved their output.
    ///
    /// ## Example
    /// ```text
    /// {"type": "message", "from": "lead", "content": "hi"
    /// ```
    ///
    /// Use instead:
    /// ```json
    /// {"type": "message", "from": "lead", "content": "hi", "timestamp": 1741183320.5}
    /// ```
    pub struct InvalidJson {
        code: "H001",
        name: "invalid-json",
        family: Handshake,
        severity: Error,
        added: "0.1.0",
        summary: "A handshake log line is not a JSON object",
    }
}

impl HandshakeRule for InvalidJson {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        for (span, why) in &log.invalid {
            out.push(
                self.meta()
                    .diagnostic(span.clone(), format!("this line is {why}"))
                    .with_label("invalid line")
                    .with_help("write one JSON object per line"),
            );
        }
    }
}
