use crate::rules::prelude::*;
use serde_json::Value;

declare_rule! {
    /// ## What it does
    /// Flags a transition log over `pipeline.max-log-bytes` (default 64 MiB),
    /// an event over `pipeline.max-event-bytes` (default 64 KiB), and an event
    /// that embeds a conversation (a `messages`, `conversation`, `transcript`
    /// or `chat` field).
    ///
    /// ## Why is this bad?
    /// The log records transitions; the conversation that led to them belongs
    /// in its own file, referenced by address. Embedded chats make the log
    /// slow to read, leak context to every reader, and drown the states.
    ///
    /// ## Example
    /// ```json
    /// {…, "new_state": "failed", "conversation": [{"role": "user", …}, …]}
    /// ```
    ///
    /// Use instead: `"logs": "s3://runs/PAY-412/review-1.jsonl"`.
    pub struct OversizedLog {
        code: "T012",
        name: "oversized-log",
        family: Transition,
        severity: Warning,
        added: "0.1.0",
        summary: "A transition log or event is too large, or embeds a conversation",
    }
}

const CONVERSATION_KEYS: [&str; 4] = ["messages", "conversation", "transcript", "chat"];

impl TransitionRule for OversizedLog {
    fn check(&self, log: &TransitionLog<'_>, out: &mut Vec<Diagnostic>) {
        let limits = &log.settings.pipeline;
        if log.source.len() as u64 > limits.max_log_bytes {
            let first = log.lines.first().cloned().unwrap_or(0..0);
            out.push(
                self.meta()
                    .diagnostic(
                        first,
                        format!(
                            "the log is {} bytes; at most {} are expected",
                            log.source.len(),
                            limits.max_log_bytes
                        ),
                    )
                    .with_label("oversized log")
                    .with_help("rotate the log per task or per day (`pipeline.max-log-bytes`)"),
            );
        }
        for line in &log.lines {
            if (line.len() as u64) <= limits.max_event_bytes {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(line.start..line.start + 1, format!("this event is {} bytes; at most {} are expected", line.len(), limits.max_event_bytes))
                    .with_label("oversized event")
                    .with_help("keep events to the transition; store large payloads elsewhere and reference them (`pipeline.max-event-bytes`)"),
            );
        }
        for e in &log.events {
            let Some(key) = CONVERSATION_KEYS
                .iter()
                .find(|k| matches!(e.object.get(**k), Some(Value::Array(_) | Value::String(_))))
            else {
                continue;
            };
            out.push(
                self.meta()
                    .diagnostic(log.field_span(e, key), format!("this event embeds a conversation in `{key}`"))
                    .with_label("embedded conversation")
                    .with_help("store the conversation in its own file and reference it (for example in `logs`)"),
            );
        }
    }
}
