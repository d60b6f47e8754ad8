use super::block_fields::check_labels;
use crate::rules::prelude::*;
use crate::syntax::BlockKind;

declare_rule! {
    /// ## What it does
    /// Flags a `[PEER-VERIFY:role]` block without all three lines
    /// `Validated: ✅ …`, `Adjusted: ⚠️ …` and `Flagged: 🔴 …`, each with its
    /// emoji unless it says "none".
    ///
    /// ## Why is this bad?
    /// Peer validation has one format (agent-protocol, Internal Quality Loop,
    /// Step 2), so the presenting role can see at a glance what was checked,
    /// what changed and what is still wrong.
    ///
    /// ## Example
    /// ```transcript
    /// [PEER-VERIFY:cfo]
    /// Looks fine to me.
    /// [/PEER-VERIFY]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// [PEER-VERIFY:cfo]
    /// Validated: ✅ Burn rate calculation correct
    /// Adjusted: ⚠️ Hiring moves to Q3 (budget constraint)
    /// Flagged: none
    /// [/PEER-VERIFY]
    /// ```
    pub struct PeerVerifyFormat {
        code: "Q005",
        name: "peer-verify-format",
        family: Quality,
        severity: Error,
        added: "0.1.0",
        summary: "A PEER-VERIFY block lacks Validated, Adjusted or Flagged",
    }
}

pub const PEER_FIELDS: &[(&str, &[&str])] = &[
    ("Validated", &["✅"]),
    ("Adjusted", &["⚠️", "⚠"]),
    ("Flagged", &["🔴"]),
];

impl Rule for PeerVerifyFormat {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for block in t
            .blocks
            .iter()
            .filter(|b| b.kind == BlockKind::PeerVerify && b.close.is_some())
        {
            if let Some(problem) = check_labels(t, block, PEER_FIELDS, true) {
                out.push(
                    self.meta()
                        .diagnostic(block.open.clone(), format!("peer verification: {problem}"))
                        .with_label("incomplete peer verification")
                        .with_help("write three lines: `Validated: ✅ …`, `Adjusted: ⚠️ …`, `Flagged: 🔴 …` (or `none`)"),
                );
            }
        }
    }
}
