//! Session logs written by agent tools: Claude Code, Codex CLI, Gemini CLI
//! (JSON and JSONL), Cline, OpenCode exports, the Pi agent, and OpenAI chat
//! messages (JSON or JSONL). `docs/sessions.md` describes each format.
//!
//! Each format has a file of its own that recognises its records and reads
//! a log; [`detect`] asks them in turn. The assistant text of each
//! conversation becomes one transcript, checked by every transcript rule;
//! each diagnostic is mapped back, through the decoded JSON strings, to the
//! raw bytes of the log that hold the text. Strings no rule reads (tool
//! input and output, thinking, images) are never decoded.

mod claude;
mod cline;
mod codex;
mod gemini;
pub mod json;
mod openai;
mod opencode;
mod pi;

use std::collections::HashMap;
use std::path::Path;

use json::{JStr, JValue};

use crate::settings::Settings;
use crate::syntax::Span;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionFormat {
    ClaudeCode,
    Codex,
    /// OpenAI chat messages as one JSON document (a request body).
    OpenAi,
    /// OpenAI chat messages as JSONL, one conversation a line (a dataset).
    OpenAiJsonl,
    Cline,
    /// Gemini CLI's chat recording as one JSON document.
    GeminiJson,
    /// Gemini CLI's chat recording as JSONL (0.61 and later).
    GeminiJsonl,
    OpenCode,
    Pi,
}

impl SessionFormat {
    /// Every format, in the order detection asks them.
    pub const ALL: [SessionFormat; 9] = [
        SessionFormat::ClaudeCode,
        SessionFormat::Codex,
        SessionFormat::OpenAi,
        SessionFormat::OpenAiJsonl,
        SessionFormat::Cline,
        SessionFormat::GeminiJson,
        SessionFormat::GeminiJsonl,
        SessionFormat::OpenCode,
        SessionFormat::Pi,
    ];

    pub fn name(self) -> &'static str {
        match self {
            SessionFormat::ClaudeCode => "Claude Code session",
            SessionFormat::Codex => "Codex CLI rollout",
            SessionFormat::OpenAi => "OpenAI chat messages",
            SessionFormat::OpenAiJsonl => "OpenAI chat dataset (JSONL)",
            SessionFormat::Cline => "Cline task history",
            SessionFormat::GeminiJson => "Gemini CLI chat (JSON)",
            SessionFormat::GeminiJsonl => "Gemini CLI chat (JSONL)",
            SessionFormat::OpenCode => "OpenCode export",
            SessionFormat::Pi => "Pi agent session",
        }
    }
}

/// JSONL logs this large are parsed in two halves at once.
const PARALLEL_FROM: usize = 1 << 20;

/// How many records of a JSONL log detection reads before it gives up.
const DETECT_RECORDS: usize = 64;

/// The format of a session log, from its shape (and, for Cline's history
/// file, its name). A JSON document is recognised by its top-level shape; a
/// JSONL log by the first of its first records that has the shape of one
/// format's records, whatever records come before it.
pub fn detect(path: Option<&Path>, text: &str) -> Option<SessionFormat> {
    let name = path
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let trimmed = text.trim_start();
    if trimmed.starts_with('[') || trimmed.starts_with('{') {
        if let Ok(v) = json::parse(text, 0) {
            // One document; a JSONL log of one record is one too.
            let jsonl = name.ends_with(".jsonl");
            return match document(&v, name) {
                // A `.jsonl` file of one conversation is a dataset of one.
                Some(SessionFormat::OpenAi) if jsonl && v.is_object() => {
                    Some(SessionFormat::OpenAiJsonl)
                }
                Some(format) => Some(format),
                None => record(&v),
            };
        }
        if name.ends_with(".json") || trimmed.starts_with('[') {
            return None;
        }
    }
    json::records(text)
        .take(DETECT_RECORDS)
        .find_map(|(_, v)| v.ok().and_then(|v| record(&v)))
}

