//! The kinds of file boardlint reads. Which kind a file is, by its path
//! and its content, is decided once, by the engine (`engine::kind`).

use std::path::Path;

/// More kinds may come in any release: a `match` on it outside this crate
/// needs a wildcard arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
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
    /// A session log of an agent tool: JSON or JSONL recognised by its
    /// shape, in one of the formats of `SessionFormat` (docs/sessions.md
    /// lists them).
    SessionLog,
    /// A YAML, JSON or JSONL file that is no record boardlint knows: not
    /// checked.
    Other,
}

impl FileKind {
    /// The kinds a file can be forced to be read as, in the order their
    /// names are listed (`kinds` in the configuration, `boardlint mcp`'s
    /// `kind`).
    pub const NAMED: [FileKind; 6] = [
        FileKind::Transcript,
        FileKind::DecisionLog,
        FileKind::Handoff,
        FileKind::TransitionLog,
        FileKind::HandshakeLog,
        FileKind::SessionLog,
    ];

    /// The name the `kinds` setting uses (`other` for a file that is no
    /// record boardlint knows, which cannot be forced).
    pub fn name(self) -> &'static str {
        match self {
            FileKind::Transcript => "transcript",
            FileKind::DecisionLog => "decision-log",
            FileKind::Handoff => "handoff",
            FileKind::TransitionLog => "transition-log",
            FileKind::HandshakeLog => "handshake-log",
            FileKind::SessionLog => "session-log",
            FileKind::Other => "other",
        }
    }

    /// The kind the `kinds` setting names so.
    pub fn from_name(name: &str) -> Option<FileKind> {
        FileKind::NAMED.into_iter().find(|k| k.name() == name)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_named_kind_reads_back_from_its_name() {
        for kind in FileKind::NAMED {
            assert_eq!(FileKind::from_name(kind.name()), Some(kind));
        }
        assert_eq!(FileKind::from_name("other"), None);
        assert_eq!(FileKind::from_name("Transcript"), None);
        assert_eq!(FileKind::from_name(""), None);
    }
}
