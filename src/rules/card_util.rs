//! What the card rules share: the text of a card's lines and sections.

use crate::model::{Card, CardSection, Transcript};
use crate::syntax::{LineKind, Span};

/// A line's text after its indentation, quote and list marker.
pub(super) fn line_text(t: &Transcript<'_>, index: usize) -> Span {
    t.line_text(index)
}

/// The text spans of a section: the content on its heading line, if any,
/// then each line of its body.
pub(super) fn section_spans(t: &Transcript<'_>, section: &CardSection) -> Vec<Span> {
    let mut spans = Vec::new();
    let inline = section.inline(&t.doc.lines);
    if !t.text(&inline).trim().is_empty() {
        spans.push(inline);
    }
    spans.extend(section.body(&t.doc.lines).map(|i| line_text(t, i)));
    spans
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

/// The items of a section: the text of its list items, or, when it has none,
/// each of its text lines (a draft writes `What: one finding` on one line).
pub(super) fn items(t: &Transcript<'_>, section: &CardSection) -> Vec<Span> {
    let list = bullets(t, section);
    if list.is_empty() {
        section_spans(t, section)
    } else {
        list.into_iter().map(|i| line_text(t, i)).collect()
    }
}
