use crate::rules::prelude::*;
use crate::syntax::{Lead, LineKind};
use crate::text::prefix_len_ignoring_case;

declare_rule! {
    /// ## What it does
    /// Reads a board meeting's Phase 5 gate, written as its template writes
    /// it:
    ///
    /// ```text
    /// ⏸️ FOUNDER REVIEW — [Paste synthesis]
    ///
    /// Options: ✅ Approve | ✏️ Modify | ❌ Reject | ❓ Ask follow-up
    /// ```
    ///
    /// (in Portuguese `⏸️ REVISÃO DO FUNDADOR`, `Opções: ✅ Aprovar | ✏️
    /// Modificar | ❌ Rejeitar | ❓ Perguntar`), and flags an `Options:` line
    /// of the gate that leaves out any of the four choices (each known by
    /// its emoji or its word). A `[Paste synthesis]` left in the gate is,
    /// like any placeholder outside a card or a RESPONSE block, not
    /// reported (M004 reads those two).
    ///
    /// An `Options:` line is the gate's when it follows a `⏸️ FOUNDER
    /// REVIEW` line, or stands under a Phase 5 heading, before the next
    /// heading or message. A meeting may run its review in other words (the
    /// founder answering the synthesis directly): the rule reads only the
    /// gate the template writes, and never asks for one.
    ///
    /// ## Why is this bad?
    /// Phase 5 is a full stop: the founder approves, modifies, rejects or
    /// asks a follow-up, and their correction overrides every agent's
    /// proposal (board-meeting, Phase 5). A gate that offers fewer choices
    /// narrows the founder's call.
    ///
    /// ## Example
    /// ```transcript
    /// ⏸️ FOUNDER REVIEW — raise list prices 12% for new customers
    ///
    /// Options: ✅ Approve | ❌ Reject
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// ⏸️ FOUNDER REVIEW — raise list prices 12% for new customers from February
    ///
    /// Options: ✅ Approve | ✏️ Modify | ❌ Reject | ❓ Ask follow-up
    /// ```
    pub struct FounderReviewGate {
        code: "B007",
        name: "founder-review-gate",
        family: Board,
        severity: Warning,
        added: "0.1.0",
        summary: "A board meeting's founder-review gate leaves out one of its four choices",
    }
}

/// The four choices of the gate: how each is named, its emoji first.
const CHOICES: [(&str, &[&str]); 4] = [
    ("✅ Approve", &["✅", "approve", "aprovar", "aprova"]),
    ("✏️ Modify", &["✏", "modify", "modificar", "modifica", "ajustar"]),
    ("❌ Reject", &["❌", "reject", "rejeitar", "rejeita", "recusar"]),
    ("❓ Ask follow-up", &["❓", "ask", "follow-up", "perguntar", "pergunta"]),
];

/// The gate line's words after its emoji, in lower case.
const GATES: &[&str] = &[
    "founder review",
    "revisão do fundador",
    "revisão da fundadora",
    "revisao do fundador",
    "revisao da fundadora",
];

impl Rule for FounderReviewGate {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        // Nothing before the first gate line (each holds the pause emoji)
        // or Phase 5 line is read: most texts have neither.
        let gate_line = t.source.find('⏸').map(|at| t.doc.lines.index_of(at));
        let phase_5 = t
            .doc
            .lines
            .leads()
            .find(|(_, lead)| matches!(lead, Lead::Phase { number: 5, .. }))
            .map(|(i, _)| i);
        let Some(first) = [gate_line, phase_5].into_iter().flatten().min() else {
            return;
        };
        let mut messages = t.message_starts.iter().peekable();
        // The gate is open: a gate line or a Phase 5 heading came before,
        // in this section and message.
        let mut open = false;
        for index in first..t.doc.lines.len() {
            let span = t.line_span(index);
            if messages.next_if(|&&at| at <= span.start).is_some() {
                open = false;
                while messages.next_if(|&&at| at <= span.start).is_some() {}
            }
            let line = t.line(index);
            if line.quoted || line.kind == LineKind::Blank {
                continue;
            }
            let phase = match &line.lead {
                Some(Lead::Phase { number, .. }) => Some(*number),
                _ => None,
            };
            if matches!(line.kind, LineKind::Heading { .. }) || phase.is_some() {
                open = phase == Some(5);
                continue;
            }
            let text_span = line.text();
            let text = t.text(&text_span);
            if gate(text).is_some() {
                open = true;
                continue;
            }
            if !open {
                continue;
            }
            let Some(choices) = options(text) else {
                continue;
            };
            let lower = choices.to_lowercase();
            let missing: Vec<&str> = CHOICES
                .iter()
                .filter(|(_, names)| !names.iter().any(|n| lower.contains(n)))
                .map(|(name, _)| *name)
                .collect();
            if missing.is_empty() {
                continue;
            }
            let list = missing
                .iter()
                .map(|m| format!("`{m}`"))
                .collect::<Vec<_>>()
                .join(", ");
            out.push(
                self.meta()
                    .diagnostic(text_span.clone(), format!("the founder-review options leave out {list}"))
                    .with_label(format!("{} of 4 choices", 4 - missing.len()))
                    .with_help("offer the founder all four: `Options: ✅ Approve | ✏️ Modify | ❌ Reject | ❓ Ask follow-up`"),
            );
        }
    }
}

/// The text after a gate line's `⏸️ FOUNDER REVIEW` (`⏸️ REVISÃO DO
/// FUNDADOR`), with emphasis around it allowed.
fn gate(text: &str) -> Option<&str> {
    let rest = text.trim_start_matches(['*', '_', ' ']);
    let rest = rest.strip_prefix('⏸')?;
    let rest = rest
        .trim_start_matches('\u{FE0F}')
        .trim_start_matches(['*', '_', ' ']);
    let len = GATES
        .iter()
        .find_map(|g| prefix_len_ignoring_case(rest, g))?;
    Some(&rest[len..])
}

/// What an `Options:` (`Opções:`) line lists, when the line is one and
/// lists its choices between bars.
fn options(text: &str) -> Option<&str> {
    let rest = text.trim_start_matches(['*', '_', ' ', '-', '•']);
    let len = ["options", "opções", "opcoes"]
        .iter()
        .find_map(|l| prefix_len_ignoring_case(rest, l))?;
    let rest = rest[len..].trim_start_matches(['*', '_', ' ']);
    let rest = rest.strip_prefix(':')?;
    rest.contains('|').then_some(rest)
}
