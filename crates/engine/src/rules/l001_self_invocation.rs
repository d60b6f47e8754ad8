use super::chains;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags an agent that invokes itself: an `[INVOKE:x|…]` issued while `x`
    /// is speaking, or a declared `[CHAIN: …]` whose last two roles are the same.
    ///
    /// ## Why is this bad?
    /// Self-invocation is the simplest infinite loop. The protocol blocks it
    /// unconditionally (agent-protocol, Loop Prevention Rule 1): an agent
    /// already has its own analysis and must use it.
    ///
    /// ## Example
    /// ```transcript
    /// CFO: I need the burn figure before I answer.
    /// [INVOKE:cfo|What is our monthly burn?]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// CFO: Monthly burn is $310K (Q3 actuals), so runway is 13 months.
    /// ```
    pub struct SelfInvocation {
        code: "L001",
        name: "self-invocation",
        family: Loop,
        severity: Error,
        added: "0.1.0",
        summary: "An agent invokes itself",
    }
}

impl Rule for SelfInvocation {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        chains::check(t, self.meta(), out, |chain| {
            chains::is_self_invocation(chain).then(|| {
                let role = t.roles().name(chain[chain.len() - 1]);
                (
                    format!("`{role}` invokes itself (chain `{}`)", t.roles().display_chain(chain)),
                    "an agent cannot invoke itself (Rule 1): answer from your own analysis, or write \
                     `[BLOCKED: …]` with the assumption used instead"
                        .to_string(),
                )
            })
        });
    }
}
