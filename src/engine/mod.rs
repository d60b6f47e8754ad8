//! The engine: the one way a text is linted. It takes a file's text, its
//! path and its resolved settings, decides its kind once, builds the model
//! that kind has (a transcript, a record, a session log), runs the rules and
//! the suppressions, hides credentials, and returns the diagnostics in
//! source order. `check`, `fmt`, `--fix` and every server call it.
//!
//! [`Engine`] is the library's face of it: a resolved configuration, asked
//! about one file at a time.
//!
//! ```no_run
//! use boardlint::{Config, Engine};
//!
//! let engine = Engine::new(Config::default());
//! let text = "CFO: [INVOKE:cfo|What is our runway?]\n";
//! for d in engine.check(None, text) {
//!     println!("{} {}: {}", d.code, d.name, d.message);
//! }
//! ```

mod kind;
mod suppress;
mod turn;

use std::path::Path;
use std::sync::Arc;

use crate::config::Config;
use crate::context::{FileContext, RunContext};
use crate::diagnostic::Diagnostic;
use crate::format::FormatOptions;
use crate::kinds::FileKind;
use crate::model::sections::Lang;
use crate::sessions::SessionFormat;
use crate::settings::Settings;

pub(crate) use kind::detect;
pub(crate) use turn::Before;

/// A resolved configuration, ready to lint files with.
#[derive(Debug, Clone, Default)]
pub struct Engine {
    config: Arc<Config>,
}

impl Engine {
    /// An engine with this configuration (`Config::default()` for the
    /// protocol's defaults, `Config::load` for a configuration file).
    pub fn new(config: Config) -> Engine {
        Engine::shared(Arc::new(config))
    }

    pub(crate) fn shared(config: Arc<Config>) -> Engine {
        Engine { config }
    }

    /// The configuration this engine applies.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The settings of a file at `path`: the configuration's, less what its
    /// `per-file-ignores` turn off there.
    pub(crate) fn settings(&self, path: Option<&Path>) -> Settings {
        match path {
            Some(path) => self.config.settings_for(path),
            None => self.config.settings.clone(),
        }
    }

    /// The kind a file is read as: what the configuration's `kinds` say for
    /// its path, else what its path and content show.
    pub fn kind(&self, path: Option<&Path>, text: &str) -> FileKind {
        kind_of(&self.config, path, path, text)
    }

    /// Every diagnostic of a file checked alone (no other file of a run is
    /// known to its rules), in source order.
    pub fn check(&self, path: Option<&Path>, text: &str) -> Vec<Diagnostic> {
        self.check_in_run(path, text, RunContext::empty())
    }

    /// Every diagnostic of a file checked in a run whose other files
    /// contributed `run` (see [`Engine::contribution`]), in source order.
    pub fn check_in_run(
        &self,
        path: Option<&Path>,
        text: &str,
        run: &RunContext,
    ) -> Vec<Diagnostic> {
        let settings = self.settings(path);
        let kind = self.kind(path, text);
        check(text, &settings, FileContext { path, kind, run })
    }

    /// Every diagnostic of a file read as `kind`, whatever its path and
    /// content say (as the `kinds` setting forces a kind), checked alone.
    pub fn check_as(&self, kind: FileKind, path: Option<&Path>, text: &str) -> Vec<Diagnostic> {
        let settings = self.settings(path);
        check(
            text,
            &settings,
            FileContext {
                path,
                kind,
                run: RunContext::empty(),
            },
        )
    }

    /// The agent tool's format a session log is written in, if the text is
    /// one boardlint reads (`docs/sessions.md`).
    pub fn session_format(&self, path: Option<&Path>, text: &str) -> Option<SessionFormat> {
        crate::sessions::detect(path, text)
    }

    /// What a file tells the rules of the other files of its run: the
    /// proposals its decision log flags, the run ends of its transition log.
    pub fn contribution(&self, path: &Path, text: &str) -> RunContext {
        let settings = self.settings(Some(path));
        let kind = self.kind(Some(path), text);
        contribution(
            text,
            &settings,
            FileContext {
                path: Some(path),
                kind,
                run: RunContext::empty(),
            },
        )
    }

    /// The diagnostics of a turn's final assistant text, read after the
    /// session so far (`history`: the text of the session log an agent tool
    /// wrote, and its path, which helps tell its format). Only what lies in
    /// `text` is reported, with spans into `text`; a history that is no
    /// session log boardlint reads adds no context. Settings are those of a
    /// file at `path` (the project directory's, for an agent hook).
    pub fn check_turn(
        &self,
        path: Option<&Path>,
        history: Option<(&str, Option<&Path>)>,
        text: &str,
    ) -> Vec<Diagnostic> {
        turn::check(&self.settings(path), history, text)
    }

