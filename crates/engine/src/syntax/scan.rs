//! The line scanner: reads a text the way the grammar's `document` rule
//! does, byte by byte, without the grammar's per-alternative matching.
//!
//! The grammar in `grammar/transcript.pest` stays the definition. This
//! module is a hand-compiled copy of its rules: the head (`bom`,
//! `front_matter`), the fenced blocks (`lint_fence`, `code_fence`,
//! `any_fence`), the line-level rules (`frame_line`, `heading`,
//! `list_item`, `plain_line` and the leads), which decide what a line is
//! from its first few bytes, and the inline rules (`code_span`, the
//! markers, `bad_marker`, `bracket`); prose between markers is skipped with
//! `memchr`. The literals the rules match are in the tables below, which a
//! unit test compares with the grammar's.
//!
//! Each function below names the rule it stands for and follows it
//! alternative by alternative (PEG semantics: ordered choice, greedy
//! repetition, no backtracking into a repetition). Unit tests, a property
//! test and the `scanner` fuzz target hold that a document read with the
//! scanner equals the same document read by the grammar (`spec`).

use super::types::strip_terminator;
use super::{BlockKind, CardEmoji, Document, Inline, Lead, LineData, LineKind, Marker, MarkerKind};
use super::{NoteKind, Span};

// ---------------------------------------------------------------- literals

/// `bom`.
pub(super) const BOM: &str = "\u{FEFF}";
/// The first literal of `front_matter`, and the alternatives of `fm_close`.
pub(super) const FRONT_MATTER_OPEN: &str = "---";
pub(super) const FRONT_MATTER_CLOSE: [&str; 2] = ["---", "..."];
/// The characters of `fence_run`'s alternatives, each written three or
/// more times.
pub(super) const FENCE_CHARS: [u8; 2] = [b'`', b'~'];
/// `lint_info`: the info strings of the fences whose body is linted.
pub(super) const LINT_INFOS: [&str; 2] = ["transcript", "boardlint"];
/// `frame_run`: `FRAME` written `FRAME_MIN` times or more.
pub(super) const FRAME: &str = "━";
pub(super) const FRAME_MIN: usize = 10;
/// `bullet_mark`.
pub(super) const BULLETS: [&str; 4] = ["-", "*", "+", "•"];
/// What ends a `number_mark`, after its digits.
pub(super) const NUMBER_ENDS: [u8; 2] = [b'.', b')'];
/// `phase_word`: the keyword of the phase rules, in English and
/// Portuguese, matched without regard to case.
pub(super) const PHASE_WORDS: [&str; 2] = ["phase", "fase"];
/// `source_tag`: the words of the template's source tags, `[VERIFIED]`.
pub(super) const SOURCE_TAGS: [&str; 2] = ["VERIFIED", "ASSUMED"];
/// The separators after a phase number (`heading_phase`, `phase_label`).
pub(super) const SEPARATORS: [&str; 3] = [":", "—", "-"];
/// `card_emoji`, with the card each one opens.
pub(super) const CARD_EMOJIS: [(&str, CardEmoji); 3] = [
    ("📊", CardEmoji::Standard),
    ("🚩", CardEmoji::Alert),
    ("📋", CardEmoji::Board),
];
/// `header_dash`: the dashes that end a header's name without spaces.
pub(super) const HEADER_DASHES: [&str; 2] = ["—", "–"];
/// `header_shape`: a header's name has at most this many words.
pub(super) const HEADER_WORDS_MAX: usize = 4;
/// `comment`'s opening and closing literals.
pub(super) const COMMENT_OPEN: &str = "<!--";
pub(super) const COMMENT_CLOSE: &str = "-->";
/// `bold`.
pub(super) const BOLD: [&str; 2] = ["**", "__"];
/// The characters besides letters and numbers that `word` takes: the
/// ASCII ones, and the one that is not.
pub(super) const WORD_ASCII: &[u8] = b"'/-_&().";
pub(super) const WORD_OTHER: char = '’';
/// The arrows of `arrow_lead`.
pub(super) const LEAD_ARROWS: [&str; 2] = ["→", "->"];
/// `arrow`, between the roles of a chain.
pub(super) const CHAIN_ARROWS: [&str; 3] = ["→", "->", ">"];
/// `bracket_follow`.
pub(super) const BRACKET_FOLLOWS: [u8; 3] = [b'(', b'[', b':'];
/// `keyword`: the marker keywords, in the grammar's order. None is a
/// prefix of another (a unit test holds this), so the first that matches
/// is the only one.
pub const KEYWORDS: [&str; 13] = [
    "INVOKE",
    "RESPONSE",
    "CHAIN",
    "BLOCKED",
    "ASSUMPTION",
    "ASSUMED",
    "CONFLICT",
    "BROADCAST",
    "PEER-VERIFY",
    "CRITIC-SCREEN",
    "VERIFIED",
    "VERIFICADO",
    "ASSUMIDO",
];

/// What follows the opening literal of a marker rule.
#[derive(Debug)]
pub(super) enum Shape {
    /// `hws* ~ role ~ hws* ~ "|" ~ question ~ "]"`: an invocation, or a
    /// broadcast.
    Ask { broadcast: bool },
    /// `hws* ~ role ~ (hws* ~ arrow ~ hws* ~ role)+ ~ hws* ~ "]"`
    Chain,
    /// `hws* ~ role ~ hws* ~ "]"`
    Open(BlockKind),
    /// Nothing: the literal is the whole marker.
    Literal(MarkerKind),
    /// `question ~ "]"`
    Note(NoteKind),
}

