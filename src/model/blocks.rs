//! Blocks (RESPONSE, PEER-VERIFY, CRITIC-SCREEN, CONFLICT DETECTED): their
//! extent, nesting and what a RESPONSE answers (its fields are read in
//! `response.rs`).

use crate::roles::Role;
use crate::syntax::{BlockKind, Span};

/// What a RESPONSE block answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Invocation(usize),
    Broadcast(usize),
    /// Nothing pending; `invocations_before` is true when the transcript
    /// records any invocation or broadcast before this block.
    Nothing {
        invocations_before: bool,
    },
}

/// A block opened by `[RESPONSE:x]`, `[PEER-VERIFY:x]`, `[CRITIC-SCREEN]` or
/// `[CONFLICT DETECTED]`.
#[derive(Debug, Clone)]
pub struct Block {
    pub kind: BlockKind,
    /// The opening marker.
    pub open: Span,
    pub role: Option<Role>,
    /// The closing marker; `None` when the block is never closed.
    pub close: Option<Span>,
    pub parent: Option<usize>,
    /// Lines directly inside the block (not inside a nested block), by index.
    pub lines: Vec<usize>,
    /// For a RESPONSE block: what it answers.
    pub answer: Option<Answer>,
    /// The call chain that invocations inside this block extend.
    pub chain: Option<Vec<Role>>,
}
