//! Session logs written by agent tools: Claude Code and Codex CLI JSONL,
//! OpenAI chat messages (JSON or JSONL) and Cline task histories (JSON).
//!
//! The assistant text of each conversation becomes one transcript, checked
//! by every transcript rule; each diagnostic is mapped back, through the
//! decoded JSON strings, to the raw bytes of the log that hold the text.

pub mod json;

use std::path::Path;

use json::{JStr, JValue};

use crate::diagnostic::Diagnostic;
use crate::settings::Settings;
use crate::syntax::Span;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    ClaudeCode,
    Codex,
    OpenAi,
    Cline,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::ClaudeCode => "Claude Code session",
            Format::Codex => "Codex CLI rollout",
            Format::OpenAi => "OpenAI chat messages",
            Format::Cline => "Cline task history",
        }
    }
}

/// The format of a session log, from its path and shape.
pub fn detect(path: Option<&Path>, text: &str) -> Option<Format> {
    let name = path
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    if name == "api_conversation_history.json" {
        return Some(Format::Cline);
    }
    let trimmed = text.trim_start();
    if name.ends_with(".json") || trimmed.starts_with('[') {
        let v = json::parse(text, 0).ok()?;
        return match &v {
            JValue::Object(_) if v.get("messages").and_then(JValue::as_array).is_some() => {
                Some(Format::OpenAi)
            }
            JValue::Array(items) if items.iter().all(|m| m.get("role").is_some()) => {
                // Cline uses Anthropic blocks (`text`, `tool_use`); OpenAI
                // messages carry `tool_calls` or plain string content.
                let blocks = items.iter().any(|m| {
                    m.get("content")
                        .and_then(JValue::as_array)
                        .is_some_and(|b| {
                            b.iter().any(|x| {
                                matches!(
                                    x.get("type").and_then(JValue::as_str),
                                    Some("tool_use" | "tool_result")
                                )
                            })
                        })
                });
                Some(if blocks {
                    Format::Cline
                } else {
                    Format::OpenAi
                })
            }
            _ => None,
        };
    }
    // The first records decide; a resumed Claude Code session starts with a
    // `summary` record that carries none of the thread fields.
    for line in text.lines().filter(|l| !l.trim().is_empty()).take(20) {
        let Ok(v) = json::parse(line, 0) else {
            continue;
        };
        if v.get("payload").is_some() && v.get("type").is_some() && v.get("timestamp").is_some() {
            return Some(Format::Codex);
        }
        if v.get("messages").and_then(JValue::as_array).is_some() {
            return Some(Format::OpenAi);
        }
        let claude = ["uuid", "sessionId", "parentUuid"]
            .iter()
            .any(|k| v.get(k).is_some())
            && v.get("type").is_some();
        if claude {
            return Some(Format::ClaudeCode);
        }
        if v.get("type").and_then(JValue::as_str) != Some("summary") {
            return None;
        }
    }
    None
}

/// A piece of assistant text: a decoded JSON string and its raw bytes.
#[derive(Debug, Clone)]
struct Piece {
    text: JStr,
}

/// One conversation's assistant text, in order.
#[derive(Debug, Default)]
struct Conversation {
    /// Pieces of one message are joined directly; messages by a blank line.
    messages: Vec<Vec<Piece>>,
    /// The agent name of each message, where the log gives one.
    names: Vec<Option<String>>,
}

impl Conversation {
    fn push(&mut self, pieces: Vec<Piece>, name: Option<String>) {
        self.messages.push(pieces);
        self.names.push(name);
    }
}

/// The agent name a record or message gives: OpenAI `name`, Claude Code
/// `agentName` / `agentId` / `agent`.
fn agent_name(v: &JValue) -> Option<String> {
    ["name", "agentName", "agentId", "agent"]
        .iter()
        .find_map(|k| v.get(k).and_then(JValue::as_str))
        .map(str::to_string)
}

/// A structured tool call or result, by id, with where it is written.
#[derive(Debug, Clone)]
pub struct ToolRef {
    pub id: String,
    pub span: Span,
    /// Its position in the log (line, then order on the line).
    pub order: (usize, usize),
}

/// A Claude Code record's identity.
#[derive(Debug, Clone)]
pub struct Record {
    pub uuid: Option<(String, Span)>,
    pub parent: Option<(String, Span)>,
    pub message_id: Option<String>,
}

/// A session log, read: its conversations and what the session rules read.
#[derive(Debug, Default)]
pub struct SessionLog {
    conversations: Vec<Conversation>,
    /// Non-blank lines that are not JSON (JSONL formats): (line span, why).
    pub invalid: Vec<(Span, String)>,
    pub calls: Vec<ToolRef>,
    pub results: Vec<ToolRef>,
    pub records: Vec<Record>,
    /// Whether tool calls are structured (Cline writes them as XML text).
    pub structured_tools: bool,
    /// Why the whole document could not be read (JSON formats).
    pub unreadable: Option<String>,
}

