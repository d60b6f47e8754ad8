use crate::model::InvocationKind;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags an `[INVOKE:role|…]` that no `[RESPONSE:role]` answers before the
    /// transcript moves on: after it, a RESPONSE block of any role opens, its
    /// invoker speaks again (a later speaker line of the role that invoked),
    /// or a card follows. Each RESPONSE answers the most recent still-pending
    /// INVOKE of its role.
    ///
    /// A file that ends waiting on the invocation (none of that after it),
    /// such as a list of example invocations, is not reported: nothing shows
    /// the answer was due. Nor is another role speaking after it, nor an
    /// invocation the invoked role answers in speech: a speaker turn of that
    /// role that answers the call (`CFO: It is $2M.` while the call is
    /// pending, before its invoker speaks again or another role takes the
    /// floor).
    ///
    /// ## Why is this bad?
    /// An unanswered invocation means a recommendation went out without the
    /// data it asked for, and nobody said so.
    ///
    /// ## Example
    /// ```transcript
    /// CRO → [INVOKE:cfo|What is the Q3 budget?]
    /// CRO → [INVOKE:cmo|What CAC should we plan for?]
    /// [RESPONSE:cfo]
    /// ...
    /// [/RESPONSE]
    /// ```
    ///
    /// Use instead: record the CMO's response too, or replace the invocation
    /// with an `[ASSUMPTION: …]`:
    /// ```transcript
    /// CRO → [INVOKE:cfo|What is the Q3 budget?]
    /// [ASSUMPTION: CAC stays near $9K — not verified with CMO]
    /// ```
    pub struct UnansweredInvoke {
        code: "R006",
        name: "unanswered-invoke",
        family: Response,
        severity: Warning,
        added: "0.1.0",
        summary: "An invocation is never answered",
    }
}

impl Rule for UnansweredInvoke {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for inv in &t.invocations {
            if inv.kind != InvocationKind::Invoke
                || inv.answered_by.is_some()
                || inv.spoken_to
                || !inv.moved_on
            {
                continue;
            }
            let role = t.roles().name(inv.role.expect("an INVOKE has a role"));
            out.push(
                self.meta()
                    .diagnostic(inv.span.clone(), format!("this invocation of `{role}` is never answered"))
                    .with_label("no response follows")
                    .with_help(format!(
                        "record `[RESPONSE:{role}]` … `[/RESPONSE]` after it, or replace it with an `[ASSUMPTION: …]`"
                    )),
            );
        }
    }
}