/// `marker`'s alternatives, by their opening literal, in the grammar's
/// order.
pub(super) static MARKERS: [(&str, Shape); 16] = [
    ("[INVOKE:", Shape::Ask { broadcast: false }),
    ("[BROADCAST:", Shape::Ask { broadcast: true }),
    ("[CHAIN:", Shape::Chain),
    ("[RESPONSE:", Shape::Open(BlockKind::Response)),
    (
        "[/RESPONSE]",
        Shape::Literal(MarkerKind::Close {
            block: BlockKind::Response,
        }),
    ),
    ("[PEER-VERIFY:", Shape::Open(BlockKind::PeerVerify)),
    (
        "[/PEER-VERIFY]",
        Shape::Literal(MarkerKind::Close {
            block: BlockKind::PeerVerify,
        }),
    ),
    (
        "[CRITIC-SCREEN]",
        Shape::Literal(MarkerKind::Open {
            block: BlockKind::CriticScreen,
            role: None,
        }),
    ),
    (
        "[/CRITIC-SCREEN]",
        Shape::Literal(MarkerKind::Close {
            block: BlockKind::CriticScreen,
        }),
    ),
    (
        "[CONFLICT DETECTED]",
        Shape::Literal(MarkerKind::Open {
            block: BlockKind::Conflict,
            role: None,
        }),
    ),
    (
        "[/CONFLICT]",
        Shape::Literal(MarkerKind::Close {
            block: BlockKind::Conflict,
        }),
    ),
    ("[BLOCKED:", Shape::Note(NoteKind::Blocked)),
    ("[ASSUMPTION:", Shape::Note(NoteKind::Assumption)),
    ("[CONFLICT:", Shape::Note(NoteKind::Conflict)),
    ("[VERIFIED:", Shape::Note(NoteKind::Verified)),
    ("[ASSUMED:", Shape::Note(NoteKind::Assumed)),
];

// ---------------------------------------------------------------- head

/// `head = { SOI ~ bom? ~ front_matter? }`: reads the front matter into
/// `doc` and returns where the first item starts.
pub(super) fn head(source: &str, doc: &mut Document) -> usize {
    let s = source.as_bytes();
    let start = if source.starts_with(BOM) {
        BOM.len()
    } else {
        0
    };
    match front_matter(s, start) {
        Some((body, end)) => {
            doc.front_matter = Some(body);
            end
        }
        None => start,
    }
}

/// `front_matter = { "---" ~ hws* ~ nl ~ front_matter_body ~ fm_close }`,
/// `front_matter_body = { (!fm_close ~ rest_of_line ~ nl)* }`: the body's
/// span and where the front matter ends.
fn front_matter(s: &[u8], at: usize) -> Option<(Span, usize)> {
    if !s[at..].starts_with(FRONT_MATTER_OPEN.as_bytes()) {
        return None;
    }
    let p = skip_hws(s, at + FRONT_MATTER_OPEN.len(), s.len());
    if !at_nl(s, p) {
        return None;
    }
    let body = past_line_end(s, p);
    let mut line = body;
    loop {
        if let Some(end) = fm_close(s, line) {
            return Some((body..line, end));
        }
        line += memchr::memchr(b'\n', &s[line..])? + 1;
    }
}

/// `fm_close = _{ ("---" | "...") ~ hws* ~ line_end }`: where it ends.
fn fm_close(s: &[u8], at: usize) -> Option<usize> {
    let close = FRONT_MATTER_CLOSE
        .iter()
        .find(|c| s[at..].starts_with(c.as_bytes()))?;
    let p = skip_hws(s, at + close.len(), s.len());
    at_line_end(s, p).then(|| past_line_end(s, p))
}

// ---------------------------------------------------------------- items

/// `item = { fenced | line }`, or with `lint_code_blocks` `item_all = {
/// any_fence | line }`: read the item that starts at `pos` into `doc` and
/// return where it ends (after its terminator).
pub(super) fn item(source: &str, pos: usize, lint_code_blocks: bool, doc: &mut Document) -> usize {
    let s = source.as_bytes();
    let eol = memchr::memchr(b'\n', &s[pos..]).map_or(s.len(), |i| pos + i);
    let first = skip_hws(s, pos, eol);
    if let Some(run_end) = fence_run(s, first, eol) {
        let run = &s[first..run_end];
        if lint_code_blocks {
            // `any_fence`'s opener needs a line feed; without one the line
            // is an ordinary line.
            if eol < s.len() {
                return fence_lines(source, eol + 1, run, doc);
            }
        } else if let Some(body) = lint_opener(s, run_end) {
            return fence_lines(source, body, run, doc);
        } else {
            let end = code_fence_body(s, (eol + 1).min(s.len()), run);
            doc.code_fences.push(pos..end);
            return end;
        }
    }
    line_at(source, pos, first, eol, false, doc)
}

/// `fence_run = @{ "```" ~ "`"* | "~~~" ~ "~"* }`: where the run that
/// starts at `at` ends.
fn fence_run(s: &[u8], at: usize, eol: usize) -> Option<usize> {
    let rest = &s[at..eol];
    let c = *FENCE_CHARS
        .iter()
        .find(|&&c| rest.len() >= 3 && rest[..3].iter().all(|&b| b == c))?;
    Some(at + rest.iter().take_while(|&&b| b == c).count())
}

/// The rest of `lint_fence`'s opener after its run: `hws* ~ lint_info ~
/// hws* ~ nl`, `lint_info = { ("transcript" | "boardlint") ~ !(!(hws | nl)
/// ~ ANY) }`; where the body starts.
fn lint_opener(s: &[u8], run_end: usize) -> Option<usize> {
    let p = skip_hws(s, run_end, s.len());
    let info = LINT_INFOS
        .iter()
        .find(|i| s[p..].starts_with(i.as_bytes()))?;
    let p = p + info.len();
    if !(p >= s.len() || s[p] == b' ' || s[p] == b'\t' || at_nl(s, p)) {
        return None;
    }
    let p = skip_hws(s, p, s.len());
    at_nl(s, p).then(|| past_line_end(s, p))
}

