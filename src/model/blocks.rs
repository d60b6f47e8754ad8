//! Blocks (RESPONSE, PEER-VERIFY, CRITIC-SCREEN, CONFLICT DETECTED): their
//! extent, nesting, what a RESPONSE answers, and its fields.

use super::{ResponseFields, Transcript};
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

impl Block {
    /// For a closed RESPONSE block: its fields (none for other blocks).
    ///
    /// Five rules read them. In a file under [`KEEP_FIELDS_BELOW`] every
    /// block's fields are parsed once, when a rule first asks, and kept
    /// while the rules run; in a larger file they are parsed on each call,
    /// which costs time but keeps peak memory near the file's size.
    pub fn fields<'t>(&self, t: &'t Transcript<'_>) -> std::borrow::Cow<'t, ResponseFields> {
        use std::borrow::Cow;
        if self.kind != BlockKind::Response || self.close.is_none() {
            return Cow::Owned(ResponseFields::default());
        }
        if t.source.len() >= KEEP_FIELDS_BELOW {
            return Cow::Owned(ResponseFields::parse(t, self));
        }
        let all = t.response_fields.get_or_init(|| {
            t.blocks
                .iter()
                .filter(|b| b.kind == BlockKind::Response && b.close.is_some())
                .map(|b| (b.open.start, ResponseFields::parse(t, b)))
                .collect()
        });
        // Blocks open in source order: their fields are sorted by opener.
        match all.binary_search_by_key(&self.open.start, |(at, _)| *at) {
            Ok(i) => Cow::Borrowed(&all[i].1),
            Err(_) => Cow::Owned(ResponseFields::parse(t, self)),
        }
    }
}

/// Files smaller than this keep their RESPONSE blocks' fields once parsed
/// (see [`Block::fields`]).
pub const KEEP_FIELDS_BELOW: usize = 4 << 20;
