use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a structured tool call (`tool_use`, `function_call`,
    /// `custom_tool_call`, an entry of `tool_calls[]`, Pi's `toolCall`) that
    /// no later result answers (`tool_result` naming its id,
    /// `function_call_output`, a `tool` message, a `toolResult`). In an
    /// OpenAI JSONL dataset each line is a conversation of its own: only its
    /// own results answer its calls, and the tool calls of its last message
    /// are the example's target, not a step awaiting a result. Cline returns
    /// tool results as user text, and Gemini CLI and OpenCode keep each
    /// result inside its call, so their logs are not checked.
    ///
    /// ## Why is this bad?
    /// A call without a result is a tool that crashed, timed out or was
    /// interrupted; whatever the agent concluded next was concluded without
    /// it.
    ///
    /// ## Example
    /// ```json
    /// {"type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"call_7"}}
    /// ```
    /// and no `function_call_output` for `call_7`.
    ///
    /// Use instead: log the result of every call, including failures.
    pub struct ToolCallWithoutResult {
        code: "A002",
        name: "tool-call-without-result",
        family: Session,
        severity: Warning,
        added: "0.1.0",
        summary: "A tool call has no result",
    }
}

impl SessionRule for ToolCallWithoutResult {
    fn check(&self, s: &Session<'_>, out: &mut Vec<Diagnostic>) {
        if !s.log.structured_tools {
            return;
        }
        let last_results = s.log.last_results();
        for call in &s.log.calls {
            // A dataset example's final tool call is its target.
            if call.target
                || last_results
                    .get(&(call.scope, call.id.as_str()))
                    .is_some_and(|&r| r > call.order)
            {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(
                        call.span.clone(),
                        format!("tool call `{}` has no result", call.id),
                    )
                    .with_label("no result")
                    .with_help(
                        "log the result of every tool call, including failures and interruptions",
                    ),
            );
        }
    }
}
