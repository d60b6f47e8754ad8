//! The syntax layer: the pest grammar in `grammar/transcript.pest`, turned
//! into a flat, typed list of lines with byte spans.
//!
//! Nothing here knows who is speaking or what a block means: that is the
//! job of [`crate::model`]. This layer only says what each line is and which
//! markers, brackets and code spans it holds.

mod malformed;
mod scan;

use std::ops::Range;

use pest::iterators::Pair;
use pest::Parser as _;
use pest_derive::Parser;

pub use malformed::diagnose as diagnose_malformed;

/// A byte range into the source.
pub type Span = Range<usize>;

#[derive(Parser)]
#[grammar = "../grammar/transcript.pest"]
struct TranscriptParser;

/// A parsed transcript: its front matter and every line, in order.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Document {
    /// Span of the YAML front matter body (without the `---` fences).
    pub front_matter: Option<Span>,
    pub lines: Lines,
    /// Opaque fenced code blocks (their whole span, fences included).
    pub code_fences: Vec<Span>,
}

/// The largest text the syntax layer reads: line offsets are kept in 32
/// bits. The command line refuses larger files (docs/robustness.md); a
/// larger text given to the library is read up to this size.
pub const MAX_SOURCE: usize = u32::MAX as usize;

/// One logical line, as [`Lines`] hands it out. A marker whose text spans
/// several physical lines makes its logical line span them too.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line<'a> {
    /// The line without its line terminator.
    pub span: Span,
    pub kind: LineKind,
    /// Width of the leading white space, in bytes.
    pub indent: usize,
    /// The line sits behind a `>` quote prefix.
    pub quoted: bool,
    pub lead: Option<Lead>,
    /// The text after the line's prefix (heading hashes, list marker,
    /// indentation, quote, lead), up to the end of the line.
    pub content: Span,
    pub inlines: &'a [Inline],
    /// The line is inside a fenced block whose info string is `transcript`
    /// or `boardlint`.
    pub in_fence: bool,
}

/// A line while it is being built.
struct LineData {
    span: Span,
    kind: LineKind,
    indent: usize,
    quoted: bool,
    lead: Option<Lead>,
    content: Span,
    inlines: Vec<Inline>,
    in_fence: bool,
}

/// Every line of a document, stored compactly: a fixed 16-byte row per
/// line, with the lines that have a lead or inline items pointing into
/// shared tables. Memory grows with the number of lines, not with what the
/// lines hold, and stays a fraction of the text's size (docs/robustness.md).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Lines {
    rows: Vec<Row>,
    /// The leads of the lines that have one, in line order.
    leads: Vec<PackedLead>,
    /// For each block of 64 lines, how many leads come before it: a line's
    /// lead is found among at most 64, not among all.
    lead_blocks: Vec<u32>,
    /// The inline items of every line, in line order.
    inlines: Vec<Inline>,
    /// Exact values for the rows whose small fields overflowed, in line
    /// order: (line, content offset, indent, detail).
    wide: Vec<(u32, u32, u32, u32)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Row {
    start: u32,
    len: u32,
    /// The line's first item in `Lines::inlines`.
    inline_start: u32,
    /// Bits 0–2 the kind, 3–6 the flags, 7–9 the detail (a heading's level,
    /// a list item's `ordered`), 10–16 the indent, 17–31 where the content
    /// starts from `start`. A frame's width and values too large for their
    /// bits are in `Lines::wide` (flag `WIDE`).
    packed: u32,
}

/// Lines per block of `Lines::lead_blocks`.
const LEAD_BLOCK: usize = 64;

const QUOTED: u32 = 1 << 3;
const IN_FENCE: u32 = 1 << 4;
const HAS_LEAD: u32 = 1 << 5;
const WIDE: u32 = 1 << 6;
const DETAIL_SHIFT: u32 = 7;
const DETAIL_MAX: usize = 0b111;
const INDENT_SHIFT: u32 = 10;
const INDENT_MAX: usize = 0b111_1111;
const CONTENT_SHIFT: u32 = 17;
const CONTENT_MAX: usize = (1 << 15) - 1;

/// A [`Lead`] with 32-bit offsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PackedLead {
    line: u32,
    kind: u8,
    a: u32,
    b: u32,
    c: u32,
    d: u32,
}

impl PackedLead {
    fn pack(line: u32, lead: &Lead) -> PackedLead {
        let n = |x: usize| narrow(x);
        let (kind, a, b, c, d) = match lead {
            Lead::CardHeader { emoji } => (0, *emoji as u32, 0, 0, 0),
            Lead::Phase { number, span } => (1, *number, n(span.start), n(span.end), 0),
            Lead::Label { text, span } => {
                (2, n(text.start), n(text.end), n(span.start), n(span.end))
            }
            Lead::Arrow { name, span } => {
                (3, n(name.start), n(name.end), n(span.start), n(span.end))
            }
            Lead::Comment { text, span } => {
                (4, n(text.start), n(text.end), n(span.start), n(span.end))
            }
        };
        PackedLead {
            line,
            kind,
            a,
            b,
            c,
            d,
        }
    }

