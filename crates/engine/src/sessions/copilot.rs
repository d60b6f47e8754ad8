//! GitHub Copilot CLI sessions (`~/.copilot/session-state/<id>/events.jsonl`,
//! `COPILOT_HOME` in place of `~/.copilot`): one event a line,
//! `{type, data, id, parentId[, agentId]}`, with dotted types
//! (`session.start`, `user.message`, `assistant.message`,
//! `tool.execution_complete`, …). An `assistant.message`'s `data.content`
//! is assistant text (`reasoningText` and the opaque reasoning are not);
//! its `data.toolRequests[]` are calls, answered by
//! `tool.execution_complete` events naming the `toolCallId`. A sub-agent's
//! events carry `agentId` (the `toolCallId` of the `task` call that started
//! it): each sub-agent is a conversation of its own. Chunks of one reply
//! (`assistant.message` events sharing `apiCallId`) are one message.
//! `parentId` may name an ephemeral event that is never written, so the
//! events are not a tree boardlint checks.

use std::collections::HashMap;

use super::json::JValue;
use super::log::{Conversation, Piece, SessionLog, ToolRef};
use super::spec::Spec;

pub(super) const FORMAT: Spec = Spec {
    name: "GitHub Copilot CLI session",
    document: None,
    text: None,
    record: Some(is_record),
    read,
    structured_tools: true,
    resumes_at_messages: false,
    version: Some(|v| {
        v.get("data")?
            .str_at("copilotVersion")
            .map(|s| s.into_owned())
    }),
};

/// An event: a dotted `type`, a `data` object, an `id` and a `parentId`
/// key (null for the first event).
fn is_record(v: &JValue<'_>) -> bool {
    v.str_at("type").is_some_and(|t| {
        let (family, _) = t.split_once('.').unwrap_or_default();
        matches!(
            family,
            "session" | "user" | "assistant" | "tool" | "subagent" | "system" | "hook"
        )
    }) && v.get("data").is_some_and(JValue::is_object)
        && v.get("id").is_some()
        && v.get("parentId").is_some()
}

fn read(log: &mut SessionLog, text: &str) {
    // The main agent's conversation first, then each sub-agent's, by the
    // order each first speaks.
    let mut conversations: Vec<Conversation> = vec![Conversation::default()];
    let mut by_agent: HashMap<String, usize> = HashMap::new();
    // The reply the last message of each conversation belongs to.
    let mut last_call: HashMap<usize, String> = HashMap::new();
    log.read_jsonl(text, |log, i, span, v| {
        let Some(kind) = v.get("type") else { return };
        let Some(data) = v.get("data") else { return };
        if kind.is_str("tool.execution_complete") {
            if let Some(id) = data.get("toolCallId") {
                log.results.push(ToolRef::new(id, span, (i, 0)));
            }
            return;
        }
        if !kind.is_str("assistant.message") {
            return;
        }
        for (k, request) in data
            .get("toolRequests")
            .and_then(JValue::as_array)
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            if let Some(id) = request.get("toolCallId") {
                log.calls.push(ToolRef::new(id, span, (i, k)));
            }
        }
        let Some(content) = data.get("content").and_then(JValue::raw) else {
            return;
        };
        if content.text.is_empty() {
            return;
        }
        let at = match v.str_at("agentId") {
            None => 0,
            Some(agent) => *by_agent.entry(agent.into_owned()).or_insert_with(|| {
                conversations.push(Conversation::default());
                conversations.len() - 1
            }),
        };
        let conversation = &mut conversations[at];
        let call = data.str_at("apiCallId").map(|c| c.into_owned());
        let same_reply = call.is_some() && last_call.get(&at) == call.as_ref();
        match conversation.messages.last_mut() {
            Some(last) if same_reply => last.push(Piece::block(content)),
            _ => conversation.push(vec![Piece::block(content)], None),
        }
        match call {
            Some(call) => last_call.insert(at, call),
            None => last_call.remove(&at),
        };
    });
    log.conversations.extend(conversations);
}
