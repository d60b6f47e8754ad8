//! Claude Code sessions (`~/.claude/projects/<project>/<session>.jsonl`):
//! one envelope a line (`uuid`, `parentUuid`, `sessionId`, `type`,
//! `message`), with records of other kinds among them
//! (`file-history-snapshot`, `summary`, `queue-operation`, …). Sidechains
//! (Task sub-agents) are conversations of their own.

use std::collections::HashMap;

use super::spec::Spec;
use super::json::JValue;
use super::log::{Conversation, Record, SessionLog};
use super::read::{agent_name, anthropic_tools, text_blocks};

pub(super) const FORMAT: Spec = Spec {
    name: "Claude Code session",
    document: None,
    record: Some(is_record),
    read,
    structured_tools: true,
    resumes_at_messages: true,
};

/// An envelope: a `type` and one of the thread fields.
fn is_record(v: &JValue<'_>) -> bool {
    v.get("type").is_some()
        && ["uuid", "parentUuid", "sessionId"]
            .iter()
            .any(|k| v.get(k).is_some())
}

fn read(log: &mut SessionLog, text: &str) {
    // Main thread first; each sidechain is a conversation of its own,
    // keyed by the sidechain's root record.
    let mut main = Conversation::default();
    let mut sidechains: Vec<(String, Conversation)> = Vec::new();
    let mut by_root: HashMap<String, usize> = HashMap::new();
    let mut roots: HashMap<String, String> = HashMap::new();
    let mut last_message_id: Option<(bool, String)> = None;
    log.read_jsonl(text, |log, i, span, v| {
        let id = |key: &str| {
            v.get(key)
                .and_then(|u| u.raw().map(|s| (s.value().into_owned(), s.span())))
        };
        let uuid = id("uuid");
        let parent = id("parentUuid");
        let message = v.get("message");
        let message_id = message.and_then(|m| m.str_at("id")).map(|s| s.into_owned());
        log.records.push(Record {
            uuid: uuid.clone(),
            parent: parent.clone(),
        });
        // Every record of a sidechain (user turns and tool results too)
        // belongs to the thread of the record its parent belongs to.
        let sidechain = v
            .get("isSidechain")
            .and_then(JValue::as_bool)
            .unwrap_or(false);
        // A sidechain record with no parent starts a sidechain of its own
        // (sub-agents' sidechains all start that way): its root is itself,
        // so that two sub-agents' threads never read as one.
        let root = sidechain.then(|| {
            let root = parent
                .as_ref()
                .and_then(|(p, _)| roots.get(p).cloned())
                .or_else(|| parent.as_ref().map(|(p, _)| p.clone()))
                .or_else(|| uuid.as_ref().map(|(u, _)| u.clone()))
                .unwrap_or_default();
            if let Some((u, _)) = &uuid {
                roots.insert(u.clone(), root.clone());
            }
            root
        });
        let Some(message) = message else { return };
        let content = message.get("content").unwrap_or(&JValue::Null);
        anthropic_tools(content, i, span, log);
        if !message.get("role").is_some_and(|r| r.is_str("assistant")) {
            return;
        }
        let pieces = text_blocks(content, &["text"]);
        if pieces.is_empty() {
            return;
        }
        let conversation = match root {
            Some(root) => {
                let k = *by_root.entry(root.clone()).or_insert_with(|| {
                    sidechains.push((root, Conversation::default()));
                    sidechains.len() - 1
                });
                &mut sidechains[k].1
            }
            None => &mut main,
        };
        // Lines of one reply share `message.id`: their text is one message.
        let same_reply =
            message_id.is_some() && last_message_id == message_id.clone().map(|m| (sidechain, m));
        match conversation.messages.last_mut() {
            Some(last) if same_reply => last.extend(pieces),
            _ => conversation.push(pieces, agent_name(&v).or_else(|| agent_name(message))),
        }
        last_message_id = message_id.map(|m| (sidechain, m));
    });
    log.conversations.push(main);
    log.conversations
        .extend(sidechains.into_iter().map(|(_, c)| c));
}
