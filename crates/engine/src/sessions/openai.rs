//! OpenAI chat messages: an array of messages, an object with `messages`,
//! or JSONL with one conversation (`{"messages": […]}`) a line, as
//! fine-tuning and evaluation datasets are written. Tool calls are in
//! `tool_calls[]`, results are `tool` messages naming `tool_call_id`.

use super::spec::Spec;
use super::json::JValue;
use super::log::{Conversation, SessionLog, ToolRef};
use super::read::{agent_name, text_blocks};
use crate::syntax::Span;

pub(super) const DOCUMENT: Spec = Spec {
    name: "OpenAI chat messages",
    document: Some(|v, _| is_document(v)),
    text: None,
    record: None,
    read: read_document,
    structured_tools: true,
    resumes_at_messages: false,
    version: None,
};

pub(super) const JSONL: Spec = Spec {
    name: "OpenAI chat dataset (JSONL)",
    document: Some(is_one_line),
    text: None,
    record: Some(is_record),
    read: read_jsonl,
    structured_tools: true,
    resumes_at_messages: false,
    version: None,
};

/// A `.jsonl` file of one conversation: a dataset of one.
fn is_one_line(v: &JValue<'_>, name: &str) -> bool {
    name.ends_with(".jsonl") && v.is_object() && is_document(v)
}

/// An array of messages with roles, or an object holding one.
fn is_document(v: &JValue<'_>) -> bool {
    match v {
        JValue::Array(items) => !items.is_empty() && items.iter().all(|m| m.get("role").is_some()),
        JValue::Object(_) => v
            .get("messages")
            .and_then(JValue::as_array)
            .is_some_and(|m| m.iter().all(|m| m.get("role").is_some())),
        _ => false,
    }
}

/// A dataset line: a conversation under `messages`.
fn is_record(v: &JValue<'_>) -> bool {
    v.get("messages")
        .and_then(JValue::as_array)
        .is_some_and(|m| m.iter().all(|m| m.get("role").is_some()))
}

/// One conversation's messages; `dataset` when the conversation is one
/// example of many, whose last message's tool calls are its target.
fn messages(
    log: &mut SessionLog,
    messages: &[JValue<'_>],
    line: usize,
    line_span: &Span,
    dataset: bool,
) -> Conversation {
    let mut conversation = Conversation::default();
    for (k, m) in messages.iter().enumerate() {
        let last = k + 1 == messages.len();
        for call in m
            .get("tool_calls")
            .and_then(JValue::as_array)
            .unwrap_or_default()
        {
            if let Some(id) = call.get("id") {
                let mut call = ToolRef::new(id, line_span, (line, k));
                call.target = dataset && last;
                log.calls.push(call);
            }
        }
        if let Some(id) = m.get("tool_call_id") {
            log.results.push(ToolRef::new(id, line_span, (line, k)));
        }
        if m.get("role").is_some_and(|r| r.is_str("assistant")) {
            let pieces = text_blocks(
                m.get("content").unwrap_or(&JValue::Null),
                &["text", "output_text"],
            );
            conversation.push(pieces, agent_name(m));
        }
    }
    conversation
}

/// A request body: an array of messages, or an object holding them.
fn read_document(log: &mut SessionLog, text: &str) {
    log.read_document(text, |log, v| {
        let list = match &v {
            JValue::Array(items) => &items[..],
            _ => v
                .get("messages")
                .and_then(JValue::as_array)
                .unwrap_or_default(),
        };
        let c = messages(log, list, 0, &(0..text.len()), false);
        log.conversations.push(c);
    });
}

/// A dataset: each line is a conversation of its own, whose calls and
/// results answer only each other.
fn read_jsonl(log: &mut SessionLog, text: &str) {
    let mut conversations = Vec::new();
    log.read_jsonl(text, |log, i, span, v| {
        let list = v
            .get("messages")
            .and_then(JValue::as_array)
            .unwrap_or_default();
        let (calls, results) = (log.calls.len(), log.results.len());
        conversations.push(messages(log, list, i, span, true));
        for t in log.calls[calls..]
            .iter_mut()
            .chain(&mut log.results[results..])
        {
            t.scope = span.start + 1;
        }
    });
    log.conversations.extend(conversations);
}