/// `(!fence_close_ahead ~ line)* ~ (fence_close | DROP ~ EOI)`, the body of
/// `lint_fence` and `any_fence`, from `at`: its lines go into `doc`, marked
/// as in a fence; returns where the block ends.
fn fence_lines(source: &str, mut at: usize, run: &[u8], doc: &mut Document) -> usize {
    let s = source.as_bytes();
    loop {
        if let Some(end) = fence_close(s, at, run) {
            return end;
        }
        if at >= s.len() {
            return at;
        }
        let eol = memchr::memchr(b'\n', &s[at..]).map_or(s.len(), |i| at + i);
        at = line_at(source, at, skip_hws(s, at, eol), eol, true, doc);
    }
}

/// `code_fence_body ~ (fence_close | DROP ~ EOI)`, with `code_fence_body =
/// { (!fence_close_ahead ~ rest_of_line ~ nl)* ~ (!fence_close_ahead ~ !nl
/// ~ ANY ~ rest_of_line ~ &EOI)? }`, from `at`: where the block ends.
fn code_fence_body(s: &[u8], mut at: usize, run: &[u8]) -> usize {
    loop {
        if let Some(end) = fence_close(s, at, run) {
            return end;
        }
        match memchr::memchr(b'\n', &s[at..]) {
            Some(i) => at += i + 1,
            None => return s.len(),
        }
    }
}

/// `fence_close = { fence_indent ~ POP ~ ("`" | "~")* ~ hws* ~ line_end }`
/// (and `fence_close_ahead`, the same as a lookahead), with `run` the
/// opener's: where it ends.
fn fence_close(s: &[u8], at: usize, run: &[u8]) -> Option<usize> {
    let p = skip_hws(s, at, s.len());
    if !s[p..].starts_with(run) {
        return None;
    }
    let mut p = p + run.len();
    while p < s.len() && FENCE_CHARS.contains(&s[p]) {
        p += 1;
    }
    let p = skip_hws(s, p, s.len());
    at_line_end(s, p).then(|| past_line_end(s, p))
}

// ---------------------------------------------------------------- lines

/// `line = ${ frame_line | heading | list_item | plain_line }`: read the
/// line that starts at `pos` (its first non-blank byte at `first`, its line
/// feed or the end at `eol`) into `doc` and return where it ends (after its
/// terminator).
fn line_at(
    source: &str,
    pos: usize,
    first: usize,
    eol: usize,
    in_fence: bool,
    doc: &mut Document,
) -> usize {
    let at = LineAt {
        pos,
        first,
        eol,
        in_fence,
    };
    if let Some(end) = frame_line(source, &at, doc) {
        return end;
    }
    if let Some(end) = heading(source, &at, doc) {
        return end;
    }
    if let Some(end) = list_item(source, &at, doc) {
        return end;
    }
    plain_line(source, &at, doc)
}

/// Where a line is: its start, its first byte after blanks, its line feed
/// (or the end of the text), and whether it is in a linted fence.
struct LineAt {
    pos: usize,
    first: usize,
    eol: usize,
    in_fence: bool,
}

impl LineAt {
    fn data(&self, span: Span) -> LineData {
        LineData {
            content: span.end..span.end,
            span,
            kind: LineKind::Plain,
            indent: 0,
            quoted: false,
            lead: None,
            inlines: Vec::new(),
            in_fence: self.in_fence,
        }
    }
}

pub(super) fn skip_hws(s: &[u8], mut at: usize, end: usize) -> usize {
    while at < end && (s[at] == b' ' || s[at] == b'\t') {
        at += 1;
    }
    at
}

/// `line_end = nl | EOI` holds at `at`.
fn at_line_end(s: &[u8], at: usize) -> bool {
    at >= s.len() || s[at] == b'\n' || s[at..].starts_with(b"\r\n")
}

/// The length of the first of `literals` written at `at`, when one is.
fn literal_at(s: &[u8], at: usize, literals: &[&str]) -> Option<usize> {
    let rest = &s[at.min(s.len())..];
    literals
        .iter()
        .find(|l| rest.starts_with(l.as_bytes()))
        .map(|l| l.len())
}

/// `nl = _{ "\r\n" | "\n" }` holds at `at`.
fn at_nl(s: &[u8], at: usize) -> bool {
    s[at.min(s.len())..].starts_with(b"\n") || s[at.min(s.len())..].starts_with(b"\r\n")
}

/// Where the line ends when `line_end` holds at `at`: after the terminator.
fn past_line_end(s: &[u8], at: usize) -> usize {
    if at >= s.len() {
        at
    } else if s[at] == b'\n' {
        at + 1
    } else {
        at + 2
    }
}

/// `frame_line = { hws* ~ frame_run ~ hws* ~ line_end }`,
/// `frame_run = { "━"{10,} }`.
fn frame_line(source: &str, l: &LineAt, doc: &mut Document) -> Option<usize> {
    let (pos, first, eol) = (l.pos, l.first, l.eol);
    let s = source.as_bytes();
    let mut at = first;
    let mut width = 0;
    while s[at..eol].starts_with(FRAME.as_bytes()) {
        at += FRAME.len();
        width += 1;
    }
    if width < FRAME_MIN {
        return None;
    }
    let at = skip_hws(s, at, eol);
    if !at_line_end(s, at) {
        return None;
    }
    let end = past_line_end(s, at);
    let mut line = l.data(strip_terminator(source, pos..end));
    line.kind = LineKind::Frame { width };
    doc.lines.push(line);
    Some(end)
}