/// What the session rules read: the log, its text and the settings.
pub struct Session<'a> {
    pub log: &'a SessionLog,
    pub source: &'a str,
    pub settings: &'a Settings,
}

/// Check a session log: every conversation with the transcript rules, and
/// the log itself with the session rules.
pub fn check(format: Format, source: &str, settings: &Settings) -> Vec<Diagnostic> {
    let log = SessionLog::read(format, source);
    let mut out = log.check_conversations(settings);
    out.extend(crate::rules::check_session(&Session {
        log: &log,
        source,
        settings,
    }));
    out.sort_by(|a, b| (a.span.start, a.code, a.span.end).cmp(&(b.span.start, b.code, b.span.end)));
    out
}

/// The lines of a JSONL text: (0-based index, span, text).
fn lines(text: &str) -> impl Iterator<Item = (usize, Span, &str)> {
    let mut offset = 0;
    text.split_inclusive('\n').enumerate().map(move |(i, raw)| {
        let t = raw.trim_end_matches(['\n', '\r']);
        let span = offset..offset + t.len();
        offset += raw.len();
        (i, span, t)
    })
}

fn text_blocks(content: &JValue, block_types: &[&str]) -> Vec<Piece> {
    match content {
        JValue::Str(s) => vec![Piece { text: s.clone() }],
        JValue::Array(blocks) => blocks
            .iter()
            .filter(|b| {
                b.get("type")
                    .and_then(JValue::as_str)
                    .is_some_and(|t| block_types.contains(&t))
            })
            .filter_map(|b| b.get("text").and_then(JValue::as_jstr).cloned())
            .map(|text| Piece { text })
            .collect(),
        _ => Vec::new(),
    }
}

fn span_of(v: &JValue, line: &Span) -> Span {
    v.as_jstr().map_or(line.clone(), |s| s.raw.clone())
}

/// Structured tool calls and results of Anthropic-style content blocks.
fn anthropic_tools(content: &JValue, line: usize, line_span: &Span, log: &mut SessionLog) {
    for (k, b) in content.as_array().unwrap_or_default().iter().enumerate() {
        match b.get("type").and_then(JValue::as_str) {
            Some("tool_use") => {
                if let Some(id) = b.get("id") {
                    let id_text = id.as_str().unwrap_or_default().to_string();
                    log.calls.push(ToolRef {
                        id: id_text,
                        span: span_of(id, line_span),
                        order: (line, k),
                    });
                }
            }
            Some("tool_result") => {
                if let Some(id) = b.get("tool_use_id") {
                    let id_text = id.as_str().unwrap_or_default().to_string();
                    log.results.push(ToolRef {
                        id: id_text,
                        span: span_of(id, line_span),
                        order: (line, k),
                    });
                }
            }
            _ => {}
        }
    }
}

impl SessionLog {
    pub fn read(format: Format, text: &str) -> SessionLog {
        let mut log = SessionLog {
            structured_tools: format != Format::Cline,
            ..SessionLog::default()
        };
        match format {
            Format::ClaudeCode => log.read_claude(text),
            Format::Codex => log.read_codex(text),
            Format::OpenAi => log.read_openai(text),
            Format::Cline => log.read_cline(text),
        }
        log
    }

    fn read_jsonl(
        &mut self,
        text: &str,
        mut each: impl FnMut(&mut SessionLog, usize, &Span, JValue),
    ) {
        for (i, span, t) in lines(text) {
            if t.trim().is_empty() {
                continue;
            }
            match json::parse(t, span.start) {
                Ok(v) => each(self, i, &span, v),
                Err(e) => self.invalid.push((span, e)),
            }
        }
    }

