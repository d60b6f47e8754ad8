//! What kind of file a path holds. Recognised by path first, then by
//! content.

use std::path::Path;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileKind {
    /// An agent transcript (the default).
    Transcript,
    /// A board meeting's decision log: `decisions.md`, markdown under
    /// `decisions/approved/`, or markdown with `## YYYY-MM-DD — Title`
    /// entries holding `**Decision:**`.
    DecisionLog,
    /// A pipeline handoff record: `*.handoff.yaml` / `*.handoff.yml`, or YAML
    /// whose top level has `task_id` and `status`.
    Handoff,
    /// A pipeline transition log: `*.events.jsonl`, or JSONL whose records
    /// carry `prev_state` and `new_state`.
    TransitionLog,
    /// A handshake message log: `.team/inbox/*.jsonl`, `.mailboxes/*.jsonl`,
    /// or JSONL whose records carry `type` and `from` with a protocol type.
    HandshakeLog,
    /// A session log of an agent tool (Claude Code, Codex CLI, OpenAI chat
    /// messages, Cline): JSON or JSONL recognised by its shape.
    SessionLog,
    /// A YAML, JSON or JSONL file that is no record boardlint knows: not
    /// checked.
    Other,
}

impl FileKind {
    /// The name the `kinds` setting uses.
    pub fn from_name(name: &str) -> Option<FileKind> {
        Some(match name {
            "transcript" => FileKind::Transcript,
            "decision-log" => FileKind::DecisionLog,
            "handoff" => FileKind::Handoff,
            "transition-log" => FileKind::TransitionLog,
            "handshake-log" => FileKind::HandshakeLog,
            "session-log" => FileKind::SessionLog,
            _ => return None,
        })
    }
}

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

/// Whether `parent/child` appears among the path's directories.
pub fn has_dirs(path: &Path, parent: &str, child: &str) -> bool {
    let dirs: Vec<&str> = path
        .parent()
        .map(|p| {
            p.components()
                .filter_map(|c| c.as_os_str().to_str())
                .collect()
        })
        .unwrap_or_default();
    dirs.windows(2).any(|w| w[0] == parent && w[1] == child)
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
