use crate::rules::prelude::*;
use crate::yaml::Value;

declare_rule! {
    /// ## What it does
    /// Flags a handoff record that holds a secret: a key named like one
    /// (`password`, `secret`, `token`, `api_key`, `private_key`,
    /// `access_key`, `credentials`, …) with a value, or any value that looks
    /// like a credential (AWS access key ids, `ghp_`-style GitHub tokens,
    /// `sk-` API keys, Slack `xox…-` tokens, private key blocks). The secret
    /// itself is never printed.
    ///
    /// ## Why is this bad?
    /// Handoff records are read by every later stage, logged and committed.
    /// A credential in one is a credential leaked to every agent and every
    /// log.
    ///
    /// ## Example
    /// ```yaml
    /// executor: qa-agent
    /// github_token: ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
    /// ```
    ///
    /// Use instead: pass credentials through the executor's environment or a
    /// secret store, and keep them out of records.
    pub struct SecretInRecord {
        code: "P011",
        name: "secret-in-record",
        family: Handoff,
        severity: Error,
        added: "0.1.0",
        summary: "A handoff record holds a secret",
    }
}

use crate::secrets::{credential, secret_key};

fn walk(key: Option<&str>, value: &Value, found: &mut Vec<(String, &'static str)>) {
    match value {
        Value::Mapping(map) => {
            for (k, v) in map {
                let k = crate::yaml::scalar(k).unwrap_or_default();
                // A credential written as a key is a credential too.
                if let Some(kind) = credential(&k) {
                    found.push((k.clone(), kind));
                }
                walk(Some(&k), v, found);
            }
        }
        Value::Sequence(items) => items.iter().for_each(|v| walk(key, v, found)),
        Value::Tagged(t) => walk(key, &t.value, found),
        _ => {
            let text = crate::yaml::scalar(value).unwrap_or_default();
            let named = key.is_some_and(secret_key);
            if let Some(kind) = credential(&text) {
                found.push((text, kind));
            } else if named && !text.trim().is_empty() && !matches!(value, Value::Bool(_)) {
                found.push((text, "a secret-named field"));
            }
        }
    }
}

impl HandoffRule for SecretInRecord {
    fn check(&self, r: &Handoff<'_>, out: &mut Vec<Diagnostic>) {
        let Some(fields) = &r.fields else { return };
        let mut found = Vec::new();
        for (k, v) in fields {
            // A credential written as a key is a credential too.
            if let Some(kind) = credential(k) {
                found.push((k.clone(), kind));
            }
            walk(Some(k), v, &mut found);
        }
        for (text, kind) in found {
            // Point at the line that holds the value (its first line, for a
            // block scalar whose indentation the parser removed).
            let needle = text
                .lines()
                .map(str::trim)
                .find(|l| !l.is_empty())
                .unwrap_or_default();
            let at = if needle.is_empty() {
                0
            } else {
                r.source.find(needle).unwrap_or(0)
            };
            let line_start = r.source[..at].rfind('\n').map_or(0, |i| i + 1);
            let line_end = r.source[at..].find('\n').map_or(r.source.len(), |i| at + i);
            let shown = crate::secrets::redacted(needle);
            let secret = match needle.is_empty() {
                true => line_start..line_end,
                false => at..at + needle.len(),
            };
            out.push(
                self.meta()
                    .diagnostic(line_start..line_end, format!("the record holds {kind}: {shown}"))
                    .with_label("secret")
                    .with_redacted(secret)
                    .with_help("remove it and rotate it; pass credentials through the environment or a secret store"),
            );
        }
    }
}
