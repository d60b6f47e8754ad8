use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a `[BLOCKED: …]` marker that is not followed, on its own line or
    /// within the next two non-blank lines, by a non-empty
    /// `State assumption used instead: …` line or an `[ASSUMPTION: …]` marker.
    ///
    /// ## Why is this bad?
    /// When an invocation is blocked, the agent must still answer, and must
    /// say what it assumed in place of the data it could not ask for
    /// (agent-protocol, Rule 4). A silent block hides a guess.
    ///
    /// ## Example
    /// ```transcript
    /// [BLOCKED: cannot invoke cfo — circular call detected in chain cfo → cro]
    /// Moving on to the hiring plan.
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// [BLOCKED: cannot invoke cfo — circular call detected in chain cfo → cro]
    /// State assumption used instead: burn stays at $280K/month through Q3
    /// ```
    pub struct BlockedWithoutAssumption {
        code: "L005",
        name: "blocked-without-assumption",
        family: Loop,
        severity: Error,
        added: "0.1.0",
        summary: "A BLOCKED marker is not followed by the assumption used instead",
    }
}

impl Rule for BlockedWithoutAssumption {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for blocked in t.blocked.iter().filter(|b| !b.has_assumption) {
            out.push(
                self.meta()
                    .diagnostic(
                        blocked.span.clone(),
                        "this `[BLOCKED: …]` does not state the assumption used instead",
                    )
                    .with_label("blocked here, with no assumption after it")
                    .with_help(
                        "add a line `State assumption used instead: …` (or an `[ASSUMPTION: …]`) \
                         within the next two lines",
                    ),
            );
        }
    }
}
