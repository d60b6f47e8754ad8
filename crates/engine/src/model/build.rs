//! Building the model: one pass over the lines for speakers, phase zones,
//! cards, blocks, invocations and their chains, found line by line (a
//! second or third pass for a text with quoted protocol or an unclosed
//! RESPONSE, knowing what the first found); then the cards filled in and a
//! decision log's entries read.

use super::blocks::{Answer, Block};
use super::cards::{self, Card, CardKind};
use super::carry::{
    CarriedBlock, CarriedCard, CarriedInvocation, CarriedTurn, Carry, Cut, SpeakerScope, ZoneEnd,
};
use super::faults::{Malformed, PhaseFault, PhaseFaultKind, StrayCloser, UnknownRole};
use super::invocations::{Aggregation, ChainDecl, Invocation, InvocationKind};
use super::line_starts::LineStarts;
use super::notes::{Blocked, Note};
use super::sections::{Heading, Section};
use super::transcript::Transcript;
use super::{card_fill, decision_log};
use crate::context::FileContext;
use crate::roles::{Role, BROADCAST_TARGET};
use crate::settings::Settings;
use crate::syntax::{
    self, BlockKind, CardEmoji, Document, Inline, Lead, Line, LineKind, MarkerKind, NoteKind, Span,
};

#[cfg(any(test, feature = "internals"))]
/// The model of a transcript with no path, alone in its run.
pub fn build<'a>(source: &'a str, settings: &'a Settings) -> Transcript<'a> {
    build_file(source, settings, FileContext::transcript())
}

/// The model of a file, read as the kind its context says; its path is
/// what path rules read. Its lines have no inline items left: the
/// model holds what the rules need of them.
pub fn build_file<'a>(
    source: &'a str,
    settings: &'a Settings,
    file: FileContext<'a>,
) -> Transcript<'a> {
    let mut t = build_keeping(source, settings, file);
    t.doc.lines.release_inlines();
    t
}

/// The model of a session's conversation, its messages beginning at
/// `messages` (ascending): what is held within one message (a board
/// meeting's phase order) starts again at each. With `beside`, that is run
/// on another core while the model's pass over the lines runs on this one:
/// that pass is one core's work, where reading the lines before it takes
/// every core.
pub fn build_conversation<'a>(
    source: &'a str,
    settings: &'a Settings,
    file: FileContext<'a>,
    messages: &[usize],
    beside: Option<impl FnOnce() + Send>,
) -> Transcript<'a> {
    let how = Continuing {
        meetings: messages,
        ..Continuing::default()
    };
    let (mut t, _) = build_from(source, settings, file, how, beside)
        .expect("a text read from its start carries no block");
    t.doc.lines.release_inlines();
    t
}

/// [`build`], with the lines' inline items kept, for what
/// rewrites them (`fmt`).
pub fn build_with_items<'a>(source: &'a str, settings: &'a Settings) -> Transcript<'a> {
    build_keeping(source, settings, FileContext::transcript())
}

/// The model of a transcript text that continues one cut before it, read
/// as `how` says; with the last of its candidate cuts where this text may
/// be cut in turn, and its state there. `None` when the carry does not
/// hold: a closer in this text closes a block it carried as never closed,
/// so the text before the cut reads otherwise than the carry says, and
/// only a reading from the start can tell how.
pub fn build_continuing<'a>(
    source: &'a str,
    settings: &'a Settings,
    how: Continuing<'_>,
) -> Option<(Transcript<'a>, Option<Cut>)> {
    let (mut t, cut) = build_from(source, settings, FileContext::transcript(), how, NOTHING)?;
    t.doc.lines.release_inlines();
    Some((t, cut))
}

fn build_keeping<'a>(
    source: &'a str,
    settings: &'a Settings,
    file: FileContext<'a>,
) -> Transcript<'a> {
    build_from(source, settings, file, Continuing::default(), NOTHING)
        .map(|(t, _)| t)
        .expect("a text read from its start carries no block")
}

/// How a text continues a session: the state before it, where its
/// messages begin, where it may be cut, and where a hook's answer begins.
#[derive(Debug, Default, Clone, Copy)]
pub struct Continuing<'c> {
    /// The state the text before it left (none: the text is read from
    /// the start).
    pub carry: Option<&'c Carry>,
    /// Where its messages begin, ascending: each is read on its own (a
    /// fence left open ends with its message).
    pub messages: &'c [usize],
    /// The line starts where it may be cut, ascending.
    pub candidates: &'c [usize],
    /// Where the answer an agent hook checks begins, a new message: the
    /// card the text before it left open ends there, and so do the blocks
    /// no closer closes (decision 12).
    pub turn: Option<usize>,
    /// Where messages begin, ascending, for what is held within one
    /// message (a board meeting's phase order), when the text is not read
    /// a message at a time (a conversation `check` reads whole).
    pub meetings: &'c [usize],
}

/// No work beside the model's pass.
const NOTHING: Option<fn()> = None;

fn build_from<'a>(
    source: &'a str,
    settings: &'a Settings,
    file: FileContext<'a>,
    how: Continuing<'_>,
    mut beside: Option<impl FnOnce() + Send>,
) -> Option<(Transcript<'a>, Option<Cut>)> {
    // A session's messages (where it may be cut, and where a hook's answer
    // begins) are read each on its own: a fence left open ends with its
    // message.
    //
    // A large session's text is read in pieces while the first read of the
    // model goes through the lines already read: the one pass over the
    // lines takes one core, and the lines' reading the other.
    let whole = how.messages.is_empty() && how.turn.is_none();
    let mut parts = how.messages.to_vec();
    parts.extend(how.turn);
    let mut in_pieces = syntax::InPieces::new(
        source,
        settings.lint_code_blocks,
        (!whole).then_some(parts.as_slice()),
    );
    let mut doc = match &in_pieces {
        Some(pieces) => pieces.first(),
        None if whole => syntax::parse_with(source, settings.lint_code_blocks),
        None => syntax::parse_apart(source, settings.lint_code_blocks, &parts),
    };
    let carry = how.carry;
    // What only the whole text tells: whether its blockquotes are
    // quotations (it has protocol outside them), and which blocks are
    // never closed (a RESPONSE block ends earlier for the model, decision
    // 12). A text that needs either is read again knowing it: at most
    // three reads, and one for nearly every text.
    let mut knowledge = Knowledge {
        quotations: carry.is_some_and(|c| c.quotations),
        unclosed: Vec::new(),
        unclosed_known: false,
        paired: Vec::new(),
    };
    loop {
        let feed = in_pieces.take();
        let mut pass = || {
            read(
                source,
                settings,
                file,
                how,
                &mut doc,
                feed.as_ref(),
                &knowledge,
            )
        };
        let (mut t, mut cut, seen) = match (beside.take(), &feed) {
            (beside, Some(pieces)) => {
                let ahead = || {
                    pieces.read_ahead();
                    if let Some(beside) = beside {
                        beside();
                    }
                };
                rayon::join(pass, ahead).0
            }
            (Some(beside), None) => rayon::join(pass, beside).0,
            (None, None) => pass(),
        };
        let quotations = knowledge.quotations || seen.unquoted_protocol;
        if quotations && !knowledge.quotations && seen.quoted_protocol {
            knowledge.quotations = true;
            continue;
        }
        if !knowledge.unclosed_known {
            // A block carried as never closed is closed here: the text
            // before the cut did not read as the carry says.
            if seen.carried_closed {
                return None;
            }
            knowledge.unclosed_known = true;
            knowledge.paired = seen.paired;
            let carried = carry.map_or(0, |c| c.paired.len());
            knowledge.unclosed = t.blocks[carried..]
                .iter()
                .filter(|b| b.close.is_none())
                .map(|b| b.open.start)
                .collect();
            // Unclosed RESPONSE blocks end early; where the text is cut or
            // a hook's answer begins, unclosed blocks of any kind matter;
            // and a carry's blocks are read for what they are once it is
            // known to hold.
            let response = |at: &usize| {
                t.blocks[carried..]
                    .iter()
                    .any(|b| b.open.start == *at && b.kind == BlockKind::Response)
            };
            let cuts_or_turn = !how.candidates.is_empty() || how.turn.is_some();
            let again = knowledge.unclosed.iter().any(response)
                || (cuts_or_turn && !knowledge.unclosed.is_empty())
                || carried > 0;
            if again {
                continue;
            }
        }
        if let Some(cut) = &mut cut {
            cut.carry.quotations = quotations;
        }
        t.doc = doc;
        card_fill::analyze(&mut t);
        t.keep_fields = super::fields::keeps_fields(&t);
        if t.kind == crate::kinds::FileKind::DecisionLog {
            t.decisions = decision_log::parse(&t);
        }
        shrink_to_fit(&mut t);
        return Some((t, cut));
    }
}

/// What a read of the whole text found out that an earlier line may need.
struct Knowledge {
    /// Blockquotes are quotations.
    quotations: bool,
    /// The openers (offsets) of the blocks no closer closes, ascending
    /// (those a carry holds are never closed, and are not among them).
    unclosed: Vec<usize>,
    /// `unclosed` has been found (by a read that ended no block early).
    unclosed_known: bool,
    /// The blocks open at each of the last candidates, as openers and
    /// closers pair (see [`Paired`]).
    paired: Vec<Paired>,
}

/// What a read that only pairs openers and closers (it ends no block
/// early) had open at a candidate cut.
#[derive(Debug, Clone, Default)]
struct Paired {
    /// The candidate.
    at: usize,
    /// The open blocks, outermost first.
    kinds: Vec<BlockKind>,
    /// The openers of those that opened in this text (the others a carry
    /// holds).
    openers: Vec<usize>,
    indented_code: bool,
    no_code_next: bool,
}

/// What one read saw of the protocol in and out of blockquotes, and of
/// the blocks open at the candidates.
#[derive(Default)]
struct Seen {
    /// A blockquote read as live holds a marker or a speaker line.
    quoted_protocol: bool,
    /// A line outside blockquotes holds a marker or is a speaker line.
    unquoted_protocol: bool,
    /// A read that pairs openers and closers: what was open at each of the
    /// last candidates.
    paired: Vec<Paired>,
    /// A closer closed a block the carry holds as never closed.
    carried_closed: bool,
}

