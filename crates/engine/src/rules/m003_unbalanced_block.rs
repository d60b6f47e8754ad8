use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a block that is opened and never closed (`[RESPONSE:x]`,
    /// `[PEER-VERIFY:x]`, `[CRITIC-SCREEN]`, `[CONFLICT DETECTED]`), reported
    /// at its opener, and a closing marker that closes nothing, because no
    /// block is open or the innermost open block is of another kind, reported
    /// at that closer.
    ///
    /// ## Why is this bad?
    /// Everything after an unclosed opener reads as part of the block: its
    /// speaker, its call chain, its fields. A stray closer usually means the
    /// opener was misspelt or a block was closed with the wrong tag.
    ///
    /// ## Example
    /// ```transcript
    /// [CONFLICT DETECTED]
    /// CFO says: 14 months of runway. CRO says: 18 months.
    /// Resolution: plan for the conservative case.
    /// [/RESPONSE]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// [CONFLICT DETECTED]
    /// CFO says: 14 months of runway. CRO says: 18 months.
    /// Resolution: plan for the conservative case.
    /// [/CONFLICT]
    /// ```
    pub struct UnbalancedBlock {
        code: "M003",
        name: "unbalanced-block",
        family: Marker,
        severity: Error,
        added: "0.1.0",
        summary: "A block is never closed, or a closer closes nothing",
    }
}

impl Rule for UnbalancedBlock {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for block in t.blocks.iter().filter(|b| b.close.is_none()) {
            let opener = t.text(&block.open);
            out.push(
                self.meta()
                    .diagnostic(block.open.clone(), format!("`{opener}` is never closed"))
                    .with_label("opened here")
                    .with_help(format!("close the block with `{}`", block.kind.closer())),
            );
        }
        for stray in &t.stray_closers {
            let closer = t.text(&stray.span);
            let d = match &stray.innermost {
                None => self
                    .meta()
                    .diagnostic(
                        stray.span.clone(),
                        format!("`{closer}` closes nothing: no block is open"),
                    )
                    .with_label("nothing to close")
                    .with_help(format!(
                        "remove it, or open the block with `{}` before it",
                        stray.kind.opener()
                    )),
                Some((kind, open)) => {
                    let opener = stray
                        .carried_opener
                        .as_deref()
                        .unwrap_or_else(|| t.text(open));
                    self.meta()
                        .diagnostic(
                            stray.span.clone(),
                            format!("`{closer}` does not close the innermost open block, `{opener}`"),
                        )
                        .with_label("closes nothing")
                        .with_related(open.clone(), "innermost open block")
                        .with_help(format!("close `{opener}` first with `{}`", kind.closer()))
                }
            };
            out.push(d);
        }
    }
}
