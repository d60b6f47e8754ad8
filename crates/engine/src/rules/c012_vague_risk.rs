use super::card_util::items;
use crate::model::Section;
use crate::rules::prelude::*;
use crate::text::{has_figure, Phrases};

declare_rule! {
    /// ## What it does
    /// Flags a RISKS (RISCOS) bullet that names neither a trigger ("if",
    /// "when", "unless"; "se", "caso", "quando") nor a figure.
    ///
    /// ## Why is this bad?
    /// Risks are concrete: not "there might be risks" but "if X happens, Y
    /// breaks, costing $Z" (agent-protocol, Communication Rule 8).
    ///
    /// ## Example
    /// ```transcript
    /// ⚠️ RISKS
    /// • There may be execution risk
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// ⚠️ RISKS
    /// • If the Madrid pilot slips past Q3, we lose $180K of planned ARR
    /// ```
    pub struct VagueRisk {
        code: "C012",
        name: "vague-risk",
        family: Card,
        severity: Warning,
        added: "0.1.0",
        summary: "A risk names neither a trigger nor a figure",
    }
}

static TRIGGERS: Phrases = Phrases::new(&[
    "if",
    "when",
    "unless",
    "once",
    "se",
    "caso",
    "quando",
    "a menos que",
]);

impl Rule for VagueRisk {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for card in &t.cards {
            let Some(section) = card.section(Section::Risks) else {
                continue;
            };
            for span in items(t, section) {
                let text = t.text(&span);
                if has_figure(text) || TRIGGERS.any(text) {
                    continue;
                }
                out.push(
                    self.meta()
                        .diagnostic(span, "this risk names no trigger and no figure")
                        .with_label("vague risk")
                        .with_help("say what triggers it and what it costs: \"if X happens, Y breaks, costing $Z\""),
                );
            }
        }
    }
}
