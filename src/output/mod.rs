//! Printing diagnostics, one emitter per format: `human` (miette's
//! graphical report), `concise` (one line each), `json` / `jsonl`, `sarif`
//! (SARIF 2.1.0), `github` (workflow commands) and `junit`. Every format
//! prints from the same values; `docs/output-formats.md` states what each
//! promises to keep stable.

mod github;
mod junit;
pub mod safe;
mod sarif;

pub use github::github;
pub use junit::junit;
pub use sarif::sarif;

use std::fmt;

use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, SourceCode, SourceSpan,
    SpanContents,
};
use owo_colors::OwoColorize;
use serde::Serialize;

use crate::diagnostic::{Diagnostic, Severity};
use crate::lines::{LineIndex, Position};

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Human,
    Concise,
    Json,
    Jsonl,
    Sarif,
    Github,
    Junit,
}

/// One diagnostic with its file and resolved positions.
#[derive(Debug, Clone, Serialize)]
pub struct Located {
    pub path: String,
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    pub message: String,
    pub help: String,
    pub start: Position,
    pub end: Position,
    /// Start and end columns in Unicode code points (SARIF only).
    #[serde(skip)]
    pub code_point_columns: (usize, usize),
    /// A rule failed on this file: the run exits 2.
    #[serde(skip)]
    pub internal: bool,
}

pub fn locate(path: &str, index: &LineIndex<'_>, d: &Diagnostic) -> Located {
    Located {
        path: path.to_string(),
        code: d.code,
        name: d.name,
        severity: d.severity,
        message: d.message.clone(),
        help: d.help.clone(),
        start: index.position(d.span.start),
        end: index.position(d.span.end),
        code_point_columns: (
            index.code_point_column(d.span.start),
            index.code_point_column(d.span.end),
        ),
        internal: d.internal,
    }
}

/// Render one file's diagnostics in the human format.
pub fn human(path: &str, source: &str, diagnostics: &[Diagnostic], color: bool) -> String {
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_links(false)
        .with_width(100);
    // Secrets never reach the excerpt, nor do raw control characters.
    let redacted = crate::diagnostic::redact_source(source, diagnostics);
    let source = redacted.as_deref().unwrap_or(source);
    let escaped = safe::source(source);
    let shift = |span: &crate::syntax::Span| match &escaped {
        Some(e) => e.map(span.start)..e.map(span.end),
        None => span.clone(),
    };
    let name = safe::text(path);
    let src = NamedText {
        name: &name,
        text: escaped.as_ref().map_or(source, |e| e.text.as_str()),
        original: escaped.as_ref().map(|e| (source, e)),
        starts: std::iter::once(0)
            .chain(
                escaped
                    .as_ref()
                    .map_or(source, |e| e.text.as_str())
                    .match_indices('\n')
                    .map(|(i, _)| i + 1),
            )
            .collect(),
    };
    let mut out = String::new();
    for d in diagnostics {
        let d = &Diagnostic {
            span: shift(&d.span),
            message: safe::text(&d.message).into_owned(),
            label: safe::text(&d.label).into_owned(),
            help: safe::text(&d.help).into_owned(),
            related: d
                .related
                .iter()
                .map(|(span, label)| (shift(span), safe::text(label).into_owned()))
                .collect(),
            ..d.clone()
        };
        let report = Report { d, src: &src };
        if handler.render_report(&mut out, &report).is_err() {
            out.push_str(&format!(
                "{path}: {}[{}] {}\n",
                d.severity.as_str(),
                d.code,
                d.message
            ));
        }
        out.push('\n');
    }
    out
}

/// Render diagnostics one per line: `path:line:col: severity[CODE] name: message`.
pub fn concise(located: &[Located], color: bool) -> String {
    let mut out = String::new();
    for l in located {
        let sev = l.severity.as_str();
        let tag = format!("{sev}[{}]", l.code);
        let tag = match (color, l.severity) {
            (false, _) => tag,
            (true, Severity::Error) => tag.red().bold().to_string(),
            (true, Severity::Warning) => tag.yellow().bold().to_string(),
            (true, Severity::Info) => tag.blue().bold().to_string(),
        };
        out.push_str(&format!(
            "{}:{}:{}: {tag} {}: {}\n",
            safe::text(&l.path),
            l.start.line,
            l.start.column,
            l.name,
            safe::text(&l.message)
        ));
    }
    out
}

