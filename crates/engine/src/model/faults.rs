//! Markers the model cannot take in, which the M rules report: spans that
//! look like markers but do not parse, role tokens outside the set, and
//! closers that close nothing; and a board meeting's phases out of their
//! order (B004).

use crate::syntax::{BlockKind, Span};

/// A marker-looking span that does not parse (M001).
#[derive(Debug, Clone)]
pub struct Malformed {
    pub span: Span,
    pub reason: String,
    pub help: String,
}

/// A role token outside the valid set (M002).
#[derive(Debug, Clone)]
pub struct UnknownRole {
    pub span: Span,
    pub token: String,
    /// The marker it appears in, e.g. `INVOKE`.
    pub marker: &'static str,
}

/// A closing marker that closes nothing (M003).
#[derive(Debug, Clone)]
pub struct StrayCloser {
    pub span: Span,
    pub kind: BlockKind,
    /// The innermost open block when it appeared, if any.
    pub innermost: Option<(BlockKind, Span)>,
    /// That block's opener as written, when a cut carried it (its span is
    /// then empty).
    pub carried_opener: Option<String>,
}

/// A board meeting's phase line out of the meeting's order (B004).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhaseFault {
    /// The phase line's `Phase N` (or the heading that names it).
    pub span: Span,
    pub number: u32,
    pub kind: PhaseFaultKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhaseFaultKind {
    /// It comes after a later phase of the same meeting (`after`), and did
    /// not appear before it.
    OutOfOrder { after: u32 },
    /// It appeared before, and comes again after another phase (`after`).
    Again { after: u32 },
    /// Phase 6 straight after Phase 4: decisions handed on without the
    /// step between (the founder's review, or the boardroom's synthesis).
    NoPhaseFive,
}