    fn read_claude(&mut self, text: &str) {
        // Main thread first; each sidechain is a conversation of its own,
        // keyed by the sidechain's root record.
        let mut main = Conversation::default();
        let mut sidechains: Vec<(String, Conversation)> = Vec::new();
        let mut roots: std::collections::HashMap<String, String> = std::collections::HashMap::new();
        let mut last_message_id: Option<(bool, String)> = None;
        self.read_jsonl(text, |log, i, span, v| {
            let uuid = v
                .get("uuid")
                .and_then(|u| u.as_jstr().map(|s| (s.value.clone(), s.raw.clone())));
            let parent = v
                .get("parentUuid")
                .and_then(|u| u.as_jstr().map(|s| (s.value.clone(), s.raw.clone())));
            let message = v.get("message");
            let message_id = message
                .and_then(|m| m.get("id"))
                .and_then(JValue::as_str)
                .map(str::to_string);
            log.records.push(Record {
                uuid: uuid.clone(),
                parent: parent.clone(),
                message_id: message_id.clone(),
            });
            // Every record of a sidechain (user turns and tool results too)
            // belongs to the thread of the record its parent belongs to.
            let sidechain = v
                .get("isSidechain")
                .and_then(JValue::as_bool)
                .unwrap_or(false);
            let root = sidechain.then(|| {
                let root = parent
                    .as_ref()
                    .and_then(|(p, _)| roots.get(p).cloned())
                    .or_else(|| parent.as_ref().map(|(p, _)| p.clone()))
                    .unwrap_or_default();
                if let Some((u, _)) = &uuid {
                    roots.insert(u.clone(), root.clone());
                }
                root
            });
            let Some(message) = message else { return };
            let content = message.get("content").cloned().unwrap_or(JValue::Null);
            anthropic_tools(&content, i, span, log);
            if message.get("role").and_then(JValue::as_str) != Some("assistant") {
                return;
            }
            let pieces = text_blocks(&content, &["text"]);
            let conversation = if let Some(root) = root {
                match sidechains.iter().position(|(r, _)| *r == root) {
                    Some(k) => &mut sidechains[k].1,
                    None => {
                        sidechains.push((root, Conversation::default()));
                        &mut sidechains.last_mut().expect("just pushed").1
                    }
                }
            } else {
                &mut main
            };
            if pieces.is_empty() {
                return;
            }
            // Lines of one reply share `message.id`: their text is one message.
            let same_reply = message_id.is_some()
                && last_message_id == message_id.clone().map(|m| (sidechain, m));
            match conversation.messages.last_mut() {
                Some(last) if same_reply => last.extend(pieces),
                _ => conversation.push(pieces, agent_name(&v).or_else(|| agent_name(message))),
            }
            last_message_id = message_id.map(|m| (sidechain, m));
        });
        self.conversations.push(main);
        self.conversations
            .extend(sidechains.into_iter().map(|(_, c)| c));
    }

    fn read_codex(&mut self, text: &str) {
        let mut conversation = Conversation::default();
        self.read_jsonl(text, |log, i, span, v| {
            if v.get("type").and_then(JValue::as_str) != Some("response_item") {
                return;
            }
            let Some(payload) = v.get("payload") else {
                return;
            };
            match payload.get("type").and_then(JValue::as_str) {
                Some("message")
                    if payload.get("role").and_then(JValue::as_str) == Some("assistant") =>
                {
                    let pieces = text_blocks(
                        payload.get("content").unwrap_or(&JValue::Null),
                        &["output_text", "text"],
                    );
                    if !pieces.is_empty() {
                        conversation.push(pieces, agent_name(payload));
                    }
                }
                Some("function_call" | "custom_tool_call") => {
                    if let Some(id) = payload.get("call_id") {
                        log.calls.push(ToolRef {
                            id: id.as_str().unwrap_or_default().into(),
                            span: span_of(id, span),
                            order: (i, 0),
                        });
                    }
                }
                Some("function_call_output" | "custom_tool_call_output") => {
                    if let Some(id) = payload.get("call_id") {
                        log.results.push(ToolRef {
                            id: id.as_str().unwrap_or_default().into(),
                            span: span_of(id, span),
                            order: (i, 0),
                        });
                    }
                }
                _ => {}
            }
        });
        self.conversations.push(conversation);
    }

    /// OpenAI messages: tool calls in `tool_calls[]`, results as `tool`
    /// messages naming `tool_call_id`.
    fn openai_messages(
        &mut self,
        messages: &[JValue],
        line: usize,
        line_span: &Span,
    ) -> Conversation {
        let mut conversation = Conversation::default();
        for (k, m) in messages.iter().enumerate() {
            for call in m
                .get("tool_calls")
                .and_then(JValue::as_array)
                .unwrap_or_default()
            {
                if let Some(id) = call.get("id") {
                    self.calls.push(ToolRef {
                        id: id.as_str().unwrap_or_default().into(),
                        span: span_of(id, line_span),
                        order: (line, k),
                    });
                }
            }
            if let Some(id) = m.get("tool_call_id") {
                self.results.push(ToolRef {
                    id: id.as_str().unwrap_or_default().into(),
                    span: span_of(id, line_span),
                    order: (line, k),
                });
            }
            if m.get("role").and_then(JValue::as_str) == Some("assistant") {
                let pieces = text_blocks(
                    m.get("content").unwrap_or(&JValue::Null),
                    &["text", "output_text"],
                );
                if !pieces.is_empty() {
                    conversation.push(pieces, agent_name(m));
                }
            }
        }
        conversation
    }

