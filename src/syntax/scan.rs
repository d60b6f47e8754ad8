//! The line scanner: reads a line the way the grammar's `line` rule does,
//! byte by byte, without the grammar's per-alternative matching.
//!
//! The grammar in `grammar/transcript.pest` stays the definition. This
//! module is a hand-compiled copy of its line-level rules (`frame_line`,
//! `heading`, `list_item`, `plain_line` and the leads), which decide what a
//! line is from its first few bytes; prose between markers is skipped with
//! `memchr`, and each content element at a `[` or a backtick is still read
//! by the grammar (`inline_item`). Fenced blocks are left to the grammar.
//!
//! Each function below names the rule it stands for and follows it
//! alternative by alternative (PEG semantics: ordered choice, greedy
//! repetition, no backtracking into a repetition). A unit test and the
//! `scanner` fuzz target hold that a document read with the scanner equals
//! the same document read by the grammar alone.

use pest::Parser as _;

use super::{inline_of, CardEmoji, LineData, LineKind, Rule, Span, TranscriptParser};
use super::{Document, Lead};

/// Read the line that starts at `pos` into `doc` and return where it ends
/// (after its terminator), or `None` for an item the scanner leaves to the
/// grammar: a fenced block.
pub(super) fn line(source: &str, pos: usize, doc: &mut Document) -> Option<usize> {
    let s = source.as_bytes();
    let eol = memchr::memchr(b'\n', &s[pos..]).map_or(s.len(), |i| pos + i);
    // `fenced` is tried before `line`.
    let first = skip_hws(s, pos, eol);
    if s[first..].starts_with(b"```") || s[first..].starts_with(b"~~~") {
        return None;
    }
    if let Some(end) = frame_line(source, pos, first, eol, doc) {
        return Some(end);
    }
    if let Some(end) = heading(source, pos, eol, doc) {
        return Some(end);
    }
    if let Some(end) = list_item(source, pos, first, eol, doc) {
        return Some(end);
    }
    Some(plain_line(source, pos, first, eol, doc))
}

fn skip_hws(s: &[u8], mut at: usize, end: usize) -> usize {
    while at < end && (s[at] == b' ' || s[at] == b'\t') {
        at += 1;
    }
    at
}

