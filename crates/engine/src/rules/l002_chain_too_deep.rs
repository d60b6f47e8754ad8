use super::chains;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a call chain deeper than the limit (2 hops by default,
    /// `max-depth`): an invocation issued inside a response to an invocation
    /// that was itself issued inside a response, or a declared
    /// `[CHAIN: a → b → c → d]`.
    ///
    /// ## Why is this bad?
    /// Chains can go A→B→C; the third hop is blocked (agent-protocol, Rule 2).
    /// Deep chains multiply cost and latency, and an answer three hops away
    /// from the question rarely still answers it.
    ///
    /// ## Example
    /// ```transcript
    /// [INVOKE:chro|Can we hire two engineers?]
    /// [CHAIN: cro → cfo → coo → chro]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// [BLOCKED: cannot invoke chro — chain cro → cfo → coo is at depth 2]
    /// State assumption used instead: time-to-hire is 8 weeks (last year's average)
    /// ```
    pub struct ChainTooDeep {
        code: "L002",
        name: "chain-too-deep",
        family: Loop,
        severity: Error,
        added: "0.1.0",
        summary: "A call chain is deeper than the allowed depth",
    }
}

impl Rule for ChainTooDeep {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        let max = t.settings.max_depth;
        chains::check(t, self.meta(), out, |chain| {
            let depth = chain.len().saturating_sub(1);
            (depth > max).then(|| {
                (
                    format!(
                        "call chain `{}` is {depth} hops deep; at most {max} are allowed",
                        t.roles().display_chain(chain)
                    ),
                    format!(
                        "stop at depth {max} (Rule 2): instead of invoking, write `[BLOCKED: …]` \
                         followed by `State assumption used instead: …`"
                    ),
                )
            })
        });
    }
}
