//! Pipeline handoff records: one YAML document describing where a task
//! stands (`task_id`, `attempt`, `stage`, `status`, `input_ref`,
//! `output_ref`, `checks`, `blocked_by`, `next_allowed`).

use crate::context::RunContext;
use crate::settings::Settings;
use crate::syntax::Span;
use crate::yaml::{self, Value};

/// The statuses a record may carry.
pub const STATUSES: [&str; 6] = [
    "queued",
    "running",
    "blocked",
    "failed",
    "ready_for_review",
    "approved",
];

/// The fields every record carries.
pub const REQUIRED: [&str; 9] = [
    "task_id",
    "attempt",
    "stage",
    "status",
    "input_ref",
    "output_ref",
    "checks",
    "blocked_by",
    "next_allowed",
];

/// Optional fields: a time, the executor, remaining risks, a logs address,
/// the class of a failure (`failure: timeout`).
pub const OPTIONAL: [&str; 10] = [
    "at",
    "time",
    "timestamp",
    "updated_at",
    "executor",
    "remaining_risks",
    "risks",
    "logs",
    "logs_url",
    "failure",
];

/// A top-level key and where it is written.
#[derive(Debug, Clone)]
pub struct KeyAt {
    pub key: String,
    /// The key token.
    pub span: Span,
    /// The value written on the key's line (possibly empty).
    pub value: Span,
}

/// A handoff record, parsed, with the positions of its keys.
#[derive(Debug)]
pub struct Handoff<'a> {
    pub source: &'a str,
    pub settings: &'a Settings,
    /// What the other files of the run contribute (their transition logs'
    /// runs, for T100).
    pub run: &'a RunContext,
    /// The top-level mapping; `None` when the document is not one.
    pub fields: Option<Vec<(String, Value)>>,
    /// Why the document could not be read, and where.
    pub error: Option<(Span, String)>,
    pub keys: Vec<KeyAt>,
    /// The lines of the items under `checks:`, in order.
    pub check_items: Vec<Span>,
}

