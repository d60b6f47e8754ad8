//! A conversation's assistant text as one transcript text, and the map
//! that takes a span of it back to the bytes of the log.

use super::json::JStr;
use super::log::{Conversation, Piece, SessionLog};
use crate::settings::Settings;
use crate::syntax::Span;

impl SessionLog {
    /// Each conversation's assistant text, assembled into one transcript
    /// text, with the map that takes a span of that text back to the raw
    /// bytes of the log that hold it. Conversations with no text are passed
    /// over.
    pub fn each_transcript(&self, settings: &Settings, mut each: impl FnMut(&str, &SpanMap<'_>)) {
        for conversation in &self.conversations {
            let speakers = speaker_lines(conversation, settings);
            let (text, index) = assemble(conversation, &speakers);
            if text.trim().is_empty() {
                continue;
            }
            each(&text, &SpanMap { index });
        }
    }
}

/// The conversation an agent's new turn continues, assembled: the main
/// thread's text (for Claude Code, the records outside sidechains), or,
/// in a log with no main-thread text (a sub-agent's own log), the last
/// conversation's.
#[derive(Debug, Default)]
pub struct History {
    pub text: String,
    /// Where each message begins: (offset in `text`, offset in the log of
    /// the bytes that hold its first piece).
    pub starts: Vec<(usize, usize)>,
    /// Which conversation of the log it is (0: the main thread).
    pub conversation: usize,
    /// Where the text of the log's last turn begins (the messages after
    /// the user's last prompt), for logs whose reader marks turns
    /// (Cursor's); `None` for the others.
    pub turn: Option<usize>,
}

impl SessionLog {
    /// The conversation a new turn continues (see [`History`]); `None`
    /// when no conversation has text.
    pub fn history(&self, settings: &Settings) -> Option<History> {
        let has_text = |c: &Conversation| {
            c.messages
                .iter()
                .flatten()
                .any(|p| !p.text.value.trim().is_empty())
        };
        let conversation = if self.conversations.first().is_some_and(has_text) {
            0
        } else {
            self.conversations.iter().rposition(has_text)?
        };
        let c = &self.conversations[conversation];
        let speakers = speaker_lines(c, settings);
        let (text, index) = assemble(c, &speakers);
        let mut starts = Vec::with_capacity(c.messages.len());
        let mut at = 0;
        for (m, message) in c.messages.iter().enumerate() {
            if m > 0 {
                at += 2;
            }
            if let Some(first) = message.first() {
                starts.push((at, first.text.raw.start));
            }
            if let Some(Some(speaker)) = speakers.get(m) {
                at += speaker.value.len();
            }
            at += each_seam(message)
                .map(|(seam, p)| seam.len() + p.text.value.len())
                .sum::<usize>();
        }
        debug_assert_eq!(at, text.len());
        drop(index);
        let turn = c
            .turn
            .map(|n| starts.get(n).map_or(text.len(), |&(at, _)| at));
        Some(History {
            text,
            starts,
            conversation,
            turn,
        })
    }
}

/// Where each piece sits in the assembled text: (start, piece).
type Index<'c> = Vec<(usize, &'c JStr)>;

/// Takes a span of a conversation's assembled text back to the log's bytes.
pub struct SpanMap<'c> {
    index: Index<'c>,
}

impl SpanMap<'_> {
    /// The bytes of the log that hold `span` of the assembled text.
    pub fn span(&self, span: &Span) -> Span {
        map_span(&self.index, span)
    }
}

/// For each message whose agent name `session.roles` maps to a role, a
/// speaker line (`CFO:`) placed before it, mapped to the message's first
/// byte.
fn speaker_lines(conversation: &Conversation, settings: &Settings) -> Vec<Option<JStr>> {
    conversation
        .messages
        .iter()
        .zip(&conversation.names)
        .map(|(pieces, name)| {
            let role = settings
                .session_roles
                .iter()
                .find(|(n, _)| Some(n) == name.as_ref())
                .map(|(_, r)| r)?;
            let at = pieces.first()?.text.raw.start;
            Some(JStr {
                value: format!("{}:\n", role.to_ascii_uppercase()),
                raw: at..at,
                map: vec![(0, at)],
            })
        })
        .collect()
}