fn read<'a>(
    source: &'a str,
    settings: &'a Settings,
    file: FileContext<'a>,
    how: Continuing<'_>,
    doc: &mut Document,
    feed: Option<&syntax::InPieces<'_>>,
    knowledge: &Knowledge,
) -> (Transcript<'a>, Option<Cut>, Seen) {
    let mut t = Transcript {
        source,
        path: file.path,
        kind: file.kind,
        run: file.run,
        decisions: Vec::new(),
        doc: Document::default(),
        settings,
        front_matter_speaker: None,
        malformed: Vec::new(),
        unknown_roles: Vec::new(),
        invocations: Vec::new(),
        chains: Vec::new(),
        blocks: Vec::new(),
        stray_closers: Vec::new(),
        blocked: Vec::new(),
        placeholders: Vec::new(),
        cards: Vec::new(),
        speaker_lines: Vec::new(),
        conflict_notes: Vec::new(),
        response_fields: std::sync::OnceLock::new(),
        keep_fields: true,
        key_points: Vec::new(),
        line_starts: LineStarts::default(),
        spoke_before: Vec::new(),
        top_calls: Vec::new(),
        conversation_before: false,
        broadcast_responders: Vec::new(),
        attendees: Vec::new(),
        phase_faults: Vec::new(),
        message_starts: Vec::new(),
    };
    t.front_matter_speaker = doc
        .front_matter
        .as_ref()
        .and_then(|span| crate::yaml::front_matter_speaker(&source[span.clone()]))
        .and_then(|name| settings.roles.lookup(&name));
    // A message starts a board meeting's order again: an answer rewritten
    // after a hook's block, or a recap in a later message, restates phases.
    let mut messages: Vec<usize> = how
        .messages
        .iter()
        .chain(how.meetings)
        .copied()
        .chain(how.turn)
        .collect();
    messages.sort_unstable();
    messages.dedup();
    t.message_starts = messages;
    let mut builder = Builder::new(&mut t, knowledge, how.turn);
    if let Some(carry) = how.carry {
        builder.seed(carry);
    }
    let (cut, seen) = builder.run_cutting(doc, feed, how.candidates);
    (t, cut, seen)
}

/// Give back what the tables' growth left unused: the model lives
/// while every rule runs, so its slack is part of the peak.
fn shrink_to_fit(t: &mut Transcript<'_>) {
    t.malformed.shrink_to_fit();
    t.unknown_roles.shrink_to_fit();
    t.invocations.shrink_to_fit();
    t.chains.shrink_to_fit();
    t.blocks.shrink_to_fit();
    for block in &mut t.blocks {
        block.own_lines.shrink_to_fit();
    }
    t.stray_closers.shrink_to_fit();
    t.blocked.shrink_to_fit();
    t.placeholders.shrink_to_fit();
    t.cards.shrink_to_fit();
    t.speaker_lines.shrink_to_fit();
    t.conflict_notes.shrink_to_fit();
    t.key_points.shrink_to_fit();
    t.top_calls.shrink_to_fit();
    t.line_starts.shrink_to_fit();
}

struct OpenCard {
    index: usize,
    /// A card is pending until it has a section: a header card until any
    /// section heading, a draft until a distinctive one after its BOTTOM
    /// LINE. A pending card that ends is no card.
    confirmed: bool,
    /// Opened by a header line (not a frame, not a BOTTOM LINE).
    by_header: bool,
    /// Its last section heading is PERSPECTIVES, whose `ROLE: position`
    /// lines a draft may write at column 1: no speaker line ends it there.
    perspectives: bool,
}

/// How many of the last candidate cuts are tried.
const LAST_CANDIDATES: usize = 16;

pub(super) struct Builder<'t, 'a> {
    t: &'t mut Transcript<'a>,
    /// Open blocks, innermost last, by index into `t.blocks`.
    stack: Vec<usize>,
    speaker: Option<(Role, SpeakerScope)>,
    zone: Option<(u32, ZoneEnd)>,
    /// A phase line so far is titled as a board meeting's phase is.
    board_phases: bool,
    /// The phases of the board meeting under way, in the order they came
    /// (each once): what the next phase line is held to.
    meeting_phases: Vec<u32>,
    /// The first of the transcript's message starts not yet reached: each
    /// starts the phase order again.
    next_message: usize,
    last_heading: Option<u8>,
    card: Option<OpenCard>,
    /// Placeholders found in a draft card not yet confirmed.
    tentative_placeholders: Vec<Span>,
    /// Pending invocations of each role, most recent last.
    pending: Vec<Vec<usize>>,
    /// Broadcasts, with the roles that have answered each.
    broadcasts: Vec<(usize, Vec<Role>)>,
    /// BLOCKED markers waiting for an assumption: (index, non-blank lines left).
    awaiting_assumption: Vec<(usize, u8)>,
    /// Invocations on the previous non-blank line, for CHAIN attachment.
    prev_line_invokes: Vec<usize>,
    /// A CHAIN alone on the previous non-blank line, attached to nothing:
    /// it declares the first invocation of the next line (decision 9).
    lone_chain: Option<usize>,
    in_fence: bool,
    last_response_open: Option<usize>,
    /// Under a `Key points` label.
    in_key_points: bool,
    /// The previous line was blank.
    prev_blank: bool,
    /// In an indented code block (docs/transcript-format.md).
    indented_code: bool,
    /// The last non-blank line lets an indented code block follow it: a
    /// paragraph at the margin, not a list item or its continuation.
    code_may_follow: bool,
    /// The last non-blank line read so far.
    last_non_blank: Option<usize>,
    /// Invocations stood before the text began (a cut's carry).
    invocations_before: bool,
    /// A suppression comment has been read: no later line may be cut at.
    no_cut: bool,
    /// The roles that have spoken so far (speaker lines, RESPONSE and
    /// PEER-VERIFY blocks, closed cards), by role index.
    spoke: Vec<bool>,
    /// Carried invocations whose chain a CHAIN marker before the cut
    /// declares (their own CHAIN is not in this text).
    declared_before: Vec<usize>,
    /// Blockquotes are quotations (docs/transcript-format.md, "Quotations").
    quotations: bool,
    /// The openers of the blocks no closer closes (decision 12).
    unclosed: Vec<usize>,
    /// This read only pairs openers and closers: which blocks are never
    /// closed is not known yet, and none ends early.
    pairing: bool,
    /// The blocks open at the candidates, as the read that paired openers
    /// and closers found them.
    paired: Vec<Paired>,
    /// The first blocks are a carry's (in a read that pairs, only their
    /// kinds): none is ever closed.
    carried: usize,
    /// For each carried block, the first invocation issued inside it.
    carried_inside: Vec<usize>,
    /// For each carried block, its opener as written.
    carried_openers: Vec<String>,
    /// Where a hook's answer begins (see [`build_continuing`]).
    turn: Option<usize>,
    /// The open card is a carry's: it is no card of this text, and goes
    /// when it ends.
    carried_card: bool,
    /// What this read saw of the protocol in and out of blockquotes.
    seen: Seen,
    /// In a blockquote: whether it is a quotation.
    quote_run: Option<bool>,
    /// The last non-blank line outside blockquotes introduces a quotation
    /// (`The CFO wrote:`).
    introduces_quote: bool,
    /// The speaker turns whose chains are open, outermost first.
    turns: Vec<Turn>,
    /// Broadcasts not yet aggregated, with the roles that have answered each.
    unaggregated: Vec<(usize, Vec<Role>)>,
    /// The roles that have answered some broadcast, by role index.
    responders: Vec<bool>,
    /// The roles attendee lines list, by role index.
    attendees: Vec<bool>,
    /// The cards already looked at as a broadcast's aggregation.
    cards_seen: usize,
}

/// A speaker turn (decision 10a): a role speaking, the call chain it
/// continues, and what it invoked that a turn of the invoked role may answer.
struct Turn {
    role: Role,
    /// The chain it continues, ending in its role (`[role]` for a fresh turn).
    chain: Vec<Role>,
    /// The invocation or broadcast it answers, while that is still open.
    answers: Option<usize>,
    /// The invocations and broadcasts it issued.
    issued: Vec<usize>,
}

impl<'t, 'a> Builder<'t, 'a> {
    fn new(t: &'t mut Transcript<'a>, knowledge: &Knowledge, turn: Option<usize>) -> Self {
        let roles = t.settings.roles.names().count();
        Builder {
            t,
            stack: Vec::new(),
            speaker: None,
            zone: None,
            board_phases: false,
            meeting_phases: Vec::new(),
            next_message: 0,
            last_heading: None,
            card: None,
            tentative_placeholders: Vec::new(),
            pending: vec![Vec::new(); roles],
            broadcasts: Vec::new(),
            awaiting_assumption: Vec::new(),
            prev_line_invokes: Vec::new(),
            lone_chain: None,
            in_fence: false,
            last_response_open: None,
            in_key_points: false,
            prev_blank: false,
            indented_code: false,
            code_may_follow: true,
            last_non_blank: None,
            invocations_before: false,
            no_cut: false,
            spoke: vec![false; roles],
            declared_before: Vec::new(),
            quotations: knowledge.quotations,
            unclosed: knowledge.unclosed.clone(),
            pairing: !knowledge.unclosed_known,
            paired: knowledge.paired.clone(),
            carried: 0,
            carried_inside: Vec::new(),
            carried_openers: Vec::new(),
            turn,
            carried_card: false,
            seen: Seen::default(),
            quote_run: None,
            introduces_quote: false,
            turns: Vec::new(),
            unaggregated: Vec::new(),
            responders: vec![false; roles],
            attendees: vec![false; roles],
            cards_seen: 0,
        }
    }

