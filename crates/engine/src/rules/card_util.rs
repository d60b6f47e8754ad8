//! What the card rules share: the text of a card's lines and sections.

use crate::model::card_body::{self, BodyEntry};
use crate::model::{Card, CardSection, Transcript};
use crate::syntax::{LineKind, Span};

/// A line's text after its indentation, quote and list marker.
pub(super) fn line_text(t: &Transcript<'_>, index: usize) -> Span {
    t.line_text(index)
}

/// The text spans of a section's content, as `fmt` keeps them: the text
/// on its heading line, then each list item (with its continuation lines)
/// and each line beside the list; comments and a verified card's peer line
/// are not content (see [`card_body::entries`]).
pub(super) fn items(t: &Transcript<'_>, section: &CardSection) -> Vec<Span> {
    card_body::entries(t.source, &t.doc.lines, section)
        .into_iter()
        .filter(BodyEntry::is_content)
        .map(|e| e.span)
        .collect()
}

/// The section's text as one string, its items joined by line breaks (so
/// that a confidence on a line of its own starts a line, as written).
pub(super) fn section_text(t: &Transcript<'_>, section: &CardSection) -> String {
    items(t, section)
        .iter()
        .map(|s| t.text(s).trim())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The entries `fmt` prints as the section's list items: bullets,
/// numbered actions, options, perspective lines (see
/// [`card_body::listed`]).
pub(super) fn listed(t: &Transcript<'_>, section: &CardSection) -> Vec<BodyEntry> {
    let entries = card_body::entries(t.source, &t.doc.lines, section);
    card_body::listed(t.source, section.section, &entries)
        .into_iter()
        .cloned()
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
        .trim_end_matches(':')
        .to_string()
}
