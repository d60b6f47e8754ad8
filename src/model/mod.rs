//! The transcript model: who speaks where, which blocks are open, which
//! invocations are pending, and what call chain each one carries.
//!
//! It is built once per file, in one pass over the lines of the
//! [`Document`](crate::syntax::Document), and every rule reads it. The
//! speaker and chain model it implements is written down in
//! `docs/transcript-format.md`.

mod blocks;
mod build;
pub mod cards;
pub mod decisions;
mod faults;
mod invocations;
mod line_starts;
mod notes;
pub mod response;
pub mod sections;

use crate::context::{FileContext, RunContext};
use crate::roles::{Role, RoleSet};
use crate::settings::Settings;
use crate::syntax::{self, Document, Lead, Line, LineKind, Span};

pub use blocks::{Answer, Block};
use build::Builder;
pub use cards::{Card, CardKind, CardSection};
pub use faults::{Malformed, StrayCloser, UnknownRole};
pub use invocations::{ChainDecl, Invocation, InvocationKind};
pub use line_starts::LineStarts;
pub use notes::{Blocked, Note};
pub use response::{FieldName, ResponseField, ResponseFields};
pub use sections::Section;

/// Tests pad a file past it to reach the path that parses fields per call.
#[cfg(test)]
pub use response::KEEP_FIELDS_BELOW;

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
    pub decisions: Vec<decisions::Entry>,
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
    /// The fields of every closed RESPONSE block, by its opener's offset,
    /// parsed on first use (see [`Block::fields`]).
    response_fields: std::sync::OnceLock<Vec<(usize, ResponseFields)>>,
    /// Bullet lines under a `Key points` label (the board-meeting Phase 2
    /// contribution template): findings that must name their source.
    pub key_points: Vec<usize>,
    /// What each line starts with. The lines' own inline items are let go
    /// once the model is built (only [`Transcript::build_with_items`]
    /// keeps them), so rules read this instead.
    pub line_starts: LineStarts,
}

impl<'a> Transcript<'a> {
    #[cfg(any(test, feature = "internals"))]
    /// The model of a transcript with no path, alone in its run.
    pub fn build(source: &'a str, settings: &'a Settings) -> Self {
        Self::build_file(source, settings, FileContext::transcript())
    }

    /// The model of a file, read as the kind its context says; its path is
    /// what path rules read. Its lines have no inline items left: the
    /// model holds what the rules need of them.
    pub fn build_file(source: &'a str, settings: &'a Settings, file: FileContext<'a>) -> Self {
        let mut t = Self::build_keeping(source, settings, file);
        t.doc.lines.release_inlines();
        t
    }

    /// [`Transcript::build`], with the lines' inline items kept, for what
    /// rewrites them (`fmt`).
    pub fn build_with_items(source: &'a str, settings: &'a Settings) -> Self {
        Self::build_keeping(source, settings, FileContext::transcript())
    }

    fn build_keeping(source: &'a str, settings: &'a Settings, file: FileContext<'a>) -> Self {
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
        };
        t.front_matter_speaker = doc
            .front_matter
            .as_ref()
            .and_then(|span| crate::yaml::front_matter_speaker(&source[span.clone()]))
            .and_then(|name| settings.roles.lookup(&name));
        Builder::new(&mut t).run(&doc);
        t.doc = doc;
        cards::analyze(&mut t);
        if t.kind == crate::kinds::FileKind::DecisionLog {
            t.decisions = decisions::parse(&t);
        }
        t.shrink_to_fit();
        t
    }

    /// Give back what the tables' growth left unused: the model lives
    /// while every rule runs, so its slack is part of the peak.
    fn shrink_to_fit(&mut self) {
        self.malformed.shrink_to_fit();
        self.unknown_roles.shrink_to_fit();
        self.invocations.shrink_to_fit();
        self.chains.shrink_to_fit();
        self.blocks.shrink_to_fit();
        for block in &mut self.blocks {
            block.own_lines.shrink_to_fit();
        }
        self.stray_closers.shrink_to_fit();
        self.blocked.shrink_to_fit();
        self.placeholders.shrink_to_fit();
        self.cards.shrink_to_fit();
        self.speaker_lines.shrink_to_fit();
        self.conflict_notes.shrink_to_fit();
        self.key_points.shrink_to_fit();
        self.line_starts.shrink_to_fit();
    }

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
        let line = self.line(index);
        let start = match &line.lead {
            Some(Lead::Label { span, .. })
            | Some(Lead::Arrow { span, .. })
            | Some(Lead::Phase { span, .. }) => span.start,
            _ => line.content.start,
        };
        start.min(line.span.end)..line.span.end
    }
}
