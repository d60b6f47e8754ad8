use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags text that starts like a protocol marker (`[INVOKE`, `[RESPONSE`,
    /// `[CHAIN`, `[BLOCKED`, …) but does not parse: a missing colon or
    /// `|question`, an empty role or question, an unclosed bracket, a chain
    /// of one role, or a BROADCAST to a target other than `all`. A source
    /// tag translated into Portuguese (`[VERIFICADO: …]`, `[ASSUMIDO: …]`) is
    /// one too: the protocol writes its tags in English in every language.
    ///
    /// A malformed marker takes no part in chains, pending invocations or
    /// answers; it gets this diagnostic and nothing else.
    ///
    /// ## Why is this bad?
    /// The agent on the other side parses markers literally. A marker it
    /// cannot parse is a question nobody receives, or a block nobody closes.
    ///
    /// ## Example
    /// ```transcript
    /// [INVOKE:cfo What is the burn rate?]
    /// [BROADCAST:cfo|Is anyone over budget?]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// [INVOKE:cfo|What is the burn rate?]
    /// [BROADCAST:all|Is anyone over budget?]
    /// ```
    pub struct MalformedMarker {
        code: "M001",
        name: "malformed-marker",
        severity: Error,
        summary: "Text that starts like a marker does not parse",
    }
}

impl Rule for MalformedMarker {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for m in &t.malformed {
            out.push(
                self.meta()
                    .diagnostic(m.span.clone(), format!("malformed marker: {}", m.reason))
                    .with_label("does not parse as a marker")
                    .with_help(m.help.clone()),
            );
        }
    }
}
