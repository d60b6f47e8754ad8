//! Session logs: diagnostics land on the raw bytes of the log.

use predicates::prelude::*;

use crate::boardlint;
use crate::config_settings::{check, repo, run_in, write};

/// A Claude Code line whose assistant text holds escapes before and inside
/// the self-invocation.
const LINE: &str = r#"{"type":"assistant","uuid":"a1","parentUuid":null,"sessionId":"s","timestamp":"2026-03-05T14:00:05Z","isSidechain":false,"message":{"id":"m1","role":"assistant","content":[{"type":"text","text":"CFO: caf\u00e9 \"check\" \ud83d\udcca\n[INVOKE:cfo|Is \"burn\" \u00e9 \ud83d\ude00 ok?]"}]}}"#;

#[test]
fn a_diagnostic_inside_an_escaped_string_points_at_its_raw_bytes() {
    let root = repo();
    write(root.path(), "s.jsonl", &format!("{LINE}\n"));
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "--format", "json", "s.jsonl"])
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let d = report
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "L001")
        .expect("L001 reported");
    let (start, end) = (
        d["start"]["offset"].as_u64().unwrap() as usize,
        d["end"]["offset"].as_u64().unwrap() as usize,
    );
    assert_eq!(
        &LINE[start..end],
        r#"[INVOKE:cfo|Is \"burn\" \u00e9 \ud83d\ude00 ok?]"#
    );
    // Columns count bytes of the raw line, escapes as written.
    assert_eq!(d["start"]["line"], 1);
    assert_eq!(d["start"]["column"].as_u64().unwrap() as usize, start + 1);
    assert_eq!(d["end"]["column"].as_u64().unwrap() as usize, end + 1);
}

#[test]
fn session_roles_name_the_speaker_of_a_message() {
    let root = repo();
    let line = r#"{"messages":[{"role":"user","content":"Burn?"},{"role":"assistant","name":"finance-agent","content":"[INVOKE:cfo|What is our burn?]"}]}"#;
    write(root.path(), "chat.jsonl", &format!("{line}\n"));
    let (code, out, _) = check(root.path(), &[]);
    assert_eq!(code, 0, "speaker unknown: nothing to report: {out}");
    write(
        root.path(),
        ".boardlint.yaml",
        "session:\n  roles:\n    finance-agent: cfo\n",
    );
    let (code, out, _) = check(root.path(), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("chat.jsonl:1:") && out.contains("error[L001]"),
        "{out}"
    );
}

#[test]
fn fmt_refuses_session_logs_and_formats_the_rest() {
    let root = repo();
    write(root.path(), "s.jsonl", &format!("{LINE}\n"));
    write(
        root.path(),
        "draft.md",
        "BOTTOM LINE\nGo. — Confidence: 🟢 High\n\nWHAT\n• x (from ledger) 🟢\n",
    );
    boardlint()
        .current_dir(root.path())
        .args(["fmt", "s.jsonl", "draft.md"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "s.jsonl: a session log is a record, not a draft",
        ));
    assert!(std::fs::read_to_string(root.path().join("draft.md"))
        .unwrap()
        .starts_with("━"));
    assert_eq!(
        std::fs::read_to_string(root.path().join("s.jsonl")).unwrap(),
        format!("{LINE}\n")
    );
}

/// A Claude Code assistant record with one text block.
fn claude(uuid: &str, parent: &str, sidechain: bool, text: &str) -> String {
    serde_json::json!({
        "type": "assistant", "uuid": uuid,
        "parentUuid": if parent.is_empty() { serde_json::Value::Null } else { parent.into() },
        "sessionId": "s", "timestamp": "2026-03-05T14:00:05Z", "isSidechain": sidechain,
        "message": {"id": format!("m-{uuid}"), "role": "assistant",
                    "content": [{"type": "text", "text": text}]}
    })
    .to_string()
}

/// One RESPONSE block written across two messages: balanced only when both
/// messages are one conversation.
const OPEN: &str = "CFO: the numbers\n[RESPONSE:cfo]\nKey finding: $2M a month\nSupporting data:\n  - ledger\n  - bank";
const CLOSE: &str = "Confidence: high\nCaveat: excludes Q3 hires\n[/RESPONSE]";

fn codes(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| {
            let (place, rest) = l.split_once(": ")?;
            let code = rest.split_once('[')?.1.split_once(']')?.0;
            Some(format!("{}:{code}", place.split(':').nth(1)?))
        })
        .collect()
}

#[test]
fn blocks_carry_across_the_messages_of_one_conversation() {
    let root = repo();
    let log = [
        claude("a1", "", false, OPEN),
        claude("a2", "a1", false, CLOSE),
    ]
    .join("\n");
    write(root.path(), "s.jsonl", &format!("{log}\n"));
    let (code, out, _) = check(root.path(), &[]);
    assert_eq!((code, codes(&out)), (0, vec![]), "{out}");
}

