use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a decision whose `**Owner:**` is nobody in particular
    /// ("everyone", "all", "team") or several owners ("CTO and VPE",
    /// "CFO/CRO", "CFO, CRO", "CMO & CRO", "CEO + CFO"). An empty Owner is
    /// D001.
    ///
    /// ## Why is this bad?
    /// "One person or role. 'Everyone' owns nothing. If it needs two, the
    /// first is accountable" (decision-logger, Field Rules).
    ///
    /// ## Example
    /// ```markdown
    /// **Owner:** CTO and VPE
    /// ```
    ///
    /// Use instead:
    /// ```markdown
    /// **Owner:** CTO
    /// ```
    pub struct NotOneOwner {
        code: "D004",
        name: "not-one-owner",
        family: Decision,
        severity: Error,
        added: "0.1.0",
        summary: "A decision has no single owner",
    }
}

fn problem(owner: &str) -> Option<&'static str> {
    let lower = owner.trim().trim_end_matches('.').to_lowercase();
    if [
        "everyone",
        "everybody",
        "all",
        "team",
        "the team",
        "all roles",
        "todos",
        "time",
        "a equipe",
        "equipe",
    ]
    .contains(&lower.as_str())
    {
        return Some("names nobody in particular");
    }
    let several = lower.contains(" and ")
        || lower.contains(" e ")
        || lower.contains('/')
        || lower.contains(',')
        || lower.contains('&')
        || lower.contains(" + ")
        || lower.contains(';');
    several.then_some("names several owners")
}

impl Rule for NotOneOwner {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for entry in &t.decisions {
            let Some(f) = entry.field("Owner") else {
                continue;
            };
            let owner = t.text(&f.value);
            if owner.is_empty() {
                continue;
            }
            let Some(why) = problem(owner) else { continue };
            out.push(
                self.meta()
                    .diagnostic(f.value.clone(), format!("the owner `{owner}` {why}"))
                    .with_label("not one owner")
                    .with_help("name one accountable role or person; if it needs two, the first is accountable"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::problem;

    #[test]
    fn one_owner_or_not() {
        for bad in [
            "everyone",
            "Team",
            "CTO and VPE",
            "CFO/CRO",
            "CFO, CRO",
            "CMO & CRO",
            "CEO + CFO",
        ] {
            assert!(problem(bad).is_some(), "{bad}");
        }
        for good in ["CTO", "Maria Gomez", "chro"] {
            assert!(problem(good).is_none(), "{good}");
        }
    }
}
