use crate::model::InvocationKind;
use crate::roles::Role;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a `[BROADCAST:all|…]` that is aggregated before every role it
    /// addresses has answered it. A broadcast is aggregated where its
    /// broadcaster speaks again (`CEO synthesis: …`) or a synthesis card
    /// follows (a card naming no role, or the broadcaster's own). A role
    /// answers it with a `[RESPONSE:role]` block or a speaker line of its
    /// own before that point.
    ///
    /// The roles a broadcast addresses are the ones an attendee line lists
    /// (`Attendees: CEO, CFO, CRO`, `**Participants (roles activated):** …`,
    /// `Participantes: …`), or, when the file lists none, the roles that
    /// answer any broadcast in the file; the broadcaster is never one. A
    /// broadcast aggregated with no answer at all is reported when the file
    /// lists attendees or records an answer to some broadcast; a file that
    /// records none (broadcasts alone, answers kept elsewhere) shows no
    /// answer was due. A broadcast nothing aggregates (the file ends
    /// waiting) is not reported, nor is a broadcast of another role than the
    /// CEO (B003 reports it).
    ///
    /// ## Why is this bad?
    /// Responses to a broadcast come back independently and are aggregated
    /// after all respond (agent-protocol, Broadcast Pattern). A synthesis
    /// made before a role answered leaves that role's domain out of the
    /// decision, and nobody said so.
    ///
    /// ## Example
    /// ```transcript
    /// Attendees: CEO, CFO, CRO
    ///
    /// CEO: [BROADCAST:all|What is the impact if we miss the fundraise?]
    ///
    /// CFO: Runway drops to 8 months.
    ///
    /// CEO synthesis: We cut burn by 20% now.
    /// ```
    ///
    /// Use instead: wait for every addressed role, or say who could not answer:
    /// ```transcript
    /// Attendees: CEO, CFO, CRO
    ///
    /// CEO: [BROADCAST:all|What is the impact if we miss the fundraise?]
    ///
    /// CFO: Runway drops to 8 months.
    ///
    /// CRO: Two late-stage deals cover 70% of the gap.
    ///
    /// CEO synthesis: We cut burn by 20% now and push the two deals.
    /// ```
    pub struct UnansweredBroadcast {
        code: "R008",
        name: "unanswered-broadcast",
        family: Response,
        severity: Warning,
        added: "0.1.0",
        summary: "A broadcast is aggregated before every role has answered",
    }
}

impl Rule for UnansweredBroadcast {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        let roles = t.roles();
        let addressed = if t.attendees.is_empty() {
            &t.broadcast_responders
        } else {
            &t.attendees
        };
        for inv in &t.invocations {
            if inv.kind != InvocationKind::Broadcast {
                continue;
            }
            let Some(agg) = &inv.aggregated else { continue };
            let missing: Vec<Role> = addressed
                .iter()
                .copied()
                .filter(|r| Some(*r) != inv.speaker && !agg.answered.contains(r))
                .collect();
            // No attendee listed and no broadcast answered anywhere: the
            // file does not record broadcasts' answers.
            if addressed.is_empty() || (!agg.answered.is_empty() && missing.is_empty()) {
                continue;
            }
            let names: Vec<String> = missing
                .iter()
                .map(|r| format!("`{}`", roles.name(*r)))
                .collect();
            let message = if names.is_empty() {
                "this broadcast is aggregated before any role answers it".to_string()
            } else {
                format!(
                    "this broadcast is aggregated before {} {}",
                    join_and(&names),
                    if names.len() == 1 { "answers" } else { "answer" }
                )
            };
            out.push(
                self.meta()
                    .diagnostic(inv.span.clone(), message)
                    .with_label("not every role has answered")
                    .with_related(agg.at.clone(), "aggregated here")
                    .with_help(
                        "aggregate after every addressed role has answered (a `[RESPONSE:role]` block each), \
                         or state which role could not answer and the assumption used instead",
                    ),
            );
        }
    }
}

fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