    fn unpack(&self) -> Lead {
        let (a, b, c, d) = (
            self.a as usize,
            self.b as usize,
            self.c as usize,
            self.d as usize,
        );
        match self.kind {
            0 => Lead::CardHeader {
                emoji: match self.a {
                    1 => CardEmoji::Alert,
                    2 => CardEmoji::Board,
                    _ => CardEmoji::Standard,
                },
            },
            1 => Lead::Phase {
                number: self.a,
                span: b..c,
            },
            2 => Lead::Label {
                text: a..b,
                span: c..d,
            },
            3 => Lead::Arrow {
                name: a..b,
                span: c..d,
            },
            _ => Lead::Comment {
                text: a..b,
                span: c..d,
            },
        }
    }
}

fn narrow(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl Lines {
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The line at `index`; panics when there is none, like a slice.
    pub fn get(&self, index: usize) -> Line<'_> {
        let row = self.rows[index];
        let start = row.start as usize;
        let end = start + row.len as usize;
        let first = row.inline_start as usize;
        let last = self
            .rows
            .get(index + 1)
            .map_or(self.inlines.len(), |r| r.inline_start as usize);
        let p = row.packed;
        let lead = (p & HAS_LEAD != 0)
            .then(|| {
                let block = index / LEAD_BLOCK;
                let from = self.lead_blocks[block] as usize;
                let to = self
                    .lead_blocks
                    .get(block + 1)
                    .map_or(self.leads.len(), |&n| n as usize);
                let near = &self.leads[from..to];
                let at = near.partition_point(|l| (l.line as usize) < index);
                near.get(at).map(PackedLead::unpack)
            })
            .flatten();
        let (content, indent, detail) = if p & WIDE != 0 {
            let at = self.wide.partition_point(|w| (w.0 as usize) < index);
            let (_, c, i, d) = self.wide[at];
            (c as usize, i as usize, d as usize)
        } else {
            (
                (p >> CONTENT_SHIFT) as usize,
                (p >> INDENT_SHIFT) as usize & INDENT_MAX,
                (p >> DETAIL_SHIFT) as usize & DETAIL_MAX,
            )
        };
        Line {
            span: start..end,
            kind: match p & 0b111 {
                0 => LineKind::Blank,
                1 => LineKind::Frame { width: detail },
                2 => LineKind::Heading {
                    level: detail as u8,
                },
                3 => LineKind::ListItem {
                    ordered: detail != 0,
                },
                _ => LineKind::Plain,
            },
            indent,
            quoted: p & QUOTED != 0,
            lead,
            content: (start + content).min(end)..end,
            inlines: &self.inlines[first..last],
            in_fence: p & IN_FENCE != 0,
        }
    }

    /// The line's span alone, without building the whole line.
    pub fn span(&self, index: usize) -> Span {
        let row = self.rows[index];
        row.start as usize..row.start as usize + row.len as usize
    }

    /// The line's kind alone, without building the whole line.
    pub fn kind(&self, index: usize) -> LineKind {
        let p = self.rows[index].packed;
        match p & 0b111 {
            0 => LineKind::Blank,
            1..=3 => self.get(index).kind,
            _ => LineKind::Plain,
        }
    }

    /// The index of the line holding a byte offset (the last line that
    /// starts at or before it).
    pub fn index_of(&self, offset: usize) -> usize {
        self.rows
            .partition_point(|r| r.start as usize <= offset)
            .saturating_sub(1)
    }

    /// Room for every line of `source`, counted with a fast scan for line
    /// ends, so that the rows are allocated once rather than doubled.
    fn reserve(&mut self, source: &str) {
        let lines = source.bytes().filter(|&b| b == b'\n').count() + 1;
        self.rows.reserve_exact(lines);
    }

    /// Add the lines of a text read from where these end.
    fn append(&mut self, rest: Lines) {
        let row_base = self.rows.len();
        let inline_base = self.inlines.len();
        self.rows.extend(rest.rows.iter().map(|r| Row {
            inline_start: narrow(r.inline_start as usize + inline_base),
            ..*r
        }));
        self.leads.extend(rest.leads.iter().map(|l| PackedLead {
            line: narrow(l.line as usize + row_base),
            ..*l
        }));
        self.wide.extend(
            rest.wide
                .iter()
                .map(|w| (narrow(w.0 as usize + row_base), w.1, w.2, w.3)),
        );
        self.inlines.extend(rest.inlines);
        // The lead counts of the blocks that start among the added lines.
        for block in row_base.div_ceil(LEAD_BLOCK)..self.rows.len().div_ceil(LEAD_BLOCK) {
            let before = self
                .leads
                .partition_point(|l| (l.line as usize) < block * LEAD_BLOCK);
            self.lead_blocks.push(narrow(before));
        }
    }

    /// Give back what the tables' growth left unused.
    fn shrink_to_fit(&mut self) {
        self.rows.shrink_to_fit();
        self.leads.shrink_to_fit();
        self.lead_blocks.shrink_to_fit();
        self.inlines.shrink_to_fit();
        self.wide.shrink_to_fit();
    }

    /// Every line's lead, with the line's index, in line order.
    pub fn leads(&self) -> impl Iterator<Item = (usize, Lead)> + '_ {
        self.leads.iter().map(|l| (l.line as usize, l.unpack()))
    }

    pub fn first(&self) -> Option<Line<'_>> {
        (!self.is_empty()).then(|| self.get(0))
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Line<'_>> + ExactSizeIterator + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// Push a line whose inline items were pushed into the table already,
    /// from `inline_start` on.
    fn push_after_items(&mut self, line: LineData, inline_start: usize) {
        self.push(line);
        if let Some(row) = self.rows.last_mut() {
            row.inline_start = narrow(inline_start);
        }
    }

    fn push(&mut self, line: LineData) {
        let index = narrow(self.rows.len());
        if self.rows.len().is_multiple_of(LEAD_BLOCK) {
            self.lead_blocks.push(narrow(self.leads.len()));
        }
        let (kind, detail) = match line.kind {
            LineKind::Blank => (0, 0),
            LineKind::Frame { width } => (1, width),
            LineKind::Heading { level } => (2, usize::from(level)),
            LineKind::ListItem { ordered } => (3, usize::from(ordered)),
            LineKind::Plain => (4, 0),
        };
        let content = line.content.start.saturating_sub(line.span.start);
        let mut packed: u32 = kind;
        if line.quoted {
            packed |= QUOTED;
        }
        if line.in_fence {
            packed |= IN_FENCE;
        }
        if let Some(lead) = &line.lead {
            packed |= HAS_LEAD;
            self.leads.push(PackedLead::pack(index, lead));
        }
        let fits = content <= CONTENT_MAX
            && line.indent <= INDENT_MAX
            && detail <= DETAIL_MAX
            && !matches!(line.kind, LineKind::Frame { .. });
        if fits {
            packed |= (content as u32) << CONTENT_SHIFT
                | (line.indent as u32) << INDENT_SHIFT
                | (detail as u32) << DETAIL_SHIFT;
        } else {
            packed |= WIDE;
            self.wide
                .push((index, narrow(content), narrow(line.indent), narrow(detail)));
        }
        self.rows.push(Row {
            start: narrow(line.span.start),
            len: narrow(line.span.len()),
            inline_start: narrow(self.inlines.len()),
            packed,
        });
        // `reserve` first: a line with millions of items grows the table
        // once to fit, not by doubling.
        self.inlines.reserve(line.inlines.len());
        self.inlines.extend(line.inlines);
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    Blank,
    /// A line of ten or more `━`.
    Frame {
        width: usize,
    },
    Heading {
        level: u8,
    },
    ListItem {
        ordered: bool,
    },
    Plain,
}

