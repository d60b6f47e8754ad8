//! Cursor agent transcripts
//! (`~/.cursor/projects/<project>/agent-transcripts/<id>/<id>.jsonl`, the
//! file a Cursor hook's `transcript_path` names): one message a line,
//! `{"role": "user" | "assistant", "message": {"content": …}}`, the
//! content a string or Anthropic-style blocks (`text`, `thinking`,
//! `tool_use`; a user's `tool_result`). An assistant message's `text`
//! blocks are assistant text. A user message with text is a prompt (the
//! user's, or a stop hook's follow-up): the messages after the last one
//! are the turn a stop hook answers for. Lines carry no ids, so tool calls
//! are not paired with results.

use super::json::JValue;
use super::log::{Conversation, SessionLog};
use super::read::text_blocks;
use super::spec::Spec;

pub(super) const FORMAT: Spec = Spec {
    name: "Cursor agent transcript",
    document: None,
    text: None,
    record: Some(is_record),
    read,
    structured_tools: false,
    resumes_at_messages: true,
    version: None,
};

/// A message line: a `role`, and a `message` holding `content`.
fn is_record(v: &JValue<'_>) -> bool {
    v.get("role").is_some_and(|r| r.as_str().is_some())
        && v.get("message")
            .is_some_and(|m| m.is_object() && m.get("content").is_some())
}

/// Whether a user's content holds text of theirs (a prompt), not only tool
/// results; its strings are not decoded.
fn is_prompt(content: &JValue<'_>) -> bool {
    match content {
        JValue::Str(_) => true,
        JValue::Array(blocks) => blocks
            .iter()
            .any(|b| b.get("type").is_some_and(|t| t.is_str("text"))),
        _ => false,
    }
}

fn read(log: &mut SessionLog, text: &str) {
    // No prompt read yet: every message read is the turn's.
    let mut conversation = Conversation {
        turn: Some(0),
        ..Conversation::default()
    };
    log.read_jsonl(text, |_, _, _, v| {
        let Some(role) = v.get("role") else { return };
        let content = v
            .get("message")
            .and_then(|m| m.get("content"))
            .unwrap_or(&JValue::Null);
        if role.is_str("assistant") {
            conversation.push(text_blocks(content, &["text"]), None);
        } else if role.is_str("user") && is_prompt(content) {
            conversation.turn = Some(conversation.messages.len());
        }
    });
    log.conversations.push(conversation);
}

#[cfg(test)]
mod tests {
    use crate::sessions::{detect, SessionFormat};
    use crate::settings::Settings;

    #[test]
    fn the_last_turn_is_what_follows_the_last_prompt() {
        let line = |role: &str, kind: &str, text: &str| {
            serde_json::json!({"role": role, "message": {"content": [{"type": kind, "text": text}]}})
                .to_string()
                + "\n"
        };
        let history = |log: &str| {
            let format = detect(None, log).unwrap();
            assert_eq!(format, SessionFormat::Cursor);
            let h = format.read(log).history(log, &Settings::default()).unwrap();
            h.text[h.turn.unwrap()..].to_string()
        };
        let first = line("user", "text", "Runway?") + &line("assistant", "text", "Earlier.");
        let turn = line("user", "text", "And burn?")
            + &line("assistant", "text", "Checking.")
            + &line("user", "tool_result", "ledger")
            + &line("assistant", "text", "Burn is flat.");
        // A tool result is no prompt: both messages after the prompt are the turn.
        assert_eq!(history(&(first.clone() + &turn)), "Checking.\n\nBurn is flat.");
        // A prompt with no answer yet: an empty turn.
        assert_eq!(history(&(first.clone() + &line("user", "text", "Next?"))), "");
        // No prompt at all: every message is the turn's.
        assert_eq!(history(&line("assistant", "text", "Alone.")), "Alone.");
    }
}