/// `heading = { " "{0,3} ~ heading_hash ~ (hws+ ~ (heading_phase | line_lead)? ~ content?)? ~ hws* ~ line_end }`.
fn heading(source: &str, l: &LineAt, doc: &mut Document) -> Option<usize> {
    let (pos, eol) = (l.pos, l.eol);
    let s = source.as_bytes();
    let mut at = pos;
    while at < pos + 3 && at < eol && s[at] == b' ' {
        at += 1;
    }
    let hashes = at;
    while at < hashes + 6 && at < eol && s[at] == b'#' {
        at += 1;
    }
    let level = at - hashes;
    if level == 0 {
        return None;
    }
    let hash_end = at;
    let after_ws = skip_hws(s, at, eol);
    if after_ws == hash_end {
        // No `hws+`: only `hws* ~ line_end` may follow, and hws* is empty.
        if !at_line_end(s, at) {
            return None;
        }
        let end = past_line_end(s, at);
        let span = strip_terminator(source, pos..end);
        let mut line = l.data(span.clone());
        line.kind = LineKind::Heading { level: level as u8 };
        line.content = span.end..span.end;
        doc.lines.push(line);
        return Some(end);
    }
    // `hws+` matched; what follows always reads to the end of the line.
    let mut after_prefix = after_ws;
    let lead = heading_phase(source, after_ws, eol).or_else(|| line_lead(source, after_ws, eol));
    let lead = lead.map(|(lead, end)| {
        after_prefix = end;
        lead
    });
    let inline_start = doc.lines.inlines.len();
    let (tokens, end_of_content) = content(source, after_prefix, doc);
    let end = past_line_end(s, end_of_content);
    let span = strip_terminator(source, pos..end);
    let mut line = l.data(span.clone());
    line.kind = LineKind::Heading { level: level as u8 };
    line.lead = lead;
    let start = if tokens {
        after_prefix
    } else {
        skip_hws(s, after_prefix, span.end)
    };
    line.content = start.min(span.end)..span.end;
    doc.lines.push_after_items(line, inline_start);
    Some(end)
}

/// `heading_phase = { ^"phase" ~ hws+ ~ phase_number ~ !ASCII_DIGIT ~ (hws* ~ (":" | "—" | "-"))? ~ hws* }`.
fn heading_phase(source: &str, at: usize, eol: usize) -> Option<(Lead, usize)> {
    let s = source.as_bytes();
    let (number, mut p) = phase_number(s, at, eol)?;
    let q = skip_hws(s, p, eol);
    if let Some(sep) = separator(s, q) {
        p = q + sep;
    }
    p = skip_hws(s, p, eol);
    Some((
        Lead::Phase {
            number,
            span: at..p,
        },
        p,
    ))
}

/// `phase_word ~ hws+ ~ phase_number ~ !ASCII_DIGIT`, the part the phase
/// rules share; the number and where it ends.
fn phase_number(s: &[u8], at: usize, eol: usize) -> Option<(u32, usize)> {
    let word = PHASE_WORDS.iter().find(|w| {
        s.get(at..at + w.len())
            .is_some_and(|b| b.eq_ignore_ascii_case(w.as_bytes()))
    })?;
    let p = at + word.len();
    let digits = skip_hws(s, p, eol);
    if digits == p {
        return None;
    }
    let mut e = digits;
    while e < digits + 3 && e < eol && s[e].is_ascii_digit() {
        e += 1;
    }
    if e == digits || (e < eol && s[e].is_ascii_digit()) {
        return None;
    }
    let number = std::str::from_utf8(&s[digits..e]).ok()?.parse().ok()?;
    Some((number, e))
}

/// The length of `":" | "—" | "-"` at `at`, when one is there.
fn separator(s: &[u8], at: usize) -> Option<usize> {
    literal_at(s, at, &SEPARATORS)
}

/// `list_item = { indent ~ list_marker ~ (hws+ ~ content?)? ~ line_end }`.
fn list_item(source: &str, l: &LineAt, doc: &mut Document) -> Option<usize> {
    let (pos, first, eol) = (l.pos, l.first, l.eol);
    let s = source.as_bytes();
    let (ordered, marker_end) = list_marker(s, first, eol)?;
    let after_ws = skip_hws(s, marker_end, eol);
    if after_ws == marker_end && !at_line_end(s, marker_end) {
        return None;
    }
    let inline_start = doc.lines.inlines.len();
    let end_of_content = if after_ws > marker_end {
        content(source, after_ws, doc).1
    } else {
        marker_end
    };
    let end = past_line_end(s, end_of_content);
    let span = strip_terminator(source, pos..end);
    let mut line = l.data(span.clone());
    line.kind = LineKind::ListItem { ordered };
    line.indent = first - pos;
    line.content = after_ws.min(span.end)..span.end;
    doc.lines.push_after_items(line, inline_start);
    Some(end)
}

/// `list_marker = { bullet_mark | number_mark }`: whether it is numbered,
/// and where it ends.
fn list_marker(s: &[u8], at: usize, eol: usize) -> Option<(bool, usize)> {
    let rest = &s[at..eol];
    if let Some(bullet) = BULLETS.iter().find(|b| rest.starts_with(b.as_bytes())) {
        return Some((false, at + bullet.len()));
    }
    let digits = rest
        .iter()
        .take(9)
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits > 0 && rest.get(digits).is_some_and(|b| NUMBER_ENDS.contains(b)) {
        return Some((true, at + digits + 1));
    }
    None
}

