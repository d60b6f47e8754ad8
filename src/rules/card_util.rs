//! What the card rules share: the text of a card's lines and sections.

use crate::model::{Card, CardSection, Transcript};
use crate::syntax::{LineKind, Span};

/// A line's text after its indentation, quote and list marker.
pub(super) fn line_text(t: &Transcript<'_>, index: usize) -> Span {
    t.line_text(index)
}

/// The text spans of a section: the content on its heading line, if any,
/// then each entry of its body (see [`entries`]).
pub(super) fn section_spans(t: &Transcript<'_>, section: &CardSection) -> Vec<Span> {
    let mut spans = Vec::new();
    let inline = section.inline(&t.doc.lines);
    if !t.text(&inline).trim().is_empty() {
        spans.push(inline);
    }
    spans.extend(entries(t, section).into_iter().map(|(_, span)| span));
    spans
}

/// The entries of a section's body, as `fmt` reads them: each line, with
/// the indented lines right after a list item that continue it (CommonMark
/// continuation, as editors wrap a long bullet) joined into that item's
/// span. (first line, span)
fn entries(t: &Transcript<'_>, section: &CardSection) -> Vec<(usize, Span)> {
    let mut out: Vec<(usize, Span)> = Vec::new();
    let mut item_ends_at: Option<usize> = None;
    for i in section.body(&t.doc.lines) {
        let line = t.line(i);
        if crate::model::cards::is_peer_verified(t.source, &line) {
            item_ends_at = None;
            continue;
        }
        let continues = item_ends_at == Some(i.wrapping_sub(1))
            && line.kind == LineKind::Plain
            && line.indent > 0;
        if continues {
            if let Some((_, span)) = out.last_mut() {
                span.end = line.span.end;
            }
            item_ends_at = Some(i);
            continue;
        }
        item_ends_at = matches!(line.kind, LineKind::ListItem { .. }).then_some(i);
        out.push((i, line_text(t, i)));
    }
    out
}

/// The section's text as one string, lines joined by spaces.
pub(super) fn section_text(t: &Transcript<'_>, section: &CardSection) -> String {
    section_spans(t, section)
        .iter()
        .map(|s| t.text(s).trim())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The list items of a section's body, by line index.
pub(super) fn bullets(t: &Transcript<'_>, section: &CardSection) -> Vec<usize> {
    section
        .body(&t.doc.lines)
        .filter(|&i| matches!(t.line_kind(i), LineKind::ListItem { .. }))
        .collect()
}

/// Every non-blank, non-frame line of a card with its text span.
pub(super) fn card_lines<'a>(
    t: &'a Transcript<'_>,
    card: &Card,
) -> impl Iterator<Item = (usize, Span)> + 'a {
    (card.first_line..=card.last_line)
        .filter(|&i| !matches!(t.line_kind(i), LineKind::Blank | LineKind::Frame { .. }))
        .map(|i| (i, t.line_span(i)))
}

/// The bytes of a card, from its first line's start to its last line's end.
pub(super) fn card_span(t: &Transcript<'_>, card: &Card) -> Span {
    t.line_span(card.first_line).start..t.line_span(card.last_line).end
}

/// Where a card-level diagnostic goes: its header line, else its first line.
pub(super) fn card_anchor(t: &Transcript<'_>, card: &Card) -> Span {
    let index = card.header.as_ref().map_or(card.first_line, |h| h.line);
    let line = t.line(index);
    let start =
        line.span.start + (t.text(&line.span).len() - t.text(&line.span).trim_start().len());
    start..line.span.end
}

/// The heading of a section as written, for messages.
pub(super) fn heading_name(t: &Transcript<'_>, section: &CardSection) -> String {
    t.text(&section.heading)
        .trim()
        .trim_end_matches(':')
        .trim_matches(['*', '_'])
        .trim()
        .to_string()
}

/// The items of a section, as `fmt` keeps them: each entry of its body (a
/// list item with its continuation lines, or a line of text beside the
/// list), and text on the heading's own line (a draft writes `What: one
/// finding`, or `**How to act:** …` and then bullets).
pub(super) fn items(t: &Transcript<'_>, section: &CardSection) -> Vec<Span> {
    section_spans(t, section)
}
