//! Invocations (`[INVOKE:…]`, `[BROADCAST:all|…]`) and the `[CHAIN: …]`
//! markers that declare their call chains.

use crate::roles::Role;
use crate::syntax::Span;

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum InvocationKind {
    Invoke,
    Broadcast,
}

/// A well-formed `[INVOKE:role|…]` or `[BROADCAST:all|…]`.
#[derive(Debug, Clone)]
pub struct Invocation {
    pub kind: InvocationKind,
    pub span: Span,
    /// The invoked role; `None` for a broadcast.
    pub role: Option<Role>,
    pub speaker: Option<Role>,
    /// The call chain from structure (speaker lines and RESPONSE nesting);
    /// `None` when the speaker is unknown. Broadcasts have none.
    pub structural: Option<Vec<Role>>,
    /// Issued in an answer: inside a RESPONSE block, or in a speaker turn
    /// that answers a pending invocation (so at structural depth 2 or more
    /// when the chain it answers is known).
    pub nested: bool,
    /// The CHAIN marker that declares this invocation's chain.
    pub declared: Option<usize>,
    /// The board-meeting phase zone it stands in.
    pub phase: Option<u32>,
    /// The RESPONSE block that answers it (for a broadcast, the first one).
    pub answered_by: Option<usize>,
    /// The transcript moves on after it: a RESPONSE block (of any role)
    /// opens after it, its invoker speaks again, or a card follows.
    pub moved_on: bool,
    /// For an INVOKE: a speaker turn of the invoked role answers it (see
    /// `Builder::take_turn`): an answer in speech.
    pub spoken_to: bool,
    /// For a broadcast: where it is aggregated (its broadcaster speaks
    /// again, or a synthesis card follows) and which roles had answered
    /// it by then; `None` while nothing aggregates it.
    pub aggregated: Option<Aggregation>,
}

/// Where a broadcast is aggregated, and who had answered it by then.
#[derive(Debug, Clone)]
pub struct Aggregation {
    /// The speaker line or card's first line that aggregates it.
    pub at: Span,
    /// The roles that answered it before, in the order they answered.
    pub answered: Vec<Role>,
}

/// A well-formed `[CHAIN: …]` marker.
#[derive(Debug, Clone)]
pub struct ChainDecl {
    pub span: Span,
    pub roles: Vec<Role>,
    /// The invocation it declares the chain of; `None` if standalone.
    pub attached: Option<usize>,
    /// The speaker where the marker stands.
    pub speaker: Option<Role>,
}
