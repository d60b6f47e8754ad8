use super::card_util::{heading_name, items};
use crate::model::Section;
use crate::rules::prelude::*;
use crate::text::sentence_count;

declare_rule! {
    /// ## What it does
    /// Flags a WHY THIS MATTERS (or an alert's WHY IT MATTERS) of more than
    /// two sentences.
    ///
    /// ## Why is this bad?
    /// The section is "1-2 sentences. Business impact. Not theory —
    /// consequence." (agent-protocol, User Communication Standard).
    ///
    /// ## Example
    /// ```transcript
    /// WHY THIS MATTERS
    /// Churn compounds. Every point costs $40K ARR. Investors watch it. It also hurts morale.
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// WHY THIS MATTERS
    /// Each point of churn costs $40K ARR, and investors will ask about it in the raise.
    /// ```
    pub struct WhyTooLong {
        code: "C006",
        name: "why-too-long",
        family: Card,
        severity: Warning,
        added: "0.1.0",
        summary: "WHY THIS MATTERS runs over two sentences",
    }
}

impl Rule for WhyTooLong {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for card in &t.cards {
            for section in card
                .sections
                .iter()
                .filter(|s| matches!(s.section, Section::WhyThisMatters | Section::WhyItMatters))
            {
                let spans = items(t, section);
                let (Some(first), Some(last)) = (spans.first(), spans.last()) else {
                    continue;
                };
                let text: String = spans
                    .iter()
                    .map(|s| t.text(s).trim())
                    .collect::<Vec<_>>()
                    .join(" ");
                let n = sentence_count(&text);
                if n <= 2 {
                    continue;
                }
                out.push(
                    self.meta()
                        .diagnostic(
                            first.start..last.end,
                            format!(
                                "`{}` has {n} sentences; at most 2",
                                heading_name(t, section)
                            ),
                        )
                        .with_label(format!("{n} sentences"))
                        .with_help("say the business consequence in one or two sentences"),
                );
            }
        }
    }
}