/// `line_end = nl | EOI` holds at `at`.
fn at_line_end(s: &[u8], at: usize) -> bool {
    at >= s.len() || s[at] == b'\n' || s[at..].starts_with(b"\r\n")
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

/// The line's span without its terminator, from where it starts to where
/// its item ends.
fn span_to(s: &[u8], start: usize, end: usize) -> Span {
    let mut e = end;
    if e > start && s[e - 1] == b'\n' {
        e -= 1;
        if e > start && s[e - 1] == b'\r' {
            e -= 1;
        }
    }
    start..e
}

fn new_line(span: Span) -> LineData {
    LineData {
        content: span.end..span.end,
        span,
        kind: LineKind::Plain,
        indent: 0,
        quoted: false,
        lead: None,
        inlines: Vec::new(),
        in_fence: false,
    }
}

/// `frame_line = { hws* ~ frame_run ~ hws* ~ line_end }`,
/// `frame_run = { "━"{10,} }`.
fn frame_line(
    source: &str,
    pos: usize,
    first: usize,
    eol: usize,
    doc: &mut Document,
) -> Option<usize> {
    const FRAME: &[u8] = "━".as_bytes();
    let s = source.as_bytes();
    let mut at = first;
    let mut width = 0;
    while s[at..eol].starts_with(FRAME) {
        at += FRAME.len();
        width += 1;
    }
    if width < 10 {
        return None;
    }
    let at = skip_hws(s, at, eol);
    if !at_line_end(s, at) {
        return None;
    }
    let end = past_line_end(s, at);
    let mut line = new_line(span_to(s, pos, end));
    line.kind = LineKind::Frame { width };
    doc.lines.push(line);
    Some(end)
}

/// `heading = { " "{0,3} ~ heading_hash ~ (hws+ ~ (heading_phase | line_lead)? ~ content?)? ~ hws* ~ line_end }`.
fn heading(source: &str, pos: usize, eol: usize, doc: &mut Document) -> Option<usize> {
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
        let span = span_to(s, pos, end);
        let mut line = new_line(span.clone());
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
    let span = span_to(s, pos, end);
    let mut line = new_line(span.clone());
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

/// `^"phase" ~ hws+ ~ phase_number ~ !ASCII_DIGIT`, the part both phase
/// rules share; the number and where it ends.
fn phase_number(s: &[u8], at: usize, eol: usize) -> Option<(u32, usize)> {
    if !s.get(at..at + 5)?.eq_ignore_ascii_case(b"phase") {
        return None;
    }
    let p = at + 5;
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
    let rest = &s[at.min(s.len())..];
    if rest.starts_with(b":") || rest.starts_with(b"-") {
        Some(1)
    } else if rest.starts_with("—".as_bytes()) {
        Some("—".len())
    } else {
        None
    }
}

/// `list_item = { indent ~ list_marker ~ (hws+ ~ content?)? ~ line_end }`.
fn list_item(
    source: &str,
    pos: usize,
    first: usize,
    eol: usize,
    doc: &mut Document,
) -> Option<usize> {
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
    let span = span_to(s, pos, end);
    let mut line = new_line(span.clone());
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
    if rest.starts_with(b"-") || rest.starts_with(b"*") || rest.starts_with(b"+") {
        return Some((false, at + 1));
    }
    if rest.starts_with("•".as_bytes()) {
        return Some((false, at + "•".len()));
    }
    let digits = rest
        .iter()
        .take(9)
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits > 0 && matches!(rest.get(digits), Some(b'.' | b')')) {
        return Some((true, at + digits + 1));
    }
    None
}

/// `plain_line`, whose alternatives are: `indent ~ quote? ~ line_lead? ~
/// content ~ line_end`, `indent ~ quote? ~ line_lead ~ line_end`, `indent ~
/// quote ~ line_end`, `hws+ ~ line_end`, `nl`.
fn plain_line(source: &str, pos: usize, first: usize, eol: usize, doc: &mut Document) -> usize {
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
        let span = span_to(s, pos, end);
        let mut line = new_line(span.clone());
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
    let span = span_to(s, pos, end);
    let mut line = new_line(span.clone());
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
        0xF0 => card_header(s, at, eol),
        _ => None,
    }
    .or_else(|| phase_label(s, at, eol))
    .or_else(|| label(source, at, eol))
    .or_else(|| arrow_lead(s, at, eol))
}

/// `comment = { "<!--" ~ comment_text ~ "-->" }`,
/// `comment_text = { (!("-->" | nl) ~ ANY)* }`.
fn comment(source: &str, at: usize, eol: usize) -> Option<(Lead, usize)> {
    let line = source.get(at..eol)?;
    let body = line.strip_prefix("<!--")?;
    let close = body.find("-->")?;
    let text = at + 4..at + 4 + close;
    let end = text.end + 3;
    Some((
        Lead::Comment {
            text,
            span: at..end,
        },
        end,
    ))
}

/// `card_header = { card_emoji ~ hws* }`, `card_emoji = { "📊" | "🚩" | "📋" }`.
fn card_header(s: &[u8], at: usize, eol: usize) -> Option<(Lead, usize)> {
    let rest = &s[at..eol];
    let emoji = if rest.starts_with("📊".as_bytes()) {
        CardEmoji::Standard
    } else if rest.starts_with("🚩".as_bytes()) {
        CardEmoji::Alert
    } else if rest.starts_with("📋".as_bytes()) {
        CardEmoji::Board
    } else {
        return None;
    };
    let end = skip_hws(s, at + 4, eol);
    Some((Lead::CardHeader { emoji }, end))
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

/// `bold = _{ "**" | "__" }`: its length at `at`, or 0.
fn bold(s: &[u8], at: usize, eol: usize) -> usize {
    let rest = &s[at..eol];
    if rest.starts_with(b"**") || rest.starts_with(b"__") {
        2
    } else {
        0
    }
}

/// `label = { bold? ~ label_text ~ bold? ~ ":" ~ bold? ~ hws* }`,
/// `label_text = @{ word ~ ((hws | ", ") ~ word){0,5} }`.
fn label(source: &str, at: usize, eol: usize) -> Option<(Lead, usize)> {
    let s = source.as_bytes();
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
            if b.is_ascii_alphanumeric() || b"'/-_&().".contains(&b) {
                p += 1;
                continue;
            }
            break;
        }
        let c = source[p..].chars().next()?;
        if c == '’' || pest::unicode::LETTER(c) || pest::unicode::NUMBER(c) {
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
    let rest = &s[p..eol];
    if rest.starts_with("→".as_bytes()) {
        p += "→".len();
    } else if rest.starts_with(b"->") {
        p += 2;
    } else {
        return None;
    }
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
        // One element at a `[` or backtick, read by the grammar.
        let item = TranscriptParser::parse(Rule::inline_item, &source[at..])
            .ok()
            .and_then(|mut pairs| pairs.next());
        let Some(item) = item else {
            // `stray` always matches at a `[` or backtick; should that ever
            // not hold, read the byte as stray.
            at += 1;
            continue;
        };
        let len = item.as_span().end();
        for part in item.into_inner() {
            tokens = true;
            if let Some(inline) = inline_of(part, at) {
                doc.lines.inlines.push(inline);
            }
        }
        at += len.max(1);
    }
}