    fn read_openai(&mut self, text: &str) {
        if text.trim_start().starts_with('[')
            || text.trim_start().starts_with('{') && json::parse(text, 0).is_ok()
        {
            match json::parse(text, 0) {
                Ok(v) => {
                    let messages = match &v {
                        JValue::Array(items) => items.clone(),
                        _ => v
                            .get("messages")
                            .and_then(JValue::as_array)
                            .map(<[JValue]>::to_vec)
                            .unwrap_or_default(),
                    };
                    let all = 0..text.len();
                    let c = self.openai_messages(&messages, 0, &all);
                    self.conversations.push(c);
                    return;
                }
                Err(e) => {
                    self.unreadable = Some(e);
                    return;
                }
            }
        }
        // JSONL: each line is a conversation of its own.
        let mut conversations = Vec::new();
        self.read_jsonl(text, |log, i, span, v| {
            let messages = v
                .get("messages")
                .and_then(JValue::as_array)
                .map(<[JValue]>::to_vec)
                .unwrap_or_default();
            conversations.push(log.openai_messages(&messages, i, span));
        });
        self.conversations.extend(conversations);
    }

    fn read_cline(&mut self, text: &str) {
        match json::parse(text, 0) {
            Ok(v) => {
                let mut conversation = Conversation::default();
                for m in v.as_array().unwrap_or_default() {
                    if m.get("role").and_then(JValue::as_str) == Some("assistant") {
                        let pieces =
                            text_blocks(m.get("content").unwrap_or(&JValue::Null), &["text"]);
                        if !pieces.is_empty() {
                            conversation.push(pieces, agent_name(m));
                        }
                    }
                }
                self.conversations.push(conversation);
            }
            Err(e) => self.unreadable = Some(e),
        }
    }

    /// Check every conversation with the transcript rules and map each
    /// diagnostic back to the raw bytes of the log.
    pub fn check_conversations(&self, settings: &Settings) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        for conversation in &self.conversations {
            let speakers = speaker_lines(conversation, settings);
            let (virtual_text, index) = assemble(conversation, &speakers);
            if virtual_text.trim().is_empty() {
                continue;
            }
            let transcript = crate::model::Transcript::build(&virtual_text, settings);
            let mut diagnostics = crate::rules::check(&transcript);
            crate::suppress::apply(&transcript, &mut diagnostics);
            for mut d in diagnostics {
                d.span = map_span(&index, &d.span);
                for (span, _) in &mut d.related {
                    *span = map_span(&index, span);
                }
                out.push(d);
            }
        }
        out
    }
}

/// Where each piece sits in the assembled text: (start, piece).
type Index<'c> = Vec<(usize, &'c JStr)>;

/// For each message whose agent name `session.roles` maps to a role, a
/// speaker line (`CFO:`) placed before it, mapped to the message's first
/// byte.
fn speaker_lines(conversation: &Conversation, settings: &Settings) -> Vec<Option<JStr>> {
    conversation
        .messages
        .iter()
        .zip(&conversation.names)
        .map(|(pieces, name)| {
            let role = settings
                .session_roles
                .iter()
                .find(|(n, _)| Some(n) == name.as_ref())
                .map(|(_, r)| r)?;
            let at = pieces.first()?.text.raw.start;
            Some(JStr {
                value: format!("{}:\n", role.to_ascii_uppercase()),
                raw: at..at,
                map: vec![(0, at)],
            })
        })
        .collect()
}

/// Join a conversation's pieces: directly within a message, by a blank line
/// between messages; a mapped speaker line opens its message.
fn assemble<'c>(
    conversation: &'c Conversation,
    speakers: &'c [Option<JStr>],
) -> (String, Index<'c>) {
    let mut text = String::new();
    let mut index = Vec::new();
    for (m, message) in conversation.messages.iter().enumerate() {
        if m > 0 {
            text.push_str("\n\n");
        }
        if let Some(Some(speaker)) = speakers.get(m) {
            index.push((text.len(), speaker));
            text.push_str(&speaker.value);
        }
        for piece in message {
            index.push((text.len(), &piece.text));
            text.push_str(&piece.text.value);
        }
    }
    (text, index)
}

/// Map a span of the assembled text to raw bytes of the log.
fn map_span(index: &Index<'_>, span: &Span) -> Span {
    let at = |offset: usize, end: bool| -> usize {
        let k = index
            .partition_point(|&(start, _)| start <= offset)
            .saturating_sub(1);
        let Some(&(start, piece)) = index.get(k) else {
            return 0;
        };
        let within = offset.saturating_sub(start);
        if within > piece.value.len() {
            // In the separator after the piece: its end (or the next start).
            return if end {
                piece.raw.end
            } else {
                index.get(k + 1).map_or(piece.raw.end, |(_, p)| p.raw.start)
            };
        }
        piece.raw_offset(within)
    };
    let start = at(span.start, false);
    let end = at(span.end, true).max(start);
    start..end
}
