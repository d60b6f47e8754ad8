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
    /// So is a marker misspelt: a bracket in a marker's shape whose
    /// upper-case keyword is an edit or a few from a real one
    /// (`[/RESPONCE]`, `[/RESPONSES]`, `[/PEER-VERIFIED]`, `[RESPONCE:cfo]`,
    /// `[INVOK:cfo|…]`, or translated: `[/RESPOSTA]`). The message names the
    /// marker meant ("did you mean `[/RESPONSE]`?"), and it is no template
    /// placeholder (M004). A misspelt closer closes nothing, so the block
    /// it was meant to close is still open (M003).
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
    /// [INVOK:cro|How much pipeline is late-stage?]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// [INVOKE:cfo|What is the burn rate?]
    /// [BROADCAST:all|Is anyone over budget?]
    /// [INVOKE:cro|How much pipeline is late-stage?]
    /// ```
    pub struct MalformedMarker {
        code: "M001",
        name: "malformed-marker",
        family: Marker,
        severity: Error,
        added: "0.1.0",
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
