//! What an agent tool hands its stop hook: the JSON on standard input, read
//! into what boardlint needs of it, whichever tool sent it.

use std::path::PathBuf;

use serde_json::Value;

/// The agent tools whose stop hooks boardlint answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Agent {
    /// Claude Code (`Stop`, `SubagentStop`).
    Claude,
    /// Codex CLI (`Stop`, `SubagentStop`).
    Codex,
    /// Gemini CLI (`AfterAgent`).
    Gemini,
    /// Cursor (`stop`).
    Cursor,
}

impl Agent {
    pub fn name(self) -> &'static str {
        match self {
            Agent::Claude => "Claude Code",
            Agent::Codex => "Codex CLI",
            Agent::Gemini => "Gemini CLI",
            Agent::Cursor => "Cursor",
        }
    }
}

/// One hook call, as boardlint reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payload {
    pub agent: Agent,
    pub session_id: Option<String>,
    /// Where the agent runs: the configuration is found from here. Cursor
    /// sends no `cwd` at `stop`: its first workspace root stands for it.
    pub cwd: Option<PathBuf>,
    /// The log of the conversation the answer continues: the sub-agent's
    /// own at `SubagentStop`.
    pub transcript: Option<PathBuf>,
    /// The turn's final assistant text; `None` when the tool sent none
    /// (Cursor: the answer is read from the transcript).
    pub text: Option<String>,
    /// The tool already fed a block back for this turn (Cursor: a
    /// follow-up was sent, `loop_count` above 0).
    pub stop_hook_active: bool,
    /// Cursor: how many follow-ups this turn has had.
    pub loop_count: Option<u64>,
    /// Cursor: how the agent loop ended (`completed`, `aborted`, `error`).
    pub status: Option<String>,
    /// The sub-agent that stopped (`agent_id` at `SubagentStop`); `None`
    /// for the main agent.
    pub agent_id: Option<String>,
}

/// Read a hook's input. `forced` names the tool (`--agent`); otherwise the
/// event name and the keys tell it. An input that is no stop event of a
/// known tool is an error saying why.
pub fn parse(input: &str, forced: Option<Agent>) -> Result<Payload, String> {
    // A byte-order mark before the JSON (as Cursor on Windows sends it) is
    // no part of it.
    let input = input.strip_prefix('\u{feff}').unwrap_or(input);
    let value: Value =
        serde_json::from_str(input).map_err(|e| format!("the hook's input is not JSON ({e})"))?;
    let Some(object) = value.as_object() else {
        return Err("the hook's input is not a JSON object".to_string());
    };
    let text = |key: &str| object.get(key).and_then(Value::as_str).map(str::to_string);
    let loop_count = object.get("loop_count").and_then(Value::as_u64);
    let event = text("hook_event_name").unwrap_or_default();
    let agent = match forced {
        Some(agent) => agent,
        None => detect(&event, object)?,
    };
    let subagent = event == "SubagentStop";
    let transcript = subagent
        .then(|| text("agent_transcript_path"))
        .flatten()
        .or_else(|| text("transcript_path"))
        .filter(|p| !p.is_empty())
        .map(PathBuf::from);
    let answer = match agent {
        Agent::Gemini => text("prompt_response").or_else(|| text("last_assistant_message")),
        Agent::Cursor => text("last_assistant_message").or_else(|| text("text")),
        Agent::Claude | Agent::Codex => text("last_assistant_message"),
    };
    Ok(Payload {
        agent,
        session_id: text("session_id")
            .or_else(|| text("conversation_id"))
            .filter(|s| !s.is_empty()),
        cwd: text("cwd")
            .or_else(|| first_workspace_root(object))
            .filter(|p| !p.is_empty())
            .map(PathBuf::from),
        transcript,
        text: answer,
        stop_hook_active: object
            .get("stop_hook_active")
            .and_then(Value::as_bool)
            .unwrap_or(loop_count.is_some_and(|n| n > 0)),
        loop_count,
        status: (agent == Agent::Cursor).then(|| text("status")).flatten(),
        agent_id: subagent
            .then(|| text("agent_id"))
            .flatten()
            .filter(|s| !s.is_empty()),
    })
}

/// The first of Cursor's `workspace_roots`: the project the agent works in.
fn first_workspace_root(object: &serde_json::Map<String, Value>) -> Option<String> {
    let roots = object.get("workspace_roots")?.as_array()?;
    roots.first()?.as_str().map(str::to_string)
}

