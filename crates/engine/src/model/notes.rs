//! Note markers the rules read after the pass: `[BLOCKED: …]` with whether
//! an assumption follows it, and `[CONFLICT: …]`.

use crate::syntax::Span;

/// A `[BLOCKED: …]` marker and whether an assumption follows it.
#[derive(Debug, Clone)]
pub struct Blocked {
    pub span: Span,
    pub has_assumption: bool,
}

/// A note marker and the line it stands on.
#[derive(Debug, Clone)]
pub struct Note {
    pub span: Span,
    pub text: Span,
    pub line: usize,
}
