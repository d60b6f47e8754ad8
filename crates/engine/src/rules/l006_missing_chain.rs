use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags an invocation issued in an answer (inside a RESPONSE block, or
    /// in a speaker turn that answers a pending invocation), so at
    /// structural depth 2 or more, that carries no `[CHAIN: …]` marker on its
    /// own line or on the next non-blank line. A self-invocation is left to
    /// L001: it is a call not to make, not one to declare.
    ///
    /// ## Why is this bad?
    /// Each invocation carries its call chain (agent-protocol, Rule 4), and
    /// the agent receiving a second-hop call can only refuse a third hop or a
    /// circular call if it can see the chain.
    ///
    /// ## Example
    /// ```transcript
    /// CRO → [INVOKE:cfo|Can we fund two more AEs?]
    /// [RESPONSE:cfo]
    /// [INVOKE:coo|Can onboarding absorb two AEs in Q3?]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// CRO → [INVOKE:cfo|Can we fund two more AEs?]
    /// [RESPONSE:cfo]
    /// [INVOKE:coo|Can onboarding absorb two AEs in Q3?]
    /// [CHAIN: cro → cfo → coo]
    /// ```
    pub struct MissingChain {
        code: "L006",
        name: "missing-chain",
        family: Loop,
        severity: Warning,
        added: "0.1.0",
        summary: "A second-hop invocation carries no CHAIN marker",
    }
}

impl Rule for MissingChain {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for inv in t
            .invocations
            .iter()
            .filter(|i| i.nested && i.declared.is_none())
        {
            // Depth 2 or more: a response to an unknown caller starts at depth 1.
            let Some(chain) = inv.structural.as_ref().filter(|c| c.len() > 2) else {
                continue;
            };
            // A role invoking itself makes a call that cannot be made at
            // all: L001 says so, and a chain to declare for it would be
            // `… → cfo → cfo`.
            if chain[chain.len() - 1] == chain[chain.len() - 2] {
                continue;
            }
            let shown = t.roles().display_chain(chain);
            out.push(
                self.meta()
                    .diagnostic(
                        inv.span.clone(),
                        format!(
                            "this invocation is at depth {} but declares no chain",
                            chain.len() - 1
                        ),
                    )
                    .with_label("invoked in an answer")
                    .with_help(format!(
                        "add `[CHAIN: {shown}]` on the same line or the next one"
                    )),
            );
        }
    }
}
