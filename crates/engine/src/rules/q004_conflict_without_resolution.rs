use crate::model::Note;
use crate::rules::prelude::*;
use crate::syntax::{BlockKind, Lead, LineKind};
use crate::text::Phrases;

declare_rule! {
    /// ## What it does
    /// Flags an inline `[CONFLICT: …]` that states no resolution approach
    /// (conservative, probabilistic, escalate, or time-box: gather more
    /// data within a stated time, in any case; Portuguese conservador,
    /// probabilístico, escalar, time-box, coletar mais dados) inside the
    /// marker, after it on its line or on the next non-blank line, and a `[CONFLICT DETECTED]`
    /// block without a `Resolution:` line.
    ///
    /// ## Why is this bad?
    /// When two agents disagree, flag the conflict and state how it is
    /// resolved: use the worse case, weight by confidence, or escalate to the
    /// founder. Never silently pick one (agent-protocol, Conflict Resolution).
    ///
    /// ## Example
    /// ```transcript
    /// [CONFLICT: CFO projects 14 months of runway; CRO's pipeline implies 18]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// [CONFLICT: CFO projects 14 months of runway; CRO's pipeline implies 18]
    /// Resolution: conservative — plan on 14 months until Q3 closes.
    /// ```
    pub struct ConflictWithoutResolution {
        code: "Q004",
        name: "conflict-without-resolution",
        family: Quality,
        severity: Error,
        added: "0.1.0",
        summary: "A conflict is flagged without a resolution approach",
    }
}

static APPROACHES: Phrases = Phrases::new(&[
    "conservative",
    "probabilistic",
    "escalate",
    "escalated",
    "escalating",
    "conservador",
    "conservadora",
    "probabilístico",
    "probabilística",
    "escalar",
    "escalonar",
    // The fourth resolution of "Handling Conflicting Responses"
    // (invocation-patterns): time-box, gather more data within a time.
    "time-box",
    "time-boxed",
    "timebox",
    "timeboxed",
    "time box",
    "gather more data",
    "gathering more data",
    "collect more data",
    "coletar mais dados",
    "reunir mais dados",
    "levantar mais dados",
    "buscar mais dados",
]);

fn next_non_blank(t: &Transcript<'_>, line: usize) -> Option<usize> {
    (line + 1..t.doc.lines.len()).find(|&i| t.line_kind(i) != LineKind::Blank)
}

impl Rule for ConflictWithoutResolution {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for Note {
            span, text, line, ..
        } in t.conflict_notes.iter()
        {
            // The rest of the marker's last line: `[CONFLICT: …] Resolution: …`.
            let after = &t.source[span.end..];
            let after = &after[..after.find('\n').unwrap_or(after.len())];
            let last_line = *line + t.text(span).matches('\n').count();
            let resolved = APPROACHES.any(t.text(text))
                || APPROACHES.any(after)
                || next_non_blank(t, last_line)
                    .is_some_and(|n| APPROACHES.any(t.text(&t.line_span(n))));
            if resolved {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(span.clone(), "this conflict states no resolution approach")
                    .with_label("unresolved conflict")
                    .with_help("say how it is resolved, in the marker or on the next line: conservative (worse case), probabilistic (weight by confidence), escalate (founder decides) or time-box (gather more data within a stated time)"),
            );
        }
        for block in t
            .blocks
            .iter()
            .filter(|b| b.kind == BlockKind::Conflict && b.close.is_some())
        {
            let has_resolution = block.lines().any(|i| match &t.line(i).lead {
                Some(Lead::Label { text, .. }) => {
                    let label = t.text(text).to_lowercase();
                    label == "resolution" || label == "resolução"
                }
                _ => false,
            });
            if has_resolution {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(block.open.clone(), "this `[CONFLICT DETECTED]` block has no `Resolution:` line")
                    .with_label("no resolution")
                    .with_help("add `Resolution: …` naming the approach (conservative, probabilistic or escalate)"),
            );
        }
    }
}
