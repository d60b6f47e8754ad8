use crate::model::InvocationKind;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags an `[INVOKE:…]` or `[BROADCAST:…]` inside board-meeting Phase 2,
    /// the independent-contribution phase (`board.isolation-phases`).
    ///
    /// A phase zone starts at a heading whose text begins `Phase N` (or
    /// `Fase N`), or at a plain or wholly bold line starting `Phase N:` at
    /// column 1, and lasts until the next phase line or the end of its
    /// section. A phase with a title of its own opens a zone only in a board
    /// meeting: when its title, or an earlier phase's, names one of the
    /// meeting's phases (`Independent contributions`, `Context gathering`,
    /// `Crítica`, …), so the phases of a rollout plan isolate nothing.
    ///
    /// ## Why is this bad?
    /// In Phase 2 each role forms its view before seeing anyone else's, to
    /// prevent anchoring and groupthink (agent-protocol, Isolation Rules). An
    /// invocation lets one role's numbers into another's analysis.
    ///
    /// ## Example
    /// ```transcript
    /// ## Phase 2: Independent contributions
    /// ## CMO — 2026-03-05
    /// [INVOKE:cfo|What budget can marketing count on?]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// ## Phase 2: Independent contributions
    /// ## CMO — 2026-03-05
    /// [ASSUMPTION: marketing budget stays at $120K/quarter — not verified with CFO]
    /// ```
    pub struct InvokeDuringIsolation {
        code: "B001",
        name: "invoke-during-isolation",
        family: Board,
        severity: Error,
        added: "0.1.0",
        summary: "An invocation during board-meeting isolation (Phase 2)",
    }
}

impl Rule for InvokeDuringIsolation {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for inv in &t.invocations {
            let Some(phase) = inv
                .phase
                .filter(|p| t.settings.isolation_phases.contains(p))
            else {
                continue;
            };
            let what = match inv.kind {
                InvocationKind::Invoke => "an invocation",
                InvocationKind::Broadcast => "a broadcast",
            };
            out.push(
                self.meta()
                    .diagnostic(
                        inv.span.clone(),
                        format!("{what} during Phase {phase}, where each role works in isolation"),
                    )
                    .with_label("no invocations in isolation")
                    .with_help(
                        "state what you need as `[ASSUMPTION: …]` instead of asking another role",
                    ),
            );
        }
    }
}
