//! Building the model: one pass over the lines for speakers, phase zones,
//! cards, blocks, invocations and their chains, found line by line; then
//! the cards filled in and a decision log's entries read.

use super::blocks::{Answer, Block};
use super::cards::{self, Card, CardKind};
use super::carry::{CarriedInvocation, Carry, Cut, SpeakerScope, ZoneEnd};
use super::faults::{Malformed, StrayCloser, UnknownRole};
use super::invocations::{ChainDecl, Invocation, InvocationKind};
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

/// [`build`], with the lines' inline items kept, for what
/// rewrites them (`fmt`).
pub fn build_with_items<'a>(source: &'a str, settings: &'a Settings) -> Transcript<'a> {
    build_keeping(source, settings, FileContext::transcript())
}

/// The model of a transcript text that continues one cut before it: read
/// with the state `carry` says the text before it left (none: from the
/// start). Of the line starts in `candidates` (ascending), the last where
/// this text may be cut in turn is returned, with its state.
pub fn build_continuing<'a>(
    source: &'a str,
    settings: &'a Settings,
    carry: Option<&Carry>,
    candidates: &[usize],
) -> (Transcript<'a>, Option<Cut>) {
    let (mut t, cut) = build_from(
        source,
        settings,
        FileContext::transcript(),
        carry,
        candidates,
    );
    t.doc.lines.release_inlines();
    (t, cut)
}

fn build_keeping<'a>(
    source: &'a str,
    settings: &'a Settings,
    file: FileContext<'a>,
) -> Transcript<'a> {
    build_from(source, settings, file, None, &[]).0
}

fn build_from<'a>(
    source: &'a str,
    settings: &'a Settings,
    file: FileContext<'a>,
    carry: Option<&Carry>,
    candidates: &[usize],
) -> (Transcript<'a>, Option<Cut>) {
    let doc = syntax::parse_with(source, settings.lint_code_blocks);
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
        key_points: Vec::new(),
        line_starts: LineStarts::default(),
        spoke_before: Vec::new(),
        conversation_before: false,
    };
    t.front_matter_speaker = doc
        .front_matter
        .as_ref()
        .and_then(|span| crate::yaml::front_matter_speaker(&source[span.clone()]))
        .and_then(|name| settings.roles.lookup(&name));
    let mut builder = Builder::new(&mut t);
    if let Some(carry) = carry {
        builder.seed(carry);
    }
    let cut = builder.run_cutting(&doc, candidates);
    t.doc = doc;
    card_fill::analyze(&mut t);
    if t.kind == crate::kinds::FileKind::DecisionLog {
        t.decisions = decision_log::parse(&t);
    }
    shrink_to_fit(&mut t);
    (t, cut)
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
}

/// How many of the last candidate cuts are tried.
const LAST_CANDIDATES: usize = 16;

pub(super) struct Builder<'t, 'a> {
    t: &'t mut Transcript<'a>,
    /// Open blocks, innermost last, by index into `t.blocks`.
    stack: Vec<usize>,
    speaker: Option<(Role, SpeakerScope)>,
    zone: Option<(u32, ZoneEnd)>,
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
    in_fence: bool,
    last_response_open: Option<usize>,
    /// Under a `Key points` label.
    in_key_points: bool,
    /// The previous line was blank.
    prev_blank: bool,
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
}

impl<'t, 'a> Builder<'t, 'a> {
    pub(super) fn new(t: &'t mut Transcript<'a>) -> Self {
        let roles = t.settings.roles.names().count();
        Builder {
            t,
            stack: Vec::new(),
            speaker: None,
            zone: None,
            last_heading: None,
            card: None,
            tentative_placeholders: Vec::new(),
            pending: vec![Vec::new(); roles],
            broadcasts: Vec::new(),
            awaiting_assumption: Vec::new(),
            prev_line_invokes: Vec::new(),
            in_fence: false,
            last_response_open: None,
            in_key_points: false,
            prev_blank: false,
            last_non_blank: None,
            invocations_before: false,
            no_cut: false,
            spoke: vec![false; roles],
            declared_before: Vec::new(),
        }
    }

