//! The syntax layer's public types: a document, its lines, their leads and
//! inline items.

use std::ops::Range;

/// A byte range into the source.
pub type Span = Range<usize>;

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
    /// The line's inline items, in order. Empty in a transcript model's
    /// lines: the model lets them go once built (`Lines::release_inlines`).
    pub inlines: &'a [Inline],
    /// The line is inside a fenced block whose info string is `transcript`
    /// or `boardlint`.
    pub in_fence: bool,
}

impl Line<'_> {
    /// The line's text after its indentation, quote and list marker, with
    /// any label kept (`Option A: …` stays whole).
    pub fn text(&self) -> Span {
        let start = match &self.lead {
            Some(Lead::Label { span, .. })
            | Some(Lead::Arrow { span, .. })
            | Some(Lead::Phase { span, .. }) => span.start,
            _ => self.content.start,
        };
        start.min(self.span.end)..self.span.end
    }

    /// The line is an HTML comment and nothing else.
    pub fn comment_only(&self, src: &str) -> bool {
        matches!(&self.lead, Some(Lead::Comment { span, .. })
            if src[span.end..self.span.end].trim().is_empty())
    }
}

/// A line while it is being built.
pub(super) struct LineData {
    pub(super) span: Span,
    pub(super) kind: LineKind,
    pub(super) indent: usize,
    pub(super) quoted: bool,
    pub(super) lead: Option<Lead>,
    pub(super) content: Span,
    pub(super) inlines: Vec<Inline>,
    pub(super) in_fence: bool,
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
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

/// A line's span without its line terminator.
pub(super) fn strip_terminator(source: &str, whole: Span) -> Span {
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
