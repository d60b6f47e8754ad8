//! boardlint: a linter for C-suite agent transcripts.
//!
//! The pipeline is `syntax` (the pest grammar, a typed list of lines) →
//! `model` (speakers, blocks, call chains, built in one pass) → `rules`
//! (each reads the model) → `output` (human, concise, JSON).

pub mod cli;
pub mod commands;
pub mod config;
pub mod diagnostic;
pub mod files;
pub mod format;
pub mod guard;
pub mod kinds;
pub mod lines;
pub mod model;
pub mod output;
pub mod records;
pub mod roles;
pub mod rules;
pub mod secrets;
pub mod sessions;
pub mod settings;
pub mod suppress;
pub mod syntax;
pub mod text;
pub mod yaml;

#[cfg(test)]
mod test_support;

use diagnostic::Diagnostic;
use settings::Settings;

/// Check one transcript's text with every rule.
pub fn check_source(source: &str, settings: &Settings) -> Vec<Diagnostic> {
    check_file(None, source, settings)
}

/// Check a file's text; its path (when it has one) and the `kinds` setting
/// decide its kind.
pub fn check_file(
    path: Option<&std::path::Path>,
    source: &str,
    settings: &Settings,
) -> Vec<Diagnostic> {
    let mut diagnostics = check_kind(path, source, settings);
    // Every diagnostic passes here: no output shows a credential.
    secrets::redact_diagnostics(source, &mut diagnostics);
    diagnostics
}

fn check_kind(
    path: Option<&std::path::Path>,
    source: &str,
    settings: &Settings,
) -> Vec<Diagnostic> {
    match settings.kind.unwrap_or_else(|| kinds::detect(path, source)) {
        kinds::FileKind::Handoff => {
            let record = records::handoff::Handoff::parse(source, settings);
            rules::check_handoff(&record)
        }
        kinds::FileKind::HandshakeLog => {
            let log = records::handshake::HandshakeLog::parse(path, source, settings);
            rules::check_handshake(&log)
        }
        kinds::FileKind::TransitionLog => {
            let log = records::transition::TransitionLog::parse(source, settings);
            rules::check_transition(&log)
        }
        kinds::FileKind::SessionLog => match sessions::detect(path, source) {
            Some(format) => sessions::check(format, source, settings),
            // Forced by `kinds` but of no known shape: read as Claude Code,
            // the most tolerant reader.
            None => sessions::check(sessions::Format::ClaudeCode, source, settings),
        },
        kinds::FileKind::Other => Vec::new(),
        _ => {
            let transcript = model::Transcript::build_file(path, source, settings);
            let mut diagnostics = rules::check(&transcript);
            suppress::apply(&transcript, &mut diagnostics);
            diagnostics.sort_by(|a, b| {
                (a.span.start, a.code, a.span.end).cmp(&(b.span.start, b.code, b.span.end))
            });
            diagnostics
        }
    }
}

/// What one file contributes to the run context: the flagged proposals of a
/// decision log (D006), the run ends of a transition log (T100).
pub fn run_contribution(
    path: &std::path::Path,
    source: &str,
    settings: &Settings,
) -> settings::RunContext {
    use settings::RunContext;
    match settings
        .kind
        .unwrap_or_else(|| kinds::detect(Some(path), source))
    {
        kinds::FileKind::DecisionLog => {
            let t = model::Transcript::build_file(Some(path), source, settings);
            RunContext {
                proposals: rules::d006_resurfaced_proposal::proposals(&t),
                ..RunContext::default()
            }
        }
        kinds::FileKind::TransitionLog => {
            let log = records::transition::TransitionLog::parse(source, settings);
            let shown = path.display().to_string();
            let shown = shown.strip_prefix("./").unwrap_or(&shown).to_string();
            RunContext {
                runs: log.run_ends(&shown),
                ..RunContext::default()
            }
        }
        _ => RunContext::default(),
    }
}