    /// Start from the state a cut carries, as if the text before the cut
    /// had been read. Its invocations get an empty span at the start.
    pub(super) fn seed(&mut self, carry: &Carry) {
        self.speaker = carry.speaker;
        self.zone = carry.zone;
        self.last_heading = carry.last_heading;
        self.in_key_points = carry.in_key_points;
        self.invocations_before = carry.invocations_before;
        self.t.front_matter_speaker = carry.front_matter_speaker;
        self.t.spoke_before.clone_from(&carry.spoke);
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
            });
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
    }

    fn mark_spoke(&mut self, role: Option<Role>) {
        if let Some(seen) = role.and_then(|r| self.spoke.get_mut(r.index())) {
            *seen = true;
        }
    }

    /// Whether the text may be cut at the start of this line: nothing that
    /// spans lines is open, and no suppression comment came before.
    fn may_cut(&self, line: &Line) -> bool {
        !self.no_cut
            && self.stack.is_empty()
            && self.card.is_none()
            && self.awaiting_assumption.is_empty()
            && !self.in_fence
            && !line.in_fence
    }

    /// The state carried past a cut at the start of line `index`.
    fn carry(&self) -> Carry {
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
        let mut kept: Vec<usize> = pending
            .iter()
            .chain(broadcasts.keys())
            .chain(&self.prev_line_invokes)
            .copied()
            .collect();
        kept.sort_unstable();
        kept.dedup();
        let invocations = kept
            .into_iter()
            .map(|i| {
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
                }
            })
            .collect();
        Carry {
            speaker: self.speaker,
            zone: self.zone,
            last_heading: self.last_heading,
            front_matter_speaker: self.t.front_matter_speaker,
            in_key_points: self.in_key_points,
            invocations_before: self.invocations_before || !self.t.invocations.is_empty(),
            spoke,
            conversation: self.t.records_conversation(),
            invocations,
        }
    }

    fn src(&self) -> &'a str {
        self.t.source
    }

    /// Read every line; of the offsets in `candidates` (ascending), the
    /// last one that starts a line where the text may be cut is returned,
    /// with the state carried past it.
    pub(super) fn run_cutting(mut self, doc: &Document, candidates: &[usize]) -> Option<Cut> {
        let mut cut = None;
        // Only the last cut is wanted: the state is taken at the last few
        // candidates alone, so that a long text's many message starts cost
        // no copy of the state each.
        let last = &candidates[candidates.len().saturating_sub(LAST_CANDIDATES)..];
        let mut next = last.iter().copied().peekable();
        let mut fences = doc.code_fences.iter().peekable();
        for (index, line) in doc.lines.iter().enumerate() {
            let start = line.span.start;
            while next.next_if(|&c| c < start).is_some() {}
            if next.next_if_eq(&start).is_some() {
                while fences.next_if(|f| f.end <= start).is_some() {}
                let in_opaque_fence = fences.peek().is_some_and(|f| f.start < start);
                if !in_opaque_fence && self.may_cut(&line) {
                    cut = Some(Cut {
                        at: start,
                        carry: self.carry(),
                    });
                }
            }
            self.line(index, &line);
        }
        let last = doc.lines.len().saturating_sub(1);
        self.close_card(last);
        self.judge_what_follows(doc);
        cut
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

    fn line(&mut self, index: usize, line: &Line) {
        if line.in_fence != self.in_fence {
            // A linted fence is a transcript of its own: who was speaking
            // around it does not carry in or out.
            self.in_fence = line.in_fence;
            self.speaker = None;
            self.zone = None;
            self.close_card(index.saturating_sub(1));
        }
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
        // A speaker line at column 1 ends a card that has no closing frame.
        let unframed = self
            .card
            .as_ref()
            .is_some_and(|c| !self.t.cards[c.index].framed);
        if outside_blocks && unframed && self.speaker_of_line(line).is_some() {
            self.close_card(index.saturating_sub(1));
        }
        // A draft (a BOTTOM LINE not yet followed by another section) is not
        // a card until it is confirmed, and silences no speaker meanwhile.
        let in_card = self.card.as_ref().is_some_and(|c| c.confirmed);

        if let LineKind::Heading { level } = line.kind {
            if outside_blocks && !in_card {
                self.heading_ends_speaker(level);
            }
            // A heading that names a role is a contribution inside the
            // phase, not the end of it (decision 17).
            if self.speaker_of_line(line).is_none() {
                self.heading_ends_zone(level);
            }
            self.last_heading = Some(level);
        }
        if outside_blocks && !in_card {
            if let Some(role) = self.speaker_of_line(line) {
                let scope = match line.kind {
                    LineKind::Heading { level } => SpeakerScope::Heading(level),
                    _ => SpeakerScope::Plain,
                };
                self.speaker = Some((role, scope));
                self.t.speaker_lines.push((index, role));
                self.mark_spoke(Some(role));
            }
        }
        if let Some(Lead::Phase { number, .. }) = line.lead {
            match line.kind {
                LineKind::Heading { level } => self.zone = Some((number, ZoneEnd::Heading(level))),
                LineKind::Plain if line.indent == 0 && !line.quoted => {
                    self.zone = Some((number, ZoneEnd::Section(self.last_heading)))
                }
                _ => {}
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
            self.inline(index, inline);
        }
        self.attach_chains(first_chain, first_invocation, blank);
        self.prev_blank = blank;
        if !blank {
            self.last_non_blank = Some(index);
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
                let (name, rest) = match text.find(|c: char| !c.is_ascii_alphanumeric()) {
                    Some(i) => text.split_at(i),
                    None => (text, ""),
                };
                let rest = rest.trim_start();
                let separated = rest.is_empty()
                    || rest.starts_with('—')
                    || rest.starts_with('–')
                    || rest.starts_with("- ");
                if separated {
                    roles.lookup(name)
                } else {
                    None
                }
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
                // not start with a section heading.
                let ends = match line.kind {
                    LineKind::Heading { .. } => section.is_none(),
                    LineKind::Blank => false,
                    _ => starts_with_opener(line) || (self.prev_blank && section.is_none()),
                };
                if ends {
                    self.close_card(index.saturating_sub(1));
                } else if let Some(h) = heading {
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
    }

    // -------------------------------------------------------------- inline

    fn inline(&mut self, line: usize, inline: &Inline) {
        match inline {
            Inline::CodeSpan { .. } => {}
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
            .find(|b| matches!(b.kind, BlockKind::Response | BlockKind::PeerVerify));
        let nested = context.is_some_and(|b| b.kind == BlockKind::Response);
        let structural = match (role, context.and_then(|b| b.chain.as_ref())) {
            (None, _) => None,
            (Some(x), Some(chain)) if nested => Some(chain.iter().copied().chain([x]).collect()),
            (Some(x), _) => speaker.map(|s| vec![s, x]),
        };
        let phase = self.zone.map(|(n, _)| n);
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
        });
        match role {
            Some(r) => self.pending[r.index()].push(index),
            None => self.broadcasts.push((index, Vec::new())),
        }
    }

    fn open_block(&mut self, span: Span, kind: BlockKind, role: Option<Role>) {
        let index = self.t.blocks.len();
        let mut answer = None;
        let mut chain = None;
        if kind == BlockKind::Response {
            self.last_response_open = Some(span.start);
            let found = role.and_then(|r| self.answer_for(r, index));
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
                self.t.blocks[top].close = Some(span);
                self.stack.pop();
            }
            top => {
                let innermost =
                    top.map(|&b| (self.t.blocks[b].kind, self.t.blocks[b].open.clone()));
                self.t.stray_closers.push(StrayCloser {
                    span,
                    kind,
                    innermost,
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
    true
}
