//! Cline task histories (`api_conversation_history.json` in the task's
//! folder): an array of Anthropic-style messages. With native tools the
//! assistant's final answer is the `result` of an `attempt_completion`
//! call and its questions the `question` of `ask_followup_question`: both
//! are assistant text. Tool results come back as user text, so calls are
//! not paired with results.

use super::spec::Spec;
use super::json::JValue;
use super::log::{Conversation, Piece, SessionLog};
use super::read::{agent_name, text_blocks};

pub(super) const FORMAT: Spec = Spec {
    name: "Cline task history",
    document: Some(is_history),
    text: None,
    record: None,
    read,
    structured_tools: false,
    resumes_at_messages: false,
    version: None,
};

/// The file Cline keeps a task's history in.
const FILE_NAME: &str = "api_conversation_history.json";

/// Cline's history file holding an array, whatever it holds, or an array
/// that looks like one.
fn is_history(v: &JValue<'_>, name: &str) -> bool {
    (name == FILE_NAME && v.as_array().is_some()) || is_document(v)
}

/// An array of messages with roles, holding Anthropic content blocks.
fn is_document(v: &JValue<'_>) -> bool {
    let Some(items) = v.as_array() else {
        return false;
    };
    !items.is_empty()
        && items.iter().all(|m| m.get("role").is_some())
        && items.iter().any(|m| {
            m.get("content")
                .and_then(JValue::as_array)
                .is_some_and(|b| {
                    b.iter().any(|x| {
                        x.get("type")
                            .is_some_and(|t| t.is_str("tool_use") || t.is_str("tool_result"))
                    })
                })
        })
}

/// The tools whose input holds text the user reads, and the field.
const ANSWERS: &[(&str, &str)] = &[
    ("attempt_completion", "result"),
    ("ask_followup_question", "question"),
    ("plan_mode_respond", "response"),
];

fn read(log: &mut SessionLog, text: &str) {
    log.read_document(text, |log, v| {
        let mut conversation = Conversation::default();
        for m in v.as_array().unwrap_or_default() {
            if !m.get("role").is_some_and(|r| r.is_str("assistant")) {
                continue;
            }
            let content = m.get("content").unwrap_or(&JValue::Null);
            let mut pieces = text_blocks(content, &["text"]);
            for block in content.as_array().unwrap_or_default() {
                if !block.get("type").is_some_and(|t| t.is_str("tool_use")) {
                    continue;
                }
                let Some(name) = block.str_at("name") else {
                    continue;
                };
                let Some(&(_, field)) = ANSWERS.iter().find(|(tool, _)| *tool == name) else {
                    continue;
                };
                if let Some(answer) = block
                    .get("input")
                    .and_then(|i| i.get(field))
                    .and_then(JValue::raw)
                {
                    pieces.push(Piece::block(answer));
                }
            }
            conversation.push(pieces, agent_name(m));
        }
        log.conversations.push(conversation);
    });
}