/// `plain_line`, whose alternatives are: `indent ~ quote? ~ line_lead? ~
/// content ~ line_end`, `indent ~ quote? ~ line_lead ~ line_end`, `indent ~
/// quote ~ line_end`, `hws+ ~ line_end`, `nl`.
fn plain_line(source: &str, l: &LineAt, doc: &mut Document) -> usize {
    let (pos, first, eol) = (l.pos, l.first, l.eol);
    let s = source.as_bytes();
    let mut after_prefix = first;
    let mut quoted = false;
    if first < eol && s[first] == b'>' {
        // `quote = { (">" ~ hws*)+ }`
        let mut at = first;
        while at < eol && s[at] == b'>' {
            at = skip_hws(s, at + 1, eol);
        }
        quoted = true;
        after_prefix = at;
    }
    let lead = line_lead(source, after_prefix, eol).map(|(lead, end)| {
        after_prefix = end;
        lead
    });
    if at_line_end(s, after_prefix) {
        // No content: the second, third, fourth or fifth alternative.
        let end = past_line_end(s, after_prefix);
        let span = strip_terminator(source, pos..end);
        let mut line = l.data(span.clone());
        if lead.is_some() || quoted {
            line.indent = first - pos;
            line.quoted = quoted;
            line.lead = lead;
            line.content = after_prefix.min(span.end)..span.end;
        } else {
            // `hws+ ~ line_end` or `nl`: no indent token.
            line.content = span.clone();
        }
        if line.lead.is_none() && source[span].trim().is_empty() {
            line.kind = LineKind::Blank;
        }
        doc.lines.push(line);
        return end;
    }
    let inline_start = doc.lines.inlines.len();
    let (_, end_of_content) = content(source, after_prefix, doc);
    let end = past_line_end(s, end_of_content);
    let span = strip_terminator(source, pos..end);
    let mut line = l.data(span.clone());
    line.indent = first - pos;
    line.quoted = quoted;
    line.content = after_prefix.min(span.end)..span.end;
    if lead.is_none() && doc.lines.inlines.len() == inline_start && source[span].trim().is_empty() {
        line.kind = LineKind::Blank;
    }
    line.lead = lead;
    doc.lines.push_after_items(line, inline_start);
    end
}

/// `line_lead = _{ comment | card_header | phase_label | label | arrow_lead }`.
fn line_lead(source: &str, at: usize, eol: usize) -> Option<(Lead, usize)> {
    let s = source.as_bytes();
    let rest = &s[at..eol];
    let b = *rest.first()?;
    match b {
        b'<' => comment(source, at, eol),
        0xF0 => card_header(source, at, eol),
        _ => None,
    }
    .or_else(|| phase_label(s, at, eol))
    .or_else(|| bold_phase(s, at, eol))
    .or_else(|| label(source, at, eol))
    .or_else(|| arrow_lead(s, at, eol))
}

/// `comment = { "<!--" ~ comment_text ~ "-->" }`,
/// `comment_text = { (!("-->" | nl) ~ ANY)* }`.
fn comment(source: &str, at: usize, eol: usize) -> Option<(Lead, usize)> {
    let line = source.get(at..eol)?;
    let body = line.strip_prefix(COMMENT_OPEN)?;
    let close = body.find(COMMENT_CLOSE)?;
    let text = at + COMMENT_OPEN.len()..at + COMMENT_OPEN.len() + close;
    let end = text.end + COMMENT_CLOSE.len();
    Some((
        Lead::Comment {
            text,
            span: at..end,
        },
        end,
    ))
}

/// `card_header = { card_emoji ~ hws* ~ &header_shape }`,
/// `card_emoji = { "📊" | "🚩" | "📋" }`.
fn card_header(source: &str, at: usize, eol: usize) -> Option<(Lead, usize)> {
    let s = source.as_bytes();
    let rest = &s[at..eol];
    let (text, emoji) = CARD_EMOJIS
        .iter()
        .find(|(e, _)| rest.starts_with(e.as_bytes()))?;
    let end = skip_hws(s, at + text.len(), eol);
    header_shape(source, end, eol)?;
    Some((Lead::CardHeader { emoji: *emoji }, end))
}

/// `header_shape = _{ bold? ~ "["? ~ header_word ~ (" " ~ header_word){0,3} ~ "]"? ~ bold? ~ header_dash }`:
/// where it ends, when the text at `at` has it.
fn header_shape(source: &str, at: usize, eol: usize) -> Option<usize> {
    let s = source.as_bytes();
    let mut p = at + bold(s, at, eol);
    if p < eol && s[p] == b'[' {
        p += 1;
    }
    p = header_word(source, p, eol)?;
    for _ in 0..HEADER_WORDS_MAX - 1 {
        if p < eol && s[p] == b' ' {
            if let Some(e) = header_word(source, p + 1, eol) {
                p = e;
                continue;
            }
        }
        break;
    }
    if p < eol && s[p] == b']' {
        p += 1;
    }
    p += bold(s, p, eol);
    header_dash(s, p, eol)
}

/// `header_word = _{ (ASCII_ALPHANUMERIC | LETTER | "_")+ }`: where it ends.
fn header_word(source: &str, at: usize, eol: usize) -> Option<usize> {
    let mut p = at;
    while p < eol {
        let c = source[p..].chars().next()?;
        if c.is_ascii_alphanumeric() || c == '_' || pest::unicode::LETTER(c) {
            p += c.len_utf8();
        } else {
            break;
        }
    }
    (p > at).then_some(p)
}

/// `header_dash = _{ hws* ~ ("—" | "–") | hws+ ~ "-" ~ hws }`: where it ends.
fn header_dash(s: &[u8], at: usize, eol: usize) -> Option<usize> {
    let p = skip_hws(s, at, eol);
    if let Some(len) = literal_at(&s[..eol], p, &HEADER_DASHES) {
        return Some(p + len);
    }
    let spaced = p > at && p < eol && s[p] == b'-';
    (spaced && p + 1 < eol && (s[p + 1] == b' ' || s[p + 1] == b'\t')).then_some(p + 2)
}

/// `phase_label = { ^"phase" ~ hws+ ~ phase_number ~ !ASCII_DIGIT ~ hws* ~ (":" | "—" | "-" | &line_end) ~ hws* }`.
fn phase_label(s: &[u8], at: usize, eol: usize) -> Option<(Lead, usize)> {
    let (number, p) = phase_number(s, at, eol)?;
    let q = skip_hws(s, p, eol);
    let q = match separator(s, q) {
        Some(len) => q + len,
        None if at_line_end(s, q) => q,
        None => return None,
    };
    let end = skip_hws(s, q, eol);
    Some((
        Lead::Phase {
            number,
            span: at..end,
        },
        end,
    ))
}

