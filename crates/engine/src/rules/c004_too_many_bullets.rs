use super::card_util::{heading_name, listed};
use crate::model::card_body::Shape;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a card section with more than 5 items (the limit is the
    /// `bullet-limit` setting): bullets, numbered actions, options of a
    /// decision. PERSPECTIVES is not counted: it holds one line for each role
    /// that contributed, however many did. It counts what `fmt` prints as the
    /// section's items, so a wrapped bullet is one, lines under WHAT written
    /// without list markers count as the bullets `fmt` makes them, and a
    /// decision's `Option A: …` lines count with or without a marker (its
    /// `Recommendation:` does not). Reported at the section's heading, whose
    /// count it is, with the first item over the limit marked as related.
    ///
    /// ## Why is this bad?
    /// Max 5 bullets per section; longer belongs in a reference document
    /// (agent-protocol, Communication Rule 4). The sixth point is where the
    /// founder stops reading.
    ///
    /// ## Example
    /// ```transcript
    /// WHAT
    /// • one • two • three • four • five
    /// • six
    /// ```
    ///
    /// Use instead: keep the five that matter and move the rest to the
    /// `📎 DETAIL:` reference.
    pub struct TooManyBullets {
        code: "C004",
        name: "too-many-bullets",
        family: Card,
        severity: Error,
        added: "0.1.0",
        summary: "A card section holds more bullets than the limit",
    }
}

impl Rule for TooManyBullets {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        let limit = t.settings.bullet_limit;
        for card in &t.cards {
            for section in &card.sections {
                // PERSPECTIVES holds a line for each role that contributed
                // ("only roles that contributed"): a meeting of six roles has
                // six, and none of them is a bullet to cut.
                if matches!(Shape::of(section.section), Shape::Perspectives) {
                    continue;
                }
                let items = listed(t, section);
                if items.len() <= limit {
                    continue;
                }
                let noun = match Shape::of(section.section) {
                    Shape::Numbered => "actions",
                    Shape::Options => "options",
                    _ => "bullets",
                };
                // The whole item, its list marker and continuation lines too.
                let extra = &items[limit];
                let start = extra.lines.first().map_or(extra.span.start, |&i| t.line_span(i).start);
                let first_extra = start..extra.span.end;
                // At the section, whose count it is; the first item over the
                // limit is related.
                out.push(
                    self.meta()
                        .diagnostic(
                            section.heading.clone(),
                            format!("`{}` has {} {noun}; at most {limit} are allowed", heading_name(t, section), items.len()),
                        )
                        .with_label(format!("{} {noun}", items.len()))
                        .with_related(first_extra, format!("{} {} of {}", noun.trim_end_matches('s'), limit + 1, items.len()))
                        .with_help(format!("keep the {limit} that matter most and move the rest to a reference doc (`📎 DETAIL:`)")),
                );
            }
        }
    }
}
