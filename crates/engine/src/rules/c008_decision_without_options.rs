use super::card_util::items;
use crate::model::{CardKind, Section};
use crate::rules::prelude::*;
use crate::text::{abdication, no_recommendation, option, recommendation_value};

declare_rule! {
    /// ## What it does
    /// Flags a standard card's YOUR DECISION (SUA DECISÃO) that does not offer
    /// at least two options, each with its trade-off
    /// (`Option A: description — trade-off`; a draft's ` -- `, ` - ` or
    /// ` -> ` separates it too, and `fmt` writes the dash), and a
    /// `Recommendation:` line
    /// that recommends: a recommendation that is a question
    /// (`Recommendation: What do you think?`) or hands the choice back
    /// (`up to you`, `your call`, `você decide`, `o que acha?`) is none. A
    /// role skill's card (`**Your Decision:** [the call only the founder
    /// can make]`) names the call in its own words; it is flagged only when
    /// it hands the choice back instead. The board card's YOUR CALL is
    /// free-form and not checked.
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
        family: Card,
        severity: Error,
        added: "0.1.0",
        summary: "YOUR DECISION lacks two options with trade-offs or a recommendation",
    }
}

impl Rule for DecisionWithoutOptions {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for card in &t.cards {
            let Some(section) = card.section(Section::YourDecision) else {
                continue;
            };
            let lines: Vec<&str> = items(t, section)
                .iter()
                .map(|s| t.text(s))
                .collect();
            if card.kind.role_skill() {
                if lines.first().is_some_and(|l| abdication(l)) {
                    out.push(
                        self.meta()
                            .diagnostic(section.heading.clone(), "the decision hands the choice back instead of naming the call")
                            .with_label("decision section")
                            .with_help("name the call only the founder can make, e.g. `**Your Decision:** approve the $180K eval budget or hold AI spend flat until Q3`"),
                    );
                }
                continue;
            }
            if card.kind != CardKind::Standard {
                continue;
            }
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
            let recommendations: Vec<&str> = lines
                .iter()
                .filter_map(|l| recommendation_value(l))
                .filter(|v| !v.is_empty())
                .collect();
            if recommendations.is_empty() {
                problems.push("no `Recommendation:`".to_string());
            } else if recommendations.iter().all(|v| no_recommendation(v)) {
                problems.push(
                    "the `Recommendation:` asks or hands the choice back instead of recommending"
                        .to_string(),
                );
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
