use crate::date::field_date;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a decision's action item not written as
    /// `- [ ] action — Owner: name — Due: YYYY-MM-DD — Review: YYYY-MM-DD`,
    /// or, once done,
    /// `- [x] action — Owner: name — Completed: YYYY-MM-DD — Result: outcome`.
    ///
    /// ## Why is this bad?
    /// Overdue tracking reads these fields (decision-logger): an item with no
    /// owner or due date is never chased, and a done item with no result
    /// teaches the next meeting nothing.
    ///
    /// ## Example
    /// ```markdown
    /// **Action Items:**
    /// - [ ] Export the alert rules - VPE - next week
    /// ```
    ///
    /// Use instead:
    /// ```markdown
    /// **Action Items:**
    /// - [ ] Export the alert rules — Owner: VPE — Due: 2026-04-01 — Review: 2026-04-08
    /// ```
    pub struct ActionItemFormat {
        code: "D007",
        name: "action-item-format",
        family: Decision,
        severity: Warning,
        added: "0.1.0",
        summary: "A decision's action item is not in the logged format",
    }
}

/// What is wrong with an action item's text, if anything.
fn problem(text: &str, done: Option<bool>) -> Option<String> {
    let Some(done) = done else {
        return Some("it has no `[ ]` / `[x]` checkbox".into());
    };
    let parts: Vec<&str> = text.split(" — ").map(str::trim).collect();
    let value = |key: &str| {
        parts
            .iter()
            .skip(1)
            .find_map(|p| p.strip_prefix(key).map(str::trim))
    };
    let mut missing = Vec::new();
    if parts.first().is_none_or(|a| a.is_empty()) {
        missing.push("the action".to_string());
    }
    if value("Owner:").is_none_or(str::is_empty) {
        missing.push("`Owner:`".into());
    }
    let dated = |key: &str, missing: &mut Vec<String>| match value(key) {
        Some(v) if field_date(v).is_some() => {}
        Some(_) => missing.push(format!("a date after `{key}`")),
        None => missing.push(format!("`{key}`")),
    };
    if done {
        dated("Completed:", &mut missing);
        if value("Result:").is_none_or(str::is_empty) {
            missing.push("`Result:`".into());
        }
    } else {
        dated("Due:", &mut missing);
        dated("Review:", &mut missing);
    }
    (!missing.is_empty()).then(|| {
        format!(
            "it lacks {} (fields are separated by ` — `)",
            missing.join(", ")
        )
    })
}

impl Rule for ActionItemFormat {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for entry in &t.decisions {
            let Some(f) = entry.field("Action Items") else {
                continue;
            };
            for &i in &f.items {
                let line = t.line(i);
                // The checkbox is the line's first bracket.
                let checkbox = t
                    .line_starts
                    .bracket(i)
                    .map(|(span, inner)| (span.end, t.text(inner).eq_ignore_ascii_case("x")));
                let (text, done) = match checkbox {
                    Some((end, done)) => (t.text(&(end..line.span.end)).trim(), Some(done)),
                    None => (t.text(&line.content).trim(), None),
                };
                let Some(why) = problem(text, done) else {
                    continue;
                };
                out.push(
                    self.meta()
                        .diagnostic(t.line_text(i), format!("this action item is not in the logged format: {why}"))
                        .with_label("action item")
                        .with_help("write `- [ ] action — Owner: X — Due: YYYY-MM-DD — Review: YYYY-MM-DD`; when done, `- [x] action — Owner: X — Completed: YYYY-MM-DD — Result: outcome`"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::problem;

    #[test]
    fn reads_open_and_done_items() {
        assert!(problem(
            "Export rules — Owner: VPE — Due: 2026-04-01 — Review: 2026-04-08",
            Some(false)
        )
        .is_none());
        assert!(problem(
            "Get quote — Owner: CFO — Completed: 2026-03-12 — Result: 18% under budget",
            Some(true)
        )
        .is_none());
        assert!(
            problem("Export rules — Owner: VPE — Due: 2026-04-01", Some(false))
                .unwrap()
                .contains("Review:")
        );
        assert!(problem(
            "Export rules - Owner: VPE - Due: 2026-04-01 - Review: 2026-04-08",
            Some(false)
        )
        .is_some());
        assert!(
            problem("Get quote — Owner: CFO — Completed: 2026-03-12", Some(true))
                .unwrap()
                .contains("Result:")
        );
        assert!(problem(
            "Export rules — Owner: VPE — Due: 2026-04-01 — Review: 2026-04-08",
            None
        )
        .is_some());
    }
}
