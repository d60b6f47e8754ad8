//! A conversation's assistant text as one transcript text, and the map
//! that takes a span of it back to the bytes of the log.

use rayon::prelude::*;

use super::json;
use super::log::{Conversation, Piece, SessionLog};
use crate::settings::Settings;
use crate::syntax::Span;

impl SessionLog {
    /// Each conversation's assistant text, assembled from `log` (the text
    /// this was read from) into one transcript text, handed to `each` with
    /// the map that takes a span of that text back to the raw bytes of the
    /// log that hold it; what `each` makes of them, in the log's order.
    /// Conversations with no text are passed over. Conversations are
    /// independent: a log of many (a sub-agent's sidechain each, a
    /// dataset's lines) is assembled and handed over on every core.
    pub fn each_transcript<T: Send>(
        &self,
        log: &str,
        settings: &Settings,
        each: impl Fn(&str, &SpanMap) -> T + Sync,
    ) -> Vec<T> {
        self.conversations
            .par_iter()
            .filter_map(|conversation| {
                let speakers = speaker_lines(conversation, settings);
                let assembled = assemble(conversation, log, &speakers);
                if assembled.text.trim().is_empty() {
                    return None;
                }
                Some(each(&assembled.text, &assembled.map))
            })
            .collect()
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
    /// The conversation a new turn continues (see [`History`]), from `log`
    /// (the text this was read from); `None` when no conversation has
    /// text.
    pub fn history(&self, log: &str, settings: &Settings) -> Option<History> {
        let has_text =
            |c: &Conversation| c.messages.iter().flatten().any(|p| !p.raw(log).is_blank());
        let conversation = if self.conversations.first().is_some_and(has_text) {
            0
        } else {
            self.conversations.iter().rposition(has_text)?
        };
        let c = &self.conversations[conversation];
        let speakers = speaker_lines(c, settings);
        let assembled = assemble(c, log, &speakers);
        let starts = assembled.starts;
        let turn = c
            .turn
            .map(|n| starts.get(n).map_or(assembled.text.len(), |&(at, _)| at));
        Some(History {
            text: assembled.text,
            starts,
            conversation,
            turn,
        })
    }
}

/// Where a piece (or a speaker line) sits in the assembled text and in the
/// log.
#[derive(Debug)]
struct Placed {
    /// Its bytes in the assembled text.
    at: usize,
    end: usize,
    /// Its raw bytes in the log (empty for a speaker line: where its
    /// message starts).
    raw: Span,
    /// Its first entry in [`SpanMap::shifts`].
    shifts: usize,
}

/// Takes a span of a conversation's assembled text back to the log's bytes.
#[derive(Debug, Default)]
pub struct SpanMap {
    placed: Vec<Placed>,
    /// (offset in the text, offset in the log) after each escape of every
    /// piece, in order ([`json::Raw::decode_into`]).
    shifts: Vec<(usize, usize)>,
}

impl SpanMap {
    /// The bytes of the log that hold `span` of the assembled text.
    pub fn span(&self, span: &Span) -> Span {
        let start = self.offset(span.start, false);
        let end = self.offset(span.end, true).max(start);
        start..end
    }

