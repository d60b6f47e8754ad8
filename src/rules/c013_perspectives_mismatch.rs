use super::card_util::section_spans;
use crate::model::{CardKind, Section};
use crate::rules::prelude::*;
use crate::syntax::BlockKind;

declare_rule! {
    /// ## What it does
    /// Flags a board card's PERSPECTIVES (PERSPECTIVAS) line that is not
    /// `ROLE: one-line position`, and a role listed there that never spoke in
    /// the file. A role spoke if it has a speaker line or heading, a RESPONSE
    /// or PEER-VERIFY block, a Phase 2 contribution (`## CFO — 2026-03-05`)
    /// or a card of its own; the PERSPECTIVES lines themselves do not count.
    ///
    /// ## Why is this bad?
    /// Perspectives list "only roles that contributed" (agent-protocol, Board
    /// Meeting Output). A position attributed to a role that never spoke is a
    /// hallucinated consensus.
    ///
    /// ## Example
    /// ```transcript
    /// PERSPECTIVES
    ///   CFO: Fund the pilot from the Q3 buffer.
    ///   GC: No contract risk.
    /// ```
    /// where no `GC` speaks anywhere in the transcript.
    ///
    /// Use instead: list only the roles whose contributions are in the
    /// transcript.
    pub struct PerspectivesMismatch {
        code: "C013",
        name: "perspectives-mismatch",
        severity: Warning,
        summary: "A PERSPECTIVES line is malformed or names a role that never spoke",
    }
}

impl Rule for PerspectivesMismatch {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        let spoke = |role| {
            t.spoke_before.contains(&role)
                || t.speaker_lines.iter().any(|(_, r)| *r == role)
                || t.blocks.iter().any(|b| {
                    b.role == Some(role)
                        && matches!(b.kind, BlockKind::Response | BlockKind::PeerVerify)
                })
                || t.cards.iter().any(|c| c.role == Some(role))
        };
        for card in t.cards.iter().filter(|c| c.kind == CardKind::Board) {
            let Some(section) = card.section(Section::Perspectives) else {
                continue;
            };
            for span in section_spans(t, section) {
                let text = t.text(&span);
                let body = text.trim_start_matches(['-', '*', '•', '+', ' ']);
                let offset = span.start + (text.len() - body.len());
                let parsed = body.split_once(':').and_then(|(name, position)| {
                    let name = name.trim().trim_matches(['*', '_']);
                    let role = t.roles().lookup(name)?;
                    (!position.trim().trim_matches(['*', '_']).trim().is_empty())
                        .then_some((role, name.len()))
                });
                match parsed {
                    None => out.push(
                        self.meta()
                            .diagnostic(span.clone(), "a PERSPECTIVES line must be `ROLE: one-line position`")
                            .with_label("not `ROLE: position`")
                            .with_help("write one line per contributing role, e.g. `  CFO: Fund the pilot from the Q3 buffer.`"),
                    ),
                    Some((role, len)) if !spoke(role) => {
                        let name = t.roles().name(role);
                        out.push(
                            self.meta()
                                .diagnostic(offset..offset + len, format!("`{name}` is listed in PERSPECTIVES but never spoke in this transcript"))
                                .with_label("never spoke")
                                .with_help("list only the roles that contributed; add the role's contribution or remove the line"),
                        );
                    }
                    _ => {}
                }
            }
        }
    }
}
