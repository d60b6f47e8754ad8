use super::chains;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a call chain in which a role appears twice, such as
    /// `cro → cfo → cro`, whether the chain comes from the structure of the
    /// transcript or from a `[CHAIN: …]` marker. A role invoking itself
    /// directly is L001 instead.
    ///
    /// ## Why is this bad?
    /// If agent A called agent B, B cannot call A in the same chain
    /// (agent-protocol, Rule 3): each would wait on the other, and the answer
    /// would be circular reasoning.
    ///
    /// ## Example
    /// ```transcript
    /// [RESPONSE:cfo]
    /// [INVOKE:cro|What is the pipeline coverage?]
    /// [CHAIN: cro → cfo → cro]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// [BLOCKED: cannot invoke cro — circular call detected in chain cro → cfo]
    /// State assumption used instead: pipeline coverage is 3x (last quarter's figure)
    /// ```
    pub struct CircularCall {
        code: "L003",
        name: "circular-call",
        family: Loop,
        severity: Error,
        added: "0.1.0",
        summary: "A role appears twice in one call chain",
    }
}

impl Rule for CircularCall {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        chains::check(t, self.meta(), out, |chain| {
            let role = chains::repeated_role(chain)?;
            // A chain whose only repetition is its last hop is a self-invocation.
            if chains::is_self_invocation(chain)
                && chains::repeated_role(&chain[..chain.len() - 1]).is_none()
            {
                return None;
            }
            Some((
                format!(
                    "`{}` appears twice in the call chain `{}`",
                    t.roles().name(role),
                    t.roles().display_chain(chain)
                ),
                "a role cannot be called again in a chain it is already part of (Rule 3): write \
                 `[BLOCKED: …]` with the assumption used instead"
                    .to_string(),
            ))
        });
    }
}
