//! Claude Code sessions (`~/.claude/projects/<project>/<session>.jsonl`):
//! one envelope a line (`uuid`, `parentUuid`, `sessionId`, `type`,
//! `message`), with records of other kinds among them
//! (`file-history-snapshot`, `summary`, `queue-operation`, …). Sidechains
//! (Task sub-agents) are conversations of their own.
//!
//! Qwen Code (`~/.qwen/projects/<project>/chats/<session>.jsonl`) writes the
//! same envelopes with Gemini's content: `message.parts[]`, whose `text`
//! parts are assistant text unless marked `thought`, and whose
//! `functionCall` and `functionResponse` parts are calls and results by
//! `id`. It is read by the same reader in its own dialect.

use std::collections::HashMap;

use super::spec::Spec;
use super::json::JValue;
use super::log::{Conversation, Piece, Record, SessionLog, ToolRef};
use super::read::{agent_name, anthropic_tools, text_blocks};
use crate::syntax::Span;

pub(super) const FORMAT: Spec = Spec {
    name: "Claude Code session",
    document: None,
    text: None,
    record: Some(is_record),
    read,
    structured_tools: true,
    resumes_at_messages: true,
    version: Some(|v| v.str_at("version").map(|s| s.into_owned())),
};

pub(super) const QWEN: Spec = Spec {
    name: "Qwen Code session",
    document: None,
    text: None,
    record: Some(is_qwen_record),
    read: read_qwen,
    structured_tools: true,
    resumes_at_messages: true,
    version: Some(|v| v.str_at("version").map(|s| s.into_owned())),
};

/// An envelope: a `type` and one of the thread fields.
fn is_record(v: &JValue<'_>) -> bool {
    v.get("type").is_some()
        && ["uuid", "parentUuid", "sessionId"]
            .iter()
            .any(|k| v.get(k).is_some())
}

/// Qwen Code's envelope: Claude Code's, with a message of `parts`, a
/// `system` record's `systemPayload`, or the `provenance` Qwen Code 0.21
/// writes on every record.
fn is_qwen_record(v: &JValue<'_>) -> bool {
    is_record(v)
        && (v
            .get("message")
            .and_then(|m| m.get("parts"))
            .is_some_and(|p| p.as_array().is_some())
            || v.get("systemPayload").is_some()
            || v.get("provenance").is_some())
}

/// How a log writes a message's content.
#[derive(Clone, Copy)]
enum Dialect {
    /// Anthropic content blocks in `message.content`.
    Claude,
    /// Gemini parts in `message.parts`.
    Qwen,
}

/// What the reader keeps of a record (see [`SessionLog::read_jsonl_split`]).
struct Extracted {
    record: Record,
    sidechain: bool,
    calls: Vec<ToolRef>,
    results: Vec<ToolRef>,
    /// An assistant message's text blocks, with its `message.id` and the
    /// agent name it gives.
    reply: Option<Reply>,
    /// A Qwen Code `rewind`: the record the thread goes back to. The
    /// records after it stay in the file, on a branch no later turn
    /// continues.
    rewind_to: Option<String>,
}

struct Reply {
    pieces: Vec<Piece>,
    id: Option<String>,
    name: Option<String>,
}

