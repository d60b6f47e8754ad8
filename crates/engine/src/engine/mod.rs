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
use crate::diagnostic::{Diagnostic, Fix};
use crate::format::FormatOptions;
use crate::kinds::FileKind;
use crate::model::sections::Lang;
use crate::rules::FixScope;
use crate::sessions::SessionFormat;
use crate::settings::Settings;
use crate::syntax::Span;

pub use kind::detect;
pub use suppress::next_line_comment;
pub use turn::Before;

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

    pub fn shared(config: Arc<Config>) -> Engine {
        Engine { config }
    }

    /// The configuration this engine applies.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The settings of a file at `path`: the configuration's, less what its
    /// `per-file-ignores` turn off there.
    pub fn settings(&self, path: Option<&Path>) -> Settings {
        settings_of(&self.config, path)
    }

    /// The kind a file is read as: what the configuration's `kinds` say for
    /// its path, else what its path and content show.
    pub fn kind(&self, path: Option<&Path>, text: &str) -> FileKind {
        kind_of(&self.config, path, path, text)
    }

    /// A file at `path` made ready to be worked on: its settings and its
    /// kind (see [`prepare`]).
    pub fn prepare(&self, path: Option<&Path>, text: &str) -> Prepared {
        prepare(&self.config, path, path, text)
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
        let Prepared { settings, kind } = self.prepare(path, text);
        check(
            text,
            &settings,
            &self.format_options(),
            FileContext { path, kind, run },
        )
    }

    /// Every diagnostic of a file read as `kind`, whatever its path and
    /// content say (as the `kinds` setting forces a kind), checked alone.
    pub fn check_as(&self, kind: FileKind, path: Option<&Path>, text: &str) -> Vec<Diagnostic> {
        let settings = self.settings(path);
        check(
            text,
            &settings,
            &self.format_options(),
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
        let Prepared { settings, kind } = self.prepare(Some(path), text);
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
    pub fn turn_history(
        &self,
        path: Option<&Path>,
        format: SessionFormat,
        log: &str,
    ) -> Option<crate::sessions::History> {
        turn::read_history(&self.settings(path), format, log)
    }

    /// [`Engine::check_turn`] after a history read from a cut on, and where
    /// it may be cut next (see `turn.rs`); `None` when the state the cut
    /// carried does not hold, and the history must be read whole.
    pub fn check_turn_after(
        &self,
        path: Option<&Path>,
        before: Before<'_>,
        text: &str,
    ) -> Option<(Vec<Diagnostic>, Option<crate::model::Cut>)> {
        turn::check_after(&self.settings(path), before, text)
    }

    /// A file's text as `boardlint fmt` writes it, or `None` for a kind that
    /// is not formatted (only transcripts and decision logs are).
    pub fn format(&self, path: Option<&Path>, text: &str) -> Option<String> {
        self.format_in(path, text, None)
    }

    /// [`Engine::format`] with the card headings printed in `lang` when it
    /// is given (as `fmt --lang`), else in the configuration's `lang`.
    pub fn format_in(&self, path: Option<&Path>, text: &str, lang: Option<Lang>) -> Option<String> {
        let Prepared { settings, kind } = self.prepare(path, text);
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
    pub fn format_replacements(
        &self,
        path: Option<&Path>,
        text: &str,
    ) -> Option<Vec<(crate::syntax::Span, String)>> {
        let Prepared { settings, kind } = self.prepare(path, text);
        if !formats(kind) {
            return None;
        }
        crate::format::replacements(text, &settings, &self.format_options())
    }

    /// How `fmt` prints with this configuration (its `lang`), and so how
    /// the fixes of its findings are printed.
    fn format_options(&self) -> FormatOptions {
        FormatOptions {
            lang: self.config.lang,
        }
    }
}

/// A file made ready to be worked on: the settings that apply to it and the
/// kind it is read as.
#[derive(Debug, Clone)]
pub struct Prepared {
    pub settings: Settings,
    pub kind: FileKind,
}

/// The one preparation of a file every surface takes it through, once its
/// text is in hand: `check` and `fmt` after reading it
/// (`commands/prepare.rs`), a run's context (`check`), the servers and the
/// agent hook through [`Engine`]'s methods. Its settings are the
/// configuration's for `settings_path` (less what `per-file-ignores` turn
/// off there; the configuration's own for text of no path), its kind is
/// decided by [`kind_of`].
pub fn prepare(
    config: &Config,
    settings_path: Option<&Path>,
    path: Option<&Path>,
    text: &str,
) -> Prepared {
    Prepared {
        settings: settings_of(config, settings_path),
        kind: kind_of(config, settings_path, path, text),
    }
}

/// The settings of a file at `path` under `config`.
fn settings_of(config: &Config, path: Option<&Path>) -> Settings {
    match path {
        Some(path) => config.settings_for(path),
        None => config.settings.clone(),
    }
}

/// The kind a file is read as: what the configuration's `kinds` say for the
/// path its settings are looked up by (standard input's stands-for name, or
/// the file's path), else what its path and content show.
pub fn kind_of(
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
pub fn formats(kind: FileKind) -> bool {
    matches!(kind, FileKind::Transcript | FileKind::DecisionLog)
}

/// A draft rewritten into the canonical layout.
pub fn format(text: &str, settings: &Settings, options: &FormatOptions) -> String {
    crate::format::format(text, settings, options)
}

/// Check a file's text as the kind its context says, with these settings.
/// Every diagnostic passes through the credential filter: no output shows a
/// credential.
/// `options` are `fmt`'s, which the fixes of fixable findings are printed
/// with.
pub fn check(
    source: &str,
    settings: &Settings,
    options: &FormatOptions,
    file: FileContext<'_>,
) -> Vec<Diagnostic> {
    let mut diagnostics = check_kind(source, settings, options, file);
    crate::secrets::redact_diagnostics(source, &mut diagnostics);
    diagnostics
}

fn check_kind(
    source: &str,
    settings: &Settings,
    options: &FormatOptions,
    file: FileContext<'_>,
) -> Vec<Diagnostic> {
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
            // The model is let go before `fmt` builds its own.
            let starts = fix_starts(&transcript, &diagnostics);
            drop(transcript);
            attach_fixes(source, settings, options, &starts, &mut diagnostics);
            diagnostics
        }
    }
}

/// Where the fix of each finding of a rule with a fix must start (its
/// [`FixScope`](crate::rules::FixScope)): the start of its card's first
/// line, for a finding the rule marks fixable, or the earliest of its
/// places (its block's opener). `None` for the others, and for a card
/// finding outside any card.
fn fix_starts(t: &crate::model::Transcript<'_>, diagnostics: &[Diagnostic]) -> Vec<Option<usize>> {
    // The cards' byte ranges, in document order, as `fmt` replaces them.
    let cards: Vec<Span> = t
        .cards
        .iter()
        .map(|c| t.line_span(c.first_line).start..t.line_span(c.last_line).end)
        .collect();
    diagnostics
        .iter()
        .map(|d| match crate::rules::fix_scope(d.code)? {
            FixScope::Card if d.fixable => {
                let at = cards.partition_point(|c| c.start <= d.span.start);
                let card = cards[..at].last()?;
                card.contains(&d.span.start).then_some(card.start)
            }
            FixScope::Card => None,
            FixScope::Block => Some(
                d.related
                    .iter()
                    .map(|(span, _)| span.start)
                    .fold(d.span.start, usize::min),
            ),
        })
        .collect()
}

/// Give each finding whose fix starts at `starts[i]` its fix: the one
/// replacement of `fmt`'s that starts there and covers every place the
/// finding names. A finding with no such replacement is not fixable.
/// Findings of one card share its fix. Only the cards and blocks the
/// findings are about are printed (`format::replacements_at`), each
/// checked to stay as printed when formatted again on its own, so that a
/// fix costs its card, not the file.
fn attach_fixes(
    source: &str,
    settings: &Settings,
    options: &FormatOptions,
    starts: &[Option<usize>],
    diagnostics: &mut [Diagnostic],
) {
    for d in diagnostics.iter_mut() {
        d.fixable = false;
    }
    if starts.iter().all(Option::is_none) {
        return;
    }
    let mut wanted: Vec<usize> = starts.iter().flatten().copied().collect();
    wanted.sort_unstable();
    wanted.dedup();
    let replacements: Vec<Arc<Fix>> =
        crate::format::replacements_at(source, settings, options, &wanted)
            .into_iter()
            .map(|(span, text)| Arc::new(Fix { span, text }))
            .collect();
    for (d, start) in diagnostics.iter_mut().zip(starts) {
        let Some(start) = *start else {
            continue;
        };
        let end = d
            .related
            .iter()
            .map(|(span, _)| span.end)
            .fold(d.span.end, usize::max);
        // In source order, none overlapping: at most one starts here.
        let at = replacements.partition_point(|fix| fix.span.start < start);
        d.fix = replacements
            .get(at)
            .filter(|fix| fix.span.start == start && fix.span.end >= end)
            .cloned();
        d.fixable = d.fix.is_some();
    }
}

/// A text that is not rewritten (a session log's conversation, an agent's
/// turn) has no fix: the rules' marks are taken back.
fn without_fixes(diagnostics: &mut [Diagnostic]) {
    for d in diagnostics {
        d.fixable = false;
    }
}

/// The edits that suppress each of these findings of a transcript or a
/// decision log on its line, with a suppression comment above it
/// (`check --add-noqa`); see [`suppress::comments_for`].
pub fn suppressions(
    source: &str,
    settings: &Settings,
    file: FileContext<'_>,
    diagnostics: &[Diagnostic],
) -> Vec<(Fix, Vec<usize>)> {
    let transcript = crate::model::build_file(source, settings, file);
    suppress::comments_for(&transcript, diagnostics)
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
pub fn check_session(
    format: SessionFormat,
    source: &str,
    settings: &Settings,
    file: FileContext<'_>,
) -> Vec<Diagnostic> {
    let log = format.read(source);
    let session_rules = || {
        crate::rules::check_session(
            &crate::sessions::Session { log: &log, source },
            &settings.rules,
        )
    };
    // The session rules read the log while its conversations are checked:
    // beside the model's pass over a large conversation, which is one
    // core's work (where they would take a core from the assembly and the
    // lines, which take every core), else beside the conversations.
    let large = log.largest_conversation() >= crate::parallel::FROM;
    let beside: std::sync::Mutex<Option<Vec<Diagnostic>>> = std::sync::Mutex::new(None);
    let claimed = std::sync::atomic::AtomicBool::new(!large);
    let conversations = || {
        log.each_transcript(source, settings, |text, map, messages| {
            // A conversation is no file of its own: path rules stay silent.
            let file = FileContext {
                path: None,
                kind: FileKind::Transcript,
                run: file.run,
            };
            let claim = text.len() >= crate::parallel::FROM
                && !claimed.swap(true, std::sync::atomic::Ordering::Relaxed);
            let rules_beside = claim.then_some(|| {
                let found = session_rules();
                *beside.lock().unwrap_or_else(|e| e.into_inner()) = Some(found);
            });
            let mut transcript =
                crate::model::build_conversation(text, settings, file, messages, rules_beside);
            let mut diagnostics = check_transcript(&transcript);
            // A large conversation's lines are let go while the findings go
            // out (the rest of the model borrows the text).
            if text.len() >= crate::parallel::FROM {
                crate::parallel::drop_later(std::mem::take(&mut transcript.doc));
            }
            without_fixes(&mut diagnostics);
            for d in &mut diagnostics {
                d.span = map.span(source, &d.span);
                for (span, _) in &mut d.related {
                    *span = map.span(source, span);
                }
            }
            diagnostics
        })
    };
    let (found, session) = match large {
        true => {
            let found = conversations();
            // No conversation took them (its text was blank once decoded).
            let session = beside.into_inner().unwrap_or_else(|e| e.into_inner());
            (found, session.unwrap_or_else(session_rules))
        }
        false => rayon::join(conversations, session_rules),
    };
    if source.len() >= crate::parallel::FROM {
        crate::parallel::drop_later(log);
    }
    let mut out: Vec<Diagnostic> = found.into_iter().flatten().collect();
    out.extend(session);
    sort(&mut out);
    out
}

fn sort(diagnostics: &mut [Diagnostic]) {
    crate::diagnostic::sort_in_source_order(diagnostics);
}

/// What one file contributes to the run: the flagged proposals of a
/// decision log (D006), the run ends of a transition log (T100).
pub fn contribution(source: &str, settings: &Settings, file: FileContext<'_>) -> RunContext {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A Claude Code log: two records that share a uuid (A005), and one
    /// assistant message of `size` bytes of prose with a self-invocation
    /// (L001) at its end.
    fn log(size: usize) -> String {
        let prose = "The board met and the runway held.\n".repeat(size / 35);
        let text = format!("{prose}CFO: [INVOKE:cfo|What is our runway?]\n");
        let record = |uuid: &str, message: serde_json::Value| {
            serde_json::json!({"type": "assistant", "uuid": uuid, "sessionId": "s", "message": message})
                .to_string()
        };
        [
            record("u-1", serde_json::json!({"role": "assistant", "content": "Hello."})),
            record("u-1", serde_json::json!({"role": "assistant", "content": "Again."})),
            record(
                "u-2",
                serde_json::json!({"role": "assistant", "content": [{"type": "text", "text": text}]}),
            ),
        ]
        .join("\n")
    }

    fn codes(source: &str) -> Vec<&'static str> {
        let settings = Settings::default();
        let file = FileContext {
            kind: FileKind::SessionLog,
            ..FileContext::transcript()
        };
        check_session(SessionFormat::ClaudeCode, source, &settings, file)
            .iter()
            .map(|d| d.code)
            .collect()
    }

    #[test]
    fn session_rules_run_once_beside_a_large_conversation_and_beside_small_ones() {
        // Small: beside the conversations; large: beside the model's pass
        // over the large one. The same findings, once each.
        let small = codes(&log(1_000));
        let large = codes(&log(crate::parallel::FROM + 1_000));
        assert_eq!(small, ["A005", "L001"]);
        assert_eq!(large, small);
    }
}
