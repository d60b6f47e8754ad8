use super::card_util::items;
use crate::model::Section;
use crate::rules::prelude::*;
use crate::text::{parse_action, vague_deadline, vague_owner};

declare_rule! {
    /// ## What it does
    /// Flags an action in HOW TO ACT (COMO AGIR) or ACTION ITEMS (ITENS DE AÇÃO)
    /// without an owner or without a deadline. Actions are read in the usual
    /// forms: `Action → Owner → Deadline`, `Action -> Owner -> Deadline`,
    /// `Action — Owner — Deadline`, `Action (owner: O, due: D)`, `Action
    /// (owner: O; by D)`, `Action -- owner: O, due D`, `Action - Owner: O -
    /// Deadline: D`, `Action — Owner: O | Due: D`, and `Action - O - D`,
    /// `Action -- O -- D` or `Action | O | D` where the last part reads as a
    /// deadline (docs/format.md, "Draft forms and what they become");
    /// `responsável:`, `prazo` and `até` in Portuguese.
    /// `TBD`, `ASAP`, `soon`, `later` (`em breve`, `depois`, `assim que
    /// possível`, `a definir`) are no deadline, and `TBD`, `team`,
    /// `everyone`, `all` (`equipe`, `todos`, `a definir`) no owner. In a
    /// role skill's card its HOW TO ACT is read the same way.
    ///
    /// ## Why is this bad?
    /// Actions have owners and deadlines; "we should consider" is banned. Who
    /// does what by when (agent-protocol, Communication Rule 5).
    ///
    /// ## Example
    /// ```transcript
    /// HOW TO ACT
    /// 1. Renegotiate the AWS commit
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// HOW TO ACT
    /// 1. Renegotiate the AWS commit → CTO → 2026-05-30
    /// ```
    pub struct ActionMissingOwnerOrDeadline {
        code: "C007",
        name: "action-missing-owner-or-deadline",
        family: Card,
        severity: Error,
        added: "0.1.0",
        summary: "An action has no owner or no deadline",
    }
}

impl Rule for ActionMissingOwnerOrDeadline {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for card in &t.cards {
            for section in card
                .sections
                .iter()
                .filter(|s| matches!(s.section, Section::HowToAct | Section::ActionItems))
            {
                for span in items(t, section) {
                    let action = parse_action(t.text(&span));
                    // `→ Team → ASAP`: no one answers for it, and no time is set.
                    let owner = action.owner.filter(|o| !vague_owner(o));
                    let deadline = action.deadline.filter(|d| !vague_deadline(d));
                    let vague: Vec<String> = [
                        action.owner.filter(|_| owner.is_none()).map(|o| format!("`{}` names no owner", o.trim())),
                        action.deadline.filter(|_| deadline.is_none()).map(|d| format!("`{}` is no deadline", d.trim())),
                    ]
                    .into_iter()
                    .flatten()
                    .collect();
                    let (missing, what) = match (owner, deadline) {
                        (Some(_), Some(_)) => continue,
                        (None, Some(_)) => ("an owner", "no owner"),
                        (Some(_), None) => ("a deadline", "no deadline"),
                        (None, None) => {
                            ("an owner and a deadline", "neither an owner nor a deadline")
                        }
                    };
                    let what = if vague.is_empty() {
                        what.to_string()
                    } else {
                        format!("{what} ({})", vague.join(", "))
                    };
                    out.push(
                        self.meta()
                            .diagnostic(span, format!("this action has {what}"))
                            .with_label(format!("needs {missing}"))
                            .with_help("write it as `Action → Owner → Deadline`, e.g. `Open two reqs → CHRO → 2026-04-15`"),
                    );
                }
            }
        }
    }
}
