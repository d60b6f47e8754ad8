use super::card_util::{items, line_text};
use crate::model::{CardKind, Section};
use super::c011_process_narration::opens_with_narration;
use crate::rules::prelude::*;
use crate::text::{has_figure, has_source};

declare_rule! {
    /// ## What it does
    /// Flags a finding that states a figure with no source: a WHAT bullet of a
    /// standard card (or, in a draft, the WHAT line), or a bullet under a
    /// `Key points` / `Pontos-chave` label, the board-meeting Phase 2
    /// contribution template, wherever that label stands. A figure is a number with a currency sign, a percent sign,
    /// a multiplier or unit (K, M, B, x, months, …), or any other number that
    /// is not a date, a year, a quarter (`Q3`) or an ordinal. A source is
    /// `[VERIFIED: …]`, `[ASSUMED: …]`, `— VERIFIED —` / `— ASSUMED —`,
    /// `(from …)` or `(source: …)`, and in Portuguese `(fonte: …)` or `(de …)`
    /// and its contractions `(do …)`, `(da …)`, `(dos …)`, `(das …)`; an
    /// `[ASSUMPTION: …]` states its figure as assumed. A line that narrates
    /// the process (`First I analyzed 12 months of invoices …`) is no finding:
    /// C011 reports it.
    ///
    /// ## Why is this bad?
    /// Source attribution is the first step of self-verification: "ARR is
    /// $2.1M (from CRO pipeline report)", never "ARR is around $2M"
    /// (agent-protocol, Internal Quality Loop).
    ///
    /// ## Example
    /// ```transcript
    /// WHAT
    /// • ARR is around $2M 🟡
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// WHAT
    /// • ARR is $2.1M [VERIFIED: Q4 actuals] 🟢
    /// ```
    pub struct UnsourcedFinding {
        code: "Q001",
        name: "unsourced-finding",
        family: Quality,
        severity: Error,
        added: "0.1.0",
        summary: "A finding states a figure with no source",
    }
}

impl Rule for UnsourcedFinding {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        let mut findings: Vec<crate::syntax::Span> =
            t.key_points.iter().map(|&i| line_text(t, i)).collect();
        for card in t.cards.iter().filter(|c| c.kind == CardKind::Standard) {
            if let Some(what) = card.section(Section::What) {
                findings.extend(items(t, what));
            }
        }
        findings.sort_by_key(|s| s.start);
        findings.dedup();
        for span in findings {
            let text = t.text(&span);
            // A line that narrates the process is no finding: C011 says
            // what to change there.
            if !has_figure(text) || has_source(text) || opens_with_narration(text) {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(span, "this finding states a figure but names no source")
                    .with_label("unsourced figure")
                    .with_help("tag it with where the number comes from: `[VERIFIED: source]` or `[ASSUMED: basis]`"),
            );
        }
    }
}