/// The format of a whole JSON document.
fn document(v: &JValue<'_>, name: &str) -> Option<SessionFormat> {
    if name == "api_conversation_history.json" && v.as_array().is_some() {
        return Some(SessionFormat::Cline);
    }
    if gemini::is_document(v) {
        return Some(SessionFormat::GeminiJson);
    }
    if opencode::is_document(v) {
        return Some(SessionFormat::OpenCode);
    }
    if cline::is_document(v) {
        return Some(SessionFormat::Cline);
    }
    if openai::is_document(v) {
        return Some(SessionFormat::OpenAi);
    }
    None
}

/// The format whose records look like this one, if any.
fn record(v: &JValue<'_>) -> Option<SessionFormat> {
    if claude::is_record(v) {
        Some(SessionFormat::ClaudeCode)
    } else if codex::is_record(v) {
        Some(SessionFormat::Codex)
    } else if pi::is_record(v) {
        Some(SessionFormat::Pi)
    } else if gemini::is_record(v) {
        Some(SessionFormat::GeminiJsonl)
    } else if openai::is_record(v) {
        Some(SessionFormat::OpenAiJsonl)
    } else {
        None
    }
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
        if !pieces.is_empty() {
            self.messages.push(pieces);
            self.names.push(name);
        }
    }
}

/// The agent name a record or message gives: OpenAI `name`, Claude Code
/// `agentName` / `agentId` / `agent`.
fn agent_name(v: &JValue<'_>) -> Option<String> {
    ["name", "agentName", "agentId", "agent"]
        .iter()
        .find_map(|k| v.str_at(k))
        .map(|s| s.into_owned())
}

/// A structured tool call or result, by id, with where it is written.
#[derive(Debug, Clone)]
pub struct ToolRef {
    pub id: String,
    pub span: Span,
    /// Its position in the log (line, then order on the line).
    pub order: (usize, usize),
    /// The conversation it belongs to, where calls and results of one
    /// conversation cannot answer another's (a dataset's lines); else 0.
    pub scope: usize,
    /// A call that is an example's target, not a step awaiting its result:
    /// the last message of a conversation in a dataset of one conversation
    /// a line.
    pub target: bool,
}

impl ToolRef {
    fn new(id: &JValue<'_>, line_span: &Span, order: (usize, usize)) -> ToolRef {
        ToolRef {
            id: id.as_str().unwrap_or_default().into_owned(),
            span: span_of(id, line_span),
            order,
            scope: 0,
            target: false,
        }
    }
}

/// A record's identity in a log whose records form a tree (Claude Code).
#[derive(Debug, Clone)]
pub struct Record {
    pub uuid: Option<(String, Span)>,
    pub parent: Option<(String, Span)>,
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
    /// Whether tool calls and their results are both structured (Cline
    /// writes results back as user text, so its calls are not followed).
    pub structured_tools: bool,
    /// Why the whole document could not be read (JSON formats).
    pub unreadable: Option<String>,
    /// JSONL logs this large are parsed in two halves at once.
    parallel_from: usize,
}

/// What the session rules read: the log and its text.
pub struct Session<'a> {
    pub log: &'a SessionLog,
    pub source: &'a str,
}

/// The text blocks of a message's content: the content itself when it is a
/// string, else the `text` of each block of the given types.
fn text_blocks(content: &JValue<'_>, block_types: &[&str]) -> Vec<Piece> {
    match content {
        JValue::Str(s) => vec![Piece { text: s.decode() }],
        JValue::Array(blocks) => blocks
            .iter()
            .filter(|b| {
                b.get("type")
                    .is_some_and(|t| block_types.iter().any(|k| t.is_str(k)))
            })
            .filter_map(|b| b.get("text").and_then(JValue::as_jstr))
            .map(|text| Piece { text })
            .collect(),
        _ => Vec::new(),
    }
}

fn span_of(v: &JValue<'_>, line: &Span) -> Span {
    v.raw().map_or(line.clone(), |s| s.span())
}

