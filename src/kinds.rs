//! The kinds of file boardlint reads. Which kind a file is, by its path
//! and its content, is decided once, by the engine (`engine::kind`).

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