    /// The conversation a new turn of a session log continues (see
    /// [`History`](crate::sessions::History)).
    pub(crate) fn turn_history(
        &self,
        path: Option<&Path>,
        format: SessionFormat,
        log: &str,
    ) -> Option<crate::sessions::History> {
        turn::read_history(&self.settings(path), format, log)
    }

    /// [`Engine::check_turn`] after a history read from a cut on, and where
    /// it may be cut next (see `turn.rs`).
    pub(crate) fn check_turn_after(
        &self,
        path: Option<&Path>,
        before: Before<'_>,
        text: &str,
    ) -> (Vec<Diagnostic>, Option<crate::model::Cut>) {
        turn::check_after(&self.settings(path), before, text)
    }

    /// A file's text as `boardlint fmt` writes it, or `None` for a kind that
    /// is not formatted (only transcripts and decision logs are).
    pub fn format(&self, path: Option<&Path>, text: &str) -> Option<String> {
        self.format_in(path, text, None)
    }

    /// [`Engine::format`] with the card headings printed in `lang` when it
    /// is given (as `fmt --lang`), else in the configuration's `lang`.
    pub(crate) fn format_in(
        &self,
        path: Option<&Path>,
        text: &str,
        lang: Option<Lang>,
    ) -> Option<String> {
        let kind = self.kind(path, text);
        let settings = self.settings(path);
        formats(kind).then(|| {
            format(
                text,
                &settings,
                &FormatOptions {
                    lang: lang.or(self.config.lang),
                },
            )
        })
    }
}

impl Engine {
    /// [`Engine::format`] as the replacements that make it, each a card, a
    /// block or a CHAIN marker printed again (for an editor's edits), in
    /// source order; `None` for a kind that is not formatted, or a text
    /// whose formatting is known only whole (it takes more than one pass to
    /// settle).
    pub(crate) fn format_replacements(
        &self,
        path: Option<&Path>,
        text: &str,
    ) -> Option<Vec<(crate::syntax::Span, String)>> {
        let kind = self.kind(path, text);
        if !formats(kind) {
            return None;
        }
        let settings = self.settings(path);
        let options = FormatOptions {
            lang: self.config.lang,
        };
        crate::format::replacements(text, &settings, &options)
    }
}

/// The kind a file is read as: what the configuration's `kinds` say for the
/// path its settings are looked up by (standard input's stands-for name, or
/// the file's path), else what its path and content show.
pub(crate) fn kind_of(
    config: &Config,
    settings_path: Option<&Path>,
    path: Option<&Path>,
    text: &str,
) -> FileKind {
    settings_path
        .and_then(|p| config.kind_for(p))
        .unwrap_or_else(|| detect(path, text))
}

/// Whether `fmt` rewrites files of this kind.
pub(crate) fn formats(kind: FileKind) -> bool {
    matches!(kind, FileKind::Transcript | FileKind::DecisionLog)
}

/// A draft rewritten into the canonical layout.
pub(crate) fn format(text: &str, settings: &Settings, options: &FormatOptions) -> String {
    crate::format::format(text, settings, options)
}

/// Check a file's text as the kind its context says, with these settings.
/// Every diagnostic passes through the credential filter: no output shows a
/// credential.
pub(crate) fn check(source: &str, settings: &Settings, file: FileContext<'_>) -> Vec<Diagnostic> {
    let mut diagnostics = check_kind(source, settings, file);
    crate::secrets::redact_diagnostics(source, &mut diagnostics);
    diagnostics
}

fn check_kind(source: &str, settings: &Settings, file: FileContext<'_>) -> Vec<Diagnostic> {
    let selection = &settings.rules;
    match file.kind {
        FileKind::Handoff => {
            let record = crate::records::handoff::Handoff::parse(source, settings, file.run);
            crate::rules::check_handoff(&record, selection)
        }
        FileKind::HandshakeLog => {
            let log = crate::records::handshake::HandshakeLog::parse(file.path, source);
            crate::rules::check_handshake(&log, selection)
        }
        FileKind::TransitionLog => {
            let log = crate::records::transition::TransitionLog::parse(source, settings);
            crate::rules::check_transition(&log, selection)
        }
        FileKind::SessionLog => {
            // Forced by `kinds` but of no known shape: read as Claude Code,
            // the most tolerant reader.
            let format =
                crate::sessions::detect(file.path, source).unwrap_or(SessionFormat::ClaudeCode);
            check_session(format, source, settings, file)
        }
        FileKind::Other => Vec::new(),
        FileKind::Transcript | FileKind::DecisionLog => {
            let transcript = crate::model::build_file(source, settings, file);
            let mut diagnostics = check_transcript(&transcript);
            mark_block_fixes(source, settings, &mut diagnostics);
            diagnostics
        }
    }
}

