use crate::rules::prelude::*;
use crate::syntax::BlockKind;

declare_rule! {
    /// ## What it does
    /// Flags a RESPONSE block whose fields are not in the order `Key finding:`,
    /// `Supporting data:`, `Confidence:`, `Caveat:`. It is reported at the
    /// block's opener, since the order is the block's and `fmt` prints the
    /// block again, with the two fields out of order marked as related.
    /// `boardlint fmt` reorders
    /// them in a closed top-level block that holds nothing but its fields
    /// (notes and CHAIN markers may stand in them); only there is the finding
    /// marked fixable. A block with prose before its first field, a nested
    /// invocation or block, or its opener or closer sharing a line is left
    /// as written (`fmt` only lower-cases its opener's role).
    ///
    /// ## Why is this bad?
    /// Bottom line first: the answer comes before its evidence, and the caller
    /// reads every response the same way (agent-protocol, Response Format).
    ///
    /// ## Example
    /// ```transcript
    /// [RESPONSE:cto]
    /// Confidence: medium
    /// Key finding: The feature can ship in Q3 with two scope cuts.
    /// ...
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// [RESPONSE:cto]
    /// Key finding: The feature can ship in Q3 with two scope cuts.
    /// ...
    /// Confidence: medium
    /// ```
    pub struct FieldOrder {
        code: "R005",
        name: "field-order",
        family: Response,
        severity: Warning,
        added: "0.1.0",
        summary: "A response's fields are out of order",
        fix: Block,
    }
}

impl Rule for FieldOrder {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for block in t
            .blocks
            .iter()
            .filter(|b| b.kind == BlockKind::Response)
        {
            let fields = crate::model::response_fields(t, block);
            // First occurrence of each field, in the order written.
            let mut seen = Vec::new();
            for f in &fields.fields {
                if !seen
                    .iter()
                    .any(|s: &&crate::model::ResponseField| s.name == f.name)
                {
                    seen.push(f);
                }
            }
            let Some(pair) = seen.windows(2).find(|w| w[0].name > w[1].name) else {
                continue;
            };
            let (early, late) = (pair[1], pair[0]);
            out.push(
                self.meta()
                    .diagnostic(
                        block.open.clone(),
                        format!("`{}` comes after `{}`, out of order", early.name.label(), late.name.label()),
                    )
                    .with_label("fields out of order")
                    .with_related(late.label.clone(), "should come later")
                    .with_related(early.label.clone(), "should come earlier")
                    .with_help("order the fields Key finding, Supporting data, Confidence, Caveat (`boardlint fmt` does it)"),
            );
        }
    }
}