/// Structured tool calls and results of Anthropic-style content blocks.
fn anthropic_tools(content: &JValue<'_>, line: usize, line_span: &Span, log: &mut SessionLog) {
    for (k, b) in content.as_array().unwrap_or_default().iter().enumerate() {
        let Some(kind) = b.get("type") else { continue };
        if kind.is_str("tool_use") {
            if let Some(id) = b.get("id") {
                log.calls.push(ToolRef::new(id, line_span, (line, k)));
            }
        } else if kind.is_str("tool_result") {
            if let Some(id) = b.get("tool_use_id") {
                log.results.push(ToolRef::new(id, line_span, (line, k)));
            }
        }
    }
}

impl SessionLog {
    pub fn read(format: SessionFormat, text: &str) -> SessionLog {
        SessionLog::read_with(format, text, PARALLEL_FROM)
    }

    fn read_with(format: SessionFormat, text: &str, parallel_from: usize) -> SessionLog {
        let mut log = SessionLog {
            structured_tools: format != SessionFormat::Cline,
            parallel_from,
            ..SessionLog::default()
        };
        match format {
            SessionFormat::ClaudeCode => claude::read(&mut log, text),
            SessionFormat::Codex => codex::read(&mut log, text),
            SessionFormat::OpenAi => openai::read_document(&mut log, text),
            SessionFormat::OpenAiJsonl => openai::read_jsonl(&mut log, text),
            SessionFormat::Cline => cline::read(&mut log, text),
            SessionFormat::GeminiJson => gemini::read_document(&mut log, text),
            SessionFormat::GeminiJsonl => gemini::read_jsonl(&mut log, text),
            SessionFormat::OpenCode => opencode::read(&mut log, text),
            SessionFormat::Pi => pi::read(&mut log, text),
        }
        log
    }

    /// Read a JSONL log record by record; a line that is not JSON is kept
    /// for A001 and the rest are still read.
    fn read_jsonl<'t>(
        &mut self,
        text: &'t str,
        each: impl FnMut(&mut SessionLog, usize, &Span, JValue<'t>),
    ) {
        self.read_jsonl_halves(text, self.parallel_from, each);
    }

    /// Read a JSONL log of `parallel_from` bytes or more in two halves at
    /// once: the second half's records are parsed on another core while
    /// this one parses and reads the first, then they are read in order.
    /// Records are independent, so the result is the sequential one.
    fn read_jsonl_halves<'t>(
        &mut self,
        text: &'t str,
        parallel_from: usize,
        mut each: impl FnMut(&mut SessionLog, usize, &Span, JValue<'t>),
    ) {
        // Records are ordered by where their line starts.
        let mut take =
            |log: &mut SessionLog, (span, value): (Span, Result<JValue<'t>, String>)| match value {
                Ok(v) => each(log, span.start, &span, v),
                Err(e) => log.invalid.push((span, e)),
            };
        let cut = (text.len() >= parallel_from)
            .then(|| memchr::memchr(b'\n', &text.as_bytes()[text.len() / 2..]))
            .flatten()
            .map(|k| text.len() / 2 + k + 1);
        let Some(cut) = cut else {
            for record in json::records(text) {
                take(self, record);
            }
            return;
        };
        std::thread::scope(|scope| {
            let later =
                scope.spawn(|| json::records_between(text, cut, text.len()).collect::<Vec<_>>());
            for record in json::records_between(text, 0, cut) {
                take(self, record);
            }
            // A failed thread (it cannot fail but by a bug) is read again here.
            let later = later
                .join()
                .unwrap_or_else(|_| json::records_between(text, cut, text.len()).collect());
            for record in later {
                take(self, record);
            }
        });
    }

    /// Read a log that is one JSON document.
    fn read_document<'t>(&mut self, text: &'t str, read: impl FnOnce(&mut SessionLog, JValue<'t>)) {
        match json::parse(text, 0) {
            Ok(v) => read(self, v),
            Err(e) => self.unreadable = Some(e),
        }
    }

