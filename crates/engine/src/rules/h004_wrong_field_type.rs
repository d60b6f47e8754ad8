use crate::rules::prelude::*;
use serde_json::Value;

declare_rule! {
    /// ## What it does
    /// Flags a `timestamp`/`ts` that is not a number, a `content` or
    /// `request_id` that is not a string, and an `approve` that is not a boolean.
    ///
    /// ## Why is this bad?
    /// `"approve": "yes"` is not `true`: a runtime that compares types treats it
    /// as a rejection, or crashes. Types are the contract between agents.
    ///
    /// ## Example
    /// ```json
    /// {"type": "shutdown_response", …, "approve": "yes"}
    /// ```
    ///
    /// Use instead:
    /// ```json
    /// {"type": "shutdown_response", …, "approve": true}
    /// ```
    pub struct WrongFieldType {
        code: "H004",
        name: "wrong-field-type",
        family: Handshake,
        severity: Error,
        added: "0.1.0",
        summary: "A handshake field has the wrong type",
    }
}

/// A field, what it must be, and the test for it.
type Expected<'k> = (&'k str, &'static str, fn(&Value) -> bool);

impl HandshakeRule for WrongFieldType {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        let time = log.dialect.time_key();
        for m in &log.messages {
            let bad = |key: &str, ok: fn(&Value) -> bool| {
                m.field(log.dialect, key)
                    .or(m.object.get(key))
                    .is_some_and(|v| !ok(v))
            };
            let checks: [Expected<'_>; 4] = [
                (time, "a number", Value::is_number),
                ("content", "a string", Value::is_string),
                ("request_id", "a string", Value::is_string),
                ("approve", "a boolean", Value::is_boolean),
            ];
            for (key, what, ok) in checks {
                if !bad(key, ok) {
                    continue;
                }
                out.push(
                    self.meta()
                        .diagnostic(log.field_span(m, key), format!("`{key}` is not {what}"))
                        .with_label("wrong type")
                        .with_help(format!("write `{key}` as {what}")),
                );
            }
        }
    }
}
