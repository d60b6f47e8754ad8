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
        severity: Error,
        summary: "A handoff record holds a secret",
    }
}

const SECRET_KEYS: &[&str] = &[
    "password",
    "passwd",
    "secret",
    "token",
    "api_key",
    "apikey",
    "private_key",
    "access_key",
    "credential",
    "auth",
];

/// Whether a key is named like one that holds a secret (`password`,
/// `api_key`, …), but not a reference to one (`*_ref`, `*_url`).
pub fn secret_key(key: &str) -> bool {
    let k = key.to_ascii_lowercase();
    SECRET_KEYS.iter().any(|s| k.contains(s)) && !k.ends_with("_ref") && !k.ends_with("_url")
}

/// What kind of credential a value looks like, if any.
pub fn credential(value: &str) -> Option<&'static str> {
    let v = value.trim();
    // Every credential form below starts with one of these: one pass over
    // the value rules out the rest for most values.
    static PREFIXES: std::sync::OnceLock<Option<aho_corasick::AhoCorasick>> =
        std::sync::OnceLock::new();
    let prefixes = PREFIXES.get_or_init(|| {
        aho_corasick::AhoCorasick::new([
            "-----BEGIN",
            "AKIA",
            "ghp_",
            "gho_",
            "ghs_",
            "ghu_",
            "ghr_",
            "github_pat_",
            "sk-",
            "xoxb-",
            "xoxp-",
            "xoxa-",
            "xoxr-",
            "xoxs-",
        ])
        .ok()
    });
    if prefixes.as_ref().is_some_and(|ac| !ac.is_match(v)) {
        return None;
    }
    let word_after = |prefix: &str, min: usize| {
        v.find(prefix).is_some_and(|i| {
            v[i + prefix.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                .count()
                >= min
        })
    };
    if v.contains("-----BEGIN") && v.contains("PRIVATE KEY") {
        return Some("a private key");
    }
    if let Some(i) = v.find("AKIA") {
        let id: String = v[i + 4..]
            .chars()
            .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
            .collect();
        if id.len() >= 16 {
            return Some("an AWS access key id");
        }
    }
    if ["ghp_", "gho_", "ghs_", "ghu_", "ghr_", "github_pat_"]
        .iter()
        .any(|p| word_after(p, 20))
    {
        return Some("a GitHub token");
    }
    if word_after("sk-", 20) {
        return Some("an API key");
    }
    if ["xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxs-"]
        .iter()
        .any(|p| word_after(p, 10))
    {
        return Some("a Slack token");
    }
    None
}

fn walk(key: Option<&str>, value: &Value, found: &mut Vec<(String, &'static str)>) {
    match value {
        Value::Mapping(map) => {
            for (k, v) in map {
                let k = crate::yaml::scalar(k).unwrap_or_default();
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
            let shown = crate::diagnostic::redacted(needle);
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

#[cfg(test)]
mod tests {
    use super::credential;

    #[test]
    fn recognises_credentials() {
        assert!(credential("AKIAIOSFODNN7EXAMPLE").is_some());
        assert!(credential("ghp_0123456789abcdefghijABCDEFGHIJ012345").is_some());
        assert!(credential("sk-proj0123456789abcdefghij").is_some());
        assert!(credential("xoxb-1234567890-abcdef").is_some());
        assert!(credential("-----BEGIN OPENSSH PRIVATE KEY-----").is_some());
        assert!(credential("3f9c2ab").is_none());
        assert!(credential("task-skeleton").is_none());
    }
}
