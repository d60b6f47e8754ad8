//! Gemini CLI chat recordings (`~/.gemini/tmp/<project>/chats/`). Older
//! versions write one JSON document (`sessionId`, `projectHash`,
//! `startTime`, `lastUpdated`, `messages`); 0.61 and later write
//! `session-*.jsonl`: a header record with the same fields but the
//! messages, `{"$set": {…}}` records that update them, and one record a
//! message. A message's `type` is `user`, `gemini`, `info`, `error` or
//! `warning`; the `content` of `gemini` messages is assistant text
//! (`thoughts` are not). A record whose `id` was written before replaces
//! that message where it stood; a `$set` of `messages` replaces the list.
//! Tool calls carry their results inside them, so they are not paired.

use std::collections::HashMap;

use super::spec::Spec;
use super::json::JValue;
use super::log::{Conversation, Piece, SessionLog};

pub(super) const DOCUMENT: Spec = Spec {
    name: "Gemini CLI chat (JSON)",
    document: Some(|v, _| is_document(v)),
    text: None,
    record: None,
    read: read_document,
    structured_tools: true,
    resumes_at_messages: false,
    version: None,
};

pub(super) const JSONL: Spec = Spec {
    name: "Gemini CLI chat (JSONL)",
    document: None,
    text: None,
    record: Some(is_record),
    read: read_jsonl,
    structured_tools: true,
    resumes_at_messages: false,
    version: None,
};

const MESSAGE_TYPES: &[&str] = &["user", "gemini", "info", "error", "warning"];

fn is_header(v: &JValue<'_>) -> bool {
    v.get("sessionId").is_some() && v.get("projectHash").is_some()
}

fn is_message(v: &JValue<'_>) -> bool {
    v.get("id").is_some()
        && v.get("content").is_some()
        && v.get("type")
            .is_some_and(|t| MESSAGE_TYPES.iter().any(|k| t.is_str(k)))
}

fn is_document(v: &JValue<'_>) -> bool {
    is_header(v) && v.get("messages").and_then(JValue::as_array).is_some()
}

fn is_record(v: &JValue<'_>) -> bool {
    is_header(v) || v.get("$set").is_some_and(JValue::is_object) || is_message(v)
}

/// The assistant text of a `gemini` message: its `content` as a string, or
/// the `text` of each of its parts.
fn pieces(m: &JValue<'_>) -> Vec<Piece> {
    if !m.get("type").is_some_and(|t| t.is_str("gemini")) {
        return Vec::new();
    }
    match m.get("content") {
        Some(JValue::Str(s)) => vec![Piece::part(s)],
        Some(JValue::Array(parts)) => parts
            .iter()
            .filter(|p| !p.get("thought").and_then(JValue::as_bool).unwrap_or(false))
            .filter_map(|p| p.get("text").and_then(JValue::raw))
            // Parts of one reply's text, as the model streamed them: one
            // text, joined as they are.
            .map(Piece::part)
            .collect(),
        _ => Vec::new(),
    }
}

/// The messages so far, in order; a message written again replaces itself.
#[derive(Default)]
struct Messages {
    list: Vec<Vec<Piece>>,
    by_id: HashMap<String, usize>,
}

impl Messages {
    fn put(&mut self, m: &JValue<'_>) {
        let pieces = pieces(m);
        match m.str_at("id") {
            Some(id) => match self.by_id.get(id.as_ref()) {
                Some(&k) => self.list[k] = pieces,
                None => {
                    self.by_id.insert(id.into_owned(), self.list.len());
                    self.list.push(pieces);
                }
            },
            None => self.list.push(pieces),
        }
    }

    fn into_conversation(self) -> Conversation {
        let mut c = Conversation::default();
        for pieces in self.list {
            c.push(pieces, None);
        }
        c
    }
}

/// The older recording: one JSON document.
fn read_document(log: &mut SessionLog, text: &str) {
    let mut messages = Messages::default();
    log.read_document(text, |_, v| {
        for m in v
            .get("messages")
            .and_then(JValue::as_array)
            .unwrap_or_default()
        {
            messages.put(m);
        }
    });
    log.conversations.push(messages.into_conversation());
}

/// The 0.61 recording: a header, `$set` updates and one record a message.
fn read_jsonl(log: &mut SessionLog, text: &str) {
    let mut messages = Messages::default();
    log.read_jsonl(text, |_, _, _, v| {
        if let Some(set) = v.get("$set") {
            if let Some(list) = set.get("messages").and_then(JValue::as_array) {
                messages = Messages::default();
                for m in list {
                    messages.put(m);
                }
            }
        } else if is_message(&v) {
            messages.put(&v);
        }
    });
    log.conversations.push(messages.into_conversation());
}
