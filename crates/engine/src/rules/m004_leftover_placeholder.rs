use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a bracketed span inside a RESPONSE block or a founder card that
    /// is a template placeholder left in the output, such as `[Finding 1]`,
    /// `[Owner]` or `[list from account data]`.
    ///
    /// Not placeholders: markers, markdown links and references (`[text](url)`,
    /// `[text][ref]`, `[ref]: url`), footnotes (`[^1]`), task checkboxes
    /// (`[ ]`, `[x]`), numeric citations (`[3]`) and single ALL-CAPS tags
    /// (`[CRITICAL]`, `[DO_NOT_RESURFACE]`), except `[TBD]`, `[TODO]`, `[TBC]`,
    /// `[TK]`, `[XXX]` and `[FIXME]`, which are; and a confidence with its
    /// level (`[Confidence: High]`), a value given.
    ///
    /// ## Why is this bad?
    /// The founder sees polished, verified output, not first drafts
    /// (agent-protocol, Internal Quality Loop). A placeholder is a value the
    /// agent never filled in.
    ///
    /// ## Example
    /// ```transcript
    /// [RESPONSE:cpo]
    /// Key finding: Cut Q3 scope by 30% to protect retention work.
    /// Supporting data:
    ///   - Features the top accounts use most: [list from account data]
    ///   - Lost customer's requests: deprioritised
    /// Confidence: medium
    /// Caveat: Needs sales input on blocking features.
    /// [/RESPONSE]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// [RESPONSE:cpo]
    /// Key finding: Cut Q3 scope by 30% to protect retention work.
    /// Supporting data:
    ///   - Features the top accounts use most: SSO, audit log, bulk export
    ///   - Lost customer's requests: deprioritised
    /// Confidence: medium
    /// Caveat: Needs sales input on blocking features.
    /// [/RESPONSE]
    /// ```
    pub struct LeftoverPlaceholder {
        code: "M004",
        name: "leftover-placeholder",
        family: Marker,
        severity: Warning,
        added: "0.1.0",
        summary: "A template placeholder is left in a response or card",
    }
}

impl Rule for LeftoverPlaceholder {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for span in &t.placeholders {
            out.push(
                self.meta()
                    .diagnostic(
                        span.clone(),
                        format!("template placeholder `{}` left in the output", t.text(span)),
                    )
                    .with_label("placeholder")
                    .with_help("replace it with the real value, or remove it"),
            );
        }
    }
}