/// The JSON document: an array of every diagnostic of the run.
pub fn json(located: &[Located]) -> String {
    let mut out = serde_json::to_string_pretty(located).unwrap_or_else(|_| "[]".to_string());
    out.push('\n');
    out
}

/// One JSON object per line.
pub fn jsonl(located: &[Located]) -> String {
    let mut out = String::new();
    for l in located {
        if let Ok(line) = serde_json::to_string(l) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

/// How many diagnostics each rule produced, most first.
pub fn statistics(located: &[Located]) -> String {
    let mut counts: Vec<(&str, &str, usize)> = Vec::new();
    for l in located {
        match counts.iter_mut().find(|(c, _, _)| *c == l.code) {
            Some(entry) => entry.2 += 1,
            None => counts.push((l.code, l.name, 1)),
        }
    }
    counts.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(b.0)));
    let width = counts
        .iter()
        .map(|c| c.2.to_string().len())
        .max()
        .unwrap_or(1);
    counts
        .iter()
        .map(|(code, name, n)| format!("{n:>width$}  {code}  {name}\n"))
        .collect()
}

/// The closing line of a human or concise run.
pub fn summary(
    errors: usize,
    warnings: usize,
    infos: usize,
    files_with: usize,
    checked: usize,
    color: bool,
) -> String {
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    let checked_txt = format!("({} checked)", plural(checked, "file"));
    if errors + warnings + infos == 0 {
        let ok = "No problems found";
        let ok = if color {
            ok.green().bold().to_string()
        } else {
            ok.to_string()
        };
        return format!("{ok} {checked_txt}.\n");
    }
    let mut parts = vec![plural(errors, "error"), plural(warnings, "warning")];
    if infos > 0 {
        parts.push(plural(infos, "note"));
    }
    let found = format!("Found {}", parts.join(", "));
    let found = if color {
        found.bold().to_string()
    } else {
        found
    };
    format!("{found} in {} {checked_txt}.\n", plural(files_with, "file"))
}

// ------------------------------------------------------------------ miette

struct NamedText<'a> {
    name: &'a str,
    text: &'a str,
    /// When `text` is an escaped copy: the original, so that the column
    /// shown counts bytes of the real line.
    original: Option<(&'a str, &'a safe::Escaped)>,
    /// The start of every line of `text`.
    starts: Vec<usize>,
}

impl NamedText<'_> {
    fn line_of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }
}

impl SourceCode for NamedText<'_> {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        // Hand miette only the lines around the span, so that each excerpt
        // costs its own size, not the file's.
        let start = span.offset().min(self.text.len());
        let end = (start + span.len()).min(self.text.len());
        let first = self.line_of(start).saturating_sub(context_lines_before + 1);
        let last = self.line_of(end) + context_lines_after + 1;
        let lo = self.starts[first];
        let hi = self
            .starts
            .get(last + 1)
            .copied()
            .unwrap_or(self.text.len());
        let window = &self.text[lo..hi];
        let inner = window.read_span(
            &SourceSpan::new((start - lo).into(), end - start),
            context_lines_before,
            context_lines_after,
        )?;
        let found = SourceSpan::new((inner.span().offset() + lo).into(), inner.span().len());
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.to_string(),
            inner.data(),
            found,
            inner.line() + first,
            match self.original {
                Some((original, escaped)) => {
                    let at = escaped.unmap(found.offset());
                    at - original[..at].rfind('\n').map_or(0, |i| i + 1)
                }
                None => inner.column(),
            },
            inner.line_count(),
        )))
    }
}

struct Report<'a> {
    d: &'a Diagnostic,
    src: &'a NamedText<'a>,
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.d.message)
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.d.message)
    }
}

impl std::error::Error for Report<'_> {}

impl miette::Diagnostic for Report<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(format!(
            "{}[{}] {}",
            self.d.severity.as_str(),
            self.d.code,
            self.d.name
        )))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.d.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Info => miette::Severity::Advice,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        (!self.d.help.is_empty()).then(|| Box::new(&self.d.help) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(self.src)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let primary = LabeledSpan::new_primary_with_span(
            (!self.d.label.is_empty()).then(|| self.d.label.clone()),
            self.d.span.clone(),
        );
        let related = self
            .d
            .related
            .iter()
            .map(|(span, label)| LabeledSpan::new_with_span(Some(label.clone()), span.clone()));
        Some(Box::new(std::iter::once(primary).chain(related)))
    }
}
