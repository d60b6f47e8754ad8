//! The transcript model's one type: everything the rules read about one
//! transcript, and how they read its lines. `build.rs` fills it in.

use super::blocks::Block;
use super::cards::Card;
use super::decisions::Entry;
use super::faults::{Malformed, PhaseFault, StrayCloser, UnknownRole};
use super::invocations::{ChainDecl, Invocation};
use super::line_starts::LineStarts;
use super::notes::{Blocked, Note};
use super::response::ResponseFields;
use crate::context::RunContext;
use crate::roles::{Role, RoleSet};
use crate::settings::Settings;
use crate::syntax::{BlockKind, Document, Line, LineKind, Span};

/// Everything the rules read about one transcript.
#[derive(Debug)]
pub struct Transcript<'a> {
    pub source: &'a str,
    /// The file's path, when it has one (not for standard input).
    pub path: Option<&'a std::path::Path>,
    pub kind: crate::kinds::FileKind,
    /// What the other files of the run contribute.
    pub run: &'a RunContext,
    /// The entries of a decision log (empty for other kinds).
    pub decisions: Vec<Entry>,
    pub doc: Document,
    pub settings: &'a Settings,
    pub front_matter_speaker: Option<Role>,
    pub malformed: Vec<Malformed>,
    pub unknown_roles: Vec<UnknownRole>,
    pub invocations: Vec<Invocation>,
    pub chains: Vec<ChainDecl>,
    pub blocks: Vec<Block>,
    pub stray_closers: Vec<StrayCloser>,
    pub blocked: Vec<Blocked>,
    /// Template placeholders left inside a RESPONSE block or a card.
    pub placeholders: Vec<Span>,
    pub cards: Vec<Card>,
    /// Lines that name a speaker, with the role they name.
    pub speaker_lines: Vec<(usize, Role)>,
    /// Every well-formed `[CONFLICT: …]` note marker. (Other notes, such as
    /// `[VERIFIED: …]`, are read from their lines' inline items.)
    pub conflict_notes: Vec<Note>,
    /// The fields of every RESPONSE block, by its opener's offset,
    /// parsed on first use (see [`response_fields`](super::response_fields)).
    pub(crate) response_fields: std::sync::OnceLock<Vec<(usize, ResponseFields)>>,
    /// Whether those fields are kept once parsed, or parsed on each call
    /// (see [`response_fields`](super::response_fields)).
    pub(crate) keep_fields: bool,
    /// Bullet lines under a `Key points` label (the board-meeting Phase 2
    /// contribution template): findings that must name their source.
    pub key_points: Vec<usize>,
    /// What each line starts with. The lines' own inline items are let go
    /// once the model is built (only [`build_with_items`](super::build_with_items)
    /// keeps them), so rules read this instead.
    pub line_starts: LineStarts,
    /// The roles that spoke before this text began, when it continues a
    /// text cut before it (see [`Carry`](super::carry::Carry)).
    pub spoke_before: Vec<Role>,
    /// The text cut before this one recorded a conversation.
    pub conversation_before: bool,
    /// Who invoked whom at the top level (a call whose chain is just the
    /// speaker and the invoked role): (where, speaker, invoked), each pair
    /// once at its first call, in order; those before a cut at 0.
    pub top_calls: Vec<(usize, Role, Role)>,
    /// The roles that answer any broadcast (a RESPONSE block or a speaker
    /// turn), here or before a cut, in role order.
    pub broadcast_responders: Vec<Role>,
    /// The roles the text's attendee lines list (`Attendees: CEO, CFO`),
    /// here or before a cut, in role order; empty when none lists any.
    pub attendees: Vec<Role>,
    /// A board meeting's phase lines out of the meeting's order, in text
    /// order (docs/transcript-format.md, "Board-meeting phase zones").
    pub phase_faults: Vec<PhaseFault>,
    /// Where the text's messages begin (a session's, an agent hook's
    /// history and answer), ascending; empty for a file, which is one
    /// message. What one answer must hold together is held within one.
    pub message_starts: Vec<usize>,
}

impl<'a> Transcript<'a> {
    pub fn roles(&self) -> &RoleSet {
        &self.settings.roles
    }

    pub fn text(&self, span: &Span) -> &'a str {
        &self.source[span.clone()]
    }

    pub fn line(&self, index: usize) -> Line<'_> {
        self.doc.lines.get(index)
    }

    /// A line's span (see [`Lines::span`](crate::syntax::Lines::span)).
    pub fn line_span(&self, index: usize) -> Span {
        self.doc.lines.span(index)
    }

    /// A line's kind (see [`Lines::kind`](crate::syntax::Lines::kind)).
    pub fn line_kind(&self, index: usize) -> LineKind {
        self.doc.lines.kind(index)
    }

    /// A line's text after its indentation, quote and list marker, with any
    /// label kept (`Option A: …` stays whole).
    pub fn line_text(&self, index: usize) -> Span {
        self.line(index).text()
    }

    /// Whether the text records a conversation: a speaker line or heading,
    /// an invocation or broadcast, a role's RESPONSE or PEER-VERIFY block
    /// (here or before a cut). A card alone or a template excerpt does not;
    /// a card's own header names its author, not who else spoke.
    pub fn records_conversation(&self) -> bool {
        self.conversation_before
            || !self.speaker_lines.is_empty()
            || !self.invocations.is_empty()
            || self.blocks.iter().any(|b| {
                b.role.is_some() && matches!(b.kind, BlockKind::Response | BlockKind::PeerVerify)
            })
    }
}