/// The rules whose finding `fmt` removes by printing its block again
/// (fields in canonical order), where it prints that block again. A rule
/// cannot tell: whether `fmt` rewrites a block is the formatter's to say,
/// and it sits above the rules. So a finding of these is marked fixable
/// here, when one of `fmt`'s replacements starts at the block's opener and
/// covers the places the finding names in the block too (the field that
/// should come earlier): a block `fmt` leaves as written but for its
/// opener (a nested invocation in it, `[RESPONSE:CFO]` lower-cased) keeps
/// its fields where they are.
const BLOCK_FIXES: [&str; 1] = ["R005"];

fn mark_block_fixes(source: &str, settings: &Settings, diagnostics: &mut [Diagnostic]) {
    let wanted = |d: &Diagnostic| !d.fixable && BLOCK_FIXES.contains(&d.code);
    if !diagnostics.iter().any(wanted) {
        return;
    }
    // `None`: formatting takes more than one pass, so no one replacement is
    // known to fix anything; nothing is marked.
    let Some(replacements) =
        crate::format::replacements(source, settings, &FormatOptions::default())
    else {
        return;
    };
    for d in diagnostics.iter_mut().filter(|d| wanted(d)) {
        // The block's opener is among the spans (the finding's own or a
        // related one): a replacement from there through every span fixes it.
        let start = d
            .related
            .iter()
            .map(|(span, _)| span.start)
            .fold(d.span.start, usize::min);
        let end = d
            .related
            .iter()
            .map(|(span, _)| span.end)
            .fold(d.span.end, usize::max);
        d.fixable = replacements
            .iter()
            .any(|(span, _)| span.start == start && span.end >= end);
    }
}

/// The transcript rules and the suppression comments, in source order.
fn check_transcript(transcript: &crate::model::Transcript<'_>) -> Vec<Diagnostic> {
    let mut diagnostics = crate::rules::check_transcript(transcript, &transcript.settings.rules);
    suppress::apply(transcript, &mut diagnostics);
    sort(&mut diagnostics);
    diagnostics
}

/// A session log: each conversation's text checked as a transcript, its
/// diagnostics mapped back to the log's bytes, then the session rules over
/// the log itself.
pub(crate) fn check_session(
    format: SessionFormat,
    source: &str,
    settings: &Settings,
    file: FileContext<'_>,
) -> Vec<Diagnostic> {
    let log = format.read(source);
    let mut out = Vec::new();
    log.each_transcript(settings, |text, map| {
        // A conversation is no file of its own: path rules stay silent.
        let transcript = crate::model::build_file(
            text,
            settings,
            FileContext {
                path: None,
                kind: FileKind::Transcript,
                run: file.run,
            },
        );
        for mut d in check_transcript(&transcript) {
            d.span = map.span(&d.span);
            for (span, _) in &mut d.related {
                *span = map.span(span);
            }
            out.push(d);
        }
    });
    out.extend(crate::rules::check_session(
        &crate::sessions::Session { log: &log, source },
        &settings.rules,
    ));
    sort(&mut out);
    out
}

fn sort(diagnostics: &mut [Diagnostic]) {
    crate::diagnostic::sort_in_source_order(diagnostics);
}

/// What one file contributes to the run: the flagged proposals of a
/// decision log (D006), the run ends of a transition log (T100).
pub(crate) fn contribution(source: &str, settings: &Settings, file: FileContext<'_>) -> RunContext {
    let Some(path) = file.path else {
        return RunContext::default();
    };
    match file.kind {
        FileKind::DecisionLog => {
            let t = crate::model::build_file(source, settings, file);
            RunContext {
                proposals: crate::model::decision_log::proposals(&t),
                ..RunContext::default()
            }
        }
        FileKind::TransitionLog => {
            let log = crate::records::transition::TransitionLog::parse(source, settings);
            RunContext {
                runs: log.run_ends(&crate::files::display_path(path)),
                ..RunContext::default()
            }
        }
        _ => RunContext::default(),
    }
}