/// `bold_phase = { "**" ~ bold_phase_head ~ &((!("**" | nl) ~ ANY)* ~ "**" ~ hws* ~ line_end) | "__" ~ … }`,
/// `bold_phase_head = _{ phase_word ~ hws+ ~ phase_number ~ !ASCII_DIGIT ~ hws* ~ (":" | "—" | "-" | &bold) ~ hws* }`.
fn bold_phase(s: &[u8], at: usize, eol: usize) -> Option<(Lead, usize)> {
    let mark = BOLD.iter().find(|b| s[at..eol].starts_with(b.as_bytes()))?;
    let (number, p) = phase_number(s, at + mark.len(), eol)?;
    let q = skip_hws(s, p, eol);
    let q = match separator(s, q) {
        Some(len) => q + len,
        None if bold(s, q, eol) > 0 => q,
        None => return None,
    };
    let end = skip_hws(s, q, eol);
    // The same mark closes the bold, first where it occurs, at the end of
    // the line.
    let close = end + memchr::memmem::find(&s[end..eol], mark.as_bytes())?;
    if !at_line_end(s, skip_hws(s, close + mark.len(), eol)) {
        return None;
    }
    Some((
        Lead::Phase {
            number,
            span: at..end,
        },
        end,
    ))
}

/// `bold = _{ "**" | "__" }`: its length at `at`, or 0.
fn bold(s: &[u8], at: usize, eol: usize) -> usize {
    literal_at(&s[..eol], at, &BOLD).unwrap_or(0)
}

/// `label = { bold? ~ label_text ~ bold? ~ ":" ~ bold? ~ hws* }`,
/// `label_text = @{ word ~ ((hws | ", ") ~ word){0,5} }`.
fn label(source: &str, at: usize, eol: usize) -> Option<(Lead, usize)> {
    let s = source.as_bytes();
    // No colon on the line, no label.
    memchr::memchr(b':', &s[at..eol])?;
    let text_start = at + bold(s, at, eol);
    let mut p = word(source, text_start, eol)?;
    for _ in 0..5 {
        let sep = if p < eol && (s[p] == b' ' || s[p] == b'\t') {
            p + 1
        } else if s[p..eol].starts_with(b", ") {
            p + 2
        } else {
            break;
        };
        match word(source, sep, eol) {
            Some(e) => p = e,
            None => break,
        }
    }
    let text = text_start..p;
    p += bold(s, p, eol);
    if p >= eol || s[p] != b':' {
        return None;
    }
    p += 1;
    p += bold(s, p, eol);
    let end = skip_hws(s, p, eol);
    Some((
        Lead::Label {
            text,
            span: at..end,
        },
        end,
    ))
}

/// `word = _{ (ASCII_ALPHANUMERIC | LETTER | NUMBER | "'" | "’" | "/" | "-" | "_" | "&" | "(" | ")" | ".")+ }`:
/// where one or more word characters from `at` end.
fn word(source: &str, at: usize, eol: usize) -> Option<usize> {
    let s = source.as_bytes();
    let mut p = at;
    while p < eol {
        let b = s[p];
        if b.is_ascii() {
            if b.is_ascii_alphanumeric() || WORD_ASCII.contains(&b) {
                p += 1;
                continue;
            }
            break;
        }
        let c = source[p..].chars().next()?;
        if c == WORD_OTHER || pest::unicode::LETTER(c) || pest::unicode::NUMBER(c) {
            p += c.len_utf8();
        } else {
            break;
        }
    }
    (p > at).then_some(p)
}

/// `arrow_lead = { bold? ~ arrow_name ~ bold? ~ hws* ~ ("→" | "->") ~ hws* ~ &("[" | "`[") }`,
/// `arrow_name = @{ ASCII_ALPHA ~ ASCII_ALPHANUMERIC* }`.
fn arrow_lead(s: &[u8], at: usize, eol: usize) -> Option<(Lead, usize)> {
    let name_start = at + bold(s, at, eol);
    if name_start >= eol || !s[name_start].is_ascii_alphabetic() {
        return None;
    }
    let mut p = name_start + 1;
    while p < eol && s[p].is_ascii_alphanumeric() {
        p += 1;
    }
    let name = name_start..p;
    p += bold(s, p, eol);
    p = skip_hws(s, p, eol);
    p += literal_at(&s[..eol], p, &LEAD_ARROWS)?;
    p = skip_hws(s, p, eol);
    let rest = &s[p..eol];
    if !(rest.starts_with(b"[") || rest.starts_with(b"`[")) {
        return None;
    }
    Some((Lead::Arrow { name, span: at..p }, p))
}

/// `content = _{ (text | code_span | marker | bad_marker | bracket | stray)+ }`
/// from `at` to the end of the line (a marker's text may carry it over
/// line feeds). Items go into the document's table; returns whether the
/// content made any token (text, or an item other than `stray`) and where
/// it ends: at the line's terminator or the end of the input.
fn content(source: &str, mut at: usize, doc: &mut Document) -> (bool, usize) {
    let s = source.as_bytes();
    let mut tokens = false;
    loop {
        if at >= s.len() || s[at] == b'\n' || s[at..].starts_with(b"\r\n") {
            return (tokens, at);
        }
        if s[at] != b'[' && s[at] != b'`' {
            // `text`: a run up to the next `[`, backtick or line feed.
            tokens = true;
            at = memchr::memchr3(b'[', b'`', b'\n', &s[at..]).map_or(s.len(), |i| at + i);
            // A `\r` before the line feed is text too; the loop's check
            // sees the `\n` next.
            continue;
        }
        // One element at a `[` or backtick.
        let (end, item) = if s[at] == b'`' {
            code_span(s, at)
        } else {
            bracket_item(s, at)
        };
        if let Some(item) = item {
            tokens = true;
            doc.lines.inlines.push(item);
        }
        at = end.max(at + 1);
    }
}

// ---------------------------------------------------------------- inline

