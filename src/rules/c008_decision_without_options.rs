use super::card_util::items;
use crate::model::{CardKind, Section};
use crate::rules::prelude::*;
use crate::text::{option, recommendation};

declare_rule! {
    /// ## What it does
    /// Flags a standard card's YOUR DECISION (SUA DECISÃO) that does not offer
    /// at least two options, each with its trade-off
    /// (`Option A: description — trade-off`), and a `Recommendation:` line.
    /// The board card's YOUR CALL is free-form and not checked.
    ///
    /// ## Why is this bad?
    /// Decisions are framed as options: not "what do you think?" but "Option A
    /// or B, here is the trade-off, here is my recommendation" (agent-protocol,
    /// Communication Rule 6).
    ///
    /// ## Example
    /// ```transcript
    /// 🔑 YOUR DECISION
    /// Should we raise now?
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// 🔑 YOUR DECISION
    /// Option A: Raise now at $12M pre — more dilution, safer runway
    /// Option B: Extend six months — better terms, thinner buffer
    /// Recommendation: Option B, because ARR will clear $2M by October.
    /// ```
    pub struct DecisionWithoutOptions {
        code: "C008",
        name: "decision-without-options",
        severity: Error,
        summary: "YOUR DECISION lacks two options with trade-offs or a recommendation",
    }
}

impl Rule for DecisionWithoutOptions {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for card in t.cards.iter().filter(|c| c.kind == CardKind::Standard) {
            let Some(section) = card.section(Section::YourDecision) else {
                continue;
            };
            let lines: Vec<&str> = items(t, section)
                .iter()
                .map(|s| t.text(s))
                .collect();
            let options: Vec<bool> = lines.iter().filter_map(|l| option(l)).collect();
            let with_tradeoff = options.iter().filter(|o| **o).count();
            let mut problems = Vec::new();
            if options.len() < 2 {
                problems.push(format!(
                    "{} option{}",
                    options.len(),
                    if options.len() == 1 { "" } else { "s" }
                ));
            } else if with_tradeoff < options.len() {
                problems.push(format!(
                    "{} option(s) without a trade-off",
                    options.len() - with_tradeoff
                ));
            }
            if !lines.iter().any(|l| recommendation(l)) {
                problems.push("no `Recommendation:`".to_string());
            }
            if problems.is_empty() {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(section.heading.clone(), format!("the decision is not framed as options: {}", problems.join(", ")))
                    .with_label("decision section")
                    .with_help(
                        "offer `Option A: description — trade-off` and `Option B: …`, then `Recommendation: which and why, in one line`",
                    ),
            );
        }
    }
}
