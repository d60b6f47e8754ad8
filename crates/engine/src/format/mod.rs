//! `boardlint fmt`: rewrites founder cards into their canonical layout and
//! normalises RESPONSE, PEER-VERIFY and CRITIC-SCREEN blocks and CHAIN
//! markers. Everything else is kept byte for byte.
//!
//! The formatter prints from the same model the rules read. It never loses
//! or invents content: what it cannot place is kept as written and left to
//! the linter. Formatting twice gives the same bytes as formatting once.

mod blocks;
mod card;

use crate::model::sections::Lang;
use crate::model::Transcript;
use crate::settings::Settings;
use crate::syntax::{Inline, Lead, MarkerKind, Span};

/// What `fmt` prints headings in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FormatOptions {
    /// `None`: each card in the language it is written in (English when mixed).
    pub lang: Option<Lang>,
}

/// A replacement of a byte range of the source.
#[derive(Clone)]
struct Edit {
    range: Span,
    text: String,
}

/// Format a transcript's text.
///
/// Formatting is idempotent whatever the input: a text whose formatting
/// reads back as something to format again (a rewritten card or block
/// changes how the text around it reads) is formatted once more, and one
/// that still does not settle is left as written.
pub fn format(source: &str, settings: &Settings, options: &FormatOptions) -> String {
    let once = format_with(source, settings, options, true);
    if once == source {
        return once;
    }
    let twice = format_with(&once, settings, options, true);
    if twice == once {
        return once;
    }
    let thrice = format_with(&twice, settings, options, true);
    if thrice == twice {
        twice
    } else {
        source.to_string()
    }
}

/// With `verify`, every rewritten card and block is formatted once more on
/// its own; one that would change again (its printed text reads back as
/// something else, say a line that opens a code fence) is left as written,
/// so that formatting stays idempotent whatever the input.
fn format_with(source: &str, settings: &Settings, options: &FormatOptions, verify: bool) -> String {
    apply(source, plan(source, settings, options, verify, None))
}

/// A text's rewrite as the replacements that make it, each a card, a block
/// or a CHAIN marker printed again, in source order, none overlapping, and
/// each changing its bytes (for an editor, which applies them as edits).
/// `None` when formatting takes more than one pass to settle, or leaves the
/// text as written because it does not: then only the whole text is known.
pub fn replacements(
    source: &str,
    settings: &Settings,
    options: &FormatOptions,
) -> Option<Vec<(Span, String)>> {
    let edits = plan(source, settings, options, true, None);
    let once = apply(source, edits.clone());
    // `format` gives `once` exactly when it settles after one pass: the
    // same test, without making that first pass again.
    if once != source && format_with(&once, settings, options, true) != once {
        return None;
    }
    Some(
        edits
            .into_iter()
            .filter(|e| source[e.range.clone()] != e.text)
            .map(|e| (e.range, e.text))
            .collect(),
    )
}

/// The replacements of the cards and blocks that start at `starts` (sorted
/// byte offsets of a card's first line or a block's opener), each printed
/// as `fmt` prints it and checked to stay as printed when formatted again
/// on its own, without formatting the rest of the text: the fixes of a
/// check's findings, which cost the cards and blocks they are about rather
/// than the whole file. In source order, none overlapping, each changing its
/// bytes.
pub fn replacements_at(
    source: &str,
    settings: &Settings,
    options: &FormatOptions,
    starts: &[usize],
) -> Vec<(Span, String)> {
    plan(source, settings, options, true, Some(starts))
        .into_iter()
        .filter(|e| source[e.range.clone()] != e.text)
        .map(|e| (e.range, e.text))
        .collect()
}

/// The text with the edits of one pass made.
fn apply(source: &str, edits: Vec<Edit>) -> String {
    let mut out = String::with_capacity(source.len() + 256);
    let mut pos = 0;
    for edit in edits {
        out.push_str(&source[pos..edit.range.start]);
        out.push_str(&edit.text);
        pos = edit.range.end;
    }
    out.push_str(&source[pos..]);
    out
}

/// The edits of one pass, in source order, none overlapping, with the
/// source's line ends.
/// With `only`, the cards and blocks that start at one of those sorted
/// offsets alone are printed, and no CHAIN marker outside them.
fn plan(
    source: &str,
    settings: &Settings,
    options: &FormatOptions,
    verify: bool,
    only: Option<&[usize]>,
) -> Vec<Edit> {
    let wanted =
        |range: &Span| only.is_none_or(|starts| starts.binary_search(&range.start).is_ok());
    let t = crate::model::build_with_items(source, settings);
    let crlf = source.contains("\r\n");
    let mut edits: Vec<Edit> = Vec::new();
    let mut covered: Vec<Span> = Vec::new();

    // A card or block printed as it already is changes nothing, and needs
    // no check: only a changed one is formatted again on its own.
    let stable = |range: &Span, text: &str| {
        !verify
            || source[range.clone()] == *text
            || format_with(text, settings, options, false) == text
    };
    for c in &t.cards {
        let range = t.line_span(c.first_line).start..t.line_span(c.last_line).end;
        covered.push(range.clone());
        // Left as written (`Card::rewritable`): a card with a fenced block
        // inside (no line of it), one with a heading after a comment on its
        // line (the comment would change what it covers), a header alone
        // with text right after it (once framed, its closing frame would
        // read as the opening of a card holding that text).
        if !wanted(&range) || !c.rewritable(t.source, &t.doc.lines) {
            continue;
        }
        let Some(text) = card::print(&t, c, options) else {
            continue;
        };
        if stable(&range, &text) {
            edits.push(Edit { range, text });
        }
    }
    for edit in blocks::edits(&t, &Covered::new(covered.clone())) {
        covered.push(edit.range.clone());
        if wanted(&edit.range) && stable(&edit.range, &edit.text) {
            edits.push(edit);
        }
    }
    // CHAIN markers anywhere else.
    let covered = Covered::new(covered);
    for line in t.doc.lines.iter().filter(|_| only.is_none()) {
        for inline in line.inlines {
            if let Inline::Marker(m) = inline {
                if matches!(m.kind, MarkerKind::Chain { .. }) && !covered.contains(&m.span) {
                    if let Some(text) = canonical_chain(&t, &m.span) {
                        edits.push(Edit {
                            range: m.span.clone(),
                            text,
                        });
                    }
                }
            }
        }
    }
    edits.sort_by_key(|e| e.range.start);

    let mut kept = Vec::with_capacity(edits.len());
    let mut pos = 0;
    for mut edit in edits {
        if edit.range.start < pos {
            continue;
        }
        if crlf {
            edit.text = edit.text.replace('\n', "\r\n");
        }
        pos = edit.range.end;
        kept.push(edit);
    }
    kept
}