    /// Start from the state a cut carries, as if the text before the cut
    /// had been read. Its invocations get an empty span at the start.
    pub(super) fn seed(&mut self, carry: &Carry) {
        self.speaker = carry.speaker;
        self.zone = carry.zone;
        self.board_phases = carry.board_phases;
        self.meeting_phases.clone_from(&carry.meeting_phases);
        self.indented_code = carry.indented_code;
        self.code_may_follow = !carry.no_code_next;
        self.last_heading = carry.last_heading;
        self.in_key_points = carry.in_key_points;
        self.invocations_before = carry.invocations_before;
        self.t.front_matter_speaker = carry.front_matter_speaker;
        self.t.spoke_before.clone_from(&carry.spoke);
        self.t.top_calls = carry.top_calls.iter().map(|&(s, r)| (0, s, r)).collect();
        self.t.conversation_before = carry.conversation;
        for &r in &carry.spoke {
            self.mark_spoke(Some(r));
        }
        for c in &carry.invocations {
            let index = self.t.invocations.len();
            self.t.invocations.push(Invocation {
                kind: c.kind,
                span: 0..0,
                role: c.role,
                speaker: c.speaker,
                structural: c.structural.clone(),
                nested: c.nested,
                declared: None,
                phase: c.phase,
                answered_by: None,
                moved_on: false,
                spoken_to: false,
                aggregated: None,
            });
            if let Some(answered) = &c.unaggregated {
                self.unaggregated.push((index, answered.clone()));
            }
            if let (true, Some(role)) = (c.pending, c.role) {
                self.pending[role.index()].push(index);
            }
            if let Some(answered) = &c.broadcast_answered {
                self.broadcasts.push((index, answered.clone()));
            }
            if c.on_last_line {
                self.prev_line_invokes.push(index);
            }
            if c.declared {
                self.declared_before.push(index);
            }
        }
        // Positions in the carried list are the invocations' indices here.
        let known = |i: &usize| *i < carry.invocations.len();
        self.turns = carry
            .turns
            .iter()
            .map(|t| Turn {
                role: t.role,
                chain: t.chain.clone(),
                answers: t.answers.filter(known),
                issued: t.issued.iter().copied().filter(known).collect(),
            })
            .collect();
        for &r in &carry.broadcast_responders {
            set(&mut self.responders, r);
        }
        for &r in &carry.attendees {
            set(&mut self.attendees, r);
        }
        self.seed_blocks(carry);
        if let Some(card) = &carry.card {
            self.seed_card(card);
        }
    }

    /// The card open at the cut, as the first card, on its line 0.
    fn seed_card(&mut self, card: &CarriedCard) {
        self.open_card(0, card.framed, None, card.draft);
        if let Some(open) = self.t.cards.last_mut() {
            open.emoji = card.emoji;
            open.role = card.role;
        }
        self.card = Some(OpenCard {
            index: self.t.cards.len() - 1,
            confirmed: card.confirmed,
            by_header: card.by_header,
            perspectives: card.perspectives,
        });
        self.cards_seen = usize::from(card.aggregated);
        self.carried_card = true;
    }

    /// The blocks open at the cut, at the bottom of the stack, with an
    /// empty opener at the start: in a read that pairs openers and closers,
    /// those it had open, by their kind alone (with the code block it was
    /// in or not); else those the carry holds.
    fn seed_blocks(&mut self, carry: &Carry) {
        let blocks: Vec<(BlockKind, Option<Role>, Option<Vec<Role>>)> = if self.pairing {
            if !carry.paired.is_empty() {
                self.indented_code = carry.paired_indented_code;
                self.code_may_follow = !carry.paired_no_code_next;
            }
            carry
                .paired
                .iter()
                .map(|&kind| (kind, None, None))
                .collect()
        } else {
            let positions = carry.invocations.len();
            self.carried_inside = carry
                .blocks
                .iter()
                .map(|b| b.inside_from.min(positions))
                .collect();
            self.carried_openers = carry.blocks.iter().map(|b| b.opener.clone()).collect();
            carry
                .blocks
                .iter()
                .map(|b| (b.kind, b.role, b.chain.clone()))
                .collect()
        };
        for (kind, role, chain) in blocks {
            let index = self.t.blocks.len();
            self.t.blocks.push(Block {
                kind,
                open: 0..0,
                role,
                close: None,
                parent: self.stack.last().copied(),
                own_lines: Vec::new(),
                answer: None,
                chain,
            });
            self.stack.push(index);
        }
        self.carried = self.t.blocks.len();
    }

    fn mark_spoke(&mut self, role: Option<Role>) {
        if let Some(seen) = role.and_then(|r| self.spoke.get_mut(r.index())) {
            *seen = true;
        }
    }

    /// Whether the text may be cut at the start of this line: no linted
    /// fence is open or just left, every open block is one no closer closes
    /// (as openers and closers pair, too), and no suppression comment came
    /// before. A card open here is carried. (A `[BLOCKED: …]` still waiting
    /// for its assumption does not stop a cut: the lines after it decide
    /// only its own finding, at the marker.)
    fn may_cut(&self, line: &Line) -> bool {
        if self.no_cut || self.in_fence || line.in_fence {
            return false;
        }
        if self.pairing {
            // Which blocks are unclosed is not known yet: a read that
            // needs it to cut (any block is open) is read again.
            return self.stack.is_empty();
        }
        let start = line.span.start;
        let Some(paired) = self.paired.iter().find(|p| p.at == start) else {
            return self.stack.is_empty();
        };
        let never_closed = |at: &usize| self.unclosed.binary_search(at).is_ok();
        paired.openers.iter().all(never_closed)
            && self
                .stack
                .iter()
                .all(|&b| b < self.carried || paired.openers.contains(&self.t.blocks[b].open.start))
    }

    /// What a read that pairs openers and closers has open here.
    fn paired_here(&self, at: usize) -> Paired {
        Paired {
            at,
            kinds: self.stack.iter().map(|&b| self.t.blocks[b].kind).collect(),
            openers: self
                .stack
                .iter()
                .filter(|&&b| b >= self.carried)
                .map(|&b| self.t.blocks[b].open.start)
                .collect(),
            indented_code: self.indented_code,
            no_code_next: !self.code_may_follow,
        }
    }

    /// The state carried past a cut at the start of the line at `at`.
    fn carry(&self, at: usize) -> Carry {
        let spoke = self
            .spoke
            .iter()
            .enumerate()
            .filter(|&(_, &s)| s)
            .filter_map(|(i, _)| self.t.settings.roles.at(i))
            .collect();
        let pending: std::collections::HashSet<usize> =
            self.pending.iter().flatten().copied().collect();
        let everyone = self.pending.len();
        let broadcasts: std::collections::HashMap<usize, &Vec<Role>> = self
            .broadcasts
            .iter()
            .filter(|(_, answered)| answered.len() < everyone)
            .map(|(i, answered)| (*i, answered))
            .collect();
        let unaggregated: std::collections::HashMap<usize, &Vec<Role>> = self
            .unaggregated
            .iter()
            .map(|(i, answered)| (*i, answered))
            .collect();
        let mut kept: Vec<usize> = pending
            .iter()
            .chain(broadcasts.keys())
            .chain(unaggregated.keys())
            .chain(&self.prev_line_invokes)
            .copied()
            .collect();
        kept.sort_unstable();
        kept.dedup();
        // A turn's invocations that no turn can answer any more are not
        // carried: what is, is kept, and named by its position.
        let position = |i: usize| kept.binary_search(&i).ok();
        let turns = self
            .turns
            .iter()
            .map(|turn| {
                let answers = turn
                    .answers
                    .filter(|&i| self.open_for(i, turn.role))
                    .and_then(position);
                CarriedTurn {
                    role: turn.role,
                    chain: if answers.is_some() {
                        turn.chain.clone()
                    } else {
                        vec![turn.role]
                    },
                    answers,
                    issued: turn.issued.iter().filter_map(|&i| position(i)).collect(),
                }
            })
            .collect();
        let invocations = kept
            .iter()
            .map(|&i| {
                let inv = &self.t.invocations[i];
                CarriedInvocation {
                    kind: inv.kind,
                    role: inv.role,
                    speaker: inv.speaker,
                    structural: inv.structural.clone(),
                    nested: inv.nested,
                    declared: inv.declared.is_some() || self.declared_before.contains(&i),
                    phase: inv.phase,
                    pending: pending.contains(&i),
                    broadcast_answered: broadcasts.get(&i).map(|a| (*a).clone()),
                    on_last_line: self.prev_line_invokes.contains(&i),
                    unaggregated: unaggregated.get(&i).map(|a| (*a).clone()),
                }
            })
            .collect();
        let roles_of = |flags: &[bool]| -> Vec<Role> {
            flags
                .iter()
                .enumerate()
                .filter(|&(_, &s)| s)
                .filter_map(|(i, _)| self.t.settings.roles.at(i))
                .collect()
        };
        let blocks = self
            .stack
            .iter()
            .map(|&b| {
                let block = &self.t.blocks[b];
                let first = self.first_inside(b);
                CarriedBlock {
                    kind: block.kind,
                    role: block.role,
                    chain: block.chain.clone(),
                    inside_from: kept.partition_point(|&i| i < first),
                    opener: crate::secrets::scrub(self.opener(b)).into_owned(),
                }
            })
            .collect();
        let paired = self.paired.iter().find(|p| p.at == at);
        let card = self.card.as_ref().map(|open| {
            let card = &self.t.cards[open.index];
            CarriedCard {
                framed: card.framed,
                confirmed: open.confirmed,
                by_header: open.by_header,
                emoji: card.emoji,
                role: card.role,
                draft: card.draft,
                aggregated: self.cards_seen > open.index,
                perspectives: open.perspectives,
            }
        });
        Carry {
            speaker: self.speaker,
            zone: self.zone,
            board_phases: self.board_phases,
            meeting_phases: self.meeting_phases.clone(),
            last_heading: self.last_heading,
            front_matter_speaker: self.t.front_matter_speaker,
            in_key_points: self.in_key_points,
            invocations_before: self.invocations_before || !self.t.invocations.is_empty(),
            spoke,
            conversation: self.t.records_conversation(),
            invocations,
            turns,
            // Set from the whole read's knowledge once it is over.
            quotations: self.quotations,
            broadcast_responders: roles_of(&self.responders),
            attendees: roles_of(&self.attendees),
            top_calls: self.t.top_calls.iter().map(|&(_, s, r)| (s, r)).collect(),
            indented_code: self.indented_code,
            no_code_next: !self.code_may_follow,
            card,
            blocks,
            paired: paired.map(|p| p.kinds.clone()).unwrap_or_default(),
            paired_indented_code: paired.is_some_and(|p| p.indented_code),
            paired_no_code_next: paired.is_some_and(|p| p.no_code_next),
        }
    }

    /// Block `b`'s opener as written.
    fn opener(&self, b: usize) -> &str {
        match self.carried_openers.get(b) {
            Some(opener) => opener,
            None => &self.src()[self.t.blocks[b].open.clone()],
        }
    }

    /// The first invocation issued inside block `b` (their number when
    /// none is).
    fn first_inside(&self, b: usize) -> usize {
        match self.carried_inside.get(b) {
            Some(&first) => first,
            None => {
                let open = self.t.blocks[b].open.start;
                self.t.invocations.partition_point(|i| i.span.start < open)
            }
        }
    }

