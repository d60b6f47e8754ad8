use super::card_util::heading_name;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags card sections out of their canonical order (for a standard card:
    /// BOTTOM LINE, WHAT, WHY THIS MATTERS, HOW TO ACT, RISKS, YOUR DECISION,
    /// DETAIL). Reported at the first section that comes too late.
    /// `boardlint fmt` reorders them.
    ///
    /// ## Why is this bad?
    /// Bottom line first, always: the founder's time is the scarcest resource
    /// (agent-protocol, Communication Rule 1). A fixed order lets the reader
    /// stop after the part they need.
    ///
    /// ## Example
    /// ```transcript
    /// WHAT
    /// • Churn rose to 4.1% in May (from billing export) 🟡
    ///
    /// BOTTOM LINE
    /// Launch the save-desk before Q3 renewals.
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// BOTTOM LINE
    /// Launch the save-desk before Q3 renewals.
    ///
    /// WHAT
    /// • Churn rose to 4.1% in May (from billing export) 🟡
    /// ```
    pub struct SectionOrder {
        code: "C003",
        name: "section-order",
        family: Card,
        severity: Warning,
        added: "0.1.0",
        summary: "Card sections are out of canonical order",
        fix: Card,
    }
}

impl Rule for SectionOrder {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for card in &t.cards {
            let layout = card.kind.layout();
            let rank = |s| layout.iter().position(|(l, _)| *l == s);
            let mut highest: Option<(usize, &crate::model::CardSection)> = None;
            for section in &card.sections {
                let Some(r) = rank(section.section) else {
                    continue;
                };
                match highest {
                    Some((h, before)) if r < h => {
                        out.push(
                            self.meta()
                                .diagnostic(
                                    section.heading.clone(),
                                    format!("`{}` comes after `{}`, out of order", heading_name(t, section), heading_name(t, before)),
                                )
                                .with_label("should come earlier")
                                .fixable(card.rewritable(t.source, &t.doc.lines))
                                .with_related(before.heading.clone(), "comes first here")
                                .with_help("order the sections as the card template does (`boardlint fmt` reorders them)"),
                        );
                        break;
                    }
                    Some((h, _)) if r == h => {}
                    _ => highest = Some((r, section)),
                }
            }
        }
    }
}