/// Byte ranges already rewritten, for asking whether a span lies inside one
/// in logarithmic time.
struct Covered {
    /// Sorted by start.
    ranges: Vec<Span>,
    /// The largest end among `ranges[..=i]`.
    max_end: Vec<usize>,
}

impl Covered {
    fn new(mut ranges: Vec<Span>) -> Covered {
        ranges.sort_by_key(|r| r.start);
        let mut max = 0;
        let max_end = ranges
            .iter()
            .map(|r| {
                max = max.max(r.end);
                max
            })
            .collect();
        Covered { ranges, max_end }
    }

    /// Some range starts at or before `span` and ends at or after it.
    fn contains(&self, span: &Span) -> bool {
        let n = self.ranges.partition_point(|r| r.start <= span.start);
        n > 0 && self.max_end[n - 1] >= span.end
    }
}

/// `[CHAIN: a → b → c]`, roles lower-cased, for a well-formed CHAIN marker.
fn canonical_chain(t: &Transcript<'_>, span: &Span) -> Option<String> {
    // Chains are in document order: find by position, not by a scan.
    let at = t.chains.partition_point(|c| c.span.start < span.start);
    let chain = t.chains.get(at).filter(|c| c.span == *span)?;
    Some(format!(
        "[CHAIN: {}]",
        t.roles().display_chain(&chain.roles)
    ))
}

/// Lines `first..=last` follow each other with nothing between them but
/// their line ends: no fence line (which belongs to its fenced block, not
/// to the lines) stands among them.
fn contiguous(t: &Transcript<'_>, first: usize, last: usize) -> bool {
    (first..last).all(|i| {
        let gap = &t.source[t.line_span(i).end..t.line_span(i + 1).start];
        gap == "\n" || gap == "\r\n"
    })
}

/// A line's text as the formatter keeps it: from its label, arrow or phase
/// lead (as [`Transcript::line_text`]), from its comment when it begins
/// with one, so that a `<!-- boardlint-disable -->` line is never dropped,
/// and from its card emoji when it begins with one (a `📊` line inside a
/// section or a block is text, not a header).
fn kept_text(t: &Transcript<'_>, index: usize) -> Span {
    let line = t.line(index);
    match &line.lead {
        Some(Lead::Comment { span, .. }) => span.start..line.span.end,
        Some(Lead::CardHeader { .. }) => {
            let before = &t.source[line.span.start..line.content.start];
            let emoji = ["📊", "🚩", "📋"]
                .iter()
                .filter_map(|e| before.rfind(e))
                .max()
                .map_or(line.content.start, |at| line.span.start + at);
            emoji..line.span.end
        }
        _ => t.line_text(index),
    }
}

/// The text of a span with its well-formed CHAIN markers made canonical.
fn render(t: &Transcript<'_>, span: &Span) -> String {
    let mut out = String::new();
    let mut pos = span.start;
    let first = t.chains.partition_point(|c| c.span.start < span.start);
    for chain in t.chains[first..]
        .iter()
        .take_while(|c| c.span.start < span.end)
        .filter(|c| c.span.end <= span.end)
    {
        if chain.span.start < pos {
            continue;
        }
        out.push_str(&t.source[pos..chain.span.start]);
        out.push_str(&format!(
            "[CHAIN: {}]",
            t.roles().display_chain(&chain.roles)
        ));
        pos = chain.span.end;
    }
    out.push_str(&t.source[pos..span.end]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `fmt` fixture and every rule fixture: the replacements, made
    /// from the end back, give what `format` gives.
    #[test]
    fn the_replacements_make_the_formatted_text() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fmt");
        let mut texts: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "md"))
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect();
        texts.extend(crate::test_support::fixture_texts());
        let settings = Settings::default();
        let options = FormatOptions::default();
        let mut split = 0;
        for text in &texts {
            let formatted = format(text, &settings, &options);
            let Some(replacements) = replacements(text, &settings, &options) else {
                continue;
            };
            split += usize::from(replacements.len() > 1);
            let mut out = text.clone();
            for (span, new) in replacements.iter().rev() {
                assert_ne!(&text[span.clone()], new);
                out.replace_range(span.clone(), new);
            }
            assert_eq!(out, formatted, "{text}");
        }
        // Some texts are rewritten in more than one place.
        assert!(split > 0);
    }
}
