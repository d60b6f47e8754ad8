use super::block_fields::check_labels;
use crate::rules::prelude::*;
use crate::syntax::BlockKind;

declare_rule! {
    /// ## What it does
    /// Flags a `[CRITIC-SCREEN]` block without `Weakest point:`,
    /// `Missing perspective:`, `If wrong, the cost is:` and a `Proceed:` line
    /// with ✅, ⚠️ or 🔴.
    ///
    /// ## Why is this bad?
    /// The critic's pre-screen of high-stakes decisions has one format
    /// (agent-protocol, Internal Quality Loop, Step 3): the weakest point, the
    /// missing perspective, the quantified downside and a verdict.
    ///
    /// ## Example
    /// ```transcript
    /// [CRITIC-SCREEN]
    /// Weakest point: Assumes the lead investor commits by June.
    /// Proceed: maybe
    /// [/CRITIC-SCREEN]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// [CRITIC-SCREEN]
    /// Weakest point: Assumes the lead investor commits by June.
    /// Missing perspective: No customer reference was asked.
    /// If wrong, the cost is: three months of runway ($840K).
    /// Proceed: ⚠️ After adding a second lead investor to the process
    /// [/CRITIC-SCREEN]
    /// ```
    pub struct CriticScreenFormat {
        code: "Q006",
        name: "critic-screen-format",
        family: Quality,
        severity: Error,
        added: "0.1.0",
        summary: "A CRITIC-SCREEN block lacks a field or a verdict",
    }
}

pub const CRITIC_FIELDS: &[(&str, &[&str])] = &[
    ("Weakest point", &[]),
    ("Missing perspective", &[]),
    ("If wrong, the cost is", &[]),
    ("Proceed", &["✅", "⚠️", "⚠", "🔴"]),
];

impl Rule for CriticScreenFormat {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for block in t
            .blocks
            .iter()
            .filter(|b| b.kind == BlockKind::CriticScreen && b.close.is_some())
        {
            if let Some(problem) = check_labels(t, block, CRITIC_FIELDS, false) {
                out.push(
                    self.meta()
                        .diagnostic(block.open.clone(), format!("critic screen: {problem}"))
                        .with_label("incomplete critic screen")
                        .with_help("write `Weakest point:`, `Missing perspective:`, `If wrong, the cost is:` and `Proceed: ✅ …`, `⚠️ …` or `🔴 …`"),
                );
            }
        }
    }
}
