use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a tool result that names no earlier tool call of the log (in
    /// an OpenAI JSONL dataset, of its own line's conversation). Cline
    /// returns tool results as user text, and Gemini CLI and OpenCode keep
    /// each result inside its call, so their logs are not checked.
    ///
    /// ## Why is this bad?
    /// A result for nothing means the log lost the call, or results were
    /// spliced in from another session: the agent's reasoning is built on
    /// output whose origin the log cannot show.
    ///
    /// ## Example
    /// ```json
    /// {"type":"user","uuid":"u9","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_missing","content":"ok"}]}}
    /// ```
    ///
    /// Use instead: keep every call in the log before its result.
    pub struct ResultWithoutCall {
        code: "A003",
        name: "result-without-call",
        family: Session,
        severity: Error,
        added: "0.1.0",
        summary: "A tool result answers no call",
    }
}

impl SessionRule for ResultWithoutCall {
    fn check(&self, s: &Session<'_>, out: &mut Vec<Diagnostic>) {
        if !s.log.structured_tools {
            return;
        }
        let first_calls = s.log.first_calls();
        for result in &s.log.results {
            if first_calls
                .get(&(result.scope, result.id.as_str()))
                .is_some_and(|&c| c < result.order)
            {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(result.span.clone(), format!("tool result `{}` answers no earlier call", result.id))
                    .with_label("no call")
                    .with_help("the call is missing from the log, or the result belongs to another session"),
            );
        }
    }
}