impl<'a> Handoff<'a> {
    pub fn parse(source: &'a str, settings: &'a Settings, run: &'a RunContext) -> Self {
        let (keys, check_items) = positions(source);
        let mut h = Handoff {
            source,
            settings,
            run,
            fields: None,
            error: None,
            keys,
            check_items,
        };
        match yaml::parse_mapping(source) {
            Ok(fields) => h.fields = Some(fields),
            Err((line, message)) => {
                let span = line
                    .and_then(|l| line_span(source, l))
                    .unwrap_or(0..first_line_end(source));
                h.error = Some((span, message));
            }
        }
        h
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.fields
            .as_ref()?
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    /// A scalar field as text (strings, numbers, booleans).
    pub fn text(&self, key: &str) -> Option<String> {
        yaml::scalar(self.get(key)?)
    }

    /// Where a key is written (its token), else the document's first line.
    pub fn key_span(&self, key: &str) -> Span {
        self.keys
            .iter()
            .find(|k| k.key == key)
            .map_or(0..first_line_end(self.source), |k| k.span.clone())
    }

    /// Where a key's value is written, else the key.
    pub fn value_span(&self, key: &str) -> Span {
        match self.keys.iter().find(|k| k.key == key) {
            Some(k) if !k.value.is_empty() => k.value.clone(),
            _ => self.key_span(key),
        }
    }

    /// The configured stages, in order.
    pub fn stages(&self) -> &[String] {
        &self.settings.pipeline.stages
    }

    /// The `checks` list: (item index, name, result) for each mapping item.
    pub fn checks(&self) -> Vec<(usize, Option<String>, Option<String>)> {
        match self.get("checks") {
            Some(Value::Sequence(items)) => items
                .iter()
                .enumerate()
                .map(|(i, item)| {
                    let field = |k: &str| item.get(k).and_then(yaml::scalar);
                    (i, field("name"), field("result"))
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Where the n-th check item is written.
    pub fn check_span(&self, n: usize) -> Span {
        self.check_items
            .get(n)
            .cloned()
            .unwrap_or_else(|| self.key_span("checks"))
    }

    /// A field holding a stage, a list of stages, or nothing (`null`, `[]`).
    pub fn stage_list(&self, key: &str) -> Vec<String> {
        match self.get(key) {
            Some(Value::Sequence(items)) => items.iter().filter_map(yaml::scalar).collect(),
            Some(Value::Null) | None => Vec::new(),
            Some(v) => yaml::scalar(v)
                .into_iter()
                .filter(|s| !s.is_empty())
                .collect(),
        }
    }
}

fn first_line_end(source: &str) -> usize {
    source.find('\n').unwrap_or(source.len())
}

/// The span of a 1-based line, without its terminator.
pub fn line_span(source: &str, line: usize) -> Option<Span> {
    let start = if line <= 1 {
        0
    } else {
        source
            .match_indices('\n')
            .nth(line - 2)
            .map(|(i, _)| i + 1)?
    };
    let end = source[start..]
        .find('\n')
        .map_or(source.len(), |i| start + i);
    Some(start..end.max(start))
}

/// The top-level keys (written at column 1) and the item lines of
/// `checks:`, found in the text so that diagnostics point at them.
fn positions(source: &str) -> (Vec<KeyAt>, Vec<Span>) {
    let mut keys = Vec::new();
    let mut checks = Vec::new();
    let mut in_checks = false;
    let mut offset = 0;
    for line in source.split_inclusive('\n') {
        let text = line.trim_end_matches(['\n', '\r']);
        let start = offset;
        offset += line.len();
        let key_len = text.find(':').filter(|&i| {
            i > 0
                && text[..i]
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        });
        if let Some(len) = key_len {
            let after = &text[len + 1..];
            let lead = after.len() - after.trim_start().len();
            let value_start = start + len + 1 + lead;
            let value = after.trim();
            let value_text = value.split(" #").next().unwrap_or(value).trim_end();
            keys.push(KeyAt {
                key: text[..len].to_string(),
                span: start..start + len,
                value: value_start..value_start + value_text.len(),
            });
            in_checks = &text[..len] == "checks";
            continue;
        }
        let trimmed = text.trim_start();
        if in_checks && trimmed.starts_with('-') {
            let lead = text.len() - trimmed.len();
            checks.push(start + lead..start + text.len());
        } else if !text.starts_with([' ', '\t'])
            && !text.trim().is_empty()
            && !text.starts_with('#')
        {
            in_checks = false;
        }
    }
    (keys, checks)
}

/// Whether a ref is a commit hash: 7 to 40 hexadecimal characters.
pub fn is_commit(r: &str) -> bool {
    (7..=40).contains(&r.len()) && r.chars().all(|c| c.is_ascii_hexdigit())
}

/// A check result, normalised (`pass` and `fail` accepted).
pub fn check_result(r: &str) -> Option<&'static str> {
    match r.to_ascii_lowercase().as_str() {
        "passed" | "pass" => Some("passed"),
        "failed" | "fail" => Some("failed"),
        "skipped" => Some("skipped"),
        "pending" => Some("pending"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_keys_and_check_items() {
        let text = "task_id: T-1\nstatus: running   # note\nchecks:\n  - name: unit\n    result: passed\n  - {name: lint, result: failed}\nnext_allowed: null\n";
        let (keys, checks) = positions(text);
        assert_eq!(
            keys.iter().map(|k| k.key.as_str()).collect::<Vec<_>>(),
            ["task_id", "status", "checks", "next_allowed"]
        );
        assert_eq!(&text[keys[1].value.clone()], "running");
        assert_eq!(checks.len(), 2);
        assert_eq!(&text[checks[1].clone()], "- {name: lint, result: failed}");
    }

    #[test]
    fn commits_and_results() {
        assert!(is_commit("3f9c2ab"));
        assert!(!is_commit("main"));
        assert!(!is_commit("3f9c2a"));
        assert_eq!(check_result("PASS"), Some("passed"));
        assert_eq!(check_result("ok"), None);
    }
}
