//! What a transcript carries past a point where it may be cut: who is
//! speaking, the phase zone, the invocations still waiting for an answer,
//! the roles that have spoken. Reading the text after the cut with this
//! state gives every line after it what reading from the start gives it, so
//! an agent hook that checks each new turn of a long session reads only
//! the text after its last cut (see `engine/turn.rs`).
//!
//! A cut is taken only where no code fence is open and no suppression
//! comment stands before it. A card open there is carried. A block may be
//! open there when no closer ever closes it (decision 12): it is carried,
//! and the text after the cut is read with it open. Should a closer after the cut close it
//! after all, the cut does not hold (the reading before the cut assumed it
//! unclosed), and the text is read whole. What else the one pass of
//! `build.rs` keeps from line to line is here.

use serde::{Deserialize, Serialize};

use crate::roles::Role;
use crate::syntax::{BlockKind, CardEmoji};

use super::invocations::InvocationKind;

/// How far a speaker line's speaker reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpeakerScope {
    /// A heading speaker of this level.
    Heading(u8),
    /// A plain speaker line.
    Plain,
}

/// Where a phase zone ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ZoneEnd {
    /// A phase heading: ends at the next heading of this level or higher.
    Heading(u8),
    /// A plain phase line: ends with the section it sits in.
    Section(Option<u8>),
}

/// An invocation before the cut that what follows can still read: one
/// waiting for its answer, a broadcast some role has not answered, or one
/// on the last non-blank line (a `[CHAIN: …]` on the next line declares
/// its chain).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CarriedInvocation {
    pub kind: InvocationKind,
    pub role: Option<Role>,
    pub speaker: Option<Role>,
    pub structural: Option<Vec<Role>>,
    pub nested: bool,
    /// A CHAIN marker already declares its chain.
    pub declared: bool,
    pub phase: Option<u32>,
    /// An INVOKE still waiting for its answer.
    pub pending: bool,
    /// A broadcast's roles that have answered it (`None` for an INVOKE, or
    /// a broadcast every role has answered).
    pub broadcast_answered: Option<Vec<Role>>,
    /// On the last non-blank line before the cut.
    pub on_last_line: bool,
    /// A broadcast nothing has aggregated yet: the roles that had answered
    /// it (by a RESPONSE block or a speaker turn).
    #[serde(default)]
    pub unaggregated: Option<Vec<Role>>,
}

/// A speaker turn on the stack of turns at the cut (see `Builder::take_turn`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CarriedTurn {
    pub role: Role,
    /// The call chain the turn continues, ending in its role.
    pub chain: Vec<Role>,
    /// The invocation it answers, by position in [`Carry::invocations`].
    pub answers: Option<usize>,
    /// The invocations and broadcasts it issued that a turn of their role
    /// may still answer, by position in [`Carry::invocations`].
    pub issued: Vec<usize>,
}

/// A block open at the cut that no closer closes: the text after the cut
/// reads inside it until it ends (a RESPONSE block where decision 12 ends
/// it, the others at the end of the text or where a hook's answer begins).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CarriedBlock {
    pub kind: BlockKind,
    pub role: Option<Role>,
    /// The call chain invocations inside it extend.
    pub chain: Option<Vec<Role>>,
    /// The first of [`Carry::invocations`] issued inside it (their number
    /// when none is).
    pub inside_from: usize,
    /// Its opener as written (`[RESPONSE:cfo]`), which M003 names when a
    /// closer after the cut does not match it; a credential in it (as a
    /// role token) is replaced, as diagnostics replace it.
    pub opener: String,
}

/// A card open at the cut: the text after the cut reads inside it until it
/// ends (at the latest where a hook's answer begins). Its findings lie in
/// it, before the answer; what the reading needs of it is here.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CarriedCard {
    /// Opened by a frame: it ends at the next one.
    pub framed: bool,
    /// It has a section, and so is a card (not a draft or header yet).
    pub confirmed: bool,
    /// Opened by a header line.
    pub by_header: bool,
    pub emoji: Option<CardEmoji>,
    pub role: Option<Role>,
    pub draft: bool,
    /// It has been read as the aggregation of the broadcasts before it.
    pub aggregated: bool,
    /// Its last section heading is PERSPECTIVES.
    #[serde(default)]
    pub perspectives: bool,
}

