use super::card_util::card_anchor;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a founder card that lacks a required section of its kind:
    /// BOTTOM LINE, WHAT, WHY THIS MATTERS and HOW TO ACT for a standard card;
    /// WHAT I NOTICED, WHY IT MATTERS, RECOMMENDED ACTION and URGENCY for a
    /// proactive alert; every section of the board-meeting card; and, for
    /// the role skills' own output standards, every section of theirs
    /// (`**Bottom Line:**`, `**The Decision:**`, `**The Evidence:**`, `**How
    /// to Act:**`, `**Your Decision:**`; the general counsel's `**The
    /// Risks:**`, `**Counter-Proposals:**` and `**Outside Counsel Action
    /// Items:**` in place of the decision, evidence and actions). Headings
    /// are read in English or Portuguese, in any written form.
    ///
    /// ## Why is this bad?
    /// What + Why + How: every finding explains what it is, why it matters and
    /// how to act on it (agent-protocol, Communication Rule 3). A card without
    /// HOW TO ACT is an opinion, not a recommendation.
    ///
    /// ## Example
    /// ```transcript
    /// 📊 CMO — Q3 campaign
    ///
    /// BOTTOM LINE
    /// Shift 30% of paid spend to partner webinars.
    ///
    /// WHAT
    /// • Webinar CAC is $4.1K against $9.8K for paid [VERIFIED: HubSpot Q2] 🟢
    /// ```
    ///
    /// Use instead: add WHY THIS MATTERS and HOW TO ACT.
    /// ```transcript
    /// WHY THIS MATTERS
    /// At current CAC the Q3 budget buys 40 fewer customers.
    ///
    /// HOW TO ACT
    /// 1. Move $60K from paid search to webinars → CMO → 2026-07-01
    /// ```
    pub struct MissingSection {
        code: "C002",
        name: "missing-section",
        family: Card,
        severity: Error,
        added: "0.1.0",
        summary: "A card lacks a required section",
    }
}

impl Rule for MissingSection {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for card in &t.cards {
            let pt = card.lang() == crate::model::sections::Lang::Pt;
            let missing: Vec<String> = card
                .kind
                .layout()
                .iter()
                .filter(|(s, required)| *required && card.section(*s).is_none())
                .map(|(s, _)| format!("`{}`", s.title(pt)))
                .collect();
            if missing.is_empty() {
                continue;
            }
            let list = missing.join(", ");
            out.push(
                self.meta()
                    .diagnostic(card_anchor(t, card), format!("the card has no {list} section"))
                    .with_label(format!("missing {list}"))
                    .with_help("add the missing sections, in canonical order; `boardlint rule C002` lists them per card kind"),
            );
        }
    }
}
