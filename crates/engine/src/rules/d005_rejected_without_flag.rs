use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags an item under a decision's `**Rejected:**` that is not marked
    /// `[DO_NOT_RESURFACE]`.
    ///
    /// ## Why is this bad?
    /// "Applied to every rejected item. No exceptions" (decision-logger, Field
    /// Rules): the flag is what keeps a rejected proposal from coming back in
    /// the next meeting without new information.
    ///
    /// ## Example
    /// ```markdown
    /// **Rejected:**
    /// - Keep both vendors and negotiate discounts — savings too small
    /// ```
    ///
    /// Use instead:
    /// ```markdown
    /// **Rejected:**
    /// - Keep both vendors and negotiate discounts — savings too small [DO_NOT_RESURFACE]
    /// ```
    pub struct RejectedWithoutFlag {
        code: "D005",
        name: "rejected-without-flag",
        family: Decision,
        severity: Error,
        added: "0.1.0",
        summary: "A rejected proposal is not flagged DO_NOT_RESURFACE",
    }
}

impl Rule for RejectedWithoutFlag {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for entry in &t.decisions {
            let Some(f) = entry.field("Rejected") else {
                continue;
            };
            for &i in &f.items {
                let span = t.line_text(i);
                if t.text(&span).contains("[DO_NOT_RESURFACE]") {
                    continue;
                }
                out.push(
                    self.meta()
                        .diagnostic(
                            span,
                            "this rejected proposal is not flagged `[DO_NOT_RESURFACE]`",
                        )
                        .with_label("no flag")
                        .with_help("end the item with `[DO_NOT_RESURFACE]`"),
                );
            }
        }
    }
}
