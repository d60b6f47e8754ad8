//! Pi coding agent sessions (`~/.pi/agent/sessions/…/*.jsonl`): a
//! `{"type":"session", …}` header, then records such as `model_change` and
//! `message`, each with `id` and `parentId`. An assistant message's `text`
//! blocks are assistant text (`thinking` is not); its `toolCall` blocks are
//! calls, answered by `toolResult` messages naming `toolCallId`.

use super::spec::Spec;
use super::json::JValue;
use super::log::{Conversation, SessionLog, ToolRef};
use super::read::text_blocks;

pub(super) const FORMAT: Spec = Spec {
    name: "Pi agent session",
    document: None,
    text: None,
    record: Some(is_record),
    read,
    structured_tools: true,
    resumes_at_messages: true,
    version: None,
};

fn is_record(v: &JValue<'_>) -> bool {
    let Some(kind) = v.get("type") else {
        return false;
    };
    (kind.is_str("session") && v.get("version").is_some() && v.get("id").is_some())
        || (kind.is_str("message") && v.get("parentId").is_some() && v.get("message").is_some())
}

fn read(log: &mut SessionLog, text: &str) {
    let mut conversation = Conversation::default();
    log.read_jsonl(text, |log, i, span, v| {
        if !v.get("type").is_some_and(|t| t.is_str("message")) {
            return;
        }
        let Some(m) = v.get("message") else { return };
        let Some(role) = m.get("role") else { return };
        if role.is_str("assistant") {
            let content = m.get("content").unwrap_or(&JValue::Null);
            for (k, b) in content.as_array().unwrap_or_default().iter().enumerate() {
                if b.get("type").is_some_and(|t| t.is_str("toolCall")) {
                    if let Some(id) = b.get("id") {
                        log.calls.push(ToolRef::new(id, span, (i, k)));
                    }
                }
            }
            conversation.push(text_blocks(content, &["text"]), None);
        } else if role.is_str("toolResult") {
            if let Some(id) = m.get("toolCallId") {
                log.results.push(ToolRef::new(id, span, (i, 0)));
            }
        }
    });
    log.conversations.push(conversation);
}
