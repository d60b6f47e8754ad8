use crate::rules::prelude::*;
use crate::secrets::{credential, secret_key};
use serde_json::Value;

declare_rule! {
    /// ## What it does
    /// Flags an event that holds a secret: a key named like one (`password`,
    /// `secret`, `token`, `api_key`, `private_key`, `access_key`,
    /// `credentials`, …) with a value, or any value that looks like a
    /// credential (AWS access key ids, `ghp_`-style GitHub tokens, `sk-` API
    /// keys, Slack tokens, private key blocks). The secret is never printed.
    ///
    /// ## Why is this bad?
    /// Transition logs are kept, shipped and read by every stage. A
    /// credential in one is leaked to all of them.
    ///
    /// ## Example
    /// ```json
    /// {…, "new_state": "running", "env": {"GITHUB_TOKEN": "ghp_…"}}
    /// ```
    ///
    /// Use instead: pass credentials through the executor's environment or a
    /// secret store; never log them.
    pub struct SecretInEvent {
        code: "T013",
        name: "secret-in-event",
        family: Transition,
        severity: Error,
        added: "0.1.0",
        summary: "A transition event holds a secret",
    }
}

/// A member of an object: a credential written as its key is one too.
fn entry(key: &str, value: &Value) -> Option<(String, String, &'static str)> {
    match credential(key) {
        Some(kind) => Some((key.to_string(), key.to_string(), kind)),
        None => find(Some(key), value),
    }
}

fn find(key: Option<&str>, value: &Value) -> Option<(String, String, &'static str)> {
    match value {
        Value::Object(map) => map.iter().find_map(|(k, v)| entry(k, v)),
        Value::Array(items) => items.iter().find_map(|v| find(key, v)),
        Value::String(s) => {
            if let Some(kind) = credential(s) {
                return Some((key.unwrap_or_default().to_string(), s.clone(), kind));
            }
            let named = key.is_some_and(secret_key);
            (named && !s.trim().is_empty()).then(|| {
                (
                    key.unwrap_or_default().to_string(),
                    s.clone(),
                    "a secret-named field",
                )
            })
        }
        _ => None,
    }
}

impl TransitionRule for SecretInEvent {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        for e in &log.events {
            let Some((key, secret, kind)) = e.object.iter().find_map(|(k, v)| entry(k, v)) else {
                continue;
            };
            // The secret as written in the raw line (JSON-escaped); the whole
            // event if it cannot be found there.
            let raw = serde_json::to_string(&secret).unwrap_or_default();
            let raw = raw.get(1..raw.len().saturating_sub(1)).unwrap_or_default();
            let line = &log.source[e.span.clone()];
            let hidden = match (raw.is_empty(), line.find(raw)) {
                (false, Some(at)) => e.span.start + at..e.span.start + at + raw.len(),
                _ => e.span.clone(),
            };
            out.push(
                self.meta()
                    .diagnostic(
                        log.field_span(e, &key),
                        format!("this event holds {kind}: {}", crate::secrets::redacted(&secret)),
                    )
                    .with_label("secret")
                    .with_redacted(hidden)
                    .with_help("remove it and rotate it; pass credentials through the environment or a secret store"),
            );
        }
    }
}
