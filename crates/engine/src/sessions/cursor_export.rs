//! A chat saved with Cursor's "Export Chat" (Markdown, wherever the user
//! keeps it): `# <title>`, then `_Exported on <date> at <time> from Cursor
//! (<version>)_`, then turns, each opened by `---`, blank lines, and a line
//! that is exactly `**User**` or `**Cursor**`. A `**Cursor**` turn is the
//! model's text, whole (the export keeps the text and the code blocks, and
//! drops thinking and tool calls); a `**User**` turn is the user's.

use super::log::{Conversation, Piece, SessionLog};
use super::read::text_lines;
use super::spec::Spec;

pub(super) const FORMAT: Spec = Spec {
    name: "Cursor chat export",
    document: None,
    text: Some(is_export),
    record: None,
    read,
    structured_tools: false,
    resumes_at_messages: false,
    version: None,
};

/// The second line: `_Exported on … from Cursor (x.y.z)_`.
fn is_export_line(line: &str) -> bool {
    line.trim_end()
        .strip_prefix("_Exported on ")
        .and_then(|rest| rest.strip_suffix(")_"))
        .is_some_and(|rest| rest.contains(" from Cursor ("))
}

fn is_export(text: &str, _name: &str) -> bool {
    let mut lines = text.lines();
    lines.next().is_some_and(|l| l.starts_with("# ")) && lines.next().is_some_and(is_export_line)
}

fn read(log: &mut SessionLog, text: &str) {
    let mut conversation = Conversation::default();
    // The model's turn being read: from its first non-blank line to its
    // last.
    let mut turn: Option<Option<std::ops::Range<usize>>> = None;
    let mut after_rule = false;
    let finish = |conversation: &mut Conversation, turn: Option<Option<std::ops::Range<usize>>>| {
        if let Some(Some(span)) = turn {
            conversation.push(
                vec![Piece::lines(span)],
                None,
            );
        }
    };
    let all: Vec<_> = text_lines(text).collect();
    for (k, line) in all.iter().enumerate() {
        let t = line.text.trim_end();
        // A turn's header: `**User**` or `**Cursor**` after `---` and
        // blank lines.
        if after_rule && (t == "**User**" || t == "**Cursor**") {
            // The `---` that opened this turn ended the one before.
            finish(&mut conversation, turn.take());
            turn = (t == "**Cursor**").then_some(None);
            after_rule = false;
            continue;
        }
        if t == "---" {
            // A boundary when a header follows, past blank lines.
            let header = all[k + 1..]
                .iter()
                .find(|l| !l.text.trim().is_empty())
                .is_some_and(|l| matches!(l.text.trim_end(), "**User**" | "**Cursor**"));
            if header {
                after_rule = true;
                continue;
            }
        }
        if after_rule && t.is_empty() {
            continue;
        }
        if let Some(span) = &mut turn {
            if !t.is_empty() {
                match span {
                    Some(span) => span.end = line.end(),
                    None => *span = Some(line.start..line.end()),
                }
            }
        }
    }
    finish(&mut conversation, turn.take());
    log.conversations.push(conversation);
}
