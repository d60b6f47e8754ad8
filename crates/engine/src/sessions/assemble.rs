//! A conversation's assistant text as one transcript text, and the map
//! that takes a span of it back to the bytes of the log.

use rayon::prelude::*;

use super::json::{self, Sink};
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
        each: impl Fn(&str, &SpanMap, &[usize]) -> T + Sync,
    ) -> Vec<T> {
        self.conversations
            .par_iter()
            .filter_map(|conversation| {
                let speakers = speaker_lines(conversation, settings);
                let assembled = assemble(conversation, log, &speakers);
                if assembled.text.trim().is_empty() {
                    return None;
                }
                let messages: Vec<usize> = assembled.starts.iter().map(|&(at, _)| at).collect();
                let found = each(&assembled.text, &assembled.map, &messages);
                // A large text is given back while the findings go out.
                if assembled.text.len() >= crate::parallel::FROM {
                    crate::parallel::drop_later(assembled);
                }
                Some(found)
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
    /// (offset in the text, offset in the log) after an escape of a
    /// piece every so often, in order ([`json::Raw::decode_into`]).
    shifts: Vec<(usize, usize)>,
}

impl SpanMap {
    /// The bytes of `log` (the text the conversation was assembled from)
    /// that hold `span` of the assembled text.
    pub fn span(&self, log: &str, span: &Span) -> Span {
        let start = self.offset(log, span.start, false);
        let end = self.offset(log, span.end, true).max(start);
        start..end
    }

    /// The byte of the log that holds byte `offset` of the text; in the
    /// separator after a piece, the piece's end (`end`) or the next one's
    /// start.
    fn offset(&self, log: &str, offset: usize, end: bool) -> usize {
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
        json::raw_offset(log, &self.shifts[p.shifts..upto], p.at, &p.raw, offset)
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
///
/// A large conversation is assembled in two parts at once, each written in
/// place into one buffer: the first from the buffer's start, the second
/// from the most room the first can take, then moved down to where the
/// first ends. Decoding a large text is mostly bringing its memory into
/// being, which the two parts share; the move is a copy within memory the
/// second part brought in already.
fn assemble(conversation: &Conversation, log: &str, speakers: &[Option<String>]) -> Assembled {
    let messages = &conversation.messages;
    let rooms = rooms(messages, speakers);
    let total: usize = rooms.iter().sum();
    if total >= crate::parallel::FROM {
        if let Some(assembled) = assemble_in_two(messages, log, speakers, &rooms) {
            return assembled;
        }
    }
    let mut text = String::with_capacity(total);
    let (map, starts) = assemble_into(messages, 0, log, speakers, &mut text);
    Assembled { text, map, starts }
}

/// The most each message can take of the text. Decoded, a string is no
/// longer than it is raw: room for each piece and the seam before it, the
/// message's speaker line and the blank line before it.
fn rooms(messages: &[Vec<Piece>], speakers: &[Option<String>]) -> Vec<usize> {
    let speaker = |m: usize| {
        speakers
            .get(m)
            .and_then(Option::as_ref)
            .map_or(0, String::len)
    };
    let pieces = |m: &Vec<Piece>| m.iter().map(|p| p.raw.len() + 1).sum::<usize>();
    messages
        .iter()
        .enumerate()
        .map(|(m, message)| 2 + speaker(m) + pieces(message))
        .collect()
}

/// [`assemble`] in two parts at once; `None` should a part not fit in the
/// room it was given (an escape that decodes longer than it is written,
/// which a log that was read cannot hold).
fn assemble_in_two(
    messages: &[Vec<Piece>],
    log: &str,
    speakers: &[Option<String>],
    rooms: &[usize],
) -> Option<Assembled> {
    let total: usize = rooms.iter().sum();
    // The message the second part starts with: about half the room before it.
    let mut before = 0;
    let split = rooms
        .iter()
        .position(|&r| {
            before += r;
            before >= total / 2
        })
        .map_or(messages.len(), |m| m + 1);
    let first_room: usize = rooms[..split].iter().sum();
    // Zeroed memory the system has not brought in: a part's pages come
    // into being as it writes them.
    let mut buffer = vec![0u8; total];
    let (a, b) = buffer.split_at_mut(first_room);
    let (mut first, mut second) = (Region::new(a), Region::new(b));
    let ((mut map, mut starts), (second_map, second_starts)) = rayon::join(
        || {
            crate::parallel::populate(first.buffer);
            assemble_into(&messages[..split], 0, log, speakers, &mut first)
        },
        || {
            crate::parallel::populate(second.buffer);
            assemble_into(&messages[split..], split, log, speakers, &mut second)
        },
    );
    if first.overflow || second.overflow {
        return None;
    }
    let (at, len) = (first.len, second.len);
    buffer.copy_within(first_room..first_room + len, at);
    buffer.truncate(at + len);
    if !crate::parallel::is_utf8(&buffer) {
        return None;
    }
    // SAFETY: checked as UTF-8 just above.
    let text = unsafe { String::from_utf8_unchecked(buffer) };
    let shifts = map.shifts.len();
    map.placed
        .extend(second_map.placed.into_iter().map(|p| Placed {
            at: p.at + at,
            end: p.end + at,
            raw: p.raw,
            shifts: p.shifts + shifts,
        }));
    map.shifts
        .extend(second_map.shifts.into_iter().map(|(t, raw)| (t + at, raw)));
    starts.extend(second_starts.into_iter().map(|(t, raw)| (t + at, raw)));
    Some(Assembled { text, map, starts })
}

/// Assemble `messages` (the conversation's from message `first` on) into
/// `text`: the map of what was written and where each message starts,
/// with offsets into what `text` was written from its start.
fn assemble_into(
    messages: &[Vec<Piece>],
    first: usize,
    log: &str,
    speakers: &[Option<String>],
    text: &mut impl Sink,
) -> (SpanMap, Vec<(usize, usize)>) {
    let mut map = SpanMap::default();
    let mut starts = Vec::with_capacity(messages.len());
    for (m, message) in (first..).zip(messages) {
        if m > 0 {
            text.push_str("\n\n");
        }
        let Some(head) = message.first() else {
            continue;
        };
        starts.push((text.written(), head.raw.start));
        if let Some(Some(speaker)) = speakers.get(m) {
            let at = head.raw.start;
            map.placed.push(Placed {
                at: text.written(),
                end: text.written() + speaker.len(),
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
            let at = text.written();
            let shifts = map.shifts.len();
            raw.decode_into(text, &mut map.shifts);
            map.placed.push(Placed {
                at,
                end: text.written(),
                raw: piece.raw.clone(),
                shifts,
            });
            if next.is_some() {
                before = text.last_char();
            }
        }
    }
    (map, starts)
}

/// A part of a text written in place, into its share of one buffer. What
/// does not fit is not written, and marks the part.
struct Region<'b> {
    buffer: &'b mut [u8],
    len: usize,
    overflow: bool,
}

impl<'b> Region<'b> {
    fn new(buffer: &'b mut [u8]) -> Self {
        Region {
            buffer,
            len: 0,
            overflow: false,
        }
    }
}

impl Sink for Region<'_> {
    fn push_str(&mut self, s: &str) {
        match self.buffer.get_mut(self.len..self.len + s.len()) {
            Some(to) => {
                to.copy_from_slice(s.as_bytes());
                self.len += s.len();
            }
            None => self.overflow = true,
        }
    }

    fn push(&mut self, c: char) {
        self.push_str(c.encode_utf8(&mut [0; 4]));
    }

    fn written(&self) -> usize {
        self.len
    }

    fn last_char(&self) -> Option<char> {
        let written = &self.buffer[..self.len];
        // A character has at most three continuation bytes.
        let start = (written.len().saturating_sub(4)..written.len())
            .rev()
            .find(|&i| written[i] & 0xC0 != 0x80)?;
        std::str::from_utf8(&written[start..]).ok()?.chars().next()
    }
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

    /// A log of `n` messages of two blocks each, with escapes of every
    /// width (a line feed, a quote, `é`, an emoji as a surrogate pair) and
    /// pieces that start with one, and its conversation.
    fn escaped_log(n: usize) -> (String, Conversation) {
        let mut log = String::new();
        let mut c = Conversation::default();
        for m in 0..n {
            let mut pieces = Vec::new();
            for text in [
                format!("CFO: message {m}\\n\\\"caf\\u00e9\\\" \\ud83d\\ude00 done."),
                format!("\\nline {m} of the second block\\n- item"),
            ] {
                log.push_str("{\"text\":\"");
                let start = log.len();
                log.push_str(&text);
                pieces.push(Piece {
                    raw: start..log.len(),
                    escaped: true,
                    block: true,
                });
                log.push_str("\"}\n");
            }
            // Now and then a message with its speaker line mapped.
            c.push(pieces, (m % 7 == 0).then(|| "cfo".to_string()));
        }
        (log, c)
    }

    #[test]
    fn a_large_conversation_assembled_in_two_parts_is_the_one_assembled_whole() {
        let (log, c) = escaped_log(20_000);
        let speakers: Vec<Option<String>> = c
            .names
            .iter()
            .map(|n| n.as_ref().map(|_| "CFO:\n".to_string()))
            .collect();
        let rooms = rooms(&c.messages, &speakers);
        let two = assemble_in_two(&c.messages, &log, &speakers, &rooms).unwrap();
        let mut text = String::new();
        let (map, starts) = assemble_into(&c.messages, 0, &log, &speakers, &mut text);
        assert_eq!(two.text, text);
        assert_eq!(two.starts, starts);
        assert_eq!(two.map.shifts, map.shifts);
        assert_eq!(two.map.placed.len(), map.placed.len());
        // Every span a finding may have maps to the same bytes of the log.
        for at in (0..text.len()).step_by(997) {
            for span in [at..at, at..(at + 40).min(text.len())] {
                assert_eq!(two.map.span(&log, &span), map.span(&log, &span), "{span:?}");
            }
        }
        // And the text is what the log says: a line feed decoded, the
        // emoji whole.
        assert!(text.contains("\n\nCFO: message 1\n\"caf\u{e9}\" \u{1f600} done.\nline 1 of"));
    }

    #[test]
    fn a_part_that_outgrows_its_room_is_assembled_whole() {
        // An escape a log that was read cannot hold (`\\q`) decodes to a
        // replacement character, longer than it is written: the parts give
        // way to the text assembled whole.
        let log = "\\q\\q\\q\\q|\\q\\q\\q\\q".to_string();
        let piece = |raw: Span| Piece {
            raw,
            escaped: true,
            block: true,
        };
        let messages = vec![vec![piece(0..8)], vec![piece(9..17)]];
        let speakers = vec![None, None];
        let rooms = rooms(&messages, &speakers);
        assert!(assemble_in_two(&messages, &log, &speakers, &rooms).is_none());
        let c = Conversation {
            messages,
            names: vec![None, None],
            turn: None,
        };
        let whole = assemble(&c, &log, &speakers);
        assert_eq!(
            whole.text,
            "\u{fffd}".repeat(4) + "\n\n" + &"\u{fffd}".repeat(4)
        );
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
