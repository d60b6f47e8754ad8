use crate::date::field_date;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a decision whose `**Review:**` is not at least one day after its
    /// `**Deadline:**`. Silent when either date is not a valid date (D002).
    ///
    /// ## Why is this bad?
    /// The review checks whether the decision worked: "minimum 1 day after
    /// deadline", usually two to four weeks (decision-logger, Field Rules). A
    /// review on or before the deadline reviews nothing.
    ///
    /// ## Example
    /// ```markdown
    /// **Deadline:** 2026-05-15
    /// **Review:** 2026-05-15
    /// ```
    ///
    /// Use instead:
    /// ```markdown
    /// **Deadline:** 2026-05-15
    /// **Review:** 2026-06-01
    /// ```
    pub struct ReviewTooEarly {
        code: "D003",
        name: "review-too-early",
        family: Decision,
        severity: Error,
        added: "0.1.0",
        summary: "A decision's review is not after its deadline",
    }
}

impl Rule for ReviewTooEarly {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for entry in &t.decisions {
            let (Some(deadline), Some(review)) = (entry.field("Deadline"), entry.field("Review"))
            else {
                continue;
            };
            let (Some(d), Some(r)) = (
                field_date(t.text(&deadline.value)),
                field_date(t.text(&review.value)),
            ) else {
                continue;
            };
            if r.ordinal() - d.ordinal() >= 1 {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(review.value.clone(), "the review is not after the deadline")
                    .with_label("review date")
                    .with_related(deadline.value.clone(), "deadline")
                    .with_help("set the review at least one day after the deadline, usually two to four weeks"),
            );
        }
    }
}
