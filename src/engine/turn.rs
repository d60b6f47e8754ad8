//! A new turn's text checked in the context of the session before it: what
//! an agent hook asks about an answer the agent is about to give.

use std::path::Path;

use crate::context::{FileContext, RunContext};
use crate::diagnostic::Diagnostic;
use crate::kinds::FileKind;
use crate::settings::Settings;

/// The diagnostics of `text`, a turn's final assistant text, read after
/// the session so far: pending invocations, call chains, phase zones and
/// cards carry over from `history` (a session log an agent tool wrote,
/// read by its session reader), and only what lies in `text` is reported,
/// with spans into `text`. A history boardlint cannot read, or none, adds
/// no context. When the log already ends with this turn's text (a tool that
/// writes its log before the hook runs), that copy is not read twice.
pub(crate) fn check(
    settings: &Settings,
    history: Option<(&str, Option<&Path>)>,
    text: &str,
) -> Vec<Diagnostic> {
    let mut before = history
        .map(|(log, path)| earlier_text(settings, log, path))
        .unwrap_or_default();
    let trimmed = text.trim_end();
    if !trimmed.is_empty() && before.trim_end().ends_with(trimmed) {
        let cut = before.trim_end().len() - trimmed.len();
        before.truncate(cut);
    }
    if before.trim().is_empty() {
        before.clear();
    } else {
        // A blank line between the history and the turn: a new paragraph,
        // as the session reader joins messages.
        while !before.ends_with("\n\n") {
            before.push('\n');
        }
    }
    let offset = before.len();
    let mut whole = before;
    whole.push_str(text);
    let diagnostics = super::check(
        &whole,
        settings,
        FileContext {
            path: None,
            kind: FileKind::Transcript,
            run: RunContext::empty(),
        },
    );
    diagnostics
        .into_iter()
        .filter(|d| d.span.start >= offset || d.internal)
        .map(|mut d| {
            d.span = d.span.start.saturating_sub(offset)..d.span.end.saturating_sub(offset);
            d.related.retain(|(span, _)| span.start >= offset);
            for (span, _) in &mut d.related {
                *span = span.start - offset..span.end - offset;
            }
            d.redact.retain(|span| span.end > offset);
            for span in &mut d.redact {
                *span = span.start.saturating_sub(offset)..span.end - offset;
            }
            d
        })
        .collect()
}

/// The assistant text of the session's last conversation, as the session
/// reader assembles it; empty for a log of no known format.
fn earlier_text(settings: &Settings, log: &str, path: Option<&Path>) -> String {
    let Some(format) = crate::sessions::detect(path, log) else {
        return String::new();
    };
    let mut last = String::new();
    format.read(log).each_transcript(settings, |text, _| {
        last.clear();
        last.push_str(text);
    });
    last
}
