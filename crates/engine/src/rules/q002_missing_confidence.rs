use super::c011_process_narration::opens_with_narration;
use super::card_util::{card_anchor, items, section_text};
use crate::model::{CardKind, Section};
use crate::rules::prelude::*;
use crate::syntax::Span;
use crate::text::{find_confidence, CONFIDENCE_EMOJIS};

declare_rule! {
    /// ## What it does
    /// Flags a standard card whose BOTTOM LINE carries no overall confidence
    /// (`— Confidence: 🟢 High`, Portuguese `— Confiança: 🟢 Alta`), and each
    /// WHAT bullet without a confidence emoji (🟢, 🟡, 🔴). The bottom line's
    /// finding is at its text, where the confidence goes. A card that
    /// states no confidence anywhere, neither on its bottom line nor on any
    /// finding, is one finding at the card. A bullet that narrates the
    /// process (`• First I analyzed …`) is no finding here: C011 reports it.
    /// Alerts, board cards and the role skills' cards are not checked.
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
        family: Quality,
        severity: Error,
        added: "0.1.0",
        summary: "A standard card lacks an overall or per-finding confidence",
    }
}

impl Rule for MissingConfidence {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for card in t.cards.iter().filter(|c| c.kind == CardKind::Standard) {
            let bottom = card.section(Section::BottomLine).filter(|bottom| {
                let text = section_text(t, bottom);
                find_confidence(&text).and_then(|c| c.level()).is_none()
            });
            let findings = card
                .section(Section::What)
                .map(|what| items(t, what))
                .unwrap_or_default();
            // A bullet that narrates the process is no finding: C011 says
            // what to change there.
            let findings: Vec<Span> = findings
                .into_iter()
                .filter(|s| !opens_with_narration(t.text(s)))
                .collect();
            let bare: Vec<&Span> = findings
                .iter()
                .filter(|s| !CONFIDENCE_EMOJIS.iter().any(|e| t.text(s).contains(e)))
                .collect();
            // A card that states no confidence anywhere is one finding, at
            // the card, not one for each of its lines.
            if bottom.is_some() && !findings.is_empty() && bare.len() == findings.len() {
                out.push(
                    self.meta()
                        .diagnostic(
                            card_anchor(t, card),
                            "the card states no confidence: neither its bottom line nor any finding",
                        )
                        .with_label("no confidence")
                        .with_help(
                            "end the bottom line with `— Confidence: 🟢 High`, `🟡 Medium` or `🔴 Low`, \
                             and each finding with 🟢, 🟡 or 🔴",
                        ),
                );
                continue;
            }
            if let Some(bottom) = bottom {
                // At the bottom line's last line, whose end takes the
                // confidence; at the heading when the section is empty.
                let at = items(t, bottom)
                    .last()
                    .map(|s| s.start..s.start + t.text(s).trim_end().len())
                    .unwrap_or_else(|| bottom.heading.clone());
                out.push(
                    self.meta()
                        .diagnostic(at, "the bottom line states no overall confidence")
                        .with_label("no confidence")
                        .with_help("end the bottom line with `— Confidence: 🟢 High`, `🟡 Medium` or `🔴 Low`"),
                );
            }
            for span in bare {
                out.push(
                    self.meta()
                        .diagnostic(span.clone(), "this finding has no confidence emoji")
                        .with_label("no 🟢/🟡/🔴")
                        .with_help("end each finding with 🟢 (high), 🟡 (medium) or 🔴 (low)"),
                );
            }
        }
    }
}
