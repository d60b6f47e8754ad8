//! A session log, read: its conversations' assistant text, and the tool
//! calls, results and records the session rules check.

use std::collections::HashMap;

use super::json::{JValue, Raw};
use crate::syntax::Span;

/// A piece of assistant text: a JSON string, where the log holds it. It is
/// decoded once, straight into its conversation's text
/// (`assemble::assemble`), so that a log's text is written once.
#[derive(Debug, Clone)]
pub(super) struct Piece {
    /// The raw bytes between the quotes.
    pub(super) raw: Span,
    /// Whether they hold an escape.
    pub(super) escaped: bool,
    /// A content block of its own (a `text` block, an OpenCode part, a
    /// tool's answer), which the agent's interface shows as a paragraph of
    /// its own: it starts a new paragraph of the message unless it goes on
    /// with a line (`assemble::seam`). Otherwise a piece of one text
    /// (Gemini's parts).
    pub(super) block: bool,
}

impl Piece {
    /// A content block of its own.
    pub(super) fn block(text: &Raw<'_>) -> Piece {
        Piece {
            raw: text.span(),
            escaped: text.escaped,
            block: true,
        }
    }

    /// Lines of a text log (a chat history in Markdown) as they stand: a
    /// block of its own, with no escapes.
    pub(super) fn lines(raw: Span) -> Piece {
        Piece {
            raw,
            escaped: false,
            block: true,
        }
    }

    /// A part of one text, joined to the piece before it as it is.
    pub(super) fn part(text: &Raw<'_>) -> Piece {
        Piece {
            block: false,
            ..Piece::block(text)
        }
    }

    /// The string as the log writes it, from the log's text.
    pub(super) fn raw<'t>(&self, log: &'t str) -> Raw<'t> {
        Raw {
            text: &log[self.raw.clone()],
            start: self.raw.start,
            escaped: self.escaped,
        }
    }
}

/// One conversation's assistant text, in order.
#[derive(Debug, Default)]
pub(super) struct Conversation {
    /// Pieces of one message are joined as the message reads (blocks a
    /// paragraph each, `assemble::seam`); messages by a blank line.
    pub(super) messages: Vec<Vec<Piece>>,
    /// The agent name of each message, where the log gives one.
    pub(super) names: Vec<Option<String>>,
    /// Where the last turn begins: the number of messages before the last
    /// prompt of the user's, for logs that write the prompts among the
    /// messages and whose tool hands its stop hook no answer (Cursor);
    /// `None` for the others.
    pub(super) turn: Option<usize>,
}

impl SessionLog {
    /// The most raw bytes of text any one conversation has (what its
    /// assembled text takes at most).
    pub fn largest_conversation(&self) -> usize {
        self.conversations
            .iter()
            .map(|c| c.messages.iter().flatten().map(|p| p.raw.len()).sum())
            .max()
            .unwrap_or(0)
    }
}

impl Conversation {
    pub(super) fn push(&mut self, pieces: Vec<Piece>, name: Option<String>) {
        if !pieces.is_empty() {
            self.messages.push(pieces);
            self.names.push(name);
        }
    }
}

/// A structured tool call or result, by id, with where it is written.
#[derive(Debug, Clone)]
pub struct ToolRef {
    pub id: String,
    pub span: Span,
    /// Its position in the log (line, then order on the line).
    pub order: (usize, usize),
    /// The conversation it belongs to, where calls and results of one
    /// conversation cannot answer another's (a dataset's lines); else 0.
    pub scope: usize,
    /// A call that is an example's target, not a step awaiting its result:
    /// the last message of a conversation in a dataset of one conversation
    /// a line.
    pub target: bool,
}

impl ToolRef {
    pub(super) fn new(id: &JValue<'_>, line_span: &Span, order: (usize, usize)) -> ToolRef {
        ToolRef {
            id: id.as_str().unwrap_or_default().into_owned(),
            span: span_of(id, line_span),
            order,
            scope: 0,
            target: false,
        }
    }
}

/// A record's identity in a log whose records form a tree (Claude Code).
#[derive(Debug, Clone)]
pub struct Record {
    pub uuid: Option<(String, Span)>,
    pub parent: Option<(String, Span)>,
    /// A hash of the record's `sessionId` (0 without one): `--continue`
    /// copies earlier records into a new session under the new id.
    pub session: u64,
    /// A record whose parent may be written in another file, or never:
    /// a compaction sub-agent's (`agentId: acompact-…`, whose thread
    /// starts in the main session's log) and a `hook_progress` record
    /// (Claude Code 2.1.12 to 2.1.42 name a parent they never write).
    pub detached: bool,
}

/// A session log, read: its conversations and what the session rules read.
#[derive(Debug, Default)]
pub struct SessionLog {
    pub(super) conversations: Vec<Conversation>,
    /// Non-blank lines that are not JSON (JSONL formats): (line span, why).
    pub invalid: Vec<(Span, String)>,
    pub calls: Vec<ToolRef>,
    pub results: Vec<ToolRef>,
    pub records: Vec<Record>,
    /// Whether tool calls and their results are both structured (Cline
    /// writes results back as user text, so its calls are not followed).
    pub structured_tools: bool,
    /// Why the whole document could not be read (JSON formats).
    pub unreadable: Option<String>,
    /// JSONL logs this large are parsed in two halves at once.
    pub(super) parallel_from: usize,
}

/// What the session rules read: the log and its text.
pub struct Session<'a> {
    pub log: &'a SessionLog,
    pub source: &'a str,
}

fn span_of(v: &JValue<'_>, line: &Span) -> Span {
    v.raw().map_or(line.clone(), |s| s.span())
}

impl SessionLog {
    /// For each call id, the order of its last result (A002), and for each
    /// result id the order of its first call (A003): calls and results meet
    /// through these maps, never pair by pair.
    pub fn last_results(&self) -> HashMap<(usize, &str), (usize, usize)> {
        let mut last = HashMap::with_capacity(self.results.len());
        for r in &self.results {
            let e = last.entry((r.scope, r.id.as_str())).or_insert(r.order);
            *e = (*e).max(r.order);
        }
        last
    }

    pub fn first_calls(&self) -> HashMap<(usize, &str), (usize, usize)> {
        let mut first = HashMap::with_capacity(self.calls.len());
        for c in &self.calls {
            let e = first.entry((c.scope, c.id.as_str())).or_insert(c.order);
            *e = (*e).min(c.order);
        }
        first
    }
}
