use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a `[CHAIN: …]` marker that contradicts what it declares: the
    /// chain of an invocation must end in the invoked role, and any chain
    /// must contain the agent speaking when the speaker is known, and the
    /// callers it names up to the speaker must be the ones the transcript
    /// shows, when it shows any (who invoked whom before this call); where it
    /// shows none, a caller the chain names must not be one the speaker
    /// itself invoked earlier (the call written the wrong way round). It is
    /// reported at the CHAIN marker, where the fix goes, with its invocation
    /// marked as related.
    ///
    /// A sibling call is accepted: after `cro` has invoked `cfo`, the
    /// protocol's own examples write `cro`'s next call to `cmo` as
    /// `[CHAIN: cro → cfo → cmo]`, which ends in `cmo` and contains `cro`.
    ///
    /// ## Why is this bad?
    /// Agents check the chain before invoking again (agent-protocol, Rule 4).
    /// A chain that names the wrong roles defeats the depth and circularity
    /// checks that rely on it.
    ///
    /// ## Example
    /// ```transcript
    /// CRO → [INVOKE:cmo|What CAC should we plan for?]
    /// [CHAIN: cro → cfo]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// CRO → [INVOKE:cmo|What CAC should we plan for?]
    /// [CHAIN: cro → cmo]
    /// ```
    pub struct ChainMismatch {
        code: "L004",
        name: "chain-mismatch",
        family: Loop,
        severity: Error,
        added: "0.1.0",
        summary: "A declared chain does not match the invocation or the speaker",
    }
}

impl Rule for ChainMismatch {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        let roles = t.roles();
        for chain in &t.chains {
            let shown = roles.display_chain(&chain.roles);
            let invocation = chain.attached.map(|i| &t.invocations[i]);
            let speaker = invocation.map_or(chain.speaker, |inv| inv.speaker);
            let last = chain.roles.last().copied();
            let suggestion = invocation
                .and_then(|inv| inv.structural.as_ref())
                .map(|s| {
                    format!(
                        "; from the transcript it is `[CHAIN: {}]`",
                        roles.display_chain(s)
                    )
                })
                .unwrap_or_default();
            let problem = match invocation.and_then(|inv| inv.role) {
                Some(invoked) if last != Some(invoked) => Some(format!(
                    "the declared chain `{shown}` ends in `{}`, but this invocation is of `{}`",
                    roles.name(last.expect("a chain has roles")),
                    roles.name(invoked)
                )),
                _ => match speaker {
                    Some(s) if !chain.roles.contains(&s) => Some(format!(
                        "the declared chain `{shown}` does not contain `{}`, who is speaking",
                        roles.name(s)
                    )),
                    // The callers up to the speaker are what the transcript
                    // shows; only the roles after the speaker may differ
                    // (the protocol's sibling calls).
                    Some(s) => invocation
                        .and_then(|inv| inv.structural.as_ref())
                        .and_then(|structural| {
                            let declared = &chain.roles[..=chain.roles.iter().position(|&r| r == s)?];
                            let shown_callers = &structural[..=structural.iter().position(|&r| r == s)?];
                            // Both name callers: a top-level speaker's callers
                            // are unknown (they may sit outside the text), and
                            // a chain that starts at the speaker names none.
                            if declared.len() > 1 && shown_callers.len() > 1 && declared != shown_callers {
                                return Some(format!(
                                    "the declared chain `{shown}` has `{}` calling up to `{}`, but the transcript shows `{}`",
                                    roles.display_chain(declared),
                                    roles.name(s),
                                    roles.display_chain(shown_callers)
                                ));
                            }
                            // Where the speaker's callers are unknown, a caller
                            // the chain names that the speaker itself invoked
                            // earlier is the call the wrong way round.
                            let at = invocation.map_or(chain.span.start, |inv| inv.span.start);
                            let reversed = declared[..declared.len() - 1].iter().find(|&&c| {
                                t.top_calls
                                    .iter()
                                    .any(|&(where_, by, to)| where_ < at && by == s && to == c)
                            });
                            (shown_callers.len() == 1).then_some(()).and(reversed).map(|&c| {
                                format!(
                                    "the declared chain `{shown}` has `{}` calling `{}`, but `{}` invoked `{}` earlier in this transcript",
                                    roles.name(c),
                                    roles.name(s),
                                    roles.name(s),
                                    roles.name(c)
                                )
                            })
                        }),
                    None => None,
                },
            };
            let Some(message) = problem else { continue };
            let help = format!(
                "a chain runs from the first caller through the speaker to the invoked role{suggestion}"
            );
            // At the declared chain, which is what to change; the
            // invocation it is attached to is related.
            let d = self
                .meta()
                .diagnostic(chain.span.clone(), message)
                .with_label("declared here");
            let d = match invocation {
                Some(inv) => d.with_related(inv.span.clone(), "invoked here"),
                None => d,
            };
            out.push(d.with_help(help));
        }
    }
}
