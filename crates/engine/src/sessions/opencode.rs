//! OpenCode session exports (`opencode export`): `{info, messages}`, each
//! message `{info, parts}`. The `text` parts of assistant messages are
//! assistant text; `reasoning`, `tool`, `patch` and step parts are not. A
//! tool part holds its call and its result together, so they are not
//! paired.

use super::spec::Spec;
use super::json::JValue;
use super::log::{Conversation, Piece, SessionLog};
use super::read::agent_name;

pub(super) const FORMAT: Spec = Spec {
    name: "OpenCode export",
    document: Some(|v, _| is_document(v)),
    text: None,
    record: None,
    read,
    structured_tools: true,
    resumes_at_messages: false,
    version: None,
};

fn is_document(v: &JValue<'_>) -> bool {
    v.get("info").is_some_and(JValue::is_object)
        && v.get("messages")
            .and_then(JValue::as_array)
            .is_some_and(|m| {
                m.iter()
                    .all(|m| m.get("info").is_some() && m.get("parts").is_some())
            })
}

fn read(log: &mut SessionLog, text: &str) {
    log.read_document(text, |log, v| {
        let mut conversation = Conversation::default();
        for m in v
            .get("messages")
            .and_then(JValue::as_array)
            .unwrap_or_default()
        {
            let Some(info) = m.get("info") else { continue };
            if !info.get("role").is_some_and(|r| r.is_str("assistant")) {
                continue;
            }
            let pieces = m
                .get("parts")
                .and_then(JValue::as_array)
                .unwrap_or_default()
                .iter()
                .filter(|p| p.get("type").is_some_and(|t| t.is_str("text")))
                .filter(|p| {
                    !p.get("synthetic")
                        .and_then(JValue::as_bool)
                        .unwrap_or(false)
                })
                .filter_map(|p| p.get("text").and_then(JValue::raw))
                .map(Piece::block)
                .collect();
            conversation.push(pieces, agent_name(info));
        }
        log.conversations.push(conversation);
    });
}