fn extract(dialect: Dialect, i: usize, span: &Span, v: JValue<'_>) -> Extracted {
    let id = |key: &str| {
        v.get(key)
            .and_then(|u| u.raw().map(|s| (s.value().into_owned(), s.span())))
    };
    let kind_is = |kind: &str| v.get("type").is_some_and(|t| t.is_str(kind));
    let hook_progress = kind_is("progress")
        && v.get("data")
            .and_then(|d| d.get("type"))
            .is_some_and(|t| t.is_str("hook_progress"));
    let compaction = v
        .str_at("agentId")
        .is_some_and(|a| a.starts_with("acompact-"));
    let record = Record {
        uuid: id("uuid"),
        parent: id("parentUuid"),
        session: v.get("sessionId").and_then(JValue::raw).map_or(0, |s| {
            use std::hash::{BuildHasher, BuildHasherDefault};
            BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default()
                .hash_one(s.text)
        }),
        detached: hook_progress || compaction,
    };
    let sidechain = v
        .get("isSidechain")
        .and_then(JValue::as_bool)
        .unwrap_or(false);
    let mut extracted = Extracted {
        record,
        sidechain,
        calls: Vec::new(),
        results: Vec::new(),
        reply: None,
        rewind_to: None,
    };
    if matches!(dialect, Dialect::Qwen) && v.get("subtype").is_some_and(|t| t.is_str("rewind")) {
        extracted.rewind_to = v.str_at("parentUuid").map(|p| p.into_owned());
    }
    let Some(message) = v.get("message") else {
        return extracted;
    };
    let pieces = match dialect {
        Dialect::Claude => {
            let content = message.get("content").unwrap_or(&JValue::Null);
            anthropic_tools(
                content,
                i,
                span,
                &mut extracted.calls,
                &mut extracted.results,
            );
            if !message.get("role").is_some_and(|r| r.is_str("assistant")) {
                return extracted;
            }
            text_blocks(content, &["text"])
        }
        Dialect::Qwen => {
            let parts = message
                .get("parts")
                .and_then(JValue::as_array)
                .unwrap_or_default();
            for (k, part) in parts.iter().enumerate() {
                let id = |key: &str| part.get(key).and_then(|c| c.get("id"));
                if let Some(id) = id("functionCall") {
                    extracted.calls.push(ToolRef::new(id, span, (i, k)));
                }
                if let Some(id) = id("functionResponse") {
                    extracted.results.push(ToolRef::new(id, span, (i, k)));
                }
            }
            if !message.get("role").is_some_and(|r| r.is_str("model")) {
                return extracted;
            }
            parts
                .iter()
                .filter(|p| !p.get("thought").and_then(JValue::as_bool).unwrap_or(false))
                .filter_map(|p| p.get("text").and_then(JValue::raw))
                // Parts of one reply's text, as the model streamed them.
                .map(Piece::part)
                .collect()
        }
    };
    if !pieces.is_empty() {
        extracted.reply = Some(Reply {
            pieces,
            id: message.str_at("id").map(|s| s.into_owned()),
            name: agent_name(&v).or_else(|| agent_name(message)),
        });
    }
    extracted
}

fn read(log: &mut SessionLog, text: &str) {
    read_in(Dialect::Claude, log, text);
}

fn read_qwen(log: &mut SessionLog, text: &str) {
    read_in(Dialect::Qwen, log, text);
}

fn read_in(dialect: Dialect, log: &mut SessionLog, text: &str) {
    // Main thread first; each sidechain is a conversation of its own,
    // keyed by the sidechain's root record.
    let mut main = Conversation::default();
    let mut sidechains: Vec<(String, Conversation)> = Vec::new();
    let mut by_root: HashMap<String, usize> = HashMap::new();
    let mut roots: HashMap<String, String> = HashMap::new();
    let mut last_message_id: Option<(bool, String)> = None;
    // Qwen Code: what the main thread held after each record (messages,
    // calls, results), for a rewind to go back to.
    let mut held: HashMap<String, (usize, usize, usize)> = HashMap::new();
    let each = move |i: usize, span: &Span, v: JValue<'_>| extract(dialect, i, span, v);
    log.read_jsonl_split(text, each, |log, e| {
        let Extracted {
            record,
            sidechain,
            calls,
            results,
            reply,
            rewind_to,
        } = e;
        if let Some(&(messages, calls, results)) = rewind_to.and_then(|to| held.get(&to)) {
            main.messages.truncate(messages);
            main.names.truncate(messages);
            log.calls.truncate(calls);
            log.results.truncate(results);
            last_message_id = None;
        }
        // Every record of a sidechain (user turns and tool results too)
        // belongs to the thread of the record its parent belongs to.
        // A sidechain record with no parent starts a sidechain of its own
        // (sub-agents' sidechains all start that way): its root is itself,
        // so that two sub-agents' threads never read as one.
        let root = sidechain.then(|| {
            let parent = record.parent.as_ref().map(|(p, _)| p);
            let root = parent
                .and_then(|p| roots.get(p).cloned())
                .or_else(|| parent.cloned())
                .or_else(|| record.uuid.as_ref().map(|(u, _)| u.clone()))
                .unwrap_or_default();
            if let Some((u, _)) = &record.uuid {
                roots.insert(u.clone(), root.clone());
            }
            root
        });
        let qwen_uuid = match dialect {
            Dialect::Qwen => record.uuid.as_ref().map(|(u, _)| u.clone()),
            Dialect::Claude => None,
        };
        log.records.push(record);
        log.calls.extend(calls);
        log.results.extend(results);
        if let Some(Reply { pieces, id, name }) = reply {
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
            // Lines of one reply share `message.id`: their text is one
            // message.
            let id = id.map(|m| (sidechain, m));
            let same_reply = id.is_some() && last_message_id == id;
            match conversation.messages.last_mut() {
                Some(last) if same_reply => last.extend(pieces),
                _ => conversation.push(pieces, name),
            }
            last_message_id = id;
        }
        if let Some(uuid) = qwen_uuid {
            held.insert(uuid, (main.messages.len(), log.calls.len(), log.results.len()));
        }
    });
    log.conversations.push(main);
    log.conversations
        .extend(sidechains.into_iter().map(|(_, c)| c));
}