/// `code_span = { PUSH("`"+) ~ (!(PEEK | nl) ~ ANY)* ~ POP }`, else
/// `stray = _{ "`"+ }`: where the element ends, and its item.
fn code_span(s: &[u8], at: usize) -> (usize, Option<Inline>) {
    let run = s[at..].iter().take_while(|&&b| b == b'`').count();
    let opener = &s[at..at + run];
    let mut p = at + run;
    // The closing run may start at any backtick before the line ends.
    while let Some(i) = memchr::memchr2(b'`', b'\n', &s[p..]) {
        let k = p + i;
        if s[k] == b'\n' {
            break;
        }
        if s[k..].starts_with(opener) {
            let end = k + run;
            return (end, Some(Inline::CodeSpan { span: at..end }));
        }
        p = k + 1;
    }
    (at + run, None)
}

/// At a `[`: `marker | bad_marker | bracket | stray`.
fn bracket_item(s: &[u8], at: usize) -> (usize, Option<Inline>) {
    if let Some((end, kind)) = marker(s, at) {
        let marker = Marker {
            span: at..end,
            kind,
        };
        return (end, Some(Inline::Marker(marker)));
    }
    if let Some(end) = bad_marker(s, at) {
        return (end, Some(Inline::BadMarker { span: at..end }));
    }
    if let Some(found) = bracket(s, at) {
        return found;
    }
    (at + 1, None)
}

/// `marker_start = _{ "[" ~ "/"? ~ keyword ~ !(ASCII_ALPHANUMERIC | "_") }`:
/// where it ends (the lookahead not consumed).
fn marker_start(s: &[u8], at: usize) -> Option<usize> {
    if s.get(at) != Some(&b'[') {
        return None;
    }
    let mut p = at + 1;
    if s.get(p) == Some(&b'/') {
        p += 1;
    }
    // `!source_tag`: `[VERIFIED]` and `[ASSUMED]` are tags.
    if p == at + 1 {
        let tag = SOURCE_TAGS
            .iter()
            .find(|t| s[p..].starts_with(t.as_bytes()));
        if let Some(tag) = tag {
            if s.get(skip_hws_to_end(s, p + tag.len())) == Some(&b']') {
                return None;
            }
        }
    }
    // Ordered choice: the first keyword that matches is the one tried.
    let keyword = KEYWORDS.iter().find(|k| s[p..].starts_with(k.as_bytes()))?;
    p += keyword.len();
    match s.get(p) {
        Some(b) if b.is_ascii_alphanumeric() || *b == b'_' => None,
        _ => Some(p),
    }
}

/// `marker`: one of the marker rules, tried in the grammar's order.
fn marker(s: &[u8], at: usize) -> Option<(usize, MarkerKind)> {
    let rest = &s[at..];
    if rest.len() < 2 || !(rest[1].is_ascii_uppercase() || rest[1] == b'/') {
        return None;
    }
    for (literal, shape) in &MARKERS {
        if !rest.starts_with(literal.as_bytes()) {
            continue;
        }
        let p = at + literal.len();
        let found = match shape {
            Shape::Ask { broadcast } => (|| {
                let (role, p) = role_between_hws(s, p)?;
                if s.get(p) != Some(&b'|') {
                    return None;
                }
                let (question, p) = question_then_close(s, p + 1)?;
                let kind = if *broadcast {
                    MarkerKind::Broadcast {
                        target: role,
                        question,
                    }
                } else {
                    MarkerKind::Invoke { role, question }
                };
                Some((p, kind))
            })(),
            Shape::Chain => chain(s, p),
            Shape::Open(block) => (|| {
                let block = *block;
                let (role, p) = role_between_hws(s, p)?;
                if s.get(p) != Some(&b']') {
                    return None;
                }
                Some((
                    p + 1,
                    MarkerKind::Open {
                        block,
                        role: Some(role),
                    },
                ))
            })(),
            Shape::Literal(kind) => Some((p, kind.clone())),
            Shape::Note(note) => question_then_close(s, p).map(|(text, p)| {
                let note = *note;
                (p, MarkerKind::Note { note, text })
            }),
        };
        // The literals are distinct: once one matched, no other rule can.
        return found;
    }
    None
}

fn skip_hws_to_end(s: &[u8], at: usize) -> usize {
    skip_hws(s, at, s.len())
}

/// `role = @{ LETTER ~ (LETTER | MARK | ASCII_DIGIT | "_" | "-" ~ &(LETTER | ASCII_DIGIT))* }`.
fn role(s: &[u8], at: usize) -> Option<Span> {
    let (first, len) = char_at(s, at)?;
    if !(first.is_ascii_alphabetic() || (!first.is_ascii() && pest::unicode::LETTER(first))) {
        return None;
    }
    let mut p = at + len;
    while p < s.len() {
        let b = s[p];
        if b.is_ascii() {
            if b.is_ascii_alphanumeric() || b == b'_' {
                p += 1;
                continue;
            }
            // `-` inside a name (`cs-cro-advisor`), followed by a letter or
            // digit; `->` and a trailing `-` end the token.
            if b == b'-' {
                if let Some((c, _)) = char_at(s, p + 1) {
                    if c.is_ascii_digit() || pest::unicode::LETTER(c) {
                        p += 1;
                        continue;
                    }
                }
            }
            break;
        }
        match char_at(s, p) {
            Some((c, len)) if pest::unicode::LETTER(c) || pest::unicode::MARK(c) => p += len,
            _ => break,
        }
    }
    Some(at..p)
}

/// The character that starts at `at` (a character boundary of UTF-8
/// text), and its length.
fn char_at(s: &[u8], at: usize) -> Option<(char, usize)> {
    let b = *s.get(at)?;
    let len = match b {
        0x00..=0x7F => return Some((char::from(b), 1)),
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    };
    let c = std::str::from_utf8(s.get(at..at + len)?)
        .ok()?
        .chars()
        .next()?;
    Some((c, len))
}

/// `hws* ~ role ~ hws*`: the role and where the white space after it ends.
fn role_between_hws(s: &[u8], at: usize) -> Option<(Span, usize)> {
    let role = role(s, skip_hws_to_end(s, at))?;
    let end = skip_hws_to_end(s, role.end);
    Some((role, end))
}

