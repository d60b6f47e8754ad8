use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a non-blank line of a JSONL session log that is not JSON (or a
    /// JSON session document that cannot be read). The rest of the file is
    /// still checked.
    ///
    /// ## Why is this bad?
    /// A truncated or interleaved line is a message the log lost: whatever
    /// the agent said there is checked by nobody.
    ///
    /// ## Example
    /// ```text
    /// {"type":"assistant","uuid":"a1","message":{"role":"assistant","content":"[INVOKE:cfo|
    /// ```
    ///
    /// Use instead: one complete JSON object per line.
    pub struct InvalidLine {
        code: "A001",
        name: "invalid-line",
        family: Session,
        severity: Error,
        added: "0.1.0",
        summary: "A session log line is not JSON",
    }
}

impl SessionRule for InvalidLine {
    fn check(&self, s: &Session<'_>, out: &mut Vec<Diagnostic>) {
        for (span, why) in &s.log.invalid {
            out.push(
                self.meta()
                    .diagnostic(span.clone(), format!("this line is not JSON: {why}"))
                    .with_label("invalid line")
                    .with_help("the session writer lost or interleaved this line; the rest of the log is still checked"),
            );
        }
        if let Some(why) = &s.log.unreadable {
            let first = s.source.find('\n').unwrap_or(s.source.len());
            out.push(
                self.meta()
                    .diagnostic(0..first, format!("the session document is not JSON: {why}"))
                    .with_label("unreadable")
                    .with_help("a JSON session log must be one complete JSON document"),
            );
        }
    }
}