/// Claude Code sometimes writes a record right after another on the same
/// line, with no line break between them (an answer, then a `summary` or a
/// `file-history-snapshot`): both are read, and the answer is checked.
#[test]
fn records_written_on_one_line_are_each_read() {
    let root = repo();
    let first = claude("a1", "", false, "CEO: opening the review.");
    let answer = claude(
        "a2",
        "a1",
        false,
        "CFO: payroll first\n[INVOKE:cfo|Check payroll]",
    );
    let summary = r#"{"type":"summary","summary":"Payroll review","leafUuid":"a2"}"#;
    let snapshot = r#"{"type":"file-history-snapshot","messageId":"a2","snapshot":{},"isSnapshotUpdate":false}"#;
    write(
        root.path(),
        "s.jsonl",
        &format!("{first}\n{answer}{summary}\n{snapshot}{first}\n"),
    );
    let (code, out, _) = check(root.path(), &[]);
    // The self-invocation on line 2, and the copy of the first record on
    // line 3 (its uuid written twice), each where it is; nothing is
    // reported as a line that is not JSON.
    assert_eq!(code, 1, "{out}");
    let found = codes(&out);
    assert!(found.contains(&"2:L001".to_string()), "{out}");
    assert!(found.contains(&"3:A005".to_string()), "{out}");
    assert!(!found.iter().any(|c| c.ends_with(":A001")), "{out}");
}

/// A walk of an agent tool's log directory checks its logs and leaves its
/// working files alone (Claude Code's tool results and memory), saying so
/// under `-v`; a working file named on the command line is still checked.
#[test]
fn a_walk_of_a_tools_log_directory_checks_only_its_logs() {
    let root = repo();
    let project = ".claude/projects/-home-dev-kestrel";
    let log = claude(
        "a1",
        "",
        false,
        "CFO: payroll first\n[INVOKE:cfo|Check payroll]",
    );
    write(
        root.path(),
        &format!("{project}/s1.jsonl"),
        &format!("{log}\n"),
    );
    write(
        root.path(),
        &format!("{project}/s1/tool-results/toolu_1.txt"),
        "CFO: x\n[INVOKE:cfo|y]\n",
    );
    write(
        root.path(),
        &format!("{project}/memory/MEMORY.md"),
        "CFO: x\n[INVOKE:cfo|y]\n",
    );
    for (dir, walked) in [
        (root.path().to_path_buf(), ".claude/projects"),
        (root.path().join(".claude/projects"), "."),
    ] {
        let (code, out, err) = check(&dir, &["-v", walked]);
        assert_eq!(code, 1, "{out}{err}");
        assert_eq!(codes(&out), vec!["1:L001"], "{out}");
        assert!(out.contains("s1.jsonl"), "{out}");
        for skipped in ["toolu_1.txt", "MEMORY.md"] {
            assert!(!out.contains(skipped), "{out}");
            assert!(
                err.lines()
                    .any(|l| l.contains(skipped) && l.contains("Claude Code's log directory")),
                "{err}"
            );
        }
    }
    let (_, out, _) = check(root.path(), &[&format!("{project}/memory/MEMORY.md")]);
    assert_eq!(codes(&out), vec!["2:L001"], "{out}");
    // The same files elsewhere are transcripts.
    write(root.path(), "notes/MEMORY.md", "CFO: x\n[INVOKE:cfo|y]\n");
    let (_, out, _) = check(root.path(), &["notes"]);
    assert_eq!(codes(&out), vec!["2:L001"], "{out}");
}

#[test]
fn a_sidechain_is_a_conversation_of_its_own() {
    let root = repo();
    let log = [claude("a1", "", false, OPEN), claude("b1", "", true, CLOSE)].join("\n");
    write(root.path(), "s.jsonl", &format!("{log}\n"));
    let (_, out, _) = check(root.path(), &[]);
    // The unclosed response's fields are checked too (R001: no confidence
    // or caveat in its conversation).
    assert_eq!(codes(&out), vec!["1:M003", "1:R001", "2:M003"], "{out}");
}

#[test]
fn each_line_of_an_openai_jsonl_file_is_a_conversation_of_its_own() {
    let root = repo();
    let line = |text: &str| {
        serde_json::json!({"messages": [
            {"role": "user", "content": "Burn?"},
            {"role": "assistant", "content": text}
        ]})
        .to_string()
    };
    write(
        root.path(),
        "chat.jsonl",
        &format!("{}\n{}\n", line(OPEN), line(CLOSE)),
    );
    let (_, out, _) = check(root.path(), &[]);
    assert_eq!(codes(&out), vec!["1:M003", "1:R001", "2:M003"], "{out}");
    // The same messages in one conversation make one block; user and tool
    // content between them is not part of the transcript.
    let one = serde_json::json!([
        {"role": "assistant", "content": OPEN},
        {"role": "user", "content": "[/RESPONSE] [INVOKE:cfo|x]"},
        {"role": "assistant", "content": [{"type": "text", "text": CLOSE}]}
    ]);
    std::fs::remove_file(root.path().join("chat.jsonl")).unwrap();
    write(root.path(), "chat.json", &one.to_string());
    let (code, out, _) = check(root.path(), &[]);
    assert_eq!((code, codes(&out)), (0, vec![]), "{out}");
}