    fn src(&self) -> &'a str {
        self.t.source
    }

    /// Read every line; of the offsets in `candidates` (ascending), the
    /// last one that starts a line where the text may be cut is returned,
    /// with the state carried past it.
    /// Go through every line of `doc`, and of the pieces `feed` appends to
    /// it as they are needed.
    fn run_cutting(
        mut self,
        doc: &mut Document,
        feed: Option<&syntax::InPieces<'_>>,
        candidates: &[usize],
    ) -> (Option<Cut>, Seen) {
        let mut cut = None;
        // Only the last cut is wanted: the state is taken at the last few
        // candidates alone, so that a long text's many message starts cost
        // no copy of the state each.
        let last = &candidates[candidates.len().saturating_sub(LAST_CANDIDATES)..];
        let mut next = last.iter().copied().peekable();
        let mut fence = 0;
        let mut index = 0;
        loop {
            if index == doc.lines.len() {
                if feed.is_some_and(|f| f.append(doc)) {
                    continue;
                }
                break;
            }
            let line = doc.lines.get(index);
            let start = line.span.start;
            while next.next_if(|&c| c < start).is_some() {}
            if next.next_if_eq(&start).is_some() {
                let fences = &doc.code_fences;
                while fences.get(fence).is_some_and(|f| f.end <= start) {
                    fence += 1;
                }
                let in_opaque_fence = fences.get(fence).is_some_and(|f| f.start < start);
                if self.pairing {
                    let paired = self.paired_here(start);
                    self.seen.paired.push(paired);
                }
                if !in_opaque_fence && self.may_cut(&line) {
                    cut = Some(Cut {
                        at: start,
                        carry: self.carry(start),
                    });
                }
            }
            self.line(index, &line, &doc.lines);
            index += 1;
        }
        let last = doc.lines.len().saturating_sub(1);
        self.close_card(last);
        self.judge_what_follows(doc);
        let roles = &self.t.settings.roles;
        let of = |flags: &[bool]| -> Vec<Role> {
            flags
                .iter()
                .enumerate()
                .filter(|&(_, &s)| s)
                .filter_map(|(i, _)| roles.at(i))
                .collect()
        };
        let (responders, attendees) = (of(&self.responders), of(&self.attendees));
        self.t.broadcast_responders = responders;
        self.t.attendees = attendees;
        (cut, self.seen)
    }

    /// What the transcript does after each invocation and before each
    /// response, read once every line is: whether it moves on after an
    /// invocation (R006), and whether it records invocations at all (R007).
    fn judge_what_follows(&mut self, doc: &Document) {
        let t = &mut *self.t;
        // The start of the last speaker line of each role, and of the last card.
        let mut last_spoke = vec![None; self.pending.len()];
        for &(line, role) in &t.speaker_lines {
            if let Some(at) = last_spoke.get_mut(role.index()) {
                *at = Some(doc.lines.span(line).start);
            }
        }
        let last_card = t.cards.last().map(|c| doc.lines.span(c.first_line).start);
        let last_open = self.last_response_open;
        for inv in &mut t.invocations {
            let after = |at: Option<usize>| at.is_some_and(|at| at > inv.span.end);
            let speaks_again = inv
                .speaker
                .and_then(|s| last_spoke.get(s.index()).copied().flatten());
            inv.moved_on = after(last_open) || after(speaks_again) || after(last_card);
        }
        let recorded = self.invocations_before || !t.invocations.is_empty();
        for block in &mut t.blocks {
            if let Some(Answer::Nothing { .. }) = block.answer {
                block.answer = Some(Answer::Nothing {
                    invocations_recorded: recorded,
                });
            }
        }
    }

    fn line(&mut self, index: usize, line: &Line, lines: &syntax::Lines) {
        self.end_unclosed_at_turn(index, line);
        while self
            .t
            .message_starts
            .get(self.next_message)
            .is_some_and(|&at| at <= line.span.start)
        {
            self.next_message += 1;
            self.meeting_phases.clear();
        }
        if line.in_fence != self.in_fence {
            // A linted fence is a transcript of its own: who was speaking
            // around it does not carry in or out.
            self.in_fence = line.in_fence;
            self.speaker = None;
            self.zone = None;
            self.turns.clear();
            self.close_card(index.saturating_sub(1));
        }
        // An indented code block is code, as a fence is: its markers and
        // speaker lines are not live.
        let code = self.indented_code(line);
        // A quotation's markers and speaker lines are not live
        // (docs/transcript-format.md, "Quotations").
        let quotation = self.quotation(line);
        // Who the line names as speaker, whether or not it speaks here.
        let named = self.speaker_of_line(line);
        let speaker_here = if quotation || code { None } else { named };
        if !code {
            self.see_protocol(line, quotation, speaker_here.is_some());
        }
        self.end_unclosed_responses(line, speaker_here);
        let outside_blocks = self.stack.is_empty();
        let blank = line.kind == LineKind::Blank;
        if let Some(Lead::Comment { text, .. }) = &line.lead {
            if self.src()[text.clone()]
                .trim_start()
                .starts_with("boardlint-")
            {
                self.no_cut = true;
            }
        }

        self.track_card(index, line);
        // A speaker line at column 1 ends a card that has no closing frame,
        // but for a `ROLE: position` line under its PERSPECTIVES.
        let unframed = self
            .card
            .as_ref()
            .is_some_and(|c| !self.t.cards[c.index].framed && !c.perspectives);
        if outside_blocks && unframed && named.is_some() {
            self.close_card(index.saturating_sub(1));
        }
        // A draft (a BOTTOM LINE not yet followed by another section) is not
        // a card until it is confirmed, and silences no speaker meanwhile.
        let in_card = self.card.as_ref().is_some_and(|c| c.confirmed);
        if in_card {
            // A card speaks for itself: no speaker turn's chain runs into it.
            self.turns.clear();
            self.card_aggregates(lines);
        }

        if let LineKind::Heading { level } = line.kind {
            if outside_blocks && !in_card {
                self.heading_ends_speaker(level);
                // A heading that ends the speaker's scope starts a new topic:
                // no chain of the turns before it runs on (decision 10a).
                if speaker_here.is_none() && self.speaker.is_none() {
                    self.turns.clear();
                }
            }
            // A heading that names a role is a contribution inside the
            // phase, not the end of it (decision 17).
            if named.is_none() {
                self.heading_ends_zone(level);
            }
            self.last_heading = Some(level);
        }
        if outside_blocks && !in_card {
            if let Some(role) = speaker_here {
                let scope = match line.kind {
                    LineKind::Heading { level } => SpeakerScope::Heading(level),
                    _ => SpeakerScope::Plain,
                };
                self.speaker = Some((role, scope));
                self.t.speaker_lines.push((index, role));
                self.mark_spoke(Some(role));
                self.broadcast_turn(role, line.span.clone());
                self.take_turn(role);
            }
        }
        if !quotation {
            self.read_attendees(line);
        }
        if let Some(Lead::Phase { number, span }) = &line.lead {
            let number = *number;
            // A phase with a title of its own opens a zone only in a board
            // meeting: when its title, or an earlier phase's, is one of the
            // meeting's phases (decision 17).
            let title = phase_title(&self.t.source[span.end..line.span.end]);
            let board = title.is_empty() || self.board_phases || {
                self.board_phases = is_board_phase_title(&title);
                self.board_phases
            };
            let end = match line.kind {
                LineKind::Heading { level } => Some(ZoneEnd::Heading(level)),
                LineKind::Plain if line.indent == 0 && !line.quoted => {
                    Some(ZoneEnd::Section(self.last_heading))
                }
                _ => None,
            };
            if let Some(end) = end {
                self.zone = board.then_some((number, end));
                if board && !quotation && !code {
                    self.phase_in_order(number, span.clone());
                }
            }
        } else if let LineKind::Heading { level } = line.kind {
            // In a board meeting, a heading that names a phase after a
            // dash (`## Friday 15 May — Phase 2 (cont.)`) goes on with it.
            if self.board_phases && !quotation {
                if let Some(number) = named_phase(&self.t.source[line.content.clone()]) {
                    self.zone = Some((number, ZoneEnd::Heading(level)));
                    if !code {
                        self.phase_in_order(number, line.content.clone());
                    }
                }
            }
        }
        if !blank {
            self.check_assumption_line(line);
            self.track_key_points(index, line);
        }
        if let Some(&block) = self.stack.last() {
            if !starts_with_closer(line) {
                self.t.blocks[block].push_line(index);
            }
        }

        self.t.line_starts.record(index, line);
        let first_chain = self.t.chains.len();
        let first_invocation = self.t.invocations.len();
        for inline in line.inlines {
            if code || quotation && matches!(inline, Inline::Marker(_) | Inline::BadMarker { .. }) {
                continue;
            }
            self.inline(index, inline);
        }
        self.attach_chains(first_chain, first_invocation, blank);
        self.prev_blank = blank;
        if !blank {
            self.code_may_follow = code
                || (!matches!(line.kind, LineKind::ListItem { .. })
                    && columns(self.src(), line) < 2);
            self.last_non_blank = Some(index);
            if !line.quoted {
                self.introduces_quote = introduces_quotation(&self.src()[line.text()]);
            }
        }
    }

    /// Hold a board meeting's phase line to the meeting's order: phases
    /// come in rising order, each once (a phase named again right after
    /// itself goes on with it, as minutes of several days write it), and
    /// Phase 1 after another phase, or a new message, starts a new meeting. Phase 6 straight
    /// after Phase 4 is reported too: the founder's review between them is
    /// skipped (decision 17).
    fn phase_in_order(&mut self, number: u32, span: Span) {
        let last = self.meeting_phases.last().copied();
        if last == Some(number) {
            return;
        }
        if number == 1 && last.is_some() {
            self.meeting_phases.clear();
        }
        if let Some(after) = last.filter(|&l| number < l && number != 1) {
            let kind = if self.meeting_phases.contains(&number) {
                PhaseFaultKind::Again { after }
            } else {
                PhaseFaultKind::OutOfOrder { after }
            };
            self.t.phase_faults.push(PhaseFault { span, number, kind });
            // The meeting's order stays what it was: one phase out of place
            // is one finding, not one for each phase after it.
            return;
        }
        // Straight from the synthesis (Phase 4) to Phase 6: the one step
        // between, the founder's review, is skipped. Minutes and recaps
        // that name only some phases (`Phase 3`, then `Phase 6`) are not
        // held to it: they report, they do not run the meeting.
        if number == 6 && last == Some(4) {
            self.t.phase_faults.push(PhaseFault {
                span: span.clone(),
                number,
                kind: PhaseFaultKind::NoPhaseFive,
            });
        }
        self.meeting_phases.push(number);
    }

    // ------------------------------------------------------- indented code

    /// Whether a line is in an indented code block, as CommonMark has it:
    /// lines indented four columns or more, after a blank line that follows
    /// a paragraph at the margin (not a list item, whose indented lines are
    /// its own), running through blank lines until a line at less than
    /// four columns. Only outside blocks, cards, blockquotes and linted
    /// fences.
    fn indented_code(&mut self, line: &Line) -> bool {
        if line.kind == LineKind::Blank {
            return self.indented_code;
        }
        // The columns are counted last: most lines fail a test before.
        let deep = |src: &str| columns(src, line) >= 4;
        if self.indented_code {
            self.indented_code = !line.quoted && deep(self.src());
        } else {
            self.indented_code = (self.prev_blank || self.last_non_blank.is_none())
                && self.code_may_follow
                && self.stack.is_empty()
                && self.card.is_none()
                && !line.quoted
                && !line.in_fence
                && deep(self.src());
        }
        self.indented_code
    }

    // -------------------------------------------------------------- quotations

    /// Whether a line is part of a quotation: a blockquote, when the text
    /// has protocol outside its blockquotes or the line before the
    /// blockquote introduces it as one.
    fn quotation(&mut self, line: &Line) -> bool {
        if !line.quoted {
            self.quote_run = None;
            return false;
        }
        let quotation = self.quotations || self.introduces_quote;
        *self.quote_run.get_or_insert(quotation)
    }

    /// Note where this line holds protocol: a marker (quotation marks
    /// around it aside) or a speaker line.
    fn see_protocol(&mut self, line: &Line, quotation: bool, speaker: bool) {
        if quotation {
            return;
        }
        let src = self.src();
        let marker = line.inlines.iter().any(|i| match i {
            Inline::Marker(m) => !in_quotation_marks(src, &m.span),
            Inline::BadMarker { span } => line.quoted && !in_quotation_marks(src, span),
            _ => false,
        });
        if marker || speaker {
            if line.quoted {
                self.seen.quoted_protocol = true;
            } else {
                self.seen.unquoted_protocol = true;
            }
        }
    }

    // -------------------------------------------------------------- unclosed

    /// End the unclosed RESPONSE blocks this line ends for the model
    /// (decision 12): a speaker line of another role, a heading, or a
    /// paragraph that goes on with neither a field, a list item nor a
    /// marker. The block stays unclosed (M003).
    fn end_unclosed_responses(&mut self, line: &Line, speaker: Option<Role>) {
        while let Some(&top) = self.stack.last() {
            if !self.ends_early(top) {
                return;
            }
            let role = self.t.blocks[top].role;
            let ends = match line.kind {
                LineKind::Heading { .. } => true,
                LineKind::Blank => false,
                _ => {
                    speaker.is_some_and(|s| Some(s) != role)
                        || (self.prev_blank && !goes_on_in_response(self.src(), line))
                }
            };
            if !ends {
                return;
            }
            self.stack.pop();
        }
    }

    /// A RESPONSE block that no closer closes.
    fn ends_early(&self, block: usize) -> bool {
        self.t.blocks[block].kind == BlockKind::Response && self.never_closed(block)
    }

    /// A block that no closer closes, as far as this read knows: one a
    /// carry holds, or one whose opener is known unclosed (a read that
    /// pairs openers and closers knows none).
    fn never_closed(&self, block: usize) -> bool {
        if self.pairing {
            return false;
        }
        block < self.carried
            || self
                .unclosed
                .binary_search(&self.t.blocks[block].open.start)
                .is_ok()
    }

    /// Where a hook's answer begins, a new message: the card the text before
    /// it left open ends, and so do the blocks that no closer closes
    /// (decision 12). A block the answer closes goes on into it, and so do
    /// those under it.
    fn end_unclosed_at_turn(&mut self, index: usize, line: &Line) {
        if self.turn.is_none_or(|at| line.span.start < at) {
            return;
        }
        self.turn = None;
        // A card is written in one message: one the text before left open
        // ends with it.
        self.close_card(index.saturating_sub(1));
        while let Some(&top) = self.stack.last() {
            if !self.never_closed(top) {
                return;
            }
            self.stack.pop();
        }
    }

    /// Before a RESPONSE opener: the unclosed RESPONSE blocks it does not
    /// answer from inside end (it is their sibling, not their nested
    /// answer). It is nested when it answers an invocation issued inside.
    fn end_unclosed_before(&mut self, role: Option<Role>) {
        while let Some(&top) = self.stack.last() {
            if !self.ends_early(top) {
                return;
            }
            let first = self.first_inside(top);
            let answers_inside = role
                .and_then(|r| self.pending[r.index()].last())
                .is_some_and(|&i| i >= first);
            if answers_inside {
                return;
            }
            self.stack.pop();
        }
    }

    // -------------------------------------------------------------- turns

    /// A speaker line of `role`: the stack of turns after it (decision 10a).
    /// - A role already on the stack speaks again: back to its turn, and
    ///   what it invoked is closed.
    /// - A role an open turn invoked (or broadcast to), while that is still
    ///   unanswered: its turn continues that call's chain, above the turn
    ///   that called.
    /// - Anyone else starts afresh.
    fn take_turn(&mut self, role: Role) {
        if let Some(k) = self.turns.iter().rposition(|t| t.role == role) {
            self.turns.truncate(k + 1);
            self.turns[k].issued.clear();
            return;
        }
        for k in (0..self.turns.len()).rev() {
            let found = self.turns[k]
                .issued
                .iter()
                .rev()
                .copied()
                .find(|&i| self.open_for(i, role));
            if let Some(i) = found {
                let chain = self.chain_answering(i, role);
                // The turn answers the call in speech (R006).
                self.t.invocations[i].spoken_to = true;
                self.turns.truncate(k + 1);
                self.turns.push(Turn {
                    role,
                    chain,
                    answers: Some(i),
                    issued: Vec::new(),
                });
                return;
            }
        }
        self.turns.clear();
        self.turns.push(Turn {
            role,
            chain: vec![role],
            answers: None,
            issued: Vec::new(),
        });
    }

    /// Whether `role` may still answer invocation `i` in a turn: an INVOKE
    /// of it no RESPONSE has answered, or a broadcast of the CEO's it has
    /// not answered by a RESPONSE.
    fn open_for(&self, i: usize, role: Role) -> bool {
        let inv = &self.t.invocations[i];
        match inv.kind {
            InvocationKind::Invoke => inv.role == Some(role) && inv.answered_by.is_none(),
            // Only the CEO broadcasts (B003): another role's broadcast, or
            // the CEO's own turn, answers none in a turn.
            InvocationKind::Broadcast => {
                let ceo = self.t.settings.roles.lookup("ceo");
                inv.speaker.is_some_and(|s| Some(s) == ceo && s != role)
                    && self
                        .broadcasts
                        .iter()
                        .any(|(b, answered)| *b == i && !answered.contains(&role))
            }
        }
    }

    /// The chain of a turn of `role` answering invocation `i`: the
    /// invocation's own chain (`[role]` when it has none), or for a
    /// broadcast the broadcaster's and `role`.
    fn chain_answering(&self, i: usize, role: Role) -> Vec<Role> {
        let inv = &self.t.invocations[i];
        match inv.kind {
            InvocationKind::Invoke => inv.structural.clone().unwrap_or_else(|| vec![role]),
            InvocationKind::Broadcast => inv.speaker.into_iter().chain([role]).collect(),
        }
    }

    /// The chain the current speaker's turn continues, while the call it
    /// answers is still open.
    fn turn_chain(&self, speaker: Role) -> Option<Vec<Role>> {
        let turn = self.turns.last().filter(|t| t.role == speaker)?;
        let i = turn.answers?;
        self.open_for(i, speaker).then(|| turn.chain.clone())
    }

    // -------------------------------------------------------------- broadcasts

    /// A speaker line of `role` after broadcasts: it aggregates the ones it
    /// broadcast, and answers the latest other one it has not answered,
    /// unless an INVOKE of the role is pending (the line answers that).
    fn broadcast_turn(&mut self, role: Role, at: Span) {
        let mut k = 0;
        while k < self.unaggregated.len() {
            let b = self.unaggregated[k].0;
            if self.t.invocations[b].speaker == Some(role) {
                let (_, answered) = self.unaggregated.remove(k);
                self.t.invocations[b].aggregated = Some(Aggregation {
                    at: at.clone(),
                    answered,
                });
            } else {
                k += 1;
            }
        }
        // A role with an invocation of its own pending answers that first
        // (as a RESPONSE block does); the CEO, who broadcasts, answers none.
        if !self.pending[role.index()].is_empty()
            || Some(role) == self.t.settings.roles.lookup("ceo")
        {
            return;
        }
        if let Some((_, answered)) = self
            .unaggregated
            .iter_mut()
            .rev()
            .find(|(_, answered)| !answered.contains(&role))
        {
            answered.push(role);
            set(&mut self.responders, role);
        }
    }

    /// A RESPONSE block of `role` answers broadcast `b`.
    fn broadcast_answered(&mut self, b: usize, role: Role) {
        set(&mut self.responders, role);
        if let Some((_, answered)) = self.unaggregated.iter_mut().find(|(i, _)| *i == b) {
            if !answered.contains(&role) {
                answered.push(role);
            }
        }
    }

    /// A card that begins here aggregates the broadcasts before it: a card
    /// of no role (a board synthesis) any of them, a role's card those of
    /// that role. A framed card is judged once its header line is read (one
    /// with none aggregates nothing).
    fn card_aggregates(&mut self, lines: &syntax::Lines) {
        let Some(open) = self.card.as_ref().filter(|c| c.confirmed) else {
            return;
        };
        if open.index < self.cards_seen {
            return;
        }
        let card = &self.t.cards[open.index];
        // A framed card is known by its header line, inside the frame.
        if card.framed && card.emoji.is_none() {
            return;
        }
        self.cards_seen = open.index + 1;
        let (role, first) = (card.role, card.first_line);
        let at = lines.span(first);
        let mut k = 0;
        while k < self.unaggregated.len() {
            let b = self.unaggregated[k].0;
            if role.is_none() || role == self.t.invocations[b].speaker {
                let (_, answered) = self.unaggregated.remove(k);
                self.t.invocations[b].aggregated = Some(Aggregation {
                    at: at.clone(),
                    answered,
                });
            } else {
                k += 1;
            }
        }
    }

    /// An attendee line (`Attendees: CEO, CFO, CRO`, `**Participants (roles
    /// activated):** …`, `Participantes: …`) lists the roles a broadcast
    /// addresses.
    fn read_attendees(&mut self, line: &Line) {
        let Some(Lead::Label { text, .. }) = &line.lead else {
            return;
        };
        let label = self.src()[text.clone()].trim().as_bytes();
        const LABELS: &[&str] = &["attendees", "participants", "participantes", "presentes"];
        let named = |l: &&str| {
            label
                .get(..l.len())
                .is_some_and(|p| p.eq_ignore_ascii_case(l.as_bytes()))
        };
        if !LABELS.iter().any(named) {
            return;
        }
        let roles = &self.t.settings.roles;
        let found: Vec<Role> = self.src()[line.content.clone()]
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter_map(|w| roles.lookup(w))
            .collect();
        for r in found {
            set(&mut self.attendees, r);
        }
    }

    // -------------------------------------------------------------- speakers

    fn heading_ends_speaker(&mut self, level: u8) {
        match self.speaker {
            Some((_, SpeakerScope::Plain)) => self.speaker = None,
            Some((_, SpeakerScope::Heading(l))) if level <= l => self.speaker = None,
            _ => {}
        }
    }

    fn heading_ends_zone(&mut self, level: u8) {
        let ends = match self.zone {
            Some((_, ZoneEnd::Heading(l))) => level <= l,
            Some((_, ZoneEnd::Section(Some(p)))) => level <= p,
            _ => false,
        };
        if ends {
            self.zone = None;
        }
    }

    /// The role a speaker line names: `CFO: …`, `CRO initiates: …`,
    /// `CRO → [INVOKE:…]`, `## CFO`, `## CFO — 2026-03-05`.
    fn speaker_of_line(&self, line: &Line) -> Option<Role> {
        let heading = matches!(line.kind, LineKind::Heading { .. });
        if !(heading || line.kind == LineKind::Plain) || line.indent != 0 {
            return None;
        }
        let roles = &self.t.settings.roles;
        let src = self.src();
        match &line.lead {
            Some(Lead::Label { text, .. }) => {
                let mut words = src[text.clone()].split_whitespace();
                let role = roles.lookup(words.next()?)?;
                let verb = words.next();
                if words.next().is_some()
                    || verb.is_some_and(|w| !w.chars().all(char::is_alphabetic))
                {
                    return None;
                }
                Some(role)
            }
            Some(Lead::Arrow { name, .. }) => roles.lookup(&src[name.clone()]),
            None if heading => {
                let text = src[line.content.clone()]
                    .trim()
                    .trim_end_matches('#')
                    .trim();
                heading_role(text).and_then(|name| roles.lookup(name))
            }
            // A line wholly in bold is a heading written without `#`
            // (`**CFO — 2026-05-14**`, as minutes set a contribution's
            // title): a speaker when a heading would be.
            None if !line.quoted => {
                let text = src[line.content.clone()].trim();
                let inner = ["**", "__"].iter().find_map(|b| {
                    text.strip_prefix(b)?
                        .strip_suffix(b)
                        .filter(|t| !t.contains(b))
                })?;
                heading_role(inner.trim()).and_then(|name| roles.lookup(name))
            }
            _ => None,
        }
    }

    /// The speaker at this point, innermost first: an open RESPONSE or
    /// PEER-VERIFY block, the card's header, the latest speaker line, the
    /// front matter.
    fn current_speaker(&self) -> Option<Role> {
        for &b in self.stack.iter().rev() {
            let block = &self.t.blocks[b];
            if let Some(role) = block.role {
                if matches!(block.kind, BlockKind::Response | BlockKind::PeerVerify) {
                    return Some(role);
                }
            }
        }
        if let Some(open) = self.card.as_ref().filter(|c| c.confirmed) {
            let card = &self.t.cards[open.index];
            return card.role.or(self.t.front_matter_speaker);
        }
        self.speaker.map(|(r, _)| r).or(self.t.front_matter_speaker)
    }

    // -------------------------------------------------------------- cards

    fn track_card(&mut self, index: usize, line: &Line) {
        let src = self.src();
        if let LineKind::Frame { .. } = line.kind {
            let closes_framed = self
                .card
                .as_ref()
                .is_some_and(|c| self.t.cards[c.index].framed);
            if closes_framed {
                self.close_card_at(index);
            } else {
                self.close_card(index.saturating_sub(1));
                self.open_card(index, true, None, false);
            }
            return;
        }
        if let Some(header) = cards::header_of(src, &self.t.settings.roles, index, line) {
            let framed = self
                .card
                .as_ref()
                .map(|open| &self.t.cards[open.index])
                .filter(|c| c.framed)
                .map(|c| c.emoji.is_none());
            match framed {
                // The first header line inside a frame is the card's header.
                Some(true) => {
                    let card = &mut self.t.cards[self.card.as_ref().map_or(0, |o| o.index)];
                    card.emoji = Some(header.emoji);
                    card.role = header.role;
                    card.draft = false;
                    return;
                }
                Some(false) => return,
                None if cards::header_opens_card(&header, src) => {
                    self.close_card(index.saturating_sub(1));
                    self.open_card(index, false, Some((header.emoji, header.role)), false);
                    return;
                }
                // A line of the header's shape with another name is prose.
                None => {}
            }
        }
        let heading = self.heading_of_line(line);
        let section = heading.map(|h| h.section);
        match &mut self.card {
            Some(open) => {
                let card = &self.t.cards[open.index];
                if card.framed {
                    return;
                }
                // An unframed card ends at a heading that is not one of its
                // sections, at a block opener, and at a paragraph that does
                // not start with a section heading or a verified card's
                // peer line (which `fmt` prints after a blank line).
                let ends = match line.kind {
                    LineKind::Heading { .. } => section.is_none(),
                    LineKind::Blank => false,
                    _ => {
                        starts_with_opener(line)
                            || (self.prev_blank
                                && section.is_none()
                                && !cards::is_peer_verified(src, line))
                    }
                };
                if ends {
                    self.close_card(index.saturating_sub(1));
                } else if let Some(h) = heading {
                    open.perspectives = h.section == Section::Perspectives;
                    // A header card is one from its first section; a draft
                    // from a section in a card's own words after its BOTTOM
                    // LINE.
                    if open.by_header || h.distinctive() {
                        open.confirmed = true;
                    }
                }
            }
            None => {
                if section == Some(Section::BottomLine) && self.stack.is_empty() {
                    self.open_card(index, false, None, true);
                }
            }
        }
    }

    fn heading_of_line(&self, line: &Line) -> Option<Heading> {
        cards::line_heading(self.src(), line).map(|(h, _)| h)
    }

    fn open_card(
        &mut self,
        index: usize,
        framed: bool,
        header: Option<(CardEmoji, Option<Role>)>,
        draft: bool,
    ) {
        self.t.cards.push(Card {
            first_line: index,
            last_line: index,
            framed,
            emoji: header.map(|(e, _)| e),
            role: header.and_then(|(_, r)| r),
            draft,
            kind: CardKind::Standard,
            frames: Vec::new(),
            header: None,
            preamble: Vec::new(),
            sections: Vec::new(),
        });
        self.card = Some(OpenCard {
            index: self.t.cards.len() - 1,
            confirmed: framed,
            by_header: header.is_some(),
            perspectives: false,
        });
    }

    /// Close the open card at the last non-blank line up to `last_line`.
    fn close_card(&mut self, last_line: usize) {
        let last = self
            .last_non_blank
            .map_or(last_line, |nb| nb.min(last_line));
        self.close_card_at(last);
    }

    fn close_card_at(&mut self, last_line: usize) {
        let Some(open) = self.card.take() else { return };
        let placeholders = std::mem::take(&mut self.tentative_placeholders);
        if open.confirmed {
            self.mark_spoke(self.t.cards[open.index].role);
            self.t.cards[open.index].last_line = last_line.max(self.t.cards[open.index].first_line);
            self.t.placeholders.extend(placeholders);
        } else {
            // A header with no section after it, or a BOTTOM LINE with no
            // section in a card's own words after it, is not a card.
            self.t.cards.truncate(open.index);
        }
        // A carried card is the text's before the cut, its findings too;
        // its role has spoken (C013), as its card would say.
        if std::mem::take(&mut self.carried_card) {
            if let Some(role) = self.t.cards.get(open.index).and_then(|c| c.role) {
                if let Err(at) = self.t.spoke_before.binary_search(&role) {
                    self.t.spoke_before.insert(at, role);
                }
            }
            self.t.cards.truncate(open.index);
            self.cards_seen = self.cards_seen.min(open.index);
        }
    }

    // -------------------------------------------------------------- inline

    fn inline(&mut self, line: usize, inline: &Inline) {
        match inline {
            Inline::CodeSpan { .. } => {}
            // A marker in quotation marks is quoted, not live.
            Inline::BadMarker { span } if in_quotation_marks(self.src(), span) => {}
            Inline::Marker(marker) if in_quotation_marks(self.src(), &marker.span) => {}
            Inline::BadMarker { span } => {
                let m = syntax::diagnose_malformed(&self.src()[span.clone()]);
                self.t.malformed.push(Malformed {
                    span: span.clone(),
                    reason: m.reason,
                    help: m.help,
                });
            }
            Inline::Bracket {
                span,
                inner,
                followed,
            } => {
                // A marker misspelt (`[/RESPONCE]`, `[INVOK:cfo|…]`) is M001,
                // not a placeholder: the block it fails to close stays open.
                if !*followed {
                    let roles = &self.t.settings.roles;
                    let text = &self.t.source[span.clone()];
                    if let Some(m) = syntax::misspelt_marker(text, |r| roles.lookup(r).is_some()) {
                        self.t.malformed.push(Malformed {
                            span: span.clone(),
                            reason: m.reason,
                            help: m.help,
                        });
                        return;
                    }
                }
                let in_response = self
                    .stack
                    .iter()
                    .any(|&b| self.t.blocks[b].kind == BlockKind::Response);
                if (in_response || self.card.is_some())
                    && is_placeholder(&self.src()[inner.clone()], *followed)
                {
                    match &self.card {
                        Some(open) if !open.confirmed && !in_response => {
                            self.tentative_placeholders.push(span.clone())
                        }
                        _ => self.t.placeholders.push(span.clone()),
                    }
                }
            }
            Inline::Marker(marker) => self.marker(line, marker.span.clone(), &marker.kind),
        }
    }

    /// Resolve a role token, reporting it when unknown.
    fn role(&mut self, span: &Span, marker: &'static str) -> Option<Role> {
        let token = &self.t.source[span.clone()];
        let role = self.t.settings.roles.lookup(token);
        if role.is_none() {
            self.t.unknown_roles.push(UnknownRole {
                span: span.clone(),
                token: token.to_string(),
                marker,
            });
        }
        role
    }

    fn malformed(&mut self, span: Span) {
        let m = syntax::diagnose_malformed(&self.t.source[span.clone()]);
        self.t.malformed.push(Malformed {
            span,
            reason: m.reason,
            help: m.help,
        });
    }

    fn marker(&mut self, line: usize, span: Span, kind: &MarkerKind) {
        match kind {
            MarkerKind::Invoke { role, question }
            | MarkerKind::Broadcast {
                target: role,
                question,
            } => {
                let broadcast = matches!(kind, MarkerKind::Broadcast { .. });
                let token = &self.t.source[role.clone()];
                if self.t.source[question.clone()].trim().is_empty()
                    || (broadcast && !token.eq_ignore_ascii_case(BROADCAST_TARGET))
                {
                    return self.malformed(span);
                }
                let role = if broadcast {
                    None
                } else {
                    Some(self.role(role, "INVOKE"))
                };
                if role == Some(None) {
                    return;
                }
                self.invocation(span, role.flatten());
            }
            MarkerKind::Chain { roles } => {
                let mut resolved = Vec::with_capacity(roles.len());
                let mut known = true;
                for r in roles {
                    match self.role(r, "CHAIN") {
                        Some(role) => resolved.push(role),
                        None => known = false,
                    }
                }
                if known {
                    let speaker = self.current_speaker();
                    self.t.chains.push(ChainDecl {
                        span,
                        roles: resolved,
                        attached: None,
                        speaker,
                    });
                }
            }
            MarkerKind::Open { block, role } => {
                let marker = match block {
                    BlockKind::Response => "RESPONSE",
                    _ => "PEER-VERIFY",
                };
                // An opener of an unknown role still opens its block, so that
                // its closer balances; it just has no role.
                let role = role.as_ref().and_then(|r| self.role(r, marker));
                self.open_block(span, *block, role);
            }
            MarkerKind::Close { block } => self.close_block(span, *block),
            MarkerKind::Note { note, text } => {
                if self.t.source[text.clone()].trim().is_empty() {
                    return self.malformed(span);
                }
                // Only `[CONFLICT: …]` notes are read later (Q004); the
                // others live on in their lines' inline items.
                if *note == NoteKind::Conflict {
                    self.t.conflict_notes.push(Note {
                        span: span.clone(),
                        text: text.clone(),
                        line,
                    });
                }
                match note {
                    NoteKind::Blocked => {
                        self.t.blocked.push(Blocked {
                            span,
                            has_assumption: false,
                        });
                        self.awaiting_assumption.push((self.t.blocked.len() - 1, 2));
                    }
                    NoteKind::Assumption => {
                        // An assumption on the BLOCKED marker's own line counts too.
                        for (b, _) in self.awaiting_assumption.drain(..) {
                            self.t.blocked[b].has_assumption = true;
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    fn invocation(&mut self, span: Span, role: Option<Role>) {
        let speaker = self.current_speaker();
        let kind = if role.is_some() {
            InvocationKind::Invoke
        } else {
            InvocationKind::Broadcast
        };
        // The chain of the context: the innermost RESPONSE block's, unless a
        // PEER-VERIFY block stands closer (a review starts a fresh chain).
        let context = self
            .stack
            .iter()
            .rev()
            .map(|&b| &self.t.blocks[b])
            .find(|b| matches!(b.kind, BlockKind::Response | BlockKind::PeerVerify))
            .map(|b| (b.kind, b.chain.clone()));
        let in_response = context
            .as_ref()
            .is_some_and(|(kind, _)| *kind == BlockKind::Response);
        // Outside blocks and cards, the speaker's turn: it continues the
        // chain of the call it answers (decision 10a).
        let in_card = self.card.as_ref().is_some_and(|c| c.confirmed);
        let turn = match speaker {
            Some(s) if context.is_none() && !in_card => Some(self.own_turn(s)),
            _ => None,
        };
        let turn_chain = turn.and_then(|s| self.turn_chain(s));
        let nested = in_response || turn_chain.as_ref().is_some_and(|c| c.len() > 1);
        let context_chain = if in_response {
            context.and_then(|(_, chain)| chain)
        } else {
            turn_chain
        };
        let structural = match (role, context_chain) {
            (None, _) => None,
            (Some(x), Some(chain)) => Some(chain.into_iter().chain([x]).collect()),
            (Some(x), None) => speaker.map(|s| vec![s, x]),
        };
        let phase = self.zone.map(|(n, _)| n);
        // Each pair once, at its first call: a pair of roles, not a call.
        if let (Some(s), Some(x), Some(2)) = (speaker, role, structural.as_ref().map(Vec::len)) {
            if !self.t.top_calls.iter().any(|&(_, a, b)| a == s && b == x) {
                self.t.top_calls.push((span.start, s, x));
            }
        }
        let index = self.t.invocations.len();
        self.t.invocations.push(Invocation {
            kind,
            span,
            role,
            speaker,
            structural,
            nested,
            declared: None,
            phase,
            answered_by: None,
            moved_on: false,
            spoken_to: false,
            aggregated: None,
        });
        match role {
            Some(r) => self.pending[r.index()].push(index),
            None => {
                self.broadcasts.push((index, Vec::new()));
                // Another role's broadcast is B003's: R008 judges the CEO's
                // (or one whose broadcaster is unknown).
                let ceo = self.t.settings.roles.lookup("ceo");
                if speaker.is_none() || speaker == ceo {
                    self.unaggregated.push((index, Vec::new()));
                }
            }
        }
        if let Some(top) = self.turns.last_mut().filter(|_| turn.is_some()) {
            top.issued.push(index);
        }
    }

    /// The turn of the speaker, on top of the stack: a speaker with no
    /// turn of its own there (the front matter's, or one a card or fence
    /// interrupted) starts one afresh.
    fn own_turn(&mut self, speaker: Role) -> Role {
        if self.turns.last().is_none_or(|t| t.role != speaker) {
            self.turns.clear();
            self.turns.push(Turn {
                role: speaker,
                chain: vec![speaker],
                answers: None,
                issued: Vec::new(),
            });
        }
        speaker
    }

    fn open_block(&mut self, span: Span, kind: BlockKind, role: Option<Role>) {
        let index = self.t.blocks.len();
        let mut answer = None;
        let mut chain = None;
        if kind == BlockKind::Response {
            self.end_unclosed_before(role);
            self.last_response_open = Some(span.start);
            let found = role.and_then(|r| self.answer_for(r, index));
            if let (Some(Answer::Broadcast(b)), Some(r)) = (found, role) {
                self.broadcast_answered(b, r);
            }
            answer = Some(match found {
                Some(a) => a,
                // Whether the transcript records invocations is known at
                // its end (`judge_what_follows`).
                None => Answer::Nothing {
                    invocations_recorded: false,
                },
            });
            chain = match (found, role) {
                (Some(Answer::Invocation(i)), Some(r)) => Some(
                    self.t.invocations[i]
                        .structural
                        .clone()
                        .unwrap_or_else(|| vec![r]),
                ),
                (Some(Answer::Broadcast(_)), Some(r)) => {
                    let ceo = self.t.settings.roles.lookup("ceo");
                    Some(ceo.into_iter().chain([r]).collect())
                }
                (_, Some(r)) => Some(vec![r]),
                _ => None,
            };
        }
        if matches!(kind, BlockKind::Response | BlockKind::PeerVerify) {
            self.mark_spoke(role);
        }
        self.t.blocks.push(Block {
            kind,
            open: span,
            role,
            close: None,
            parent: self.stack.last().copied(),
            own_lines: Vec::new(),
            answer,
            chain,
        });
        self.stack.push(index);
    }

    /// The invocation a RESPONSE of `role` answers: the most recent pending
    /// INVOKE of that role, else the latest broadcast it has not answered.
    fn answer_for(&mut self, role: Role, block: usize) -> Option<Answer> {
        if let Some(i) = self.pending[role.index()].pop() {
            self.t.invocations[i].answered_by = Some(block);
            return Some(Answer::Invocation(i));
        }
        let (b, answered) = self
            .broadcasts
            .iter_mut()
            .rev()
            .find(|(_, answered)| !answered.contains(&role))?;
        answered.push(role);
        let inv = &mut self.t.invocations[*b];
        inv.answered_by.get_or_insert(block);
        Some(Answer::Broadcast(*b))
    }

    fn close_block(&mut self, span: Span, kind: BlockKind) {
        match self.stack.last() {
            Some(&top) if self.t.blocks[top].kind == kind => {
                if top < self.carried {
                    self.seen.carried_closed = true;
                }
                self.t.blocks[top].close = Some(span);
                self.stack.pop();
            }
            top => {
                let innermost =
                    top.map(|&b| (self.t.blocks[b].kind, self.t.blocks[b].open.clone()));
                let carried_opener = top.and_then(|&b| self.carried_openers.get(b)).cloned();
                self.t.stray_closers.push(StrayCloser {
                    span,
                    kind,
                    innermost,
                    carried_opener,
                });
            }
        }
    }

    // -------------------------------------------------------------- chains

    /// Attach the CHAIN markers of this line: to an INVOKE on the same line,
    /// else to the last INVOKE of the previous non-blank line.
    fn attach_chains(&mut self, first_chain: usize, first_invocation: usize, blank: bool) {
        if blank {
            return;
        }
        let invokes: Vec<usize> = (first_invocation..self.t.invocations.len())
            .filter(|&i| self.t.invocations[i].kind == InvocationKind::Invoke)
            .collect();
        for c in first_chain..self.t.chains.len() {
            let at = self.t.chains[c].span.start;
            let same_line = invokes
                .iter()
                .rev()
                .find(|&&i| self.t.invocations[i].span.start < at)
                .or_else(|| {
                    invokes
                        .iter()
                        .find(|&&i| self.t.invocations[i].span.start > at)
                })
                .copied()
                .filter(|&i| self.undeclared(i));
            let target = same_line.or_else(|| {
                self.prev_line_invokes
                    .last()
                    .copied()
                    .filter(|&i| self.undeclared(i))
            });
            if let Some(i) = target {
                self.t.invocations[i].declared = Some(c);
                self.t.chains[c].attached = Some(i);
            }
        }
        // A CHAIN on the line before declares this line's first invocation,
        // when nothing else declares it.
        if let Some(c) = self.lone_chain.take() {
            if let Some(&i) = invokes.iter().find(|&&i| self.undeclared(i)) {
                if self.t.chains[c].attached.is_none() {
                    self.t.invocations[i].declared = Some(c);
                    self.t.chains[c].attached = Some(i);
                }
            }
        }
        if invokes.is_empty() && self.t.invocations.len() == first_invocation {
            self.lone_chain = (first_chain..self.t.chains.len())
                .rev()
                .find(|&c| self.t.chains[c].attached.is_none());
        }
        self.prev_line_invokes = invokes;
    }

    /// No CHAIN marker declares this invocation's chain yet.
    fn undeclared(&self, invocation: usize) -> bool {
        self.t.invocations[invocation].declared.is_none()
            && !self.declared_before.contains(&invocation)
    }

    // -------------------------------------------------------------- key points

    /// Phase 2 contributions list their findings under `Key points (max 5):`.
    /// The label belongs to that template, so its bullets are findings
    /// wherever they stand (a contribution's heading often closes the phase
    /// heading's zone).
    fn track_key_points(&mut self, index: usize, line: &Line) {
        match (&line.lead, line.kind) {
            (_, LineKind::ListItem { .. }) if self.in_key_points => self.t.key_points.push(index),
            (Some(Lead::Label { text, .. }), _) => {
                let label = &self.src()[text.clone()];
                self.in_key_points = ["key points", "pontos-chave"]
                    .iter()
                    .any(|p| crate::text::prefix_len_ignoring_case(label, p).is_some());
            }
            _ => self.in_key_points = false,
        }
    }

    // -------------------------------------------------------------- blocked

    /// Count this non-blank line against each waiting BLOCKED marker, and
    /// satisfy them when it states the assumption used instead.
    fn check_assumption_line(&mut self, line: &Line) {
        if self.awaiting_assumption.is_empty() {
            return;
        }
        let src = self.src();
        let states = match &line.lead {
            Some(Lead::Label { text, .. }) => {
                src[text.clone()].eq_ignore_ascii_case("State assumption used instead")
                    && !src[line.content.clone()].trim().is_empty()
            }
            _ => false,
        };
        // A marker whose last allowed line was the previous one stops waiting.
        self.awaiting_assumption.retain(|&(_, left)| left > 0);
        for (b, left) in &mut self.awaiting_assumption {
            if states {
                self.t.blocked[*b].has_assumption = true;
            }
            // This line uses up one chance; an `[ASSUMPTION: …]` on it still
            // counts, when its inline items are read.
            *left -= 1;
        }
        if states {
            self.awaiting_assumption.clear();
        }
    }
}

fn set(flags: &mut [bool], role: Role) {
    if let Some(f) = flags.get_mut(role.index()) {
        *f = true;
    }
}

/// Whether a marker stands in quotation marks: an opening mark right
/// before its `[`, and a closing one right after its `]` (a `.`, `,`, `;`,
/// `!` or `?` may come between), as in `The CFO wrote "[INVOKE:cfo|…]".`
pub(crate) fn in_quotation_marks(src: &str, span: &Span) -> bool {
    const OPENING: &[char] = &['"', '“', '„', '«', '\'', '‘'];
    const CLOSING: &[char] = &['"', '”', '»', '\'', '’'];
    let before = src[..span.start].chars().next_back();
    let mut after = src[span.end..].chars();
    let next = match after.next() {
        Some(c) if ".,;!?".contains(c) => after.next(),
        c => c,
    };
    before.is_some_and(|c| OPENING.contains(&c)) && next.is_some_and(|c| CLOSING.contains(&c))
}

/// Whether a line introduces a quotation: it ends with a colon after a
/// verb of reporting (`The CFO wrote:`, `Como o CFO escreveu:`).
fn introduces_quotation(text: &str) -> bool {
    let text = text.trim().trim_end_matches(['*', '_']).trim_end();
    let Some(text) = text.strip_suffix(':') else {
        return false;
    };
    const VERBS: &[&str] = &[
        "wrote", "writes", "said", "says", "posted", "quoted", "escreveu", "escreve", "disse",
        "diz", "postou", "citou",
    ];
    text.split(|c: char| !c.is_alphanumeric())
        .any(|w| VERBS.iter().any(|v| w.eq_ignore_ascii_case(v)))
}

/// Whether a line after a blank line goes on with an unclosed RESPONSE
/// block: a field or protocol label, a list item, or a marker first.
fn goes_on_in_response(src: &str, line: &Line) -> bool {
    if matches!(line.kind, LineKind::ListItem { .. }) {
        return true;
    }
    if let Some(Lead::Label { text, .. }) = &line.lead {
        let label = &src[text.clone()];
        if super::response::FieldName::from_label(label).is_some()
            || super::fields::is_protocol_label(label)
        {
            return true;
        }
    }
    matches!(line.inlines.first(), Some(Inline::Marker(m)) if m.span.start == line.content.start)
}

/// The role name a speaker heading's text starts with: a word alone, or
/// followed by `—`, `–`, `- `, `(` or `·` and more (`CFO`, `CFO —
/// 2026-03-05`, `CRO (cro-advisor) · 16:40`).
fn heading_role(text: &str) -> Option<&str> {
    let (name, rest) = match text.find(|c: char| !c.is_ascii_alphanumeric()) {
        Some(i) => text.split_at(i),
        None => (text, ""),
    };
    let rest = rest.trim_start();
    // A chat export's title: a handle in parentheses or a `·` before the
    // time (`CRO (cro-advisor) · 16:40`).
    let separated = rest.is_empty()
        || rest.starts_with('—')
        || rest.starts_with('–')
        || rest.starts_with("- ")
        || rest.starts_with('(')
        || rest.starts_with('·');
    separated.then_some(name)
}

/// The width of a line's leading white space in columns, a tab to the
/// next multiple of four.
fn columns(src: &str, line: &Line) -> usize {
    let mut width = 0;
    let bytes = src.as_bytes().get(line.span.clone()).unwrap_or_default();
    for b in bytes {
        match b {
            b' ' => width += 1,
            b'\t' => width += 4 - width % 4,
            _ => break,
        }
    }
    width
}

/// The phase a heading names after a dash or colon: `Friday — Phase 2
/// (cont.)`, `Dia 2: Fase 3`.
fn named_phase(text: &str) -> Option<u32> {
    let lower = text.to_lowercase();
    for sep in ["— ", "– ", " - ", ": "] {
        for (at, _) in lower.match_indices(sep) {
            let rest = lower[at + sep.len()..].trim_start_matches(['*', '_', ' ']);
            let Some(rest) = rest
                .strip_prefix("phase ")
                .or_else(|| rest.strip_prefix("fase "))
            else {
                continue;
            };
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if (1..=3).contains(&digits.len()) {
                return digits.parse().ok();
            }
        }
    }
    None
}

/// A phase line's title: what follows `Phase N` and its separator, without
/// emphasis, punctuation or white space around it, in lower case.
fn phase_title(rest: &str) -> String {
    rest.trim_matches(|c: char| {
        c.is_whitespace() || matches!(c, '*' | '_' | ':' | '—' | '–' | '-' | '.' | '#')
    })
    .to_lowercase()
}

/// Whether a phase title names one of the board meeting's phases
/// (board-meeting SKILL.md: context gathering, independent contributions,
/// critic analysis, synthesis, the founder's review, decision extraction),
/// in English or Portuguese.
fn is_board_phase_title(title: &str) -> bool {
    const WORDS: &[&str] = &[
        "board",
        "conselho",
        "context",
        "independ",
        "isolat",
        "isolad",
        "isolament",
        "contribu",
        "critic",
        "crític",
        "critique",
        "synthes",
        "síntese",
        "sintese",
        "human in the loop",
        "founder",
        "fundador",
        "decision extraction",
        "extração de decis",
        "extracao de decis",
    ];
    WORDS.iter().any(|w| title.contains(w))
}

fn starts_with_closer(line: &Line) -> bool {
    matches!(line.inlines.first(), Some(Inline::Marker(m)) if matches!(m.kind, MarkerKind::Close { .. }) && m.span.start == line.content.start)
}

fn starts_with_opener(line: &Line) -> bool {
    matches!(line.inlines.first(), Some(Inline::Marker(m)) if matches!(m.kind, MarkerKind::Open { .. }) && m.span.start == line.content.start)
}

/// Whether a bracketed span inside a response or card is a template
/// placeholder rather than a link, reference, footnote, checkbox, citation
/// or ALL-CAPS tag.
pub fn is_placeholder(inner: &str, followed: bool) -> bool {
    if followed || inner.starts_with('^') {
        return false;
    }
    let trimmed = inner.trim();
    if trimmed.is_empty() || trimmed.eq_ignore_ascii_case("x") {
        return false;
    }
    if trimmed
        .chars()
        .all(|c| c.is_ascii_digit() || c == ',' || c == ' ' || c == '-')
    {
        return false;
    }
    const PLACEHOLDER_TAGS: &[&str] = &["TBD", "TODO", "TBC", "TK", "XXX", "FIXME"];
    let tag = trimmed.len() >= 2
        && trimmed
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_' || c == '-')
        && trimmed.chars().any(|c| c.is_ascii_uppercase());
    if tag && !PLACEHOLDER_TAGS.contains(&trimmed) {
        return false;
    }
    // A confidence with its level (`[Confidence: High]`) is a value given.
    let confidence = crate::text::find_confidence(trimmed)
        .is_some_and(|c| c.start == 0 && c.end == trimmed.len() && c.level().is_some());
    !confidence
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The model of a text whose lines are read in pieces while it goes
    /// through the first ones (as a large text's are) is the model of one
    /// pass: every fixture, read whole and a message at a time, in pieces
    /// of every size.
    #[test]
    fn a_model_fed_piece_by_piece_is_the_model_of_one_pass() {
        let settings = Settings::default();
        let mut texts = crate::test_support::fixture_texts();
        texts.push(texts.join("\n\n"));
        for text in &texts {
            let messages: Vec<usize> = text.match_indices("\n\n").map(|(i, _)| i + 2).collect();
            let apart = Continuing {
                messages: &messages,
                ..Continuing::default()
            };
            let model = |how: Continuing<'_>| {
                let (t, cut) = build_from(text, &settings, FileContext::transcript(), how, NOTHING)
                    .expect("read from the start");
                format!("{t:?}\n{cut:?}")
            };
            let (whole, by_message) = (model(Continuing::default()), model(apart));
            for size in [1, 40, 500] {
                syntax::with_pieces_of(size, || {
                    assert_eq!(
                        model(Continuing::default()),
                        whole,
                        "pieces of {size}:\n{text}"
                    );
                    assert_eq!(model(apart), by_message, "pieces of {size}, apart:\n{text}");
                });
            }
        }
    }
}
