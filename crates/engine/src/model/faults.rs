//! Markers the model cannot take in, which the M rules report: spans that
//! look like markers but do not parse, role tokens outside the set, and
//! closers that close nothing.

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
