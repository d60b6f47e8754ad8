use crate::files::display_path;
use crate::model::decision_log::flagged;
use crate::model::decisions::normalise;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a decision that brings back a proposal an earlier decision
    /// rejected and flagged `[DO_NOT_RESURFACE]`, in the same file or in any
    /// decision log checked in the same run. "Earlier" is by entry date, not
    /// by position in the file.
    ///
    /// Matching: the proposal's text is the rejected item before its ` — `
    /// reason, without the flag; it matches a later entry's `**Decision:**`
    /// when both are equal after lower-casing, turning every run of
    /// punctuation and white space into one space, and trimming. So
    /// "Partner with a local distributor." matches "partner with a local
    /// distributor", but "Partner with two distributors" does not.
    ///
    /// ## Why is this bad?
    /// Rejected proposals "must not be resurfaced without new information"
    /// (decision-logger). A resurfaced proposal re-opens a settled debate and
    /// hides that the founder already said no.
    ///
    /// ## Example
    /// ```markdown
    /// ## 2026-02-15 — Spain expansion
    /// **Rejected:**
    /// - Partner with a local distributor — margins too low [DO_NOT_RESURFACE]
    ///
    /// ## 2026-04-02 — Iberia sales
    /// **Decision:** Partner with a local distributor.
    /// ```
    ///
    /// Use instead: record what is new since the rejection, and decide
    /// something else, or take the question back to the founder.
    pub struct ResurfacedProposal {
        code: "D006",
        name: "resurfaced-proposal",
        family: Decision,
        severity: Error,
        added: "0.1.0",
        summary: "A decision resurfaces a proposal flagged DO_NOT_RESURFACE",
    }
}

impl Rule for ResurfacedProposal {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        if t.decisions.is_empty() {
            return;
        }
        let here = flagged(t, &t.decisions);
        let this_path = t.path.map(display_path);
        for entry in &t.decisions {
            let Some(decision) = entry.field("Decision") else {
                continue;
            };
            let text = normalise(t.text(&decision.value));
            if text.is_empty() {
                continue;
            }
            let same_file = here
                .iter()
                .find(|(e, _, p)| t.decisions[*e].date < entry.date && *p == text);
            if let Some((e, line, _)) = same_file {
                out.push(
                    self.meta()
                        .diagnostic(decision.value.clone(), format!("this decision resurfaces a proposal rejected on {}", fmt_date(t, *e)))
                        .with_label("rejected before")
                        .with_related(t.line_text(*line), "flagged DO_NOT_RESURFACE here")
                        .with_help("record what is new since the rejection and take it back to the founder, or decide something else"),
                );
                continue;
            }
            let other = t.run.proposals.iter().find(|p| {
                Some(&p.path) != this_path.as_ref() && p.date < entry.date && p.text == text
            });
            if let Some(p) = other {
                out.push(
                    self.meta()
                        .diagnostic(decision.value.clone(), format!("this decision resurfaces a proposal rejected in {}:{}", p.path, p.line))
                        .with_label("rejected before")
                        .with_help("record what is new since the rejection and take it back to the founder, or decide something else"),
                );
            }
        }
    }
}

fn fmt_date(t: &Transcript<'_>, e: usize) -> String {
    let d = t.decisions[e].date;
    format!("{:04}-{:02}-{:02}", d.year, d.month, d.day)
}
