use super::card_util::{items, section_text};
use crate::model::{CardKind, Section};
use crate::rules::prelude::*;
use crate::text::{find_confidence, CONFIDENCE_EMOJIS};

declare_rule! {
    /// ## What it does
    /// Flags a standard card whose BOTTOM LINE carries no overall confidence
    /// (`— Confidence: 🟢 High`, Portuguese `— Confiança: 🟢 Alta`), and each
    /// WHAT bullet without a confidence emoji (🟢, 🟡, 🔴). Alerts and board
    /// cards are not checked.
    ///
    /// ## Why is this bad?
    /// The verified output adds confidence to the answer and to every finding
    /// (agent-protocol, "What Changes in the Output Format"), so the founder
    /// knows which numbers to lean on.
    ///
    /// ## Example
    /// ```transcript
    /// BOTTOM LINE
    /// Hire two engineers now.
    ///
    /// WHAT
    /// • Budget covers two hires [VERIFIED: Q1 actuals]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// BOTTOM LINE
    /// Hire two engineers now. — Confidence: 🟢 High
    ///
    /// WHAT
    /// • Budget covers two hires [VERIFIED: Q1 actuals] 🟢
    /// ```
    pub struct MissingConfidence {
        code: "Q002",
        name: "missing-confidence",
        severity: Error,
        summary: "A standard card lacks an overall or per-finding confidence",
    }
}

impl Rule for MissingConfidence {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for card in t.cards.iter().filter(|c| c.kind == CardKind::Standard) {
            if let Some(bottom) = card.section(Section::BottomLine) {
                let text = section_text(t, bottom);
                if find_confidence(&text).and_then(|c| c.level()).is_none() {
                    out.push(
                        self.meta()
                            .diagnostic(bottom.heading.clone(), "the bottom line states no overall confidence")
                            .with_label("no confidence")
                            .with_help("end the bottom line with `— Confidence: 🟢 High`, `🟡 Medium` or `🔴 Low`"),
                    );
                }
            }
            let Some(what) = card.section(Section::What) else {
                continue;
            };
            for span in items(t, what) {
                if CONFIDENCE_EMOJIS.iter().any(|e| t.text(&span).contains(e)) {
                    continue;
                }
                out.push(
                    self.meta()
                        .diagnostic(span, "this finding has no confidence emoji")
                        .with_label("no 🟢/🟡/🔴")
                        .with_help("end each finding with 🟢 (high), 🟡 (medium) or 🔴 (low)"),
                );
            }
        }
    }
}
