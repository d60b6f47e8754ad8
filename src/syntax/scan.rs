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

use super::{strip_terminator, NoteKind, Span};
use super::{BlockKind, CardEmoji, Document, Inline, Lead, LineData, LineKind, Marker, MarkerKind};

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
    let mut line = new_line(strip_terminator(source, pos..end));
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
        let span = strip_terminator(source, pos..end);
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
    let span = strip_terminator(source, pos..end);
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
    let span = strip_terminator(source, pos..end);
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
        let span = strip_terminator(source, pos..end);
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
    let span = strip_terminator(source, pos..end);
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
    const KEYWORDS: [&[u8]; 11] = [
        b"INVOKE",
        b"RESPONSE",
        b"CHAIN",
        b"BLOCKED",
        b"ASSUMPTION",
        b"ASSUMED",
        b"CONFLICT",
        b"BROADCAST",
        b"PEER-VERIFY",
        b"CRITIC-SCREEN",
        b"VERIFIED",
    ];
    if s.get(at) != Some(&b'[') {
        return None;
    }
    let mut p = at + 1;
    if s.get(p) == Some(&b'/') {
        p += 1;
    }
    // Ordered choice: the first keyword that matches is the one tried.
    let keyword = KEYWORDS.iter().find(|k| s[p..].starts_with(k))?;
    p += keyword.len();
    match s.get(p) {
        Some(b) if b.is_ascii_alphanumeric() || *b == b'_' => None,
        _ => Some(p),
    }
}

/// The opening literal of each marker rule, in the grammar's order, with
/// what follows it.
enum Shape {
    /// `hws* ~ role ~ hws* ~ "|" ~ question ~ "]"`
    Ask(fn(Span, Span) -> MarkerKind),
    /// `hws* ~ role ~ (hws* ~ arrow ~ hws* ~ role)+ ~ hws* ~ "]"`
    Chain,
    /// `hws* ~ role ~ hws* ~ "]"`
    Open(BlockKind),
    /// Nothing: the literal is the whole marker.
    Literal(MarkerKind),
    /// `question ~ "]"`
    Note(NoteKind),
}

/// `marker`: one of the marker rules, tried in the grammar's order.
fn marker(s: &[u8], at: usize) -> Option<(usize, MarkerKind)> {
    let rules: [(&[u8], Shape); 16] = [
        (
            b"[INVOKE:",
            Shape::Ask(|role, question| MarkerKind::Invoke { role, question }),
        ),
        (
            b"[BROADCAST:",
            Shape::Ask(|target, question| MarkerKind::Broadcast { target, question }),
        ),
        (b"[CHAIN:", Shape::Chain),
        (b"[RESPONSE:", Shape::Open(BlockKind::Response)),
        (
            b"[/RESPONSE]",
            Shape::Literal(MarkerKind::Close {
                block: BlockKind::Response,
            }),
        ),
        (b"[PEER-VERIFY:", Shape::Open(BlockKind::PeerVerify)),
        (
            b"[/PEER-VERIFY]",
            Shape::Literal(MarkerKind::Close {
                block: BlockKind::PeerVerify,
            }),
        ),
        (
            b"[CRITIC-SCREEN]",
            Shape::Literal(MarkerKind::Open {
                block: BlockKind::CriticScreen,
                role: None,
            }),
        ),
        (
            b"[/CRITIC-SCREEN]",
            Shape::Literal(MarkerKind::Close {
                block: BlockKind::CriticScreen,
            }),
        ),
        (
            b"[CONFLICT DETECTED]",
            Shape::Literal(MarkerKind::Open {
                block: BlockKind::Conflict,
                role: None,
            }),
        ),
        (
            b"[/CONFLICT]",
            Shape::Literal(MarkerKind::Close {
                block: BlockKind::Conflict,
            }),
        ),
        (b"[BLOCKED:", Shape::Note(NoteKind::Blocked)),
        (b"[ASSUMPTION:", Shape::Note(NoteKind::Assumption)),
        (b"[CONFLICT:", Shape::Note(NoteKind::Conflict)),
        (b"[VERIFIED:", Shape::Note(NoteKind::Verified)),
        (b"[ASSUMED:", Shape::Note(NoteKind::Assumed)),
    ];
    let rest = &s[at..];
    if rest.len() < 2 || !(rest[1].is_ascii_uppercase() || rest[1] == b'/') {
        return None;
    }
    for (literal, shape) in rules {
        if !rest.starts_with(literal) {
            continue;
        }
        let p = at + literal.len();
        let found = match shape {
            Shape::Ask(make) => (|| {
                let (role, p) = role_between_hws(s, p)?;
                if s.get(p) != Some(&b'|') {
                    return None;
                }
                let (question, p) = question_then_close(s, p + 1)?;
                Some((p, make(role, question)))
            })(),
            Shape::Chain => chain(s, p),
            Shape::Open(block) => (|| {
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
            Shape::Literal(kind) => Some((p, kind)),
            Shape::Note(note) => {
                question_then_close(s, p).map(|(text, p)| (p, MarkerKind::Note { note, text }))
            }
        };
        // The literals are distinct: once one matched, no other rule can.
        return found;
    }
    None
}

fn skip_hws_to_end(s: &[u8], at: usize) -> usize {
    skip_hws(s, at, s.len())
}

/// `role = @{ ASCII_ALPHA ~ (ASCII_ALPHANUMERIC | "_")* }`.
fn role(s: &[u8], at: usize) -> Option<Span> {
    if !s.get(at)?.is_ascii_alphabetic() {
        return None;
    }
    let mut p = at + 1;
    while p < s.len() && (s[p].is_ascii_alphanumeric() || s[p] == b'_') {
        p += 1;
    }
    Some(at..p)
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
        let rest = &s[q..];
        let q = if rest.starts_with("→".as_bytes()) {
            q + "→".len()
        } else if rest.starts_with(b"->") {
            q + 2
        } else if rest.starts_with(b">") {
            q + 1
        } else {
            break;
        };
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
    let followed = matches!(s.get(end), Some(b'(' | b'[' | b':'));
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