    /// Each conversation's assistant text, assembled into one transcript
    /// text, with the map that takes a span of that text back to the raw
    /// bytes of the log that hold it. Conversations with no text are passed
    /// over.
    pub fn each_transcript(&self, settings: &Settings, mut each: impl FnMut(&str, &SpanMap<'_>)) {
        for conversation in &self.conversations {
            let speakers = speaker_lines(conversation, settings);
            let (text, index) = assemble(conversation, &speakers);
            if text.trim().is_empty() {
                continue;
            }
            each(&text, &SpanMap { index });
        }
    }

    /// For each call id, the order of its last result (A002), and for each
    /// result id the order of its first call (A003): calls and results meet
    /// through these maps, never pair by pair.
    pub fn last_results(&self) -> HashMap<(usize, &str), (usize, usize)> {
        let mut last = HashMap::with_capacity(self.results.len());
        for r in &self.results {
            let e = last.entry((r.scope, r.id.as_str())).or_insert(r.order);
            *e = (*e).max(r.order);
        }
        last
    }

    pub fn first_calls(&self) -> HashMap<(usize, &str), (usize, usize)> {
        let mut first = HashMap::with_capacity(self.calls.len());
        for c in &self.calls {
            let e = first.entry((c.scope, c.id.as_str())).or_insert(c.order);
            *e = (*e).min(c.order);
        }
        first
    }
}

/// Where each piece sits in the assembled text: (start, piece).
type Index<'c> = Vec<(usize, &'c JStr)>;

/// Takes a span of a conversation's assembled text back to the log's bytes.
pub struct SpanMap<'c> {
    index: Index<'c>,
}