/// What a line begins with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lead {
    /// `📊`, `🚩` or `📋` opening a card header.
    CardHeader { emoji: CardEmoji },
    /// `Phase N` (a heading needs no separator; a plain line does).
    Phase { number: u32, span: Span },
    /// `Label:` with one to six words (`CFO:`, `**CFO:**`, `CRO initiates:`,
    /// `Key finding:`). `text` is the label without bold markers or colon.
    Label { text: Span, span: Span },
    /// `NAME →` followed by a marker (`CRO → [INVOKE:…]`).
    Arrow { name: Span, span: Span },
    /// An HTML comment, `<!-- text -->`; `text` is what is between the marks.
    Comment { text: Span, span: Span },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardEmoji {
    Standard,
    Alert,
    Board,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Inline {
    Marker(Marker),
    /// Text that starts like a marker but does not parse.
    BadMarker {
        span: Span,
    },
    /// A bracketed span that is not a marker. `followed` is true when it is
    /// directly followed by `(`, `[` or `:` (a link or a reference).
    Bracket {
        span: Span,
        inner: Span,
        followed: bool,
    },
    CodeSpan {
        span: Span,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marker {
    pub span: Span,
    pub kind: MarkerKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BlockKind {
    Response,
    PeerVerify,
    CriticScreen,
    Conflict,
}

impl BlockKind {
    pub fn opener(self) -> &'static str {
        match self {
            BlockKind::Response => "[RESPONSE:role]",
            BlockKind::PeerVerify => "[PEER-VERIFY:role]",
            BlockKind::CriticScreen => "[CRITIC-SCREEN]",
            BlockKind::Conflict => "[CONFLICT DETECTED]",
        }
    }
    pub fn closer(self) -> &'static str {
        match self {
            BlockKind::Response => "[/RESPONSE]",
            BlockKind::PeerVerify => "[/PEER-VERIFY]",
            BlockKind::CriticScreen => "[/CRITIC-SCREEN]",
            BlockKind::Conflict => "[/CONFLICT]",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoteKind {
    Blocked,
    Assumption,
    Conflict,
    Verified,
    Assumed,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MarkerKind {
    Invoke {
        role: Span,
        question: Span,
    },
    Broadcast {
        target: Span,
        question: Span,
    },
    Chain {
        roles: Vec<Span>,
    },
    Open {
        block: BlockKind,
        role: Option<Span>,
    },
    Close {
        block: BlockKind,
    },
    Note {
        note: NoteKind,
        text: Span,
    },
}

/// Parse a transcript. Never fails: any input yields a document.
pub fn parse(source: &str) -> Document {
    parse_with(source, false)
}

/// Parse; with `lint_code_blocks`, every fenced block's body is read as
/// transcript lines, not only `transcript` / `boardlint` fences.
pub fn parse_with(source: &str, lint_code_blocks: bool) -> Document {
    parse_items(source, lint_code_blocks, Reader::Scanner)
}

/// Parse with the grammar alone, reading lines of `long` bytes or more a
/// piece at a time. Public for the differential fuzz targets, which hold
/// that every `long` gives the same document, and that the line scanner
/// gives the same document as the grammar.
#[doc(hidden)]
pub fn parse_lines_longer_in_pieces(source: &str, lint_code_blocks: bool, long: usize) -> Document {
    parse_items(source, lint_code_blocks, Reader::Grammar { long })
}

/// How lines are read: by the line scanner (`scan`), which leaves fenced
/// blocks to the grammar, or by the grammar alone.
#[derive(Clone, Copy)]
enum Reader {
    Scanner,
    Grammar {
        long: usize,
    },
    /// The line scanner, with the text cut in two at a line start.
    SplitAt(usize),
}

fn parse_items(source: &str, lint_code_blocks: bool, reader: Reader) -> Document {
    let mut doc = Document::default();
    let mut cut = source.len().min(MAX_SOURCE);
    while !source.is_char_boundary(cut) {
        cut -= 1;
    }
    let source = &source[..cut];
    doc.lines.reserve(source);
    let Ok(mut head) = TranscriptParser::parse(Rule::head, source) else {
        return doc;
    };
    let mut pos = match head.next() {
        Some(head) => {
            let end = head.as_span().end();
            collect(head.into_inner(), source, 0, &mut doc);
            end
        }
        None => 0,
    };
    let rule = if lint_code_blocks {
        Rule::item_all
    } else {
        Rule::item
    };
    let split = match reader {
        Reader::Scanner if source.len() - pos >= PARALLEL_PARSE_FROM => split_point(source, pos),
        Reader::SplitAt(at) if at > pos && at < source.len() => Some(at),
        _ => None,
    };
    if let Some(at) = split {
        // Both halves at once. Items carry no state from one to the next,
        // so the second half read from `at` is what a single pass reads
        // from there, if the first half's last item ends exactly at `at`;
        // should an item run past it (a fenced block, say), the second
        // half is dropped and reading goes on from where that item ended.
        let (end, rest) = rayon::join(
            || read_items(source, pos, at, rule, reader, &mut doc),
            || {
                let mut rest = Document::default();
                read_items(source, at, source.len(), rule, reader, &mut rest);
                rest
            },
        );
        pos = end;
        if end == at {
            doc.append(rest);
            pos = source.len();
        }
    }
    read_items(source, pos, source.len(), rule, reader, &mut doc);
    doc.lines.shrink_to_fit();
    doc
}

/// Read items from `pos` while they start before `until`; where the last
/// one ends.
fn read_items(
    source: &str,
    mut pos: usize,
    until: usize,
    rule: Rule,
    reader: Reader,
    doc: &mut Document,
) -> usize {
    while pos < until {
        pos = match reader {
            Reader::Scanner | Reader::SplitAt(_) => match scan::line(source, pos, doc) {
                Some(end) => end,
                None => parse_item(source, pos, rule, doc, LONG_LINE),
            },
            Reader::Grammar { long } => parse_item(source, pos, rule, doc, long),
        };
    }
    pos
}

/// Texts this large are read in two halves at once.
const PARALLEL_PARSE_FROM: usize = 1 << 20;

/// Where to cut a text read in two halves: the start of the first line
/// after a blank line past the middle (no marker runs across a blank line),
/// else of the first line past the middle.
fn split_point(source: &str, from: usize) -> Option<usize> {
    let bytes = source.as_bytes();
    let mid = from + (source.len() - from) / 2;
    let window = &bytes[mid..bytes.len().min(mid + 64 * 1024)];
    let after_blank = memchr::memmem::find(window, b"\n\n").map(|i| mid + i + 2);
    let at = after_blank.or_else(|| memchr::memchr(b'\n', &bytes[mid..]).map(|i| mid + i + 1))?;
    (at < source.len()).then_some(at)
}

/// Parse with the line scanner, reading the text in two halves at once
/// from the line start at or after `at` (as large texts are read). Public
/// for the differential tests, which hold that every cut gives the same
/// document as one pass.
#[doc(hidden)]
pub fn parse_split_at(source: &str, lint_code_blocks: bool, at: usize) -> Document {
    let bytes = source.as_bytes();
    let at = if at == 0 || bytes.get(at - 1) == Some(&b'\n') {
        at
    } else {
        memchr::memchr(b'\n', &bytes[at.min(bytes.len())..]).map_or(source.len(), |i| at + i + 1)
    };
    parse_items(source, lint_code_blocks, Reader::SplitAt(at))
}

impl Document {
    /// Add the items of a document read from where this one ends.
    fn append(&mut self, rest: Document) {
        self.code_fences.extend(rest.code_fences);
        self.lines.append(rest.lines);
    }
}

/// Parse the one item (a line, or a fenced block) that starts at `pos` and
/// return where it ends.
///
/// The grammar's `document` is a plain sequence of items, each read from
/// where the one before ended, so reading them one at a time gives exactly
/// what one pass gives (a unit test holds this over every fixture) while
/// the parser's token queue holds one item, not the file.
/// Lines of this many bytes or more are read a piece at a time.
const LONG_LINE: usize = 64 * 1024;

fn parse_item(source: &str, pos: usize, rule: Rule, doc: &mut Document, long: usize) -> usize {
    let rest = &source[pos..];
    let physical = rest.find('\n').unwrap_or(rest.len());
    if physical >= long {
        if let Some(end) = parse_long_line(source, pos, doc) {
            return end;
        }
    }
    let parsed = TranscriptParser::parse(rule, rest)
        .ok()
        .and_then(|mut pairs| pairs.next())
        .filter(|item| item.as_span().end() > 0);
    match parsed {
        Some(item) => {
            let end = pos + item.as_span().end();
            collect(item.into_inner(), source, pos, doc);
            end
        }
        // The grammar reads every input; should that ever not hold, keep
        // the line as plain text rather than fail the file.
        None => {
            let end = pos + rest.find('\n').map_or(rest.len(), |i| i + 1);
            let span = pos..source[..end].trim_end_matches(['\n', '\r']).len().max(pos);
            doc.lines.push(LineData {
                span: span.clone(),
                kind: LineKind::Plain,
                indent: 0,
                quoted: false,
                lead: None,
                content: span,
                inlines: Vec::new(),
                in_fence: false,
            });
            end
        }
    }
}

/// Read the long line at `pos` a piece at a time: its prefix (`line_head`),
/// then up to 64 content elements at a time (`content_piece`), turned into
/// inline items before the next piece is read, so that the parser's token
/// queue holds one piece, not the line. Together the pieces read exactly
/// what the `line` rule reads in one go (a unit test holds this over every
/// fixture); a line they cannot stand for (a fence, a frame, a line with
/// no content after its prefix) gets `None` and is read whole.
fn parse_long_line(source: &str, pos: usize, doc: &mut Document) -> Option<usize> {
    let rest = &source[pos..];
    let opener = rest.trim_start_matches([' ', '\t']);
    if opener.starts_with("```") || opener.starts_with("~~~") {
        return None;
    }
    if TranscriptParser::parse(Rule::frame_line, rest).is_ok() {
        return None;
    }
    let head = TranscriptParser::parse(Rule::line_head, rest)
        .ok()?
        .next()?
        .into_inner()
        .next()?;
    let mut at = pos + head.as_span().end();
    // The items go straight into the document's table (a long line's items
    // are never held twice); the line's row is pushed after them.
    let inline_start = doc.lines.inlines.len();
    let mut streamed = Streamed { tokens: false };
    let mut pieces = 0;
    let bytes = source.as_bytes();
    while at < source.len() && bytes[at] != b'\n' && !source[at..].starts_with("\r\n") {
        let piece = TranscriptParser::parse(Rule::content_piece, &source[at..])
            .ok()
            .and_then(|mut p| p.next())
            .filter(|p| p.as_span().end() > 0)?;
        let len = piece.as_span().end();
        for part in piece.into_inner() {
            streamed.tokens = true;
            if let Some(item) = inline_of(part, at) {
                doc.lines.inlines.push(item);
            }
        }
        pieces += 1;
        at += len;
    }
    if pieces == 0 {
        doc.lines.inlines.truncate(inline_start);
        return None;
    }
    let end = if source[at..].starts_with("\r\n") {
        at + 2
    } else if at < source.len() {
        at + 1
    } else {
        at
    };
    let span = strip_terminator(source, pos..end);
    let rule = head.as_rule();
    let line = fill_line(
        rule,
        head.into_inner(),
        Some(streamed),
        source,
        pos,
        span,
        false,
    );
    doc.lines.push_after_items(line, inline_start);
    Some(end)
}

fn collect<'i>(
    items: impl Iterator<Item = Pair<'i, Rule>>,
    source: &str,
    base: usize,
    doc: &mut Document,
) {
    for pair in items {
        match pair.as_rule() {
            Rule::front_matter => {
                doc.front_matter = pair
                    .into_inner()
                    .find(|p| p.as_rule() == Rule::front_matter_body)
                    .map(|p| span_of(&p, base));
            }
            Rule::code_fence => doc.code_fences.push(span_of(&pair, base)),
            Rule::lint_fence | Rule::any_fence => {
                for p in pair.into_inner() {
                    if p.as_rule() == Rule::line {
                        doc.lines.push(build_line(p, source, base, true));
                    }
                }
            }
            Rule::line => doc.lines.push(build_line(pair, source, base, false)),
            _ => {}
        }
    }
}

/// The span of a pair's first child of a rule.
fn child_span(pair: &Pair<'_, Rule>, rule: Rule, base: usize) -> Option<Span> {
    pair.clone()
        .into_inner()
        .find(|q| q.as_rule() == rule)
        .map(|q| span_of(&q, base))
}

/// A pair's span in the whole source: pairs of an item are relative to it.
fn span_of(pair: &Pair<'_, Rule>, base: usize) -> Span {
    let s = pair.as_span();
    base + s.start()..base + s.end()
}

fn build_line(pair: Pair<'_, Rule>, source: &str, base: usize, in_fence: bool) -> LineData {
    let span = strip_terminator(source, span_of(&pair, base));
    let inner = pair.into_inner().next().expect("line has one kind");
    let rule = inner.as_rule();
    fill_line(rule, inner.into_inner(), None, source, base, span, in_fence)
}

/// A line's span without its line terminator.
fn strip_terminator(source: &str, whole: Span) -> Span {
    let mut end = whole.end;
    let bytes = source.as_bytes();
    if end > whole.start && bytes[end - 1] == b'\n' {
        end -= 1;
        if end > whole.start && bytes[end - 1] == b'\r' {
            end -= 1;
        }
    }
    whole.start..end
}

/// A long line's content, read a piece at a time (see [`parse_long_line`]),
/// its items already in the document's table: whether any piece made a
/// token (which is what places the content's start in a one-pass read).
struct Streamed {
    tokens: bool,
}

/// Build a line from its kind (`heading`, `list_item`, `plain_line`,
/// `frame_line`, or the `*_head` rules of a long line) and the kind's parts;
/// a long line's content comes separately, already read.
fn fill_line<'i>(
    rule: Rule,
    parts: impl Iterator<Item = Pair<'i, Rule>>,
    streamed: Option<Streamed>,
    source: &str,
    base: usize,
    span: Span,
    in_fence: bool,
) -> LineData {
    let mut line = LineData {
        span: span.clone(),
        kind: LineKind::Plain,
        indent: 0,
        quoted: false,
        lead: None,
        content: span.end..span.end,
        inlines: Vec::new(),
        in_fence,
    };
    let mut content_start: Option<usize> = None;
    // Content read apart follows the prefix: it starts where the prefix
    // ends, as it would have in one pass.
    let mut streamed = streamed;
    let mut add_streamed = |content_start: &mut Option<usize>, at: usize| {
        if let Some(s) = streamed.take() {
            if s.tokens && content_start.is_none() {
                *content_start = Some(at);
            }
        }
    };
    match rule {
        Rule::frame_line => {
            let width = parts
                .into_iter()
                .find(|p| p.as_rule() == Rule::frame_run)
                .map(|p| p.as_str().chars().count())
                .unwrap_or(0);
            line.kind = LineKind::Frame { width };
            return line;
        }
        Rule::heading | Rule::heading_head => {
            let mut level = 1;
            let mut after_prefix = span.end;
            for p in parts {
                match p.as_rule() {
                    Rule::heading_hash => {
                        level = p.as_str().len() as u8;
                        after_prefix = skip_ws(source, base + p.as_span().end(), span.end);
                    }
                    Rule::heading_phase => {
                        line.lead = Some(phase_lead(&p, base));
                        after_prefix = base + p.as_span().end();
                    }
                    _ => visit_part(p, base, &mut line, &mut content_start, &mut after_prefix),
                }
            }
            add_streamed(&mut content_start, after_prefix);
            line.kind = LineKind::Heading { level };
            content_start.get_or_insert(skip_ws(source, after_prefix, span.end));
        }
        Rule::list_item | Rule::list_head => {
            let mut after_prefix = span.end;
            for p in parts {
                match p.as_rule() {
                    Rule::indent => line.indent = p.as_str().len(),
                    Rule::list_marker => {
                        let ordered = p
                            .clone()
                            .into_inner()
                            .next()
                            .is_some_and(|m| m.as_rule() == Rule::number_mark);
                        line.kind = LineKind::ListItem { ordered };
                        after_prefix = skip_ws(source, base + p.as_span().end(), span.end);
                    }
                    _ => visit_part(p, base, &mut line, &mut content_start, &mut after_prefix),
                }
            }
            add_streamed(&mut content_start, after_prefix);
            content_start.get_or_insert(skip_ws(source, after_prefix, span.end));
        }
        Rule::plain_line | Rule::plain_head => {
            let mut after_prefix = span.start;
            for p in parts {
                match p.as_rule() {
                    Rule::indent => {
                        line.indent = p.as_str().len();
                        after_prefix = base + p.as_span().end();
                    }
                    Rule::quote => {
                        line.quoted = true;
                        after_prefix = base + p.as_span().end();
                    }
                    _ => visit_part(p, base, &mut line, &mut content_start, &mut after_prefix),
                }
            }
            add_streamed(&mut content_start, after_prefix);
            content_start.get_or_insert(after_prefix);
            if line.lead.is_none()
                && line.inlines.is_empty()
                && source[span.clone()].trim().is_empty()
            {
                line.kind = LineKind::Blank;
            }
        }
        _ => {}
    }
    let start = content_start.unwrap_or(span.end).min(span.end);
    line.content = start..span.end;
    line
}

fn skip_ws(source: &str, at: usize, end: usize) -> usize {
    scan::skip_hws(source.as_bytes(), at, end)
}

fn phase_lead(p: &Pair<'_, Rule>, base: usize) -> Lead {
    let number = p
        .clone()
        .into_inner()
        .find(|q| q.as_rule() == Rule::phase_number)
        .and_then(|q| q.as_str().parse().ok())
        .unwrap_or(0);
    Lead::Phase {
        number,
        span: span_of(p, base),
    }
}

/// One child of a line: a lead or an inline item.
fn visit_part(
    p: Pair<'_, Rule>,
    base: usize,
    line: &mut LineData,
    content_start: &mut Option<usize>,
    after_prefix: &mut usize,
) {
    let rule = p.as_rule();
    match rule {
        Rule::card_header => {
            let emoji = match p.clone().into_inner().next().map(|e| e.as_str()) {
                Some("🚩") => CardEmoji::Alert,
                Some("📋") => CardEmoji::Board,
                _ => CardEmoji::Standard,
            };
            line.lead = Some(Lead::CardHeader { emoji });
            *after_prefix = base + p.as_span().end();
        }
        Rule::phase_label => {
            line.lead = Some(phase_lead(&p, base));
            *after_prefix = base + p.as_span().end();
        }
        Rule::label | Rule::comment | Rule::arrow_lead => {
            let span = span_of(&p, base);
            let part = |rule| child_span(&p, rule, base).unwrap_or(span.clone());
            *after_prefix = span.end;
            line.lead = Some(match rule {
                Rule::label => Lead::Label {
                    text: part(Rule::label_text),
                    span,
                },
                Rule::comment => Lead::Comment {
                    text: part(Rule::comment_text),
                    span,
                },
                _ => Lead::Arrow {
                    name: part(Rule::arrow_name),
                    span,
                },
            });
        }
        _ => {
            if content_start.is_none() {
                *content_start = Some(*after_prefix);
            }
            if let Some(item) = inline_of(p, base) {
                line.inlines.push(item);
            }
        }
    }
}

fn inline_of(p: Pair<'_, Rule>, base: usize) -> Option<Inline> {
    let span = span_of(&p, base);
    let rule = p.as_rule();
    let item = match rule {
        Rule::code_span => Inline::CodeSpan { span },
        Rule::bad_marker => Inline::BadMarker { span },
        Rule::bracket => {
            let mut inner = span.start + 1..span.start + 1;
            let mut followed = false;
            for q in p.into_inner() {
                match q.as_rule() {
                    Rule::bracket_inner => inner = span_of(&q, base),
                    Rule::bracket_follow => followed = true,
                    _ => {}
                }
            }
            Inline::Bracket {
                span,
                inner,
                followed,
            }
        }
        _ => Inline::Marker(Marker {
            span,
            kind: marker_kind(rule, p, base)?,
        }),
    };
    Some(item)
}

fn marker_kind(rule: Rule, p: Pair<'_, Rule>, base: usize) -> Option<MarkerKind> {
    let mut roles = Vec::new();
    let mut question = None;
    for q in p.into_inner() {
        match q.as_rule() {
            Rule::role => roles.push(span_of(&q, base)),
            Rule::question => question = Some(span_of(&q, base)),
            _ => {}
        }
    }
    let first = roles.first().cloned();
    let note = |note| question.clone().map(|text| MarkerKind::Note { note, text });
    Some(match rule {
        Rule::invoke => MarkerKind::Invoke {
            role: first?,
            question: question?,
        },
        Rule::broadcast => MarkerKind::Broadcast {
            target: first?,
            question: question?,
        },
        Rule::chain => MarkerKind::Chain { roles },
        Rule::response_open => MarkerKind::Open {
            block: BlockKind::Response,
            role: first,
        },
        Rule::peer_open => MarkerKind::Open {
            block: BlockKind::PeerVerify,
            role: first,
        },
        Rule::critic_open => MarkerKind::Open {
            block: BlockKind::CriticScreen,
            role: None,
        },
        Rule::conflict_open => MarkerKind::Open {
            block: BlockKind::Conflict,
            role: None,
        },
        Rule::response_close => MarkerKind::Close {
            block: BlockKind::Response,
        },
        Rule::peer_close => MarkerKind::Close {
            block: BlockKind::PeerVerify,
        },
        Rule::critic_close => MarkerKind::Close {
            block: BlockKind::CriticScreen,
        },
        Rule::conflict_close => MarkerKind::Close {
            block: BlockKind::Conflict,
        },
        Rule::blocked => note(NoteKind::Blocked)?,
        Rule::assumption => note(NoteKind::Assumption)?,
        Rule::conflict => note(NoteKind::Conflict)?,
        Rule::verified => note(NoteKind::Verified)?,
        Rule::assumed => note(NoteKind::Assumed)?,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole document in one parse, as the grammar's `document` rule reads it.
    fn parse_whole(source: &str) -> Document {
        let mut doc = Document::default();
        let document = TranscriptParser::parse(Rule::document, source)
            .unwrap()
            .next()
            .unwrap();
        collect(document.into_inner(), source, 0, &mut doc);
        doc
    }

    #[test]
    fn items_parse_exactly_as_one_pass() {
        let mut sources = vec![
            "---\nspeaker: cfo\n---\n\nCFO: a\n\n```text\n[INVOKE:cfo|x]\n\n\n```\n\n[INVOKE:cfo|two\nlines]\n\n".to_string(),
            "[INVOKE:cfo|unclosed\n\n```transcript\nCFO: in\n\n[RESPONSE:cfo]\n```\nafter\r\n\r\nend".to_string(),
            // A bare list marker or heading is a list item or a heading
            // with no content (found by the syntax_pieces fuzz target).
            "x\n*\n#\n1.\n- \n## \n#x\n-x\n*".to_string(),
            // Shapes the line scanner decides by hand: every lead, phase
            // and heading form, quotes, CRLF, lone CRs and unicode words.
            concat!(
                "## Phase 2: Contributions\n## phase 12 — x\n## Phase 1234 x\n#phase\n####### x\n    # x\n   # x\n",
                "Phase 3\nPHASE 4 - a\nPhase 5 x\nPhase\t6:\r\n**CFO:** a\n**CFO**: b\n__init__: c\nKey finding: d\n",
                "a b c d e f: six\na b c d e f g: seven\nIf wrong, the cost is: e\nÉquipe financière: f\nx²: g\n",
                "CRO → [INVOKE:cfo|q]\n**CRO** -> `[INVOKE:cfo|q]`\nCRO → no\n<!-- boardlint-disable L001 -->\n",
                "<!-- open\n<!-- a --> b\n<!---->\n📊 CFO — T\n🚩\n📋  BOARD\n> quoted\n>> > deep: x\n> \n>\n",
                "   \n\t\n \r\n\r\nlone\rcr\n\r\r\n- \r\n-\tx\n+ y\n• z\n•z\n123456789. n\n1234567890. n\n3) m\n",
                "━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n  ━━━━━━━━━━  \n━━━━━━━━━ short\n━━━━━━━━━━ x\n",
                "a [b] `c` [INVOKE:cfo|multi\nline] tail\n`unclosed\n[\n[[[\n``\n`` a ``\n- [x] done\n",
                "## <!-- c -->  `\n## <!-- c --> x\n#  \n# \r\n  ~~~ \n~~~\nfence body\n~~~\n",
                "x\r",
                "[INVOKE:cfo|a [b [c [d] e] f] g] [INVOKE: cfo |a [b [c [d [e] f] g] h] i]\n",
                "[INVOKE:cfo|two\r\nlines] [INVOKE:cfo|para\r\n\r\nend] [BLOCKED:x\n  \t\ny]\n",
                "[CHAIN: a → b -> c > d] [CHAIN:a→] [CHAIN: a → b → ] [CHAIN:a->b ]x\n",
                "[RESPONSE: cfo ] [RESPONSE:cfo|x] [/RESPONSE] [/RESPONSEX] [CRITIC-SCREEN] [CONFLICT DETECTED]\n",
                "[ASSUMPTIONS] [ASSUMED:a] [ASSUMPTION:[x]] [VERIFIED:[INVOKE:cfo|q]] [CONFLICT:a\n",
                "[x](y) [a][b] [c]: [d [e] f] [g [h] [i] [j [k] [INVOKE:x|[l]] [m\r\n] [n\ro]\n",
                "`a` ``b`c`` ```d`` e `` f ``` g `h\n`i\r\n```\n[INVOKE:cfo|`q`] [BROADCAST:all|z]\n",
                "[INVOKE:cfo|x [RESPONSE:cfo] y] [INVOKE:cfo|q\n",
            )
            .to_string(),
        ];
        sources.extend(crate::test_support::fixture_texts());
        let all = sources.join("\n\n");
        sources.push(all);
        for source in &sources {
            let whole = parse_whole(source);
            assert_eq!(parse(source), whole, "{source}");
            // Every line read in pieces, as a long line is (each file on
            // its own: the joined text adds nothing line by line).
            if !std::ptr::eq(source, sources.last().unwrap()) {
                assert_eq!(
                    parse_lines_longer_in_pieces(source, false, 0),
                    whole,
                    "in pieces:\n{source}"
                );
                // Cut in two at every line start, as large texts are read.
                for (at, _) in source.match_indices('\n') {
                    assert_eq!(
                        parse_split_at(source, false, at + 1),
                        whole,
                        "cut at {at}:\n{source}"
                    );
                }
            }
        }
    }

    /// Every field of every line comes back from the compact table as it
    /// went in, small and overflowing values alike.
    #[test]
    fn lines_round_trip_through_the_compact_table() {
        let lead_kinds = [
            None,
            Some(Lead::CardHeader {
                emoji: CardEmoji::Board,
            }),
            Some(Lead::Phase {
                number: 3,
                span: 5..14,
            }),
            Some(Lead::Label {
                text: 7..10,
                span: 6..12,
            }),
            Some(Lead::Arrow {
                name: 70_000..70_003,
                span: 70_000..70_010,
            }),
            Some(Lead::Comment {
                text: 4..9,
                span: 0..12,
            }),
        ];
        let kinds = [
            LineKind::Blank,
            LineKind::Frame { width: 40 },
            LineKind::Frame { width: 300 },
            LineKind::Heading { level: 6 },
            LineKind::ListItem { ordered: true },
            LineKind::ListItem { ordered: false },
            LineKind::Plain,
        ];
        let mut expected = Vec::new();
        let mut lines = Lines::default();
        let mut start = 0;
        for (n, kind) in kinds.iter().cycle().take(60).enumerate() {
            let len = [0, 12, 80_000][n % 3];
            let indent = [0, 4, 254, 255, 1_000][n % 5];
            let content = start + [0, 3, 65_534, 65_535, 70_000][n % 5].min(len);
            let data = LineData {
                span: start..start + len,
                kind: *kind,
                indent,
                quoted: n % 2 == 0,
                lead: lead_kinds[n % lead_kinds.len()].clone(),
                content: content..start + len,
                inlines: (0..n % 3)
                    .map(|k| Inline::CodeSpan {
                        span: start + k..start + k + 1,
                    })
                    .collect(),
                in_fence: n % 3 == 0,
            };
            expected.push((
                data.span.clone(),
                data.kind,
                data.indent,
                data.quoted,
                data.lead.clone(),
                data.content.clone(),
                data.inlines.clone(),
                data.in_fence,
            ));
            lines.push(data);
            start += len + 1;
        }
        assert_eq!(lines.len(), expected.len());
        for (i, e) in expected.iter().enumerate() {
            let l = lines.get(i);
            let got = (
                l.span,
                l.kind,
                l.indent,
                l.quoted,
                l.lead,
                l.content,
                l.inlines.to_vec(),
                l.in_fence,
            );
            assert_eq!(&got, e, "line {i}");
        }
        assert_eq!(lines.index_of(0), 0);
        assert_eq!(lines.index_of(13), 1);
    }
}
