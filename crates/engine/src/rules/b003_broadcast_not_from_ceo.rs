use crate::model::InvocationKind;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a `[BROADCAST:all|…]` whose speaker is known and is not the CEO.
    /// When the transcript does not say who is speaking, the rule stays silent.
    ///
    /// ## Why is this bad?
    /// Only the CEO broadcasts to every role at once (agent-protocol,
    /// Broadcast Pattern); any other role asks the roles it needs, one
    /// invocation each, within the chain rules.
    ///
    /// ## Example
    /// ```transcript
    /// CFO: [BROADCAST:all|Can every team cut 10% of spend this quarter?]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// CFO: [INVOKE:coo|Can operations cut 10% of spend this quarter?]
    /// ```
    pub struct BroadcastNotFromCeo {
        code: "B003",
        name: "broadcast-not-from-ceo",
        family: Board,
        severity: Error,
        added: "0.1.0",
        summary: "A broadcast from a role other than the CEO",
    }
}

impl Rule for BroadcastNotFromCeo {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        let ceo = t.roles().lookup("ceo");
        for inv in t
            .invocations
            .iter()
            .filter(|i| i.kind == InvocationKind::Broadcast)
        {
            let Some(speaker) = inv.speaker.filter(|s| Some(*s) != ceo) else {
                continue;
            };
            let name = t.roles().name(speaker);
            out.push(
                self.meta()
                    .diagnostic(inv.span.clone(), format!("`{name}` broadcasts to all roles; only the CEO may"))
                    .with_label(format!("broadcast by {name}"))
                    .with_help("invoke the roles you need one by one: `[INVOKE:role|…]`, or ask the CEO to broadcast"),
            );
        }
    }
}
