//! Which kind a file is: recognised by its path first, then by its
//! content. Decided once a file, here; what reads the file afterwards is
//! told the kind (`FileContext::kind`).

use std::path::Path;

use crate::kinds::{has_dirs, FileKind};

/// The kind of a file, from its path and its text.
pub fn detect(path: Option<&Path>, text: &str) -> FileKind {
    if let Some(path) = path {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if name.ends_with(".handoff.yaml") || name.ends_with(".handoff.yml") {
            return FileKind::Handoff;
        }
        if name.ends_with(".events.jsonl") {
            return FileKind::TransitionLog;
        }
        if crate::records::handshake::is_inbox(path) {
            return FileKind::HandshakeLog;
        }
        if name.ends_with(".jsonl") {
            let first = text
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or_default();
            return if first.contains("\"prev_state\"") && first.contains("\"new_state\"") {
                FileKind::TransitionLog
            } else if is_handshake_record(first) {
                FileKind::HandshakeLog
            } else if crate::sessions::detect(Some(path), text).is_some() {
                FileKind::SessionLog
            } else {
                FileKind::Other
            };
        }
        if name.ends_with(".json") {
            return if crate::sessions::detect(Some(path), text).is_some() {
                FileKind::SessionLog
            } else {
                FileKind::Other
            };
        }
        if name.ends_with(".yaml") || name.ends_with(".yml") {
            return if has_top_level_keys(text, &["task_id", "status"]) {
                FileKind::Handoff
            } else {
                FileKind::Other
            };
        }
        if is_markdown(name) && crate::sessions::is_chat_history(Some(path), text) {
            return FileKind::SessionLog;
        }
        let under_approved = has_dirs(path, "decisions", "approved");
        if name == "decisions.md" || (under_approved && is_markdown(name)) {
            return FileKind::DecisionLog;
        }
        if has_dirs(path, "decisions", "raw") {
            return FileKind::Transcript;
        }
    }
    if has_decision_entries(text) {
        return FileKind::DecisionLog;
    }
    FileKind::Transcript
}

/// A JSON record with `type` and `from`, whose type is a protocol message
/// type of either dialect.
fn is_handshake_record(line: &str) -> bool {
    let Ok(serde_json::Value::Object(o)) = serde_json::from_str::<serde_json::Value>(line) else {
        return false;
    };
    let kind = o.get("type").and_then(|t| t.as_str()).unwrap_or_default();
    o.contains_key("from")
        && (crate::records::handshake::Dialect::S10
            .types()
            .contains(&kind)
            || crate::records::handshake::Dialect::S13
                .types()
                .contains(&kind))
}

/// Whether every key is written at column 1 as `key:`.
fn has_top_level_keys(text: &str, keys: &[&str]) -> bool {
    keys.iter().all(|k| {
        text.lines().any(|l| {
            l.strip_prefix(k)
                .is_some_and(|rest| rest.trim_start().starts_with(':'))
        })
    })
}

fn is_markdown(name: &str) -> bool {
    name.ends_with(".md") || name.ends_with(".markdown")
}

/// `## YYYY-MM-DD — Title` followed, before the next such heading, by a
/// `**Decision:**` line.
fn has_decision_entries(text: &str) -> bool {
    // Most files hold no decision field at all: one substring scan says so.
    if memchr::memmem::find(text.as_bytes(), b"**Decision:**").is_none() {
        return false;
    }
    let mut in_entry = false;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("## ") {
            in_entry = crate::model::decisions::entry_heading(rest).is_some();
        } else if in_entry && line.trim_start().starts_with("**Decision:**") {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_decision_logs_by_path_and_content() {
        assert_eq!(
            detect(Some(Path::new("x/decisions.md")), ""),
            FileKind::DecisionLog
        );
        assert_eq!(
            detect(Some(Path::new("d/decisions/approved/2026-03-05-a.md")), ""),
            FileKind::DecisionLog
        );
        assert_eq!(
            detect(
                Some(Path::new("d/decisions/raw/2026-03-05-a.md")),
                "## 2026-03-05 — A\n**Decision:** x\n"
            ),
            FileKind::Transcript
        );
        assert_eq!(
            detect(None, "# Log\n\n## 2026-03-05 — A\n\n**Decision:** x\n"),
            FileKind::DecisionLog
        );
        assert_eq!(
            detect(None, "## 2026-03-05 — A\nprose\n"),
            FileKind::Transcript
        );
    }
}
