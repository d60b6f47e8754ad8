//! The body of a card section, read once for the card rules and for `fmt`:
//! which lines are list items (with the lines that continue them), which
//! are text beside the list, which are comments kept in their place, and
//! which is a verified card's peer line. What a rule counts as an item is
//! what `fmt` prints as one.

use super::cards::{is_peer_verified, CardSection};
use super::sections::Section;
use crate::syntax::{LineKind, Lines, Span};
use crate::text::{option_line, recommendation_line};

/// What one entry of a section's body is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    /// Text written on the heading's own line (`What: one finding`).
    Inline,
    /// A list item, with any lines that continue it.
    Bullet,
    /// A line of text that is not a list item.
    Text,
    /// A line that is an HTML comment and nothing else: kept on a line of
    /// its own, in its place; no rule reads it as content.
    Comment,
    /// A verified card's `PEER-VERIFIED BY: …` line: it follows the section
    /// but is none of its items.
    Peer,
}

/// One entry of a section's body.
#[derive(Debug, Clone)]
pub struct BodyEntry {
    pub kind: EntryKind,
    /// Its lines, in order: one, or a list item and its continuation lines.
    /// Empty for [`EntryKind::Inline`].
    pub lines: Vec<usize>,
    /// Its text: from the first line's text (after indentation, quote and
    /// list marker) to the last line's end (of its own lines: its
    /// sub-items are not in it).
    pub span: Span,
    /// A list item's sub-items (list items indented under it), each with
    /// its continuation lines: details of the item, not items of the
    /// section.
    pub subs: Vec<Vec<usize>>,
}

impl BodyEntry {
    /// Content the rules read: everything but comments and the peer line.
    pub fn is_content(&self) -> bool {
        !matches!(self.kind, EntryKind::Comment | EntryKind::Peer)
    }
}

/// How `fmt` prints a section's entries, and so what counts as one of its
/// list items.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// One sentence (BOTTOM LINE): everything joined.
    Sentence,
    /// `• ` bullets (WHAT, RISKS, agreement and disagreement): list items,
    /// or every line when none is a list item.
    Bullets,
    /// Numbered actions (HOW TO ACT, ACTION ITEMS): every line.
    Numbered,
    /// A paragraph, unless written as bullets: list items stay bullets.
    Paragraph,
    /// Options (YOUR DECISION, YOUR CALL): `Option A: …` and
    /// `Recommendation: …` lines without a list marker, other list items
    /// as `• ` bullets, other lines as written.
    Options,
    /// One line per role, indented.
    Perspectives,
    /// A value on the heading line (URGENCY, DETAIL).
    Value,
}

impl Shape {
    pub fn of(section: Section) -> Shape {
        use Section::*;
        match section {
            BottomLine => Shape::Sentence,
            What
            | WhereTheyAgree
            | WhereTheyDisagree
            | Risks
            | TheRisks
            | OutsideCounselActionItems => Shape::Bullets,
            HowToAct | ActionItems => Shape::Numbered,
            WhyThisMatters | WhyItMatters | WhatINoticed | DecisionRequired | CriticsView
            | RecommendedDecision | RecommendedAction | TheDecision | TheEvidence
            | CounterProposals => Shape::Paragraph,
            YourDecision | YourCall => Shape::Options,
            Perspectives => Shape::Perspectives,
            Urgency | Detail => Shape::Value,
        }
    }
}

/// The entries of a section: text on its heading line, then its body.
///
/// An indented line right after a list item, with no blank line between,
/// continues it (CommonMark continuation, as editors wrap a long bullet);
/// a list item indented further than the item, right after it, is a
/// sub-item of it (a nested list), with its own continuation lines; a
/// line at column 1, a blank line, a comment or the peer line ends it. A
/// line with no text (a bare list marker) is no entry.
pub fn entries(src: &str, lines: &Lines, section: &CardSection) -> Vec<BodyEntry> {
    let mut out: Vec<BodyEntry> = Vec::new();
    let inline = section.inline(lines);
    if !src[inline.clone()].trim().is_empty() {
        out.push(BodyEntry {
            kind: EntryKind::Inline,
            lines: Vec::new(),
            span: inline,
            subs: Vec::new(),
        });
    }
    let mut item_ends_at: Option<usize> = None;
    // The open list item's indentation, and whether its last line is a
    // sub-item's.
    let mut item: Option<(usize, bool)> = None;
    for i in section.body(lines) {
        let line = lines.get(i);
        let text = line.text();
        let kind = if line.comment_only(src) {
            EntryKind::Comment
        } else if is_peer_verified(src, &line) {
            EntryKind::Peer
        } else if matches!(line.kind, LineKind::ListItem { .. }) {
            EntryKind::Bullet
        } else {
            EntryKind::Text
        };
        let after_item = item_ends_at == Some(i.wrapping_sub(1));
        let continues = kind == EntryKind::Text
            && line.kind == LineKind::Plain
            && line.indent > 0
            && after_item;
        let open = item.filter(|_| after_item);
        if continues {
            if let Some(entry) = out.last_mut() {
                match (open, entry.subs.last_mut()) {
                    (Some((_, true)), Some(sub)) => sub.push(i),
                    _ => {
                        entry.lines.push(i);
                        entry.span.end = line.span.end;
                    }
                }
            }
            item_ends_at = Some(i);
            continue;
        }
        let nested = kind == EntryKind::Bullet
            && open.is_some_and(|(indent, _)| line.indent > indent)
            && !src[text.clone()].trim().is_empty();
        if nested {
            if let Some(entry) = out.last_mut() {
                entry.subs.push(vec![i]);
            }
            item = open.map(|(indent, _)| (indent, true));
            item_ends_at = Some(i);
            continue;
        }
        item_ends_at = (kind == EntryKind::Bullet).then_some(i);
        item = (kind == EntryKind::Bullet).then_some((line.indent, false));
        if kind != EntryKind::Comment && src[text.clone()].trim().is_empty() {
            continue;
        }
        out.push(BodyEntry {
            kind,
            lines: vec![i],
            span: text,
            subs: Vec::new(),
        });
    }
    out
}

/// The entries `fmt` prints as the section's list items (bullets, numbered
/// actions, options, perspective lines), which C004 counts.
pub fn listed<'e>(src: &str, section: Section, entries: &'e [BodyEntry]) -> Vec<&'e BodyEntry> {
    let shape = Shape::of(section);
    let any_bullet = entries.iter().any(|e| e.kind == EntryKind::Bullet);
    entries
        .iter()
        .filter(|e| match (shape, e.kind) {
            (_, EntryKind::Comment | EntryKind::Peer) => false,
            (Shape::Sentence | Shape::Value, _) => false,
            (Shape::Bullets, EntryKind::Bullet) => true,
            (Shape::Bullets, _) => !any_bullet,
            (Shape::Numbered | Shape::Perspectives, _) => true,
            (Shape::Paragraph, kind) => kind == EntryKind::Bullet,
            (Shape::Options, kind) => {
                let text = &src[e.span.clone()];
                option_line(text) || (kind == EntryKind::Bullet && !recommendation_line(text))
            }
        })
        .collect()
}