impl SpanMap<'_> {
    /// The bytes of the log that hold `span` of the assembled text.
    pub fn span(&self, span: &Span) -> Span {
        map_span(&self.index, span)
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_read_in_two_halves_reads_as_one_read_in_order() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sessions");
        for name in ["claude-code.jsonl", "codex.jsonl", "pi.jsonl"] {
            let text = std::fs::read_to_string(dir.join(name)).unwrap();
            let format = detect(None, &text).unwrap();
            let shown = |log: SessionLog| {
                format!(
                    "{:?} {:?} {:?} {:?} {:?}",
                    log.conversations, log.invalid, log.calls, log.results, log.records
                )
            };
            let whole = shown(SessionLog::read_with(format, &text, usize::MAX));
            for parallel_from in [0, 1, text.len() / 3, text.len()] {
                let halves = shown(SessionLog::read_with(format, &text, parallel_from));
                assert_eq!(halves, whole, "{name} from {parallel_from}");
            }
        }
    }

    #[test]
    fn detection_reads_past_records_of_no_known_shape() {
        let snapshot = r#"{"type":"file-history-snapshot","messageId":"m1","snapshot":{},"isSnapshotUpdate":false}"#;
        let queue =
            r#"{"type":"queue-operation","operation":"enqueue","timestamp":"t","content":"hi"}"#;
        let unknown = r#"{"type":"something-new","data":[1,2,3]}"#;
        let envelope = r#"{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s","message":{"role":"user","content":"x"}}"#;
        for first in [
            snapshot,
            queue,
            unknown,
            r#"{"type":"summary","summary":"s","leafUuid":"l"}"#,
        ] {
            let log = format!("{first}\n{first}\n{envelope}\n");
            assert_eq!(
                detect(None, &log),
                Some(SessionFormat::ClaudeCode),
                "{first}"
            );
        }
        assert_eq!(detect(None, &format!("{unknown}\n{unknown}\n")), None);
    }

    #[test]
    fn a_jsonl_file_of_one_conversation_is_a_dataset() {
        let line = r#"{"messages":[{"role":"user","content":"x"}]}"#;
        assert_eq!(
            detect(Some(Path::new("a.jsonl")), line),
            Some(SessionFormat::OpenAiJsonl)
        );
        assert_eq!(
            detect(Some(Path::new("a.json")), line),
            Some(SessionFormat::OpenAi)
        );
        assert_eq!(detect(None, line), Some(SessionFormat::OpenAi));
    }

    #[test]
    fn each_format_is_recognised_by_its_shape() {
        let cases = [
            (
                r#"{"timestamp":"t","type":"session_meta","payload":{}}"#,
                SessionFormat::Codex,
            ),
            (
                r#"{"type":"session","version":3,"id":"a","timestamp":"t","cwd":"/"}"#,
                SessionFormat::Pi,
            ),
            (
                r#"{"sessionId":"s","projectHash":"h","startTime":"t","lastUpdated":"t","kind":"main"}"#,
                SessionFormat::GeminiJsonl,
            ),
            (
                r#"{"messages":[{"role":"user","content":"x"}]}"#,
                SessionFormat::OpenAi,
            ),
            (
                "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}\n{\"messages\":[]}\n",
                SessionFormat::OpenAiJsonl,
            ),
            (
                r#"{"sessionId":"s","projectHash":"h","startTime":"t","lastUpdated":"t","messages":[]}"#,
                SessionFormat::GeminiJson,
            ),
            (
                r#"{"info":{"id":"ses_1"},"messages":[{"info":{"role":"user"},"parts":[]}]}"#,
                SessionFormat::OpenCode,
            ),
            (
                r#"[{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"read_file","input":{}}]}]"#,
                SessionFormat::Cline,
            ),
            (
                r#"[{"role":"user","content":"x"},{"role":"assistant","content":"y"}]"#,
                SessionFormat::OpenAi,
            ),
        ];
        for (text, format) in cases {
            assert_eq!(detect(None, text), Some(format), "{text}");
        }
        // JSON that is no log.
        for text in [
            r#"{"name":"x","version":"1.0.0"}"#,
            "[1, 2, 3]",
            r#"{"messages":"no"}"#,
        ] {
            assert_eq!(detect(None, text), None, "{text}");
        }
    }
    #[test]
    fn a_shape_two_formats_accept_goes_to_the_one_asked_first() {
        // Whole documents.
        let documents = [
            (
                "a.json",
                r#"{"sessionId":"s","projectHash":"h","info":{},"messages":[]}"#,
                SessionFormat::GeminiJson,
            ),
            (
                "a.json",
                r#"{"info":{},"messages":[{"info":{},"parts":[],"role":"user"}]}"#,
                SessionFormat::OpenCode,
            ),
            (
                "api_conversation_history.json",
                r#"[{"role":"user","content":"x"}]"#,
                SessionFormat::Cline,
            ),
            ("api_conversation_history.json", "[]", SessionFormat::Cline),
            (
                "a.jsonl",
                r#"[{"role":"user","content":"x"}]"#,
                SessionFormat::OpenAi,
            ),
            (
                "a.jsonl",
                r#"{"sessionId":"s","projectHash":"h","messages":[]}"#,
                SessionFormat::GeminiJson,
            ),
        ];
        for (name, text, format) in documents {
            assert_eq!(detect(Some(Path::new(name)), text), Some(format), "{text}");
        }
        assert_eq!(detect(Some(Path::new("a.json")), "[]"), None);
        // Records of a JSONL log.
        let records = [
            (
                r#"{"type":"message","id":"a","parentId":"p","message":{},"sessionId":"s"}"#,
                SessionFormat::ClaudeCode,
            ),
            (
                r#"{"sessionId":"s","projectHash":"h","type":"x"}"#,
                SessionFormat::ClaudeCode,
            ),
            (
                r#"{"type":"session","version":3,"id":"a","timestamp":"t","payload":{}}"#,
                SessionFormat::Codex,
            ),
            (
                r#"{"timestamp":"t","type":"user","payload":{},"id":"m","content":"x"}"#,
                SessionFormat::Codex,
            ),
            (
                r#"{"type":"session","version":1,"id":"a","$set":{}}"#,
                SessionFormat::Pi,
            ),
            (r#"{"$set":{},"messages":[]}"#, SessionFormat::GeminiJsonl),
        ];
        for (record, format) in records {
            let log = format!("{record}\n{record}\n");
            assert_eq!(detect(None, &log), Some(format), "{record}");
        }
    }
}
