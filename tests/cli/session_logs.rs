//! Session logs: diagnostics land on the raw bytes of the log.

use predicates::prelude::*;

use crate::boardlint;
use crate::config_settings::{check, repo, write};

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