    /// The byte of the log that holds byte `offset` of the text; in the
    /// separator after a piece, the piece's end (`end`) or the next one's
    /// start.
    fn offset(&self, offset: usize, end: bool) -> usize {
        let placed = &self.placed;
        let k = placed.partition_point(|p| p.at <= offset).saturating_sub(1);
        let Some(p) = placed.get(k) else {
            return 0;
        };
        if offset > p.end {
            return match end {
                true => p.raw.end,
                false => placed.get(k + 1).map_or(p.raw.end, |n| n.raw.start),
            };
        }
        let upto = placed.get(k + 1).map_or(self.shifts.len(), |n| n.shifts);
        json::raw_offset(&self.shifts[p.shifts..upto], p.at, &p.raw, offset)
    }
}

/// For each message whose agent name `session.roles` maps to a role, a
/// speaker line (`CFO:`) placed before it.
fn speaker_lines(conversation: &Conversation, settings: &Settings) -> Vec<Option<String>> {
    conversation
        .names
        .iter()
        .map(|name| {
            let role = settings
                .session_roles
                .iter()
                .find(|(n, _)| Some(n) == name.as_ref())
                .map(|(_, r)| r)?;
            Some(format!("{}:\n", role.to_ascii_uppercase()))
        })
        .collect()
}

/// A conversation's text, assembled.
struct Assembled {
    text: String,
    map: SpanMap,
    /// Where each message begins: (offset in `text`, offset in the log of
    /// its first piece).
    starts: Vec<(usize, usize)>,
}

/// Join a conversation's pieces, each decoded from `log` straight into the
/// text: within a message as it reads (each block a paragraph, [`seam`]),
/// by a blank line between messages; a mapped speaker line (mapped to its
/// message's first byte) opens its message.
fn assemble(conversation: &Conversation, log: &str, speakers: &[Option<String>]) -> Assembled {
    // Decoded, a string is no longer than it is raw: one allocation, with
    // room for a seam before each piece and a blank line before each
    // message.
    let room = conversation
        .messages
        .iter()
        .flatten()
        .map(|p| p.raw.len() + 3)
        .sum::<usize>()
        + speakers
            .iter()
            .flatten()
            .map(|s| s.len() + 2)
            .sum::<usize>();
    let mut text = String::with_capacity(room);
    let mut map = SpanMap::default();
    let mut starts = Vec::with_capacity(conversation.messages.len());
    for (m, message) in conversation.messages.iter().enumerate() {
        if m > 0 {
            text.push_str("\n\n");
        }
        let Some(first) = message.first() else {
            continue;
        };
        starts.push((text.len(), first.raw.start));
        if let Some(Some(speaker)) = speakers.get(m) {
            let at = first.raw.start;
            map.placed.push(Placed {
                at: text.len(),
                end: text.len() + speaker.len(),
                raw: at..at,
                shifts: map.shifts.len(),
            });
            text.push_str(speaker);
        }
        // The last character of the last piece that has text.
        let mut before: Option<char> = None;
        for piece in message {
            let raw = piece.raw(log);
            let next = raw.first_char();
            text.push_str(seam(before, next, piece));
            let at = text.len();
            let shifts = map.shifts.len();
            raw.decode_into(&mut text, &mut map.shifts);
            map.placed.push(Placed {
                at,
                end: text.len(),
                raw: piece.raw.clone(),
                shifts,
            });
            if next.is_some() {
                before = text.chars().next_back();
            }
        }
    }
    Assembled { text, map, starts }
}

/// What joins a piece (whose first character is `next`) to the text of
/// the message before it (whose last piece that has text ends with
/// `before`). A block starts a new paragraph, so it starts a new line: a
/// line feed comes between unless one already ends the text before or
/// begins the block. So a speaker line in a later block (`CFO: …` after a
/// `[/RESPONSE]`) starts its line and names who speaks. A block that goes
/// on with a line (the text before ends with a space or a tab, or the
/// block starts with one or with punctuation that closes a phrase) is
/// joined as it is, and so is a part of one text.
fn seam(before: Option<char>, next: Option<char>, piece: &Piece) -> &'static str {
    let (Some(before), Some(next), true) = (before, next, piece.block) else {
        return "";
    };
    let goes_on = matches!(before, ' ' | '\t' | '\n')
        || matches!(next, ' ' | '\t' | '\n' | '\r')
        || CONTINUING.contains(&next);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(block: bool) -> Piece {
        Piece {
            raw: 0..0,
            escaped: false,
            block,
        }
    }

    fn joined(before: &str, next: &str, block: bool) -> &'static str {
        seam(before.chars().last(), next.chars().next(), &piece(block))
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
            assert_eq!(joined(before, next, true), expected, "{before:?} {next:?}");
        }
        // Parts of one text join as they are.
        assert_eq!(joined("Reven", "ue grew", false), "");
        assert_eq!(joined("[/RESPONSE]", "CEO: x", false), "");
    }
}
