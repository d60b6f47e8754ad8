use super::card_util::{items, section_text};
use crate::model::{CardKind, Section};
use crate::rules::prelude::*;
use crate::text::{find_confidence, tagged, Level};

declare_rule! {
    /// ## What it does
    /// Flags a standard card in which more than half of the tagged findings
    /// are `[ASSUMED: …]` while the overall confidence is not low. When the
    /// confidence's emoji and word disagree, the word counts. It is
    /// reported at that confidence, where the fix goes.
    ///
    /// ## Why is this bad?
    /// "If more than 50% of findings are ASSUMED, flag low confidence"
    /// (agent-protocol, Internal Quality Loop, Assumption Audit). High
    /// confidence built on assumptions misleads the founder.
    ///
    /// ## Example
    /// ```transcript
    /// BOTTOM LINE
    /// Enter Spain in Q3. — Confidence: 🟢 High
    ///
    /// WHAT
    /// • CAC is 40% lower [ASSUMED: industry benchmark] 🟡
    /// • Two pilots will sign [ASSUMED: verbal interest] 🟡
    /// • Payroll setup takes 6 weeks [VERIFIED: EOR quote] 🟢
    /// ```
    ///
    /// Use instead: verify the assumptions, or lower the confidence to
    /// `— Confidence: 🔴 Low`.
    pub struct AssumptionsOutweighConfidence {
        code: "Q003",
        name: "assumptions-outweigh-confidence",
        family: Quality,
        severity: Warning,
        added: "0.1.0",
        summary: "Most findings are assumed but the confidence is not low",
    }
}

impl Rule for AssumptionsOutweighConfidence {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for card in t.cards.iter().filter(|c| c.kind == CardKind::Standard) {
            let (Some(bottom), Some(what)) = (
                card.section(Section::BottomLine),
                card.section(Section::What),
            ) else {
                continue;
            };
            let text = section_text(t, bottom);
            let Some(level) = find_confidence(&text).and_then(|c| c.level()) else {
                continue;
            };
            if level == Level::Low {
                continue;
            }
            let tags: Vec<bool> = items(t, what)
                .iter()
                .filter_map(|s| tagged(t.text(s)))
                .collect();
            let assumed = tags.iter().filter(|a| **a).count();
            if tags.is_empty() || assumed * 2 <= tags.len() {
                continue;
            }
            // At the confidence the bottom line states, where the fix goes;
            // at the section's heading when it is split across lines.
            let at = items(t, bottom)
                .into_iter()
                .find_map(|s| {
                    let c = find_confidence(t.text(&s))?;
                    let text = t.text(&s);
                    let end = s.start + text.trim_end().len();
                    Some(s.start + c.start..end)
                })
                .unwrap_or_else(|| bottom.heading.clone());
            out.push(
                self.meta()
                    .diagnostic(
                        at,
                        format!(
                            "{assumed} of {} tagged findings are assumed, but the confidence is {}",
                            tags.len(),
                            level.word(false).to_lowercase()
                        ),
                    )
                    .with_label("confidence too high")
                    .with_help(
                        "verify the assumed findings, or lower the overall confidence to `🔴 Low`",
                    ),
            );
        }
    }
}
