//! The `human` format: miette's graphical report of each diagnostic, with
//! an excerpt of its lines. Long lines and tall spans are shown clipped
//! around the span, so that an excerpt costs its own size, not the file's.

use std::fmt;

use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, SourceCode, SourceSpan,
    SpanContents,
};

use super::safe;
use crate::diagnostic::{Diagnostic, Severity};
use crate::lines::LineIndex;
use crate::syntax::Span;

/// Render one file's diagnostics in the human format, each written to `out`
/// as it is rendered.
pub fn human(
    out: &mut dyn std::io::Write,
    path: &str,
    source: &str,
    diagnostics: &[Diagnostic],
    color: bool,
) -> std::io::Result<()> {
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
    let text = escaped.as_ref().map_or(source, |e| e.text.as_str());
    // The lines of the source, when what is shown is an escaped copy.
    let source_lines = escaped.as_ref().map(|_| LineIndex::new(source));
    let src = NamedText {
        name: &name,
        text,
        original: source_lines.as_ref().zip(escaped.as_ref()),
        lines: LineIndex::new(text),
        line_base: 0,
        header: None,
    };
    let source_lines = source_lines.as_ref().unwrap_or(&src.lines);
    for d in diagnostics {
        let mut shown = d.clone();
        shown.span = shift(&d.span);
        shown.message = safe::text(&d.message).into_owned().into();
        shown.label = safe::text(&d.label).into_owned().into();
        shown.help = if d.fixable {
            format!(
                "{}\n[*] fixable: `boardlint check --fix` (or `boardlint fmt`) rewrites it",
                safe::text(&d.help)
            )
            .into()
        } else {
            safe::text(&d.help).into_owned().into()
        };
        shown.related = d
            .related
            .iter()
            .map(|(span, label)| (shift(span), safe::text(label).into_owned().into()))
            .collect();
        let shown = shown;
        let rendered = match excerpt(&src, &shown) {
            // A long line or a span over many lines: miette gets a clipped
            // copy of the lines around the span, so an excerpt costs its own
            // size whatever the line's length.
            Some((clip, mut clipped)) => {
                let at = d.span.start.min(source.len());
                let column = at - source_lines.line_start(source_lines.line_of(at));
                let clipped_src = NamedText {
                    name: &name,
                    text: &clip.text,
                    original: None,
                    lines: LineIndex::new(&clip.text),
                    line_base: clip.line_base,
                    header: Some((clip.primary, column)),
                };
                clipped.span = clip.primary..clip.primary_end;
                clipped.related = clip.related;
                render(&handler, &clipped, &clipped_src)
            }
            None => render(&handler, &shown, &src),
        };
        match rendered {
            Some(text) => out.write_all(text.as_bytes())?,
            None => writeln!(
                out,
                "{}: {}[{}] {}",
                name,
                shown.severity.as_str(),
                shown.code,
                shown.message
            )?,
        }
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// Lines longer than this (in bytes) are shown clipped around the span.
const LONG_LINE: usize = 400;
/// A span over more lines than this is shown by its first line.
const TALL_SPAN: usize = 40;
/// Bytes shown before the span on a clipped line, and in all.
const CLIP_BEFORE: usize = 60;
const CLIP_WIDTH: usize = 240;

fn render(handler: &GraphicalReportHandler, d: &Diagnostic, src: &NamedText<'_>) -> Option<String> {
    let mut out = String::new();
    handler
        .render_report(&mut out, &Report { d, src })
        .ok()
        .map(|()| out)
}

/// A clipped copy of the lines around a diagnostic's primary span.
struct Clip {
    text: String,
    /// The 0-based number of the copy's first line in the file.
    line_base: usize,
    /// The primary span in the copy.
    primary: usize,
    primary_end: usize,
    /// The related spans that fall inside the copy, moved into it.
    related: Vec<(Span, std::borrow::Cow<'static, str>)>,
}

/// `None` when the diagnostic's lines can be shown as they are; otherwise
/// the clipped copy to show instead.
fn excerpt(src: &NamedText<'_>, d: &Diagnostic) -> Option<(Clip, Diagnostic)> {
    let text = src.text;
    let lines = &src.lines;
    let long = |span: &Span| {
        let first = lines.line_of(span.start.min(text.len()));
        let last = lines.line_of(span.end.min(text.len()));
        last - first > TALL_SPAN
            || (first.saturating_sub(1)..=(last + 1).min(lines.line_count() - 1))
                .any(|n| lines.line_end(n) - lines.line_start(n) > LONG_LINE)
    };
    if !long(&d.span) && !d.related.iter().any(|(span, _)| long(span)) {
        return None;
    }
    let at = d.span.start.min(text.len());
    let line = lines.line_of(at);
    let base = lines.line_start(line);
    // The columns shown: from a little before the span, snapped to
    // character boundaries.
    let snap = |s: &str, mut i: usize| {
        i = i.min(s.len());
        while !s.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let from = (at - base).saturating_sub(CLIP_BEFORE);
    let first = line.saturating_sub(1);
    let last = (line + 1).min(lines.line_count() - 1);
    let mut clip = Clip {
        text: String::new(),
        line_base: first,
        primary: 0,
        primary_end: 0,
        related: Vec::new(),
    };
    for n in first..=last {
        let start = lines.line_start(n);
        let whole = &text[start..lines.line_end(n)];
        // A short context line is shown whole; the others at the columns
        // of the span's line.
        let (lo, hi) = if n != line && whole.len() <= CLIP_WIDTH {
            (0, whole.len())
        } else {
            let lo = snap(whole, from);
            (lo, snap(whole, from + CLIP_WIDTH).max(lo))
        };
        if lo > 0 {
            clip.text.push('…');
        }
        // Where byte `lo` of this line lands in the copy.
        let origin = clip.text.len();
        clip.text.push_str(&whole[lo..hi]);
        if hi < whole.len() {
            clip.text.push('…');
        }
        let visible = |offset: usize| {
            let o = offset.checked_sub(start)?;
            (o >= lo && o <= hi).then(|| origin + o - lo)
        };
        if n == line {
            clip.primary = visible(at).unwrap_or(origin);
            clip.primary_end = visible(d.span.end)
                .unwrap_or(origin + hi - lo)
                .max(clip.primary);
        }
        for (span, label) in &d.related {
            if let (Some(s), true) = (visible(span.start), span.start >= start) {
                let e = visible(span.end).unwrap_or(origin + hi - lo).max(s);
                clip.related.push((s..e, label.clone()));
            }
        }
        if n < last {
            clip.text.push('\n');
        }
    }
    Some((clip, d.clone()))
}

struct NamedText<'a> {
    name: &'a str,
    text: &'a str,
    /// When `text` is an escaped copy: the lines of the original, so that
    /// the column shown counts bytes of the real line.
    original: Option<(&'a LineIndex<'a>, &'a safe::Escaped)>,
    /// The lines of `text`.
    lines: LineIndex<'a>,
    /// The file's line number (0-based) of the first line of `text`.
    line_base: usize,
    /// For a clipped copy: the primary span's offset in it and the byte
    /// column of that span in the real file.
    header: Option<(usize, usize)>,
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
        let first = self
            .lines
            .line_of(start)
            .saturating_sub(context_lines_before + 1);
        let last = self.lines.line_of(end) + context_lines_after + 1;
        let lo = self.lines.line_start(first);
        let hi = self.lines.line_start(last + 1);
        let window = &self.text[lo..hi];
        let inner = window.read_span(
            &SourceSpan::new((start - lo).into(), end - start),
            context_lines_before,
            context_lines_after,
        )?;
        let found = SourceSpan::new((inner.span().offset() + lo).into(), inner.span().len());
        let column = match (self.header, self.original) {
            (Some((at, column)), _) if at == found.offset() => column,
            (_, Some((original, escaped))) => {
                let at = escaped.unmap(found.offset());
                at - original.line_start(original.line_of(at))
            }
            _ => inner.column(),
        };
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.to_string(),
            inner.data(),
            found,
            inner.line() + first + self.line_base,
            column,
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
            (!self.d.label.is_empty()).then(|| self.d.label.to_string()),
            self.d.span.clone(),
        );
        let related =
            self.d.related.iter().map(|(span, label)| {
                LabeledSpan::new_with_span(Some(label.to_string()), span.clone())
            });
        Some(Box::new(std::iter::once(primary).chain(related)))
    }
}