/// The tool that sent a stop event: Gemini CLI's is `AfterAgent`, Cursor's
/// `stop`; Claude Code and Codex CLI both send `Stop` and `SubagentStop`,
/// and only Codex sends a `turn_id`.
fn detect(event: &str, object: &serde_json::Map<String, Value>) -> Result<Agent, String> {
    match event {
        "AfterAgent" => Ok(Agent::Gemini),
        "stop" => Ok(Agent::Cursor),
        "Stop" | "SubagentStop" if object.contains_key("turn_id") => Ok(Agent::Codex),
        "Stop" | "SubagentStop" => Ok(Agent::Claude),
        "" => Err("the hook's input names no event (`hook_event_name`); pass `--agent`".to_string()),
        other => Err(format!(
            "`{other}` is not an event boardlint answers (it checks answers at Stop, SubagentStop, AfterAgent and stop)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_tool_is_told_by_its_event_and_keys() {
        let claude = r#"{"session_id":"s","transcript_path":"/h/.claude/projects/p/s.jsonl","cwd":"/w","prompt_id":"p","permission_mode":"default","effort":"high","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"Hi","background_tasks":[],"session_crons":[],"a_key_from_a_later_version":1}"#;
        let codex = r#"{"session_id":"s","turn_id":"t","transcript_path":"/h/sessions/r.jsonl","cwd":"/w","hook_event_name":"Stop","model":"m","permission_mode":"default","stop_hook_active":true,"last_assistant_message":"Hi"}"#;
        let gemini = r#"{"session_id":"s","transcript_path":"/h/.gemini/tmp/p/chats/s.jsonl","cwd":"/w","hook_event_name":"AfterAgent","timestamp":"2026-01-01T00:00:00Z","prompt":"say hi","prompt_response":"Hi","stop_hook_active":false}"#;
        let cursor = r#"{"conversation_id":"c","generation_id":"g","model":"m","hook_event_name":"stop","cursor_version":"1.7.2","workspace_roots":["/w","/x"],"user_email":null,"transcript_path":"/h/.cursor/projects/w/agent-transcripts/c/c.jsonl","status":"completed","loop_count":1}"#;
        let p = parse(claude, None).unwrap();
        assert_eq!(
            (p.agent, p.text.as_deref(), p.stop_hook_active),
            (Agent::Claude, Some("Hi"), false)
        );
        assert_eq!(
            p.transcript,
            Some(PathBuf::from("/h/.claude/projects/p/s.jsonl"))
        );
        let with_bom = format!("\u{feff}{claude}");
        assert_eq!(parse(&with_bom, None).unwrap(), p);
        let p = parse(codex, None).unwrap();
        assert_eq!((p.agent, p.stop_hook_active), (Agent::Codex, true));
        let p = parse(gemini, None).unwrap();
        assert_eq!((p.agent, p.text.as_deref()), (Agent::Gemini, Some("Hi")));
        let p = parse(cursor, None).unwrap();
        assert_eq!(
            (p.agent, p.text, p.loop_count, p.stop_hook_active),
            (Agent::Cursor, None, Some(1), true)
        );
        assert_eq!(p.session_id.as_deref(), Some("c"));
        assert_eq!(p.status.as_deref(), Some("completed"));
        // No `cwd`: the first workspace root stands for it.
        assert_eq!(p.cwd, Some(PathBuf::from("/w")));
        assert_eq!(
            p.transcript,
            Some(PathBuf::from(
                "/h/.cursor/projects/w/agent-transcripts/c/c.jsonl"
            ))
        );
        let first = parse(
            &cursor.replace("\"loop_count\":1", "\"loop_count\":0"),
            None,
        )
        .unwrap();
        assert!(!first.stop_hook_active);
        // `--agent` wins over what the keys say.
        assert_eq!(
            parse(claude, Some(Agent::Codex)).unwrap().agent,
            Agent::Codex
        );
    }

    #[test]
    fn a_subagent_stop_reads_the_sub_agents_own_log() {
        let input = r#"{"session_id":"s","transcript_path":"/main.jsonl","agent_transcript_path":"/agent.jsonl","agent_id":"a","hook_event_name":"SubagentStop","stop_hook_active":false,"last_assistant_message":"Done"}"#;
        let p = parse(input, None).unwrap();
        assert_eq!(p.transcript, Some(PathBuf::from("/agent.jsonl")));
        let main = parse(&input.replace("SubagentStop", "Stop"), None).unwrap();
        assert_eq!(main.transcript, Some(PathBuf::from("/main.jsonl")));
    }

    #[test]
    fn inputs_that_are_no_stop_event_say_why() {
        for (input, why) in [
            ("not json", "not JSON"),
            ("[1, 2]", "not a JSON object"),
            (r#"{"session_id":"s"}"#, "names no event"),
            (
                r#"{"hook_event_name":"PreToolUse"}"#,
                "`PreToolUse` is not an event",
            ),
        ] {
            let err = parse(input, None).unwrap_err();
            assert!(err.contains(why), "{input}: {err}");
        }
    }
}
