use crate::model::InvocationKind;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags an `[INVOKE:…]` or `[BROADCAST:…]` inside board-meeting Phase 3,
    /// the critic's phase (`board.critique-phases`). Phase zones are
    /// B001's: a titled phase opens one only in a board meeting.
    ///
    /// ## Why is this bad?
    /// The Executive Mentor may reference other roles' outputs but cannot
    /// invoke them: critique must be independent of new data requests
    /// (agent-protocol, Isolation Rules).
    ///
    /// ## Example
    /// ```transcript
    /// ## Phase 3: Critic analysis
    /// [INVOKE:cfo|Does the runway figure include the new hires?]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// ## Phase 3: Critic analysis
    /// The CFO's 14-month runway assumes no new hires, which contradicts the CHRO's plan.
    /// ```
    pub struct InvokeDuringCritique {
        code: "B002",
        name: "invoke-during-critique",
        family: Board,
        severity: Error,
        added: "0.1.0",
        summary: "An invocation during the board-meeting critique (Phase 3)",
    }
}

impl Rule for InvokeDuringCritique {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for inv in &t.invocations {
            let Some(phase) = inv.phase.filter(|p| t.settings.critique_phases.contains(p)) else {
                continue;
            };
            let what = match inv.kind {
                InvocationKind::Invoke => "an invocation",
                InvocationKind::Broadcast => "a broadcast",
            };
            out.push(
                self.meta()
                    .diagnostic(inv.span.clone(), format!("{what} during Phase {phase}, the critique"))
                    .with_label("the critic references, never invokes")
                    .with_help("reference what the roles already said (\"the CFO's projection assumes X\") instead of invoking"),
            );
        }
    }
}
