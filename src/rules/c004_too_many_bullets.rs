use super::card_util::{bullets, heading_name};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a card section with more than 5 bullets or numbered items (the
    /// limit is the `bullet-limit` setting). Reported at the first bullet over
    /// the limit.
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
        severity: Error,
        summary: "A card section holds more bullets than the limit",
    }
}

impl Rule for TooManyBullets {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        let limit = t.settings.bullet_limit;
        for card in &t.cards {
            for section in &card.sections {
                let items = bullets(t, section);
                if items.len() <= limit {
                    continue;
                }
                let first_extra = t.line_span(items[limit]);
                out.push(
                    self.meta()
                        .diagnostic(
                            first_extra,
                            format!("`{}` has {} bullets; at most {limit} are allowed", heading_name(t, section), items.len()),
                        )
                        .with_label(format!("bullet {} of {}", limit + 1, items.len()))
                        .with_related(section.heading.clone(), "in this section")
                        .with_help(format!("keep the {limit} that matter most and move the rest to a reference doc (`📎 DETAIL:`)")),
                );
            }
        }
    }
}