/// The state of the one pass over a transcript's lines at a cut.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Carry {
    pub speaker: Option<(Role, SpeakerScope)>,
    pub zone: Option<(u32, ZoneEnd)>,
    /// A phase line before the cut is titled as a board meeting's phase.
    #[serde(default)]
    pub board_phases: bool,
    /// The phases of the board meeting under way at the cut, in the order
    /// they came (each once).
    #[serde(default)]
    pub meeting_phases: Vec<u32>,
    pub last_heading: Option<u8>,
    pub front_matter_speaker: Option<Role>,
    /// Under a `Key points` label.
    pub in_key_points: bool,
    /// Any invocation or broadcast stands before the cut.
    pub invocations_before: bool,
    /// The roles that spoke before the cut (speaker lines, RESPONSE and
    /// PEER-VERIFY blocks, cards), in role order.
    pub spoke: Vec<Role>,
    /// The text before the cut records a conversation (see
    /// [`Transcript::records_conversation`](super::Transcript::records_conversation)).
    #[serde(default)]
    pub conversation: bool,
    /// In the order they were written.
    pub invocations: Vec<CarriedInvocation>,
    /// The stack of speaker turns, outermost first.
    #[serde(default)]
    pub turns: Vec<CarriedTurn>,
    /// Blockquotes are quotations: the text has protocol outside them.
    #[serde(default)]
    pub quotations: bool,
    /// The roles that answered any broadcast before the cut.
    #[serde(default)]
    pub broadcast_responders: Vec<Role>,
    /// The roles an attendee line before the cut lists.
    #[serde(default)]
    pub attendees: Vec<Role>,
    /// The cut is inside an indented code block.
    #[serde(default)]
    pub indented_code: bool,
    /// The last non-blank line before the cut lets no indented code block
    /// follow (a list item or its continuation).
    #[serde(default)]
    pub no_code_next: bool,
    /// Who invoked whom at the top level before the cut (speaker, invoked).
    #[serde(default)]
    pub top_calls: Vec<(Role, Role)>,
    /// The card open at the cut.
    #[serde(default)]
    pub card: Option<CarriedCard>,
    /// The blocks open at the cut, outermost first, none of which any
    /// closer closes.
    #[serde(default)]
    pub blocks: Vec<CarriedBlock>,
    /// The blocks open at the cut as openers and closers pair (before any
    /// unclosed RESPONSE block ends early), outermost first: what a closer
    /// after the cut would close. None may be closed for the cut to hold.
    #[serde(default)]
    pub paired: Vec<BlockKind>,
    /// Where openers and closers pair, the cut is inside an indented code
    /// block (no block is open there to keep one from starting).
    #[serde(default)]
    pub paired_indented_code: bool,
    /// Where openers and closers pair, the last non-blank line before the
    /// cut lets no indented code block follow.
    #[serde(default)]
    pub paired_no_code_next: bool,
}

impl Carry {
    /// Whether every role it names is one of the first `roles` roles: a
    /// carry read back from a file is used only with the roles it was
    /// made with.
    pub fn roles_within(&self, roles: usize) -> bool {
        let fits = |r: &Role| r.index() < roles;
        let all = |rs: &[Role]| rs.iter().all(fits);
        let positions = self.invocations.len();
        self.speaker.as_ref().is_none_or(|(r, _)| fits(r))
            && self.front_matter_speaker.as_ref().is_none_or(fits)
            && all(&self.spoke)
            && all(&self.broadcast_responders)
            && all(&self.attendees)
            && self.top_calls.iter().all(|(a, b)| fits(a) && fits(b))
            && self.turns.iter().all(|t| {
                fits(&t.role)
                    && all(&t.chain)
                    && t.answers.is_none_or(|i| i < positions)
                    && t.issued.iter().all(|&i| i < positions)
            })
            && self
                .card
                .as_ref()
                .is_none_or(|c| c.role.as_ref().is_none_or(fits))
            && self.blocks.iter().all(|b| {
                b.role.as_ref().is_none_or(fits)
                    && b.chain.as_deref().is_none_or(all)
                    && b.inside_from <= positions
            })
            && self.invocations.iter().all(|c| {
                c.role.as_ref().is_none_or(fits)
                    && c.speaker.as_ref().is_none_or(fits)
                    && c.structural.as_deref().is_none_or(all)
                    && c.broadcast_answered.as_deref().is_none_or(all)
                    && c.unaggregated.as_deref().is_none_or(all)
            })
    }
}

/// Where the text may be cut, and its state there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cut {
    /// The byte offset of the line the text after the cut begins with.
    pub at: usize,
    pub carry: Carry,
}
