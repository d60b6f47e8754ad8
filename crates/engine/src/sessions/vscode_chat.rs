//! A VS Code chat exported with "Chat: Export Chat…" (GitHub Copilot
//! Chat; `chat.json` wherever the user saves it), and the session files the
//! editor keeps (`workspaceStorage/<id>/chatSessions/<id>.json`): one JSON
//! object whose `requests[]` each hold the user's `message` and the
//! model's `response`, a list of items. The model's text is the `value` of
//! the items with no `kind` (Markdown, streamed in pieces that read as one
//! text); thinking, tool invocations, edits, inline references and the
//! rest are items of a `kind` and are not read. Each request's response is
//! a message.

use super::json::JValue;
use super::log::{Conversation, Piece, SessionLog};
use super::spec::Spec;

pub(super) const FORMAT: Spec = Spec {
    name: "VS Code chat export",
    document: Some(is_export),
    text: None,
    record: None,
    read,
    structured_tools: false,
    resumes_at_messages: false,
    version: None,
};

/// An object with `requests` of `{message, …}` and one of the fields the
/// editor writes beside them.
fn is_export(v: &JValue<'_>, _name: &str) -> bool {
    let Some(requests) = v.get("requests").and_then(JValue::as_array) else {
        return false;
    };
    ["responderUsername", "requesterUsername", "initialLocation"]
        .iter()
        .any(|k| v.get(k).is_some())
        && requests.iter().all(|r| r.get("message").is_some())
}

fn read(log: &mut SessionLog, text: &str) {
    log.read_document(text, |log, v| {
        let mut conversation = Conversation::default();
        for request in v
            .get("requests")
            .and_then(JValue::as_array)
            .unwrap_or_default()
        {
            let pieces: Vec<Piece> = request
                .get("response")
                .and_then(JValue::as_array)
                .unwrap_or_default()
                .iter()
                .filter(|item| item.get("kind").is_none())
                .filter_map(|item| item.get("value").and_then(JValue::raw))
                .map(Piece::part)
                .collect();
            conversation.push(pieces, None);
        }
        log.conversations.push(conversation);
    });
}
