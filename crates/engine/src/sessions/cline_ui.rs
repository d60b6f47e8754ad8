//! The chat panel's messages of Cline, Roo Code and Kilo Code
//! (`ui_messages.json` in the task's folder, beside
//! `api_conversation_history.json`): one JSON array of
//! `{ts, type: "say" | "ask", say | ask, text, partial?, …}`, written whole
//! on every change. The model's text is a `say: "text"` entry's `text` and
//! a `say: "completion_result"` (the final answer). Not read: the user's
//! task (Cline's `say: "task"`; Roo's and Kilo's first entry, a
//! `say: "text"` of the user's), `user_feedback`, `reasoning`, tools and
//! their output, `api_req_started` (Cline's copy of what was sent), Roo's
//! `subtask_result` (a child task's answer, copied), and an entry still
//! `partial` (a reply being streamed when the file was written). The JSON
//! inside a follow-up question's `text` is not read either. Tool calls
//! carry no ids.

use super::json::JValue;
use super::log::{Conversation, Piece, SessionLog};
use super::spec::Spec;

pub(super) const FORMAT: Spec = Spec {
    name: "Cline task messages",
    document: Some(is_messages),
    text: None,
    record: None,
    read,
    structured_tools: false,
    resumes_at_messages: false,
    version: None,
};

/// An array of entries, each a `say` or an `ask` with its time.
fn is_messages(v: &JValue<'_>, _name: &str) -> bool {
    let Some(items) = v.as_array() else {
        return false;
    };
    !items.is_empty()
        && items.iter().all(|m| {
            matches!(m.get("ts"), Some(JValue::Number(_)))
                && m.str_at("type").is_some_and(|t| {
                    (t == "say" || t == "ask") && m.get(t.as_ref()).and_then(JValue::raw).is_some()
                })
        })
}

fn read(log: &mut SessionLog, text: &str) {
    log.read_document(text, |log, v| {
        let mut conversation = Conversation::default();
        for (k, m) in v.as_array().unwrap_or_default().iter().enumerate() {
            if m.get("partial").and_then(JValue::as_bool) == Some(true) {
                continue;
            }
            let Some(kind) = m.get("say") else { continue };
            // Roo and Kilo write the user's task as the first `text`.
            let answer = (kind.is_str("text") && k > 0) || kind.is_str("completion_result");
            if !answer {
                continue;
            }
            if let Some(said) = m.get("text").and_then(JValue::raw) {
                if !said.text.is_empty() {
                    conversation.push(vec![Piece::block(said)], None);
                }
            }
        }
        log.conversations.push(conversation);
    });
}
