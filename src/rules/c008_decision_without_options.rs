use super::card_util::section_spans;
use crate::model::{CardKind, Section};
use crate::rules::prelude::*;
use crate::text::prefix_len_ignoring_case;

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

/// An option line: `Option A: …` / `Opção A: …`, with whether it states a
/// trade-off after a dash.
fn option(text: &str) -> Option<bool> {
    let text = text
        .trim()
        .trim_start_matches(['-', '*', '•', ' '])
        .trim_start_matches("**");
    let rest = ["option ", "opção ", "opcao "]
        .iter()
        .find_map(|p| prefix_len_ignoring_case(text, p).map(|len| &text[len..]))?;
    let (_, description) = rest.split_once(':')?;
    let tradeoff = ["—", "–", " - "].iter().any(|d| {
        description
            .split_once(d)
            .is_some_and(|(a, b)| !a.trim().is_empty() && !b.trim().is_empty())
    });
    Some(tradeoff)
}

fn recommendation(text: &str) -> bool {
    let text = text.trim().trim_start_matches("**");
    [
        "recommendation:",
        "recomendação:",
        "recomendacao:",
        "recommendation**:",
        "recomendação**:",
    ]
    .iter()
    .any(|p| {
        prefix_len_ignoring_case(text, p).is_some_and(|len| {
            !text[len..]
                .trim()
                .trim_start_matches("**")
                .trim()
                .is_empty()
        })
    })
}

impl Rule for DecisionWithoutOptions {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for card in t.cards.iter().filter(|c| c.kind == CardKind::Standard) {
            let Some(section) = card.section(Section::YourDecision) else {
                continue;
            };
            let lines: Vec<&str> = section_spans(t, section)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_options_and_recommendations() {
        assert_eq!(option("Option A: Hire two — keeps buffer"), Some(true));
        assert_eq!(
            option("Opção B: Contratar três — exige aprovação"),
            Some(true)
        );
        assert_eq!(option("Option B: Hire three"), Some(false));
        assert_eq!(option("Hire three"), None);
        assert!(recommendation("Recommendation: Option A, because runway."));
        assert!(!recommendation("Recommendation:"));
    }
}
