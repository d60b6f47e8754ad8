//! Grok Build's chat history (`chat_history.jsonl` in the session's
//! folder): one row a line, `{type: system | user | assistant |
//! tool_result | reasoning | backend_tool_call, …}`, with no envelope (no
//! id, time or role). An `assistant` row's `content` (a string) is the
//! model's text; its `tool_calls[] {id, name, arguments}` are calls,
//! answered by `tool_result` rows naming `tool_call_id`. `reasoning` rows,
//! the user's rows and tool results are not read.

use super::json::JValue;
use super::log::{Conversation, Piece, SessionLog, ToolRef};
use super::spec::Spec;

pub(super) const FORMAT: Spec = Spec {
    name: "Grok Build chat history",
    document: None,
    text: None,
    record: Some(is_record),
    read,
    structured_tools: true,
    resumes_at_messages: false,
    version: None,
};

const TYPES: &[&str] = &[
    "system",
    "user",
    "assistant",
    "tool_result",
    "reasoning",
    "backend_tool_call",
];

/// A row: one of Grok Build's types, with `content` or `tool_call_id`,
/// and none of the envelope fields other logs write.
fn is_record(v: &JValue<'_>) -> bool {
    v.str_at("type").is_some_and(|t| TYPES.contains(&t.as_ref()))
        && (v.get("content").is_some() || v.get("tool_call_id").is_some())
        && ["uuid", "parentUuid", "sessionId", "message", "role", "timestamp", "payload", "data"]
            .iter()
            .all(|k| v.get(k).is_none())
}

fn read(log: &mut SessionLog, text: &str) {
    let mut conversation = Conversation::default();
    log.read_jsonl(text, |log, i, span, v| {
        let Some(kind) = v.get("type") else { return };
        if kind.is_str("tool_result") {
            if let Some(id) = v.get("tool_call_id") {
                log.results.push(ToolRef::new(id, span, (i, 0)));
            }
            return;
        }
        if !kind.is_str("assistant") {
            return;
        }
        for (k, call) in v
            .get("tool_calls")
            .and_then(JValue::as_array)
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            if let Some(id) = call.get("id") {
                log.calls.push(ToolRef::new(id, span, (i, k)));
            }
        }
        if let Some(content) = v.get("content").and_then(JValue::raw) {
            if !content.text.is_empty() {
                conversation.push(vec![Piece::block(content)], None);
            }
        }
    });
    log.conversations.push(conversation);
}
