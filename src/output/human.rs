//! The `human` format: miette's graphical report of each diagnostic, with
//! an excerpt of its lines. Long lines and tall spans are shown clipped
//! around the span, so that an excerpt costs its own size, not the file's.

use std::fmt;

use rayon::prelude::*;

use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, SourceCode, SourceSpan,
    SpanContents,
};

use super::safe;
use crate::diagnostic::{Diagnostic, Severity};
use crate::lines::LineIndex;
use crate::syntax::Span;

/// Render one file's diagnostics in the human format, each written to `out`
/// as it is rendered. `lines` are the lines of `source` when the caller has
/// them already.
pub fn human(
    out: &mut dyn std::io::Write,
    path: &str,
    source: &str,
    lines: Option<&LineIndex<'_>>,
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
        .with_width(100)
        .with_context_lines(CONTEXT);
    // No raw control characters reach the excerpt. Nor do secrets: they are
    // hidden in each excerpt as it is cut (hiding keeps every offset), so
    // that a file's findings cost their excerpts, not a copy of the file.
    let escaped = safe::source(source);
    let shift = |span: &crate::syntax::Span| match &escaped {
        Some(e) => e.map(span.start)..e.map(span.end),
        None => span.clone(),
    };
    let hidden = Hidden::new(diagnostics.iter().flat_map(|d| &d.redact).map(&shift));
    let name = safe::text(path);
    let text = escaped.as_ref().map_or(source, |e| e.text.as_str());
    // The lines of the source, and of the text shown when that is an
    // escaped copy.
    let built;
    let source_lines = match lines {
        Some(lines) => lines,
        None => {
            built = LineIndex::new(source);
            &built
        }
    };
    let escaped_lines = escaped.as_ref().map(|e| LineIndex::new(&e.text));
    let text_lines = escaped_lines.as_ref().unwrap_or(source_lines);
    let src = |hidden| NamedText {
        name: &name,
        text,
        original: escaped.as_ref().map(|e| (source_lines, e)),
        lines: text_lines,
        line_base: 0,
        header: None,
        hidden,
        copies: elsa::sync::FrozenVec::new(),
    };
    let whole = src(None);
    let one = |out: &mut Vec<u8>, d: &Diagnostic| {
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
        let rendered = match excerpt(&whole, &hidden, &shown) {
            // A long line or a span over many lines: miette gets a clipped
            // copy of the lines around the span, so an excerpt costs its own
            // size whatever the line's length.
            Some((clip, mut clipped)) => {
                let at = d.span.start.min(source.len());
                let column = at - source_lines.line_start(source_lines.line_of(at));
                let clip_lines = LineIndex::new(&clip.text);
                let clipped_src = NamedText {
                    name: &name,
                    text: &clip.text,
                    original: None,
                    lines: &clip_lines,
                    line_base: clip.line_base,
                    header: Some((clip.primary, column)),
                    hidden: None,
                    copies: elsa::sync::FrozenVec::new(),
                };
                clipped.span = clip.primary..clip.primary_end;
                clipped.related = clip.related;
                render(&handler, &clipped, &clipped_src)
            }
            // The lines miette reads have their secrets hidden as it reads
            // them, into copies let go with the excerpt.
            None => render(&handler, &shown, &src(Some(&hidden))),
        };
        match rendered {
            Some(text) => out.extend_from_slice(text.as_bytes()),
            None => out.extend_from_slice(
                format!(
                    "{}: {}[{}] {}\n",
                    name,
                    shown.severity.as_str(),
                    shown.code,
                    shown.message
                )
                .as_bytes(),
            ),
        }
        out.push(b'\n');
    };
    // Many findings are rendered on every core, a batch at a time (so that
    // what is held is a batch's text), and written in order.
    for batch in diagnostics.chunks(BATCH) {
        let parts: Vec<Vec<u8>> = batch
            .par_chunks(PART)
            .map(|part| {
                let mut text = Vec::new();
                part.iter().for_each(|d| one(&mut text, d));
                text
            })
            .collect();
        for text in parts {
            out.write_all(&text)?;
        }
    }
    Ok(())
}

/// Findings rendered and written at a time, and handed to a core at a time.
const BATCH: usize = 1024;
const PART: usize = 32;

/// Lines of context shown before and after a span.
const CONTEXT: usize = 1;

/// The credentials to hide in the text shown: disjoint byte ranges, in
/// order, each widened to whole characters.
struct Hidden(Vec<Span>);

impl Hidden {
    fn new(spans: impl Iterator<Item = Span>) -> Self {
        let mut spans: Vec<Span> = spans.filter(|s| s.start < s.end).collect();
        spans.sort_unstable_by_key(|s| s.start);
        let mut merged: Vec<Span> = Vec::with_capacity(spans.len());
        for s in spans {
            match merged.last_mut() {
                Some(last) if s.start <= last.end => last.end = last.end.max(s.end),
                _ => merged.push(s),
            }
        }
        Hidden(merged)
    }

    /// The ranges that touch `lo..hi`.
    fn within(&self, lo: usize, hi: usize) -> &[Span] {
        let first = self.0.partition_point(|s| s.end <= lo);
        let last = self.0.partition_point(|s| s.start < hi).max(first);
        &self.0[first..last]
    }

    fn touches(&self, lo: usize, hi: usize) -> bool {
        !self.within(lo, hi).is_empty()
    }

    /// `part`, which starts at offset `at` of the text, with what it holds
    /// of the hidden ranges starred, line breaks kept so that it keeps its
    /// lines. Whole characters are starred: the copy is as long as `part`.
    fn apply(&self, part: &str, at: usize) -> String {
        let mut bytes = part.as_bytes().to_vec();
        for s in self.within(at, at + part.len()) {
            let mut from = s.start.saturating_sub(at).min(part.len());
            let mut to = (s.end - at).min(part.len());
            while !part.is_char_boundary(from) {
                from -= 1;
            }
            while !part.is_char_boundary(to) {
                to += 1;
            }
            for b in &mut bytes[from..to] {
                if *b != b'\n' && *b != b'\r' {
                    *b = b'*';
                }
            }
        }
        // Whole characters were replaced by ASCII: still UTF-8.
        String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }
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
fn excerpt(src: &NamedText<'_>, hidden: &Hidden, d: &Diagnostic) -> Option<(Clip, Diagnostic)> {
    let text = src.text;
    let lines = src.lines;
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
        match hidden.touches(start + lo, start + hi) {
            true => clip
                .text
                .push_str(&hidden.apply(&whole[lo..hi], start + lo)),
            false => clip.text.push_str(&whole[lo..hi]),
        }
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
    lines: &'a LineIndex<'a>,
    /// The file's line number (0-based) of the first line of `text`.
    line_base: usize,
    /// For a clipped copy: the primary span's offset in it and the byte
    /// column of that span in the real file.
    header: Option<(usize, usize)>,
    /// The credentials to hide in what is read of `text`, when it still
    /// holds them.
    hidden: Option<&'a Hidden>,
    /// The copies of the lines read with credentials hidden.
    copies: elsa::sync::FrozenVec<String>,
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
        let window = match self.hidden {
            Some(hidden) if hidden.touches(lo, hi) => {
                self.copies.push_get(hidden.apply(&self.text[lo..hi], lo))
            }
            _ => &self.text[lo..hi],
        };
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
