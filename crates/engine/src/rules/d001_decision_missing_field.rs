use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a decision-log entry whose `**Decision:**`, `**Owner:**`,
    /// `**Deadline:**`, `**Review:**` or `**Rationale:**` is missing or empty.
    /// A Deadline or Review that is written but is not a date is D002 instead.
    ///
    /// ## Why is this bad?
    /// Layer 2 holds founder-approved decisions that later meetings load
    /// (decision-logger). A decision without an owner, a deadline, a review
    /// date or a rationale cannot be followed up, and "because we decided so"
    /// is not a rationale.
    ///
    /// ## Example
    /// ```markdown
    /// ## 2026-03-10 — Vendor consolidation
    ///
    /// **Decision:** Consolidate observability tooling onto one vendor by Q3.
    /// **Owner:** CTO
    /// ```
    ///
    /// Use instead:
    /// ```markdown
    /// ## 2026-03-10 — Vendor consolidation
    ///
    /// **Decision:** Consolidate observability tooling onto one vendor by Q3.
    /// **Owner:** CTO
    /// **Deadline:** 2026-05-15
    /// **Review:** 2026-06-01
    /// **Rationale:** Two overlapping contracts cost $96K a year.
    /// ```
    pub struct DecisionMissingField {
        code: "D001",
        name: "decision-missing-field",
        family: Decision,
        severity: Error,
        added: "0.1.0",
        summary: "A decision entry lacks a required field",
    }
}

/// The fields every entry carries.
pub const REQUIRED: [&str; 5] = ["Decision", "Owner", "Deadline", "Review", "Rationale"];

impl Rule for DecisionMissingField {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for entry in &t.decisions {
            let mut missing = Vec::new();
            for name in REQUIRED {
                match entry.field(name) {
                    None => missing.push(format!("`**{name}:**`")),
                    Some(f) if t.text(&f.value).is_empty() => out.push(
                        self.meta()
                            .diagnostic(f.label.clone(), format!("`**{name}:**` is empty"))
                            .with_label("empty field")
                            .with_help(help(name)),
                    ),
                    Some(_) => {}
                }
            }
            if missing.is_empty() {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(
                        entry.heading.clone(),
                        format!("this decision has no {}", missing.join(", ")),
                    )
                    .with_label("incomplete decision")
                    .with_help(
                        "every entry carries Decision, Owner, Deadline, Review and Rationale",
                    ),
            );
        }
    }
}

fn help(name: &str) -> &'static str {
    match name {
        "Owner" => "name one accountable role or person",
        "Deadline" | "Review" => "write a date, YYYY-MM-DD; if unknown, set 14 days out and review",
        "Rationale" => "say why this over the alternatives, in one or two sentences",
        _ => "state what was decided, in one statement",
    }
}
