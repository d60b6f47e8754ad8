use crate::model::Answer;
use crate::rules::prelude::*;
use crate::syntax::BlockKind;

declare_rule! {
    /// ## What it does
    /// Flags a `[RESPONSE:role]` block that answers nothing: no INVOKE of its
    /// role is pending and no broadcast is waiting for its answer (each role
    /// answers a broadcast once).
    ///
    /// A response in a file that records no invocation before it, such as a
    /// quoted example response, is not reported: its invocation may simply
    /// be outside the excerpt.
    ///
    /// ## Why is this bad?
    /// A response nobody asked for is usually answering a question meant for
    /// another role, or a second answer to a question already answered.
    ///
    /// ## Example
    /// ```transcript
    /// CRO → [INVOKE:cfo|What is the Q3 budget?]
    /// [RESPONSE:cmo]
    /// ...
    /// [/RESPONSE]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// CRO → [INVOKE:cfo|What is the Q3 budget?]
    /// [RESPONSE:cfo]
    /// ...
    /// [/RESPONSE]
    /// ```
    pub struct UnsolicitedResponse {
        code: "R007",
        name: "unsolicited-response",
        family: Response,
        severity: Warning,
        added: "0.1.0",
        summary: "A response answers no pending invocation",
    }
}

impl Rule for UnsolicitedResponse {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for block in t.blocks.iter().filter(|b| b.kind == BlockKind::Response) {
            if block.answer
                != Some(Answer::Nothing {
                    invocations_recorded: true,
                })
            {
                continue;
            }
            let Some(role) = block.role else { continue };
            let role = t.roles().name(role);
            out.push(
                self.meta()
                    .diagnostic(block.open.clone(), format!("this response from `{role}` answers no pending invocation"))
                    .with_label("unsolicited")
                    .with_help(format!(
                        "a RESPONSE answers the latest unanswered `[INVOKE:{role}|…]` or a broadcast; check the role, \
                         or remove the duplicate answer"
                    )),
            );
        }
    }
}
