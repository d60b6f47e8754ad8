//! How a session log's format is found: what each format's file says of
//! itself (its [`Spec`]), and detection, which asks the formats in the
//! order `sessions/mod.rs` lists them.

use std::path::Path;

use super::json::{self, JValue};
use super::log::SessionLog;
use super::read::{read_with, PARALLEL_FROM};
use super::spec::Spec;

/// The enum of the formats, [`SessionFormat::ALL`] and the dispatch to
/// each format's [`Spec`], from the table in `sessions/mod.rs`.
macro_rules! declare_formats {
    ($(
        $module:ident { $( $(#[$doc:meta])* $variant:ident = $spec:ident ),+ $(,)? }
    )+) => {
        /// More formats may come in any release: a `match` on it outside
        /// this crate needs a wildcard arm.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        #[non_exhaustive]
        pub enum SessionFormat {
            $( $( $(#[$doc])* $variant, )+ )+
        }

        impl SessionFormat {
            /// Every format, in the order detection asks them.
            pub const ALL: [SessionFormat; [$( $( stringify!($variant) ),+ ),+].len()] =
                [$( $( SessionFormat::$variant ),+ ),+];

            /// What the format's file says of it.
            pub(super) fn spec(self) -> &'static Spec {
                match self {
                    $( $( SessionFormat::$variant => &super::$module::$spec, )+ )+
                }
            }
        }
    };
}

with_formats!(declare_formats);

impl SessionFormat {
    /// The name diagnostics and listings give the format.
    pub fn name(self) -> &'static str {
        self.spec().name
    }
}

impl SessionFormat {
    /// Whether a log of this format can be read on from the line that
    /// holds a message's first text, and give the main thread's text from
    /// that message on as reading it whole does: true of the JSONL formats
    /// whose records never update or merge with a message before them
    /// across a message of their thread (Claude Code, Codex, Pi). Gemini
    /// CLI's records rewrite earlier messages; documents are read whole.
    pub fn resumes_at_messages(self) -> bool {
        self.spec().resumes_at_messages
    }

    /// Read a log of this format.
    pub fn read(self, text: &str) -> SessionLog {
        read_with(self.spec(), text, PARALLEL_FROM)
    }
}

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
    if let Some(format) = chat_history(name, text) {
        return Some(format);
    }
    if trimmed.starts_with('[') || trimmed.starts_with('{') {
        if let Ok(v) = json::parse(text, 0) {
            // One document; a JSONL log of one record is one too.
            return document(&v, name).or_else(|| record(&v));
        }
        if name.ends_with(".json") || trimmed.starts_with('[') {
            return None;
        }
    }
    json::records(text)
        .take(DETECT_RECORDS)
        .find_map(|(_, v)| v.ok().and_then(|v| record(&v)))
}

/// What a listing says of a session log: its format's name and, where
/// its records say, the version of the tool that wrote it
/// (`Claude Code session 2.1.197`).
pub fn describe(path: Option<&Path>, text: &str) -> Option<String> {
    let (format, version) = identify(path, text)?;
    Some(match version {
        Some(v) => format!("{} {v}", format.name()),
        None => format.name().to_string(),
    })
}

/// A session log's format and, where its records say, the version of the
/// tool that wrote it.
pub fn identify(path: Option<&Path>, text: &str) -> Option<(SessionFormat, Option<String>)> {
    let format = detect(path, text)?;
    // A version is a short token (`2.1.197`, `0.171.0-alpha.2`).
    let token = |v: &String| {
        v.len() <= 32
            && v.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+' | '_'))
    };
    let version = format.spec().version.and_then(|of| {
        json::records(text)
            .take(DETECT_RECORDS)
            .find_map(|(_, v)| v.ok().as_ref().and_then(of).filter(token))
    });
    Some((format, version))
}

/// The format of a chat history written as text (Markdown), by its
/// opening: the first whose histories look like this one.
fn chat_history(name: &str, text: &str) -> Option<SessionFormat> {
    SessionFormat::ALL
        .into_iter()
        .find(|f| f.spec().text.is_some_and(|is| is(text, name)))
}

/// Whether a text is a chat history an agent tool wrote in Markdown
/// (Aider's), which is read as a session log: only the model's turns are
/// checked.
pub fn is_chat_history(path: Option<&Path>, text: &str) -> bool {
    let name = path
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    chat_history(name, text).is_some()
}

/// The format of a whole JSON document: the first whose documents look
/// like this one.
fn document(v: &JValue<'_>, name: &str) -> Option<SessionFormat> {
    SessionFormat::ALL
        .into_iter()
        .find(|f| f.spec().document.is_some_and(|is| is(v, name)))
}

/// The format whose records look like this one, if any: the first asked.
fn record(v: &JValue<'_>) -> Option<SessionFormat> {
    SessionFormat::ALL
        .into_iter()
        .find(|f| f.spec().record.is_some_and(|is| is(v)))
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_listing_names_the_format_and_the_version_its_records_give() {
        let claude = |version: &str| {
            format!(
                "{{\"type\":\"summary\",\"summary\":\"s\"}}\n{{\"type\":\"user\",\"uuid\":\"u1\",\"sessionId\":\"s\",\"version\":\"{version}\",\"message\":{{\"role\":\"user\",\"content\":\"x\"}}}}\n"
            )
        };
        assert_eq!(
            describe(None, &claude("2.1.197")).as_deref(),
            Some("Claude Code session 2.1.197")
        );
        // What is no version is not shown.
        assert_eq!(
            describe(None, &claude("2.1\\u001b[31m")).as_deref(),
            Some("Claude Code session")
        );
        let codex = r#"{"timestamp":"t","type":"session_meta","payload":{"id":"x","cli_version":"0.171.0"}}"#;
        assert_eq!(
            describe(None, codex).as_deref(),
            Some("Codex CLI rollout 0.171.0")
        );
        let pi = r#"{"type":"session","version":3,"id":"a","timestamp":"t","cwd":"/"}"#;
        assert_eq!(describe(None, pi).as_deref(), Some("Pi agent session"));
        assert_eq!(describe(None, "# notes\n"), None);
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
                r#"{"role":"user","message":{"content":[{"type":"text","text":"x"}]}}"#,
                SessionFormat::Cursor,
            ),
            (
                r#"{"uuid":"u1","parentUuid":null,"sessionId":"s","type":"user","message":{"role":"user","parts":[{"text":"x"}]}}"#,
                SessionFormat::QwenCode,
            ),
            (
                r#"{"uuid":"u2","parentUuid":"u1","sessionId":"s","type":"system","subtype":"ui_telemetry","systemPayload":{}}"#,
                SessionFormat::QwenCode,
            ),
            (
                r#"{"type":"session.start","data":{"sessionId":"s","copilotVersion":"1.0.82"},"id":"e1","timestamp":"t","parentId":null}"#,
                SessionFormat::CopilotCli,
            ),
            (
                "\n# aider chat started at 2026-03-14 09:12:40\n\n#### Plan.  \n",
                SessionFormat::Aider,
            ),
            (
                r#"[{"ts":1786543331406,"type":"say","say":"task","text":"x"},{"ts":1786543331407,"type":"ask","ask":"followup","text":"{}"}]"#,
                SessionFormat::ClineMessages,
            ),
            (
                "# Q3 pricing\n_Exported on 3/14/2026 at 09:31:07 GMT from Cursor (2.6.21)_\n\n---\n\n**User**\n\nGo.\n",
                SessionFormat::CursorExport,
            ),
            (
                "<!-- Generated by SpecStory, Markdown v2.1.0 -->\n\n# t\n\n_**User (2026-03-14 09:12:40Z)**_\n\nGo.\n",
                SessionFormat::SpecStory,
            ),
            (
                r#"{"responderUsername":"GitHub Copilot","initialLocation":"panel","requests":[{"message":{"text":"x"},"response":[{"value":"y"}]}]}"#,
                SessionFormat::VsCodeChat,
            ),
            (
                "{\"type\":\"system\",\"content\":\"You are Grok.\"}\n{\"type\":\"assistant\",\"content\":\"x\",\"tool_calls\":[]}\n",
                SessionFormat::GrokBuild,
            ),
            (
                r#"[{"id":0,"timestamp":"t","source":"agent","message":"m","action":"system","args":{}},{"id":4,"timestamp":"t","source":"environment","message":"m","cause":2,"observation":"recall","content":""}]"#,
                SessionFormat::OpenHandsTrajectory,
            ),
            (
                r#"{"trajectory":[{"id":1,"timestamp":"t","source":"user","message":"m","action":"message","args":{"content":"x"}}]}"#,
                SessionFormat::OpenHandsTrajectory,
            ),
            (
                "{\"id\":\"e1\",\"timestamp\":\"t\",\"source\":\"agent\",\"llm_message\":{\"role\":\"assistant\",\"content\":[]},\"kind\":\"MessageEvent\"}\n{\"id\":\"e2\",\"timestamp\":\"t\",\"source\":\"agent\",\"key\":\"k\",\"value\":1,\"kind\":\"ConversationStateUpdateEvent\"}\n",
                SessionFormat::OpenHandsEvents,
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
