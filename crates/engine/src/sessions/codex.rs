//! Codex CLI rollouts (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`):
//! `{timestamp, type, payload}` records; assistant text is in
//! `response_item` messages, tool calls and their outputs are
//! `function_call` / `function_call_output` items (and the custom-tool
//! forms). `event_msg` records repeat what the items say and are not read.

use super::spec::Spec;
use super::json::JValue;
use super::log::{Conversation, SessionLog, ToolRef};
use super::read::{agent_name, text_blocks};

pub(super) const FORMAT: Spec = Spec {
    name: "Codex CLI rollout",
    document: None,
    text: None,
    record: Some(is_record),
    read,
    structured_tools: true,
    resumes_at_messages: true,
    version: Some(|v| {
        v.get("payload")?
            .str_at("cli_version")
            .map(|s| s.into_owned())
    }),
};

fn is_record(v: &JValue<'_>) -> bool {
    v.get("payload").is_some() && v.get("type").is_some() && v.get("timestamp").is_some()
}

fn read(log: &mut SessionLog, text: &str) {
    let mut conversation = Conversation::default();
    log.read_jsonl(text, |log, i, span, v| {
        if !v.get("type").is_some_and(|t| t.is_str("response_item")) {
            return;
        }
        let Some(payload) = v.get("payload") else {
            return;
        };
        let Some(kind) = payload.get("type") else {
            return;
        };
        if kind.is_str("message") {
            if payload.get("role").is_some_and(|r| r.is_str("assistant")) {
                let pieces = text_blocks(
                    payload.get("content").unwrap_or(&JValue::Null),
                    &["output_text", "text"],
                );
                conversation.push(pieces, agent_name(payload));
            }
        } else if kind.is_str("function_call") || kind.is_str("custom_tool_call") {
            if let Some(id) = payload.get("call_id") {
                log.calls.push(ToolRef::new(id, span, (i, 0)));
            }
        } else if kind.is_str("function_call_output") || kind.is_str("custom_tool_call_output") {
            if let Some(id) = payload.get("call_id") {
                log.results.push(ToolRef::new(id, span, (i, 0)));
            }
        }
    });
    log.conversations.push(conversation);
}