/// `question ~ "]"`: the question's span and where the `]` ends.
fn question_then_close(s: &[u8], at: usize) -> Option<(Span, usize)> {
    let end = question(s, at)?;
    if s.get(end) != Some(&b']') {
        return None;
    }
    Some((at..end, end + 1))
}

/// `chain = { "[CHAIN:" ~ hws* ~ role ~ (hws* ~ arrow ~ hws* ~ role)+ ~ hws* ~ "]" }`,
/// `arrow = _{ "→" | "->" | ">" }`, from after the literal.
fn chain(s: &[u8], at: usize) -> Option<(usize, MarkerKind)> {
    let first = role(s, skip_hws_to_end(s, at))?;
    let mut p = first.end;
    let mut roles = vec![first];
    loop {
        let q = skip_hws_to_end(s, p);
        let Some(arrow) = literal_at(s, q, &CHAIN_ARROWS) else {
            break;
        };
        let q = q + arrow;
        match role(s, skip_hws_to_end(s, q)) {
            Some(r) => {
                p = r.end;
                roles.push(r);
            }
            None => break,
        }
    }
    if roles.len() < 2 {
        return None;
    }
    let p = skip_hws_to_end(s, p);
    if s.get(p) != Some(&b']') {
        return None;
    }
    Some((p + 1, MarkerKind::Chain { roles }))
}

/// `question = { (q_text | q_group1)+ }`: where it ends, when it reads
/// anything.
fn question(s: &[u8], at: usize) -> Option<usize> {
    let end = q_items(s, at, 0);
    (end > at).then_some(end)
}

/// `(q_text | q_groupN)*` at depth `depth` (0 for the question itself):
/// where the run ends.
fn q_items(s: &[u8], at: usize, depth: usize) -> usize {
    let mut p = at;
    loop {
        if let Some(e) = q_text(s, p) {
            p = e;
        } else if depth < 3 {
            match q_group(s, p, depth + 1) {
                Some(e) => p = e,
                None => return p,
            }
        } else {
            return p;
        }
    }
}

/// `q_groupN = _{ !marker_start ~ "[" ~ (q_text | q_group(N+1))* ~ "]" }`
/// (`q_group3` holds text only).
fn q_group(s: &[u8], at: usize, depth: usize) -> Option<usize> {
    if s.get(at) != Some(&b'[') || marker_start(s, at).is_some() {
        return None;
    }
    let p = q_items(s, at + 1, depth);
    (s.get(p) == Some(&b']')).then_some(p + 1)
}

/// `q_text = _{ (!("[" | "]" | paragraph_end) ~ ANY)+ }`, with
/// `paragraph_end = _{ nl ~ hws* ~ line_end }`: where the run ends, when it
/// reads anything.
fn q_text(s: &[u8], at: usize) -> Option<usize> {
    let mut p = at;
    loop {
        let Some(i) = memchr::memchr3(b'[', b']', b'\n', &s[p..]) else {
            p = s.len();
            break;
        };
        let k = p + i;
        if s[k] != b'\n' {
            p = k;
            break;
        }
        // A line feed: the text stops before it (or before the `\r` in
        // front of it) when a blank line or the end of the input follows.
        let next = skip_hws(s, k + 1, s.len());
        if at_line_end(s, next) {
            p = if k > at && s[k - 1] == b'\r' {
                k - 1
            } else {
                k
            };
            break;
        }
        p = k + 1;
    }
    (p > at).then_some(p)
}

/// `bad_marker = { marker_start ~ (!("]" | nl | marker_start) ~ ANY)* ~ "]"? }`.
fn bad_marker(s: &[u8], at: usize) -> Option<usize> {
    let mut p = marker_start(s, at)?;
    loop {
        let Some(i) = memchr::memchr3(b']', b'\n', b'[', &s[p..]) else {
            return Some(s.len());
        };
        let k = p + i;
        match s[k] {
            b']' => return Some(k + 1),
            b'\n' => return Some(if k > p && s[k - 1] == b'\r' { k - 1 } else { k }),
            _ if marker_start(s, k).is_some() => return Some(k),
            _ => p = k + 1,
        }
    }
}

/// `bracket = { "[" ~ bracket_inner ~ "]" ~ bracket_follow? }`,
/// `bracket_inner = { (!("[" | "]" | nl) ~ ANY | !marker_start ~ "[" ~ (!("[" | "]" | nl) ~ ANY)* ~ "]")* }`,
/// `bracket_follow = { "(" | "[" | ":" }`.
fn bracket(s: &[u8], at: usize) -> Option<(usize, Option<Inline>)> {
    let inner_start = at + 1;
    let mut p = inner_start;
    loop {
        // Plain characters up to a bracket or a line end.
        let run = memchr::memchr3(b'[', b']', b'\n', &s[p..]).map_or(s.len(), |i| p + i);
        let run = if run < s.len() && s[run] == b'\n' && run > p && s[run - 1] == b'\r' {
            run - 1
        } else {
            run
        };
        p = run;
        if p < s.len() && s[p] == b'[' && marker_start(s, p).is_none() {
            // A nested pair on the same line, or the repetition stops here.
            let close = memchr::memchr3(b'[', b']', b'\n', &s[p + 1..]).map(|i| p + 1 + i);
            match close {
                Some(c) if s[c] == b']' => {
                    p = c + 1;
                    continue;
                }
                _ => break,
            }
        }
        break;
    }
    if s.get(p) != Some(&b']') {
        return None;
    }
    let inner = inner_start..p;
    let mut end = p + 1;
    let followed = s.get(end).is_some_and(|b| BRACKET_FOLLOWS.contains(b));
    if followed {
        end += 1;
    }
    Some((
        end,
        Some(Inline::Bracket {
            span: at..end,
            inner,
            followed,
        }),
    ))
}
