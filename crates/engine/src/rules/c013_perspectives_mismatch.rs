use super::card_util::items;
use crate::model::card_body::{self, EntryKind};
use crate::model::CardSection;
use crate::roles::Role;
use crate::model::{CardKind, Section};
use crate::rules::prelude::*;
use crate::syntax::{BlockKind, Span};

declare_rule! {
    /// ## What it does
    /// Flags a board card's PERSPECTIVES (PERSPECTIVAS) line that is not
    /// `ROLE: one-line position`, and a role listed there that never spoke in
    /// the file; and, on a verified card's `PEER-VERIFIED BY:` line
    /// (`VERIFICADO POR PARES:`), a verifier that is not a role or never
    /// spoke, or the card's own role (`📊 CFO — …` verified by `CFO`: a role
    /// is not its own peer). A role spoke if it has a speaker line or heading, a RESPONSE
    /// or PEER-VERIFY block, a Phase 2 contribution (`## CFO — 2026-03-05`)
    /// or a card of its own; the PERSPECTIVES and peer lines themselves do
    /// not count. A file that records no conversation (no speaker line,
    /// invocation, RESPONSE or PEER-VERIFY block: a card alone, a template
    /// excerpt) says nothing about who spoke, and only the form of its lines
    /// is checked.
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
        family: Card,
        severity: Warning,
        added: "0.1.0",
        summary: "A PERSPECTIVES or PEER-VERIFIED BY line is malformed or names a role that never spoke or the card's own",
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
        // A file that records no conversation (a card alone, a template
        // excerpt) says nothing about who spoke: only the form is checked.
        let records_speakers = t.records_conversation();
        let never_spoke = |role| records_speakers && !spoke(role);
        for card in &t.cards {
            if card.kind == CardKind::Board {
                if let Some(section) = card.section(Section::Perspectives) {
                    self.perspectives(t, section, &never_spoke, out);
                }
            }
            for section in &card.sections {
                for entry in card_body::entries(t.source, &t.doc.lines, section) {
                    if entry.kind == EntryKind::Peer {
                        self.peers(t, entry.span, card.role, &never_spoke, out);
                    }
                }
            }
        }
    }
}

impl PerspectivesMismatch {
    fn perspectives(
        &self,
        t: &Transcript<'_>,
        section: &CardSection,
        never_spoke: &dyn Fn(Role) -> bool,
        out: &mut Vec<Diagnostic>,
    ) {
        for span in items(t, section) {
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
                Some((role, len)) if never_spoke(role) => {
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

    /// `PEER-VERIFIED BY: CFO (math ✅), CTO (timeline ⚠️ adjusted to Q3)`:
    /// each verifier, before its note, is a role that spoke.
    fn peers(
        &self,
        t: &Transcript<'_>,
        span: Span,
        author: Option<Role>,
        never_spoke: &dyn Fn(Role) -> bool,
        out: &mut Vec<Diagnostic>,
    ) {
        let text = t.text(&span);
        let Some(colon) = text.find(':') else {
            return;
        };
        let label = text[..colon].trim().trim_matches(['*', '_']).to_string();
        for (at, part) in verifiers(&text[colon + 1..]) {
            let start = span.start + colon + 1 + at;
            let name = part.split('(').next().unwrap_or("").trim_end();
            let bare = name.trim_matches(['*', '_']).trim();
            if bare.is_empty() {
                continue;
            }
            let name_span = start..start + name.len();
            match t.roles().lookup(bare) {
                None => out.push(
                    self.meta()
                        .diagnostic(name_span, format!("`{bare}` in {label} is not a role"))
                        .with_label("not a role")
                        .with_help("name each verifying role with its check, e.g. `PEER-VERIFIED BY: CFO (math ✅)`"),
                ),
                Some(role) if Some(role) == author => {
                    let name = t.roles().name(role);
                    out.push(
                        self.meta()
                            .diagnostic(name_span, format!("`{name}` wrote this card, so it cannot be its own peer verifier"))
                            .with_label("the card's own role")
                            .with_help("peer verification is by another role (agent-protocol, Step 2: Peer Verification): name the role that checked the card, e.g. `PEER-VERIFIED BY: CTO (timeline ✅)`"),
                    );
                }
                Some(role) if never_spoke(role) => {
                    let name = t.roles().name(role);
                    out.push(
                        self.meta()
                            .diagnostic(name_span, format!("`{name}` is named in {label} but never spoke in this transcript"))
                            .with_label("never spoke")
                            .with_help("name only the roles whose verification is in the transcript (`[PEER-VERIFY:role]`), or remove the name"),
                    );
                }
                Some(_) => {}
            }
        }
    }
}

/// The comma-separated verifiers of a peer line, each with its byte offset
/// after leading white space; commas inside a parenthesised note do not
/// separate.
fn verifiers(value: &str) -> Vec<(usize, &str)> {
    let mut cuts = Vec::new();
    let mut depth = 0usize;
    for (i, c) in value.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' | ';' if depth == 0 => cuts.push(i),
            _ => {}
        }
    }
    let mut out = Vec::new();
    let mut start = 0;
    for end in cuts.into_iter().chain([value.len()]) {
        let part = &value[start..end];
        let lead = part.len() - part.trim_start().len();
        out.push((start + lead, part.trim()));
        start = end + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::verifiers;

    #[test]
    fn splits_verifiers_outside_their_notes() {
        assert_eq!(
            verifiers(" CFO (math ✅, units), CTO (timeline ⚠️ adjusted to Q3)"),
            vec![(1, "CFO (math ✅, units)"), (24, "CTO (timeline ⚠️ adjusted to Q3)")]
        );
        assert_eq!(verifiers(" CFO"), vec![(1, "CFO")]);
    }
}
