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
    /// Nothing pending; `invocations_recorded` is true when the transcript
    /// records any invocation or broadcast, before this block or after it.
    Nothing {
        invocations_recorded: bool,
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
    /// Lines directly inside the block (not inside a nested block), by
    /// index, in 32 bits (the syntax layer reads at most 4 GB); read
    /// through [`Block::lines`].
    pub(super) own_lines: Vec<u32>,
    /// For a RESPONSE block: what it answers.
    pub answer: Option<Answer>,
    /// The call chain that invocations inside this block extend.
    pub chain: Option<Vec<Role>>,
}

impl Block {
    /// The lines directly inside the block (not inside a nested block, and
    /// not its closer), by index, in order.
    pub fn lines(&self) -> impl DoubleEndedIterator<Item = usize> + ExactSizeIterator + '_ {
        self.own_lines.iter().map(|&i| i as usize)
    }

    pub(super) fn push_line(&mut self, index: usize) {
        // A line index fits: the syntax layer reads at most 4 GB.
        self.own_lines
            .push(u32::try_from(index).unwrap_or(u32::MAX));
    }
}
