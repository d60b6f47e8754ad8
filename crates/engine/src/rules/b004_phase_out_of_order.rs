use crate::model::PhaseFaultKind;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a board meeting's phase that comes out of the meeting's
    /// order: after a later phase (`## Phase 3` after `## Phase 4`), or a
    /// second time after another phase came between (`## Phase 2` again
    /// after `## Phase 3`). Flags Phase 6 (decision extraction) straight
    /// after Phase 4 (the synthesis): the founder's review between them is
    /// skipped, and decisions are never extracted before the founder has
    /// seen the synthesis. Phase lines are those that open
    /// board-meeting phase zones (`docs/transcript-format.md`), in English
    /// or Portuguese (`Fase`); `Phase 1` after another phase starts a new
    /// meeting, and so does each message of a session log (an answer
    /// rewritten after a hook's block restates its phases), and a phase
    /// named again right after itself (`## Friday — Phase 2 (cont.)`) goes
    /// on with it. A phase skipped otherwise (minutes
    /// and recaps name only the phases they report on) and a meeting that
    /// stops before its last phases (the transcript may end mid-meeting)
    /// are not flagged.
    ///
    /// ## Why is this bad?
    /// The phases build on each other: the critic reads contributions made
    /// in isolation, the synthesis reads the critic, and the founder
    /// reviews the synthesis before any decision is logged. A contribution
    /// reopened after the critique has seen the critic; a critique after
    /// the synthesis changes nothing it says; decisions extracted with no
    /// founder review are logged without the founder's approval.
    ///
    /// ## Example
    /// ```transcript
    /// ## Phase 2: Independent contributions
    /// ## Phase 4: Synthesis
    /// ## Phase 3: Critic analysis
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// ## Phase 2: Independent contributions
    /// ## Phase 3: Critic analysis
    /// ## Phase 4: Synthesis
    /// ```
    pub struct PhaseOutOfOrder {
        code: "B004",
        name: "phase-out-of-order",
        family: Board,
        severity: Error,
        added: "0.1.0",
        summary: "A board meeting's phase comes out of order",
    }
}

impl Rule for PhaseOutOfOrder {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for fault in &t.phase_faults {
            let n = fault.number;
            let (message, label, help) = match fault.kind {
                PhaseFaultKind::OutOfOrder { after } => (
                    format!("Phase {n} comes after Phase {after} of the same meeting"),
                    "out of order",
                    format!("phases run in order, 1 to 6: move Phase {n} before Phase {after}, or start a new meeting with Phase 1"),
                ),
                PhaseFaultKind::Again { after } => (
                    format!("Phase {n} comes again, after Phase {after}"),
                    "phase reopened",
                    format!("each phase runs once: fold this into the first Phase {n}, or hold a new meeting (Phase 1) to reopen it"),
                ),
                PhaseFaultKind::NoPhaseFive => (
                    "decisions are extracted (Phase 6) straight after the synthesis (Phase 4)".to_string(),
                    "no founder review",
                    "run Phase 5 first (the founder's review, `⏸️ FOUNDER REVIEW`; in a boardroom, the synthesis), and extract decisions only from what the founder approved".to_string(),
                ),
            };
            out.push(
                self.meta()
                    .diagnostic(fault.span.clone(), message)
                    .with_label(label)
                    .with_help(help),
            );
        }
    }
}