#[test]
fn cline_tool_blocks_are_not_tracked() {
    let root = repo();
    let history = serde_json::json!([
        {"role": "user", "content": [{"type": "text", "text": "<task>Budget</task>"}]},
        {"role": "assistant", "content": [
            {"type": "text", "text": "<read_file><path>q3.csv</path></read_file>"},
            {"type": "tool_use", "id": "toolu_1", "name": "read_file", "input": {}}
        ]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_9", "content": "x"}]}
    ]);
    write(
        root.path(),
        "task/api_conversation_history.json",
        &history.to_string(),
    );
    let (code, out, _) = check(root.path(), &[]);
    assert_eq!((code, codes(&out)), (0, vec![]), "{out}");
    // The same blocks in an OpenAI-shaped file named otherwise are Cline by
    // shape, and stay untracked too.
    write(root.path(), "other.json", &history.to_string());
    let (code, out, _) = check(root.path(), &[]);
    assert_eq!((code, codes(&out)), (0, vec![]), "{out}");
}

#[test]
fn the_kinds_setting_forces_a_file_to_be_read_as_a_session_log() {
    let root = repo();
    let log = claude("a1", "", false, "CFO: x\n[INVOKE:cfo|Why?]");
    write(root.path(), "logs/run.txt", &format!("{log}\n"));
    let (_, out, _) = check(root.path(), &["logs/run.txt"]);
    assert!(
        !out.contains("L001"),
        "a .txt file is a transcript by default: {out}"
    );
    write(
        root.path(),
        ".boardlint.yaml",
        "kinds:\n  \"logs/*.txt\": session-log\n",
    );
    let (code, out, _) = check(root.path(), &["--select", "L001", "logs/run.txt"]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(codes(&out), vec!["1:L001"], "{out}");
}

/// A Cursor agent transcript line of `role` with these content blocks.
fn cursor(role: &str, blocks: serde_json::Value) -> String {
    serde_json::json!({"role": role, "message": {"content": blocks}}).to_string()
}

#[test]
fn a_cursor_agent_transcript_is_checked_as_a_session_log() {
    let root = repo();
    let text = |t: &str| serde_json::json!([{"type": "text", "text": t}]);
    let log = [
        cursor(
            "user",
            text("<user_query>\n[INVOKE:cfo|Runway?]\n</user_query>"),
        ),
        cursor(
            "assistant",
            serde_json::json!([
                {"type": "thinking", "thinking": "CFO: [INVOKE:cfo|Again?]"},
                {"type": "text", "text": OPEN},
                {"type": "tool_use", "name": "Read", "input": {"path": "[INVOKE:cfo|x]"}}
            ]),
        ),
        cursor(
            "user",
            serde_json::json!([{"type": "tool_result", "text": "[/RESPONSE] [INVOKE:cfo|y]"}]),
        ),
        cursor("assistant", text(CLOSE)),
        cursor("assistant", text("CFO: [INVOKE:cfo|What is our burn?]")),
    ]
    .join("\n");
    write(
        root.path(),
        "agent-transcripts/c1/c1.jsonl",
        &format!("{log}\n"),
    );
    // The response spans two messages (closed: no M003), and answers no
    // invocation (R007); prompts, thinking, tool inputs and results are no
    // assistant text; the self-invocation is on line 5.
    let (code, out, _) = check(root.path(), &["--select", "L001,M003,R007"]);
    assert_eq!(
        (code, codes(&out)),
        (1, vec!["2:R007".into(), "5:L001".into()]),
        "{out}"
    );
}

/// Two sub-agents' sidechains in one Claude Code log, each starting from a
/// record with no parent (as Claude Code writes them): the CFO speaking in
/// one does not make a bare invocation of the CFO in the other a
/// self-invocation.
#[test]
fn sidechains_that_start_without_a_parent_are_conversations_of_their_own() {
    let record = |uuid: &str, parent: Option<&str>, text: &str| {
        serde_json::json!({
            "type": "assistant", "uuid": uuid, "parentUuid": parent, "sessionId": "s",
            "isSidechain": true,
            "message": {"id": format!("m-{uuid}"), "role": "assistant",
                "content": [{"type": "text", "text": text}]},
        })
        .to_string()
    };
    let log = [
        record("a1", None, "CFO: The runway is 14 months."),
        record("b1", None, "[INVOKE:cfo|What is the runway?]"),
    ]
    .join("\n")
        + "\n";
    let root = repo();
    write(root.path(), "s.jsonl", &log);
    let (_, out, _) = run_in(root.path(), &["check", "--format", "json", "s.jsonl"]);
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let codes: Vec<&str> = report
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["code"].as_str())
        .collect();
    assert!(!codes.contains(&"L001"), "{codes:?}");
    // In one sidechain, the same two turns are a self-invocation.
    let one = [
        record("a1", None, "CFO: The runway is 14 months."),
        record("a2", Some("a1"), "[INVOKE:cfo|What is the runway?]"),
    ]
    .join("\n")
        + "\n";
    write(root.path(), "s.jsonl", &one);
    let (_, out, _) = run_in(root.path(), &["check", "--format", "json", "s.jsonl"]);
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(
        report
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "L001"),
        "{report}"
    );
}
