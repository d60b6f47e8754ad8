//! Filling in the cards the builder found: their frames, header, kind and
//! sections.

use super::cards::{header_of, line_heading, Card, CardKind, CardSection};
use super::transcript::Transcript;
use crate::syntax::LineKind;

/// Work out frames, header, kind and sections of every card.
pub(super) fn analyze(t: &mut Transcript<'_>) {
    let src = t.source;
    let mut cards = std::mem::take(&mut t.cards);
    for card in &mut cards {
        fill(t, src, card);
    }
    t.cards = cards;
}

fn fill(t: &Transcript<'_>, src: &str, card: &mut Card) {
    let mut current: Option<CardSection> = None;
    let mut raw_sections = Vec::new();
    for index in card.first_line..=card.last_line {
        let line = t.line(index);
        match line.kind {
            LineKind::Frame { width } => {
                card.frames.push((index, width));
                continue;
            }
            LineKind::Blank => continue,
            _ => {}
        }
        if card.header.is_none() && raw_sections.is_empty() && current.is_none() {
            if let Some(h) = header_of(src, t.roles(), index, &line) {
                card.header = Some(h);
                continue;
            }
        }
        if let Some((heading, start)) = line_heading(src, &line) {
            if let Some(mut done) = current.take() {
                done.end = index;
                raw_sections.push(done);
            }
            let end = start + heading.end;
            current = Some(CardSection {
                section: heading.section,
                lang: heading.lang,
                line: index,
                heading: start..end,
                end: card.last_line + 1,
            });
            continue;
        }
        if current.is_none() {
            card.preamble.push(index);
        }
    }
    raw_sections.extend(current);
    let written: Vec<_> = raw_sections.iter().map(|s| s.section).collect();
    card.kind = CardKind::of_card(card.header.as_ref().map(|h| h.emoji), &written);
    for s in &mut raw_sections {
        s.section = card.kind.canonical(s.section);
    }
    // Outside a role skill's card, a heading of the role skills' own
    // (`The decision: …` inside YOUR DECISION) is content of the section
    // before it.
    if !card.kind.role_skill() {
        let mut kept: Vec<CardSection> = Vec::with_capacity(raw_sections.len());
        for s in raw_sections {
            match kept.last_mut() {
                Some(before)
                    if CardKind::of_section(s.section).is_some_and(CardKind::role_skill) =>
                {
                    before.end = s.end;
                }
                _ => kept.push(s),
            }
        }
        raw_sections = kept;
    }
    // Cards live as long as the model: no slack from growth.
    raw_sections.shrink_to_fit();
    card.sections = raw_sections;
    card.preamble.shrink_to_fit();
    card.frames.shrink_to_fit();
}