/// Join a conversation's pieces: within a message as it reads (each block
/// a paragraph, [`seam`]), by a blank line between messages; a mapped
/// speaker line opens its message.
fn assemble<'c>(
    conversation: &'c Conversation,
    speakers: &'c [Option<JStr>],
) -> (String, Index<'c>) {
    let mut text = String::new();
    let mut index = Vec::new();
    for (m, message) in conversation.messages.iter().enumerate() {
        if m > 0 {
            text.push_str("\n\n");
        }
        if let Some(Some(speaker)) = speakers.get(m) {
            index.push((text.len(), speaker));
            text.push_str(&speaker.value);
        }
        for (seam, piece) in each_seam(message) {
            text.push_str(seam);
            index.push((text.len(), &piece.text));
            text.push_str(&piece.text.value);
        }
    }
    (text, index)
}

/// Each piece of a message with what goes before it in the assembled text.
fn each_seam(message: &[Piece]) -> impl Iterator<Item = (&'static str, &Piece)> {
    let mut before: Option<&str> = None;
    message.iter().map(move |piece| {
        let seam = before.map_or("", |b| seam(b, piece));
        if !piece.text.value.is_empty() {
            before = Some(&piece.text.value);
        }
        (seam, piece)
    })
}

/// What joins a piece to the text of the message before it (`before`, the
/// last piece that has text). A block starts a new paragraph, so it starts
/// a new line: a line feed comes between unless one already ends the text
/// before or begins the block. So a speaker line in a later block (`CFO:
/// …` after a `[/RESPONSE]`) starts its line and names who speaks. A
/// block that goes on with a line (the text before ends with a space or a
/// tab, or the block starts with one or with punctuation that closes a
/// phrase) is joined as it is, and so is a part of one text.
fn seam(before: &str, piece: &Piece) -> &'static str {
    let next = piece.text.value.as_str();
    if !piece.block || before.is_empty() || next.is_empty() {
        return "";
    }
    let goes_on = before.ends_with([' ', '\t', '\n'])
        || next.starts_with([' ', '\t', '\n', '\r'])
        || next.starts_with(CONTINUING);
    if goes_on {
        ""
    } else {
        "\n"
    }
}

/// Punctuation that goes on with the phrase before it.
const CONTINUING: [char; 14] = [
    '.', ',', ';', ':', '!', '?', ')', ']', '}', '…', '»', '”', '’', '%',
];

/// Map a span of the assembled text to raw bytes of the log.
fn map_span(index: &Index<'_>, span: &Span) -> Span {
    let at = |offset: usize, end: bool| -> usize {
        let k = index
            .partition_point(|&(start, _)| start <= offset)
            .saturating_sub(1);
        let Some(&(start, piece)) = index.get(k) else {
            return 0;
        };
        let within = offset.saturating_sub(start);
        if within > piece.value.len() {
            // In the separator after the piece: its end (or the next start).
            return if end {
                piece.raw.end
            } else {
                index.get(k + 1).map_or(piece.raw.end, |(_, p)| p.raw.start)
            };
        }
        piece.raw_offset(within)
    };
    let start = at(span.start, false);
    let end = at(span.end, true).max(start);
    start..end
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sessions::json::JStr;

    fn piece(text: &str, block: bool) -> Piece {
        Piece {
            text: JStr {
                value: text.to_string(),
                raw: 0..0,
                map: vec![(0, 0)],
            },
            block,
        }
    }

    #[test]
    fn a_block_starts_a_new_line_unless_it_goes_on_with_one() {
        let cases = [
            // A block after a closed block, a sentence, a label: a new line.
            ("[/RESPONSE]", "CEO: Every view, please.", "\n"),
            ("Checking the lease.", "CFO responds:", "\n"),
            ("Vou conferir o contrato.", "Jurídico: ok", "\n"),
            // Already on a new line.
            ("[/RESPONSE]\n", "CEO: x", ""),
            ("[/RESPONSE]", "\n\nCEO: x", ""),
            ("Supporting data:\n", "  - a", ""),
            // Going on with a line: a space at the seam, closing punctuation.
            ("The lease is ", "€14K a month", ""),
            ("€14K", ", from October", ""),
            ("€14K", ".", ""),
            ("(from the quote", ")", ""),
        ];
        for (before, next, expected) in cases {
            assert_eq!(
                seam(before, &piece(next, true)),
                expected,
                "{before:?} {next:?}"
            );
        }
        // Parts of one text join as they are.
        assert_eq!(seam("Reven", &piece("ue grew", false)), "");
        assert_eq!(seam("[/RESPONSE]", &piece("CEO: x", false)), "");
    }
}
