use super::card_util::{card_lines, card_span};
use crate::rules::prelude::*;
use crate::text::{contains_ignoring_ascii_case, Phrases};

declare_rule! {
    /// ## What it does
    /// Flags hedging inside a founder card: "we should consider" and its close
    /// variants ("you might want to consider", "it may be worth considering";
    /// Portuguese "devemos considerar").
    ///
    /// ## Why is this bad?
    /// "We should consider" is banned: actions have owners and deadlines
    /// (agent-protocol, Communication Rule 5). A hedge hands the decision back
    /// without a recommendation.
    ///
    /// ## Example
    /// ```transcript
    /// • We should consider raising prices in Q3.
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// 1. Raise list prices 8% for new customers → CRO → 2026-07-01
    /// ```
    pub struct HedgingPhrase {
        code: "C010",
        name: "hedging-phrase",
        family: Card,
        severity: Warning,
        added: "0.1.0",
        summary: "A card hedges (\"we should consider\")",
    }
}

pub static HEDGES: Phrases = Phrases::new(&[
    "we should consider",
    "we should probably consider",
    "we could consider",
    "we might consider",
    "we may want to consider",
    "we might want to consider",
    "you should consider",
    "you might want to consider",
    "you may want to consider",
    "it may be worth considering",
    "it might be worth considering",
    "it could be worth considering",
    "may be worth considering",
    "devemos considerar",
    "deveríamos considerar",
    "poderíamos considerar",
    "vale a pena considerar",
    "talvez valha considerar",
]);

/// What every hedge holds (`consider`, `considering`, `considerar`): a card
/// without it, in any ASCII case, has no hedge to look for line by line.
const EVERY_HEDGE_HOLDS: &str = "consid";

impl Rule for HedgingPhrase {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for card in &t.cards {
            if !contains_ignoring_ascii_case(t.text(&card_span(t, card)), EVERY_HEDGE_HOLDS) {
                continue;
            }
            for (_, span) in card_lines(t, card) {
                for r in HEDGES.find(t.text(&span)) {
                    let at = span.start + r.start..span.start + r.end;
                    out.push(
                        self.meta()
                            .diagnostic(at.clone(), format!("hedging: \"{}\"", t.text(&at)))
                            .with_label("hedge")
                            .with_help("say what to do, who does it and by when, or frame it as options with a recommendation"),
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hedge_holds_the_word_cards_are_screened_for() {
        for hedge in HEDGES.list() {
            assert!(
                contains_ignoring_ascii_case(hedge, EVERY_HEDGE_HOLDS),
                "{hedge}"
            );
        }
    }
}
