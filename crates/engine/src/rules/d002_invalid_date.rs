use crate::date::field_date;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a decision's `**Deadline:**` or `**Review:**` that is not a real
    /// calendar date written `YYYY-MM-DD`: `TBD`, `next week`, `15/04/2026` or
    /// `2026-06-31` are not. The value's first word is read as the date; text
    /// after it is allowed (`2026-04-01 — after the pilot`).
    ///
    /// ## Why is this bad?
    /// "No TBD. If unknown, set 14 days and review" (decision-logger, Field
    /// Rules). Deadlines and reviews are what overdue tracking reads; a date
    /// that does not exist is never due.
    ///
    /// ## Example
    /// ```markdown
    /// **Deadline:** TBD
    /// **Review:** 2026-06-31
    /// ```
    ///
    /// Use instead:
    /// ```markdown
    /// **Deadline:** 2026-06-15
    /// **Review:** 2026-06-30
    /// ```
    pub struct InvalidDate {
        code: "D002",
        name: "invalid-date",
        family: Decision,
        severity: Error,
        added: "0.1.0",
        summary: "A decision's deadline or review is not a real date",
    }
}

impl Rule for InvalidDate {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for entry in &t.decisions {
            for name in ["Deadline", "Review"] {
                let Some(f) = entry.field(name) else { continue };
                let value = t.text(&f.value);
                if value.is_empty() || field_date(value).is_some() {
                    continue;
                }
                out.push(
                    self.meta()
                        .diagnostic(f.value.clone(), format!("`{value}` is not a calendar date"))
                        .with_label("not a date")
                        .with_help(format!(
                            "write the {} as YYYY-MM-DD; if unknown, set 14 days out and review",
                            name.to_lowercase()
                        )),
                );
            }
        }
    }
}
