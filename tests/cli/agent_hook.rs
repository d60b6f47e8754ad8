//! `boardlint hook`, run as each agent CLI runs it: the hook's JSON on
//! standard input, the tool's contract on standard output.

use std::path::Path;

use serde_json::{json, Value};

use super::boardlint;

pub(crate) const SELFISH: &str = "CFO: [INVOKE:cfo|What is our runway?]";
pub(crate) const CLEAN: &str = "CFO: Our runway is 14 months.";

/// A Claude Code session log whose assistant turns say `replies`.
pub(crate) fn claude_log(dir: &Path, replies: &[&str]) -> String {
    let mut text = json!({"type": "user", "sessionId": "s1", "uuid": "u0",
        "message": {"role": "user", "content": "go"}})
    .to_string()
        + "\n";
    for (i, reply) in replies.iter().enumerate() {
        text += &(json!({"type": "assistant", "sessionId": "s1", "uuid": format!("a{i}"),
            "message": {"role": "assistant", "content": [{"type": "text", "text": reply}]}})
        .to_string()
            + "\n");
    }
    let path = dir.join("session.jsonl");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// A Cursor agent transcript whose turns are a prompt and `replies`, one
/// each: the last reply is the last turn, the answer Cursor's hook checks.
pub(crate) fn cursor_log(dir: &Path, replies: &[&str]) -> String {
    let mut text = String::new();
    for reply in replies {
        for (role, said) in [
            ("user", "<user_query>\nnext\n</user_query>"),
            ("assistant", reply),
        ] {
            text +=
                &(json!({"role": role, "message": {"content": [{"type": "text", "text": said}]}})
                    .to_string()
                    + "\n");
        }
    }
    let path = dir.join("cursor-transcript.jsonl");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// Each tool's stop payload, with the keys its current version sends and
/// one it does not (a later version's), for an answer and its log.
/// Cursor's holds no answer and no `cwd`: its answer is the last turn of
/// its transcript (see [`stop`]), its directory its workspace root.
pub(crate) fn payload(
    agent: &str,
    dir: &Path,
    transcript: &str,
    answer: &str,
    active: bool,
) -> String {
    let cwd = dir.display().to_string();
    match agent {
        "claude" => json!({"session_id": "s1", "transcript_path": transcript, "cwd": cwd,
            "prompt_id": "p", "permission_mode": "default", "effort": "high",
            "hook_event_name": "Stop", "stop_hook_active": active,
            "last_assistant_message": answer, "background_tasks": [], "session_crons": [],
            "a_later_key": {"x": 1}}),
        "codex" => json!({"session_id": "s1", "turn_id": "t1", "transcript_path": transcript,
            "cwd": cwd, "hook_event_name": "Stop", "model": "m", "permission_mode": "default",
            "stop_hook_active": active, "last_assistant_message": answer, "a_later_key": 1}),
        "gemini" => json!({"session_id": "s1", "transcript_path": transcript, "cwd": cwd,
            "hook_event_name": "AfterAgent", "timestamp": "2026-12-01T00:00:00Z",
            "prompt": "say hi", "prompt_response": answer, "stop_hook_active": active,
            "a_later_key": true}),
        "cursor" => json!({"conversation_id": "s1", "generation_id": "g", "model": "m",
            "hook_event_name": "stop", "cursor_version": "1.7.2", "workspace_roots": [cwd],
            "user_email": null, "transcript_path": transcript, "status": "completed",
            "loop_count": if active { 1 } else { 0 }, "a_later_key": []}),
        _ => unreachable!(),
    }
    .to_string()
}

/// One stop of `agent` in `dir` after a session whose earlier replies are
/// `history`, with this answer: its log written as the tool writes it (the
/// answer in Cursor's, after the history; in the others' only the history,
/// the answer in the payload), and its payload.
pub(crate) fn stop(
    agent: &str,
    dir: &Path,
    history: &[&str],
    answer: &str,
    active: bool,
) -> String {
    let log = match agent {
        "cursor" => cursor_log(dir, &[history, &[answer]].concat()),
        _ => claude_log(dir, history),
    };
    payload(agent, dir, &log, answer, active)
}

/// Run the hook with its cache in `dir`: (exit code, stdout, stderr).
pub(crate) fn hook(dir: &Path, input: &str, args: &[&str]) -> (i32, String, String) {
    let out = boardlint()
        .arg("hook")
        .args(args)
        .env("BOARDLINT_CACHE_DIR", dir.join("cache"))
        .current_dir(dir)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

pub(crate) fn reply(stdout: &str) -> Value {
    serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{e}: {stdout:?}"))
}

#[test]
fn a_violating_answer_is_sent_back_in_each_tools_contract() {
    for (agent, key, decision) in [
        ("claude", "reason", Some("block")),
        ("codex", "reason", Some("block")),
        ("gemini", "reason", Some("deny")),
        ("cursor", "followup_message", None),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let input = stop(
            agent,
            dir.path(),
            &["CEO: The board meets today."],
            SELFISH,
            false,
        );
        let (code, out, err) = hook(dir.path(), &input, &[]);
        assert_eq!(code, 0, "{agent}: {err}");
        let r = reply(&out);
        assert_eq!(
            r.get("decision").and_then(Value::as_str),
            decision,
            "{agent}: {r}"
        );
        let reason = r[key].as_str().unwrap_or_else(|| panic!("{agent}: {r}"));
        assert!(
            reason.contains("L001 self-invocation (line 1, `[INVOKE:cfo|What is our runway?]`)"),
            "{agent}: {reason}"
        );
        assert!(reason.contains("Rewrite your answer"), "{agent}: {reason}");
    }
}

#[test]
fn a_clean_answer_and_an_earlier_turns_violation_print_nothing() {
    for agent in ["claude", "codex", "gemini", "cursor"] {
        let dir = tempfile::tempdir().unwrap();
        let input = stop(
            agent,
            dir.path(),
            &["CEO: The board meets today."],
            CLEAN,
            false,
        );
        let (code, out, err) = hook(dir.path(), &input, &[]);
        assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""), "{agent}");
        // The violation is in an earlier turn: not this answer's to fix.
        let input = stop(agent, dir.path(), &[SELFISH], CLEAN, false);
        let (code, out, err) = hook(dir.path(), &input, &[]);
        assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""), "{agent}");
    }
}

#[test]
fn the_session_so_far_is_the_answers_context() {
    let dir = tempfile::tempdir().unwrap();
    let invoke = "CFO: [INVOKE:cro|What is the pipeline?]";
    let log = claude_log(
        dir.path(),
        &["## Phase 2: Independent contributions\n\nCFO: Runway is fine."],
    );
    let (_, out, _) = hook(
        dir.path(),
        &payload("claude", dir.path(), &log, invoke, false),
        &[],
    );
    assert!(
        reply(&out)["reason"]
            .as_str()
            .unwrap()
            .contains("B001 invoke-during-isolation"),
        "{out}"
    );
    let log = claude_log(dir.path(), &["CFO: Runway is fine."]);
    let (_, out, _) = hook(
        dir.path(),
        &payload("claude", dir.path(), &log, invoke, false),
        &[],
    );
    assert_eq!(out, "");
}

#[test]
fn a_subagent_stop_reads_the_sub_agents_own_log() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    let main = claude_log(dir.path(), &["CFO: Runway is fine."]);
    let own = claude_log(
        &sub,
        &["## Phase 2: Independent contributions\n\nCFO: Runway is fine."],
    );
    let input = json!({"session_id": "s1", "transcript_path": main, "agent_transcript_path": own,
        "agent_id": "a1", "cwd": dir.path(), "hook_event_name": "SubagentStop",
        "stop_hook_active": false, "last_assistant_message": "CFO: [INVOKE:cro|What is the pipeline?]"});
    let (_, out, _) = hook(dir.path(), &input.to_string(), &[]);
    assert!(out.contains("B001"), "{out}");
}

#[test]
fn the_retry_budget_lets_the_turn_end_with_a_warning_for_the_user() {
    let dir = tempfile::tempdir().unwrap();
    let log = claude_log(dir.path(), &["CEO: The board meets today."]);
    let first = payload("claude", dir.path(), &log, SELFISH, false);
    let again = payload("claude", dir.path(), &log, SELFISH, true);
    // Two sends back (the default `hook.max-retries`), then the turn ends.
    for input in [&first, &again] {
        let (_, out, _) = hook(dir.path(), input, &[]);
        assert_eq!(reply(&out)["decision"], "block", "{out}");
    }
    let (code, out, err) = hook(dir.path(), &again, &[]);
    assert_eq!(code, 0);
    let r = reply(&out);
    assert!(r.get("decision").is_none(), "{r}");
    let line = r["systemMessage"].as_str().unwrap();
    assert!(
        line.contains("after 2 retries: L001 self-invocation"),
        "{line}"
    );
    assert!(err.contains(line), "{err}");
    // A fresh turn has a fresh budget.
    let (_, out, _) = hook(dir.path(), &first, &[]);
    assert_eq!(reply(&out)["decision"], "block");
    // The budget is a setting.
    std::fs::write(
        dir.path().join(".boardlint.yaml"),
        "hook:\n  max-retries: 0\n",
    )
    .unwrap();
    let (_, out, _) = hook(dir.path(), &first, &[]);
    assert!(
        reply(&out)["systemMessage"]
            .as_str()
            .unwrap()
            .contains("`hook.max-retries` is 0: it is not sent back"),
        "{out}"
    );
}

#[test]
fn a_retry_without_a_known_count_lets_the_turn_end() {
    let dir = tempfile::tempdir().unwrap();
    let log = claude_log(dir.path(), &[]);
    // No session id: the count cannot be kept, so a call after a block ends the turn.
    let mut input: Value =
        serde_json::from_str(&payload("claude", dir.path(), &log, SELFISH, true)).unwrap();
    input.as_object_mut().unwrap().remove("session_id");
    let (code, out, _) = hook(dir.path(), &input.to_string(), &[]);
    assert_eq!(code, 0);
    let line = reply(&out)["systemMessage"].as_str().unwrap().to_string();
    // It does not claim a count it could not keep.
    assert!(!line.contains("2 retries"), "{line}");
    assert!(line.contains("could not be counted"), "{line}");
}

#[test]
fn gemini_is_not_told_of_the_answer_it_already_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let log = claude_log(dir.path(), &[]);
    let (_, out, _) = hook(
        dir.path(),
        &payload("gemini", dir.path(), &log, SELFISH, false),
        &[],
    );
    assert_eq!(reply(&out)["decision"], "deny");
    // The retry's `prompt_response` holds both answers, the first first.
    let both = format!("{SELFISH}{CLEAN}");
    let (_, out, _) = hook(
        dir.path(),
        &payload("gemini", dir.path(), &log, &both, true),
        &[],
    );
    assert_eq!(out, "", "{out}");
}

#[test]
fn the_hook_fails_open_and_fails_closed_on_request() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-log.jsonl").display().to_string();
    // A missing transcript: the answer is checked alone.
    let (code, out, _) = hook(
        dir.path(),
        &payload("claude", dir.path(), &missing, SELFISH, false),
        &[],
    );
    assert_eq!(code, 0);
    assert!(out.contains("L001"), "{out}");
    for (input, why) in [
        ("{not json", "not JSON"),
        (
            r#"{"hook_event_name":"PreToolUse"}"#,
            "`PreToolUse` is not an event",
        ),
        (
            r#"{"hook_event_name":"Stop","session_id":"s"}"#,
            "sent no answer",
        ),
    ] {
        let (code, out, err) = hook(dir.path(), input, &[]);
        assert_eq!((code, out.as_str()), (0, ""), "{input}");
        assert!(
            err.contains(why) && err.contains("the turn is allowed to end"),
            "{err}"
        );
        let (code, out, err) = hook(dir.path(), input, &["--fail-closed"]);
        assert_eq!((code, out.as_str()), (2, ""), "{input}");
        assert!(
            err.contains(why) && err.contains("blocked (--fail-closed)"),
            "{err}"
        );
    }
    // An unreadable configuration never blocks the agent either.
    std::fs::write(dir.path().join(".boardlint.yaml"), "bullet-limit: [\n").unwrap();
    let (code, out, err) = hook(
        dir.path(),
        &payload("claude", dir.path(), &missing, SELFISH, false),
        &[],
    );
    assert_eq!((code, out.as_str()), (0, ""));
    assert!(
        err.contains("configuration cannot be read") && err.contains(".boardlint.yaml"),
        "{err}"
    );
}

#[test]
fn fail_on_chooses_which_findings_send_an_answer_back() {
    let dir = tempfile::tempdir().unwrap();
    let log = claude_log(dir.path(), &[]);
    let (_, out, _) = hook(
        dir.path(),
        &payload("claude", dir.path(), &log, SELFISH, false),
        &["--fail-on", "never"],
    );
    assert_eq!(out, "");
}

/// The paragraphs of the transcript fixtures, as the turns of a session:
/// invocations, responses, phases, chains and cards of many shapes.
fn fixture_turns() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut files = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    // First turns whose state crosses into the next ones: a pending
    // invocation, a phase zone, a speaker, a broadcast, each set two turns
    // before the one that reads it (a call cuts the history at the start of
    // its last message, so the turn before it is read again).
    let mut turns: Vec<String> = [
        "CEO: Let us look at the runway.\n\n[INVOKE:cfo|What is our runway?]",
        "Waiting for the CFO.",
        "Still waiting.",
        "[RESPONSE:cfo]\nRunway: 14 months.\n[INVOKE:cro|Pipeline?]\n[INVOKE:cfo|Again?]\n[/RESPONSE]",
        "## Phase 2 — Isolation\n\nCFO: working alone.",
        "More analysis.",
        "And more.",
        "[INVOKE:cro|Quick check?]",
        "## Next\n\nCFO: done.",
        "Still the CFO.",
        "Yes, still.",
        "[INVOKE:cfo|Myself?]",
        "CEO: [BROADCAST:all|Ideas?]",
        "Collecting ideas.",
        "Still collecting.",
        "[RESPONSE:cto]\nIdea A.\n[/RESPONSE]",
        "CTO: [INVOKE:cfo|Costs?]",
        "[CHAIN: cto → cto]",
        // Blocks no closer closes, carried by the cuts after them.
        "CEO: [INVOKE:cfo|Runway?]\n\n[RESPONSE:cfo]\nKey finding: 14 months.",
        "- and it holds",
        "CFO: [INVOKE:cfo|Again?]",
        "[CRITIC-SCREEN]\nBlind spots: none",
        "CRO: [INVOKE:cro|Me?]",
    ]
    .map(String::from)
    .to_vec();
    for file in files.iter().filter(|p| {
        let s = p.display().to_string();
        ["/L0", "/R00", "/B00", "/C013", "/M003"]
            .iter()
            .any(|f| s.contains(f))
    }) {
        let text = std::fs::read_to_string(file).unwrap();
        // A turn is a few paragraphs, cut where the text has a blank line.
        let paragraphs: Vec<&str> = text
            .split("\n\n")
            .filter(|p| !p.trim().is_empty())
            .collect();
        for chunk in paragraphs.chunks(2) {
            turns.push(chunk.join("\n\n"));
        }
    }
    turns
}

/// A log of `format` whose assistant turns say `turns`, a user turn before
/// each.
fn session_log(format: &str, turns: &[String]) -> String {
    let mut out = String::new();
    if format == "gemini" {
        out +=
            &(json!({"sessionId": "s1", "projectHash": "h", "startTime": "t", "lastUpdated": "t"})
                .to_string()
                + "\n");
    }
    for (i, turn) in turns.iter().enumerate() {
        let (user, assistant) = match format {
            "claude" => (
                json!({"type": "user", "sessionId": "s1", "uuid": format!("u{i}"),
                    "message": {"role": "user", "content": "next"}}),
                json!({"type": "assistant", "sessionId": "s1", "uuid": format!("a{i}"),
                    "message": {"id": format!("m{i}"), "role": "assistant",
                        "content": [{"type": "text", "text": turn}]}}),
            ),
            "cursor" => (
                json!({"role": "user", "message": {"content": [{"type": "text", "text": "next"}]}}),
                json!({"role": "assistant", "message": {"content": [{"type": "text", "text": turn}]}}),
            ),
            "codex" => (
                json!({"timestamp": "t", "type": "response_item", "payload": {"type": "message",
                    "role": "user", "content": [{"type": "input_text", "text": "next"}]}}),
                json!({"timestamp": "t", "type": "response_item", "payload": {"type": "message",
                    "role": "assistant", "content": [{"type": "output_text", "text": turn}]}}),
            ),
            _ => (
                json!({"id": format!("u{i}"), "timestamp": "t", "type": "user", "content": "next"}),
                json!({"id": format!("g{i}"), "timestamp": "t", "type": "gemini", "content": turn}),
            ),
        };
        out += &(user.to_string() + "\n" + &assistant.to_string() + "\n");
    }
    out
}

/// Turn after turn of a growing session, the hook that reads the log on
/// from where its last call cut it answers what a hook reading the whole
/// log answers; and it did read on from a cut.
#[test]
fn each_turn_read_on_from_the_last_cut_answers_as_the_whole_log_does() {
    let turns = fixture_turns();
    assert!(turns.len() > 40, "{} turns", turns.len());
    for (format, agent, resume) in [
        ("claude", "claude", "\"read\":\"log\""),
        ("codex", "codex", "\"read\":\"log\""),
        ("gemini", "gemini", "\"read\":\"text\""),
        ("cursor", "cursor", "\"read\":\"log\""),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let kept = dir.path().join("kept");
        let log = dir.path().join("session.jsonl");
        let mut blocked = 0;
        let mut resumed = 0;
        for k in 1..turns.len().min(60) {
            // The log so far holds the turns before this one (Cursor's
            // holds this one too: it is the answer).
            let held = if agent == "cursor" { k + 1 } else { k };
            std::fs::write(&log, session_log(format, &turns[..held])).unwrap();
            let input = payload(
                agent,
                dir.path(),
                &log.display().to_string(),
                &turns[k],
                false,
            );
            let run = |cache: &Path| {
                let out = boardlint()
                    .args(["hook", "--fail-on", "warning"])
                    .env("BOARDLINT_CACHE_DIR", cache)
                    .current_dir(dir.path())
                    .write_stdin(input.clone())
                    .output()
                    .unwrap();
                (out.status.code(), String::from_utf8(out.stdout).unwrap())
            };
            let fresh = dir.path().join(format!("fresh{k}"));
            let whole = run(&fresh);
            let state = |cache: &Path| {
                std::fs::read_dir(cache.join("hook"))
                    .into_iter()
                    .flatten()
                    .flatten()
                    .find(|e| e.file_name().to_string_lossy().contains(".history-"))
                    .map(|e| std::fs::read_to_string(e.path()).unwrap())
            };
            if state(&kept).is_some_and(|s| s.contains(resume)) {
                resumed += 1;
            }
            let on = run(&kept);
            assert_eq!(on, whole, "{format}, turn {k}: {:?}", turns[k]);
            if !whole.1.is_empty() {
                blocked += 1;
            }
        }
        assert!(blocked > 5, "{format}: only {blocked} turns had findings");
        assert!(
            resumed > 30,
            "{format}: only {resumed} turns read on from a cut"
        );
    }
}

/// The replies of a session whose `[RESPONSE:cfo]` is never closed: it
/// answers a call the CRO made inside its own response, so its chain is
/// `ceo → cro → cfo`.
const UNCLOSED: [&str; 4] = [
    "CEO: [INVOKE:cro|What is the pipeline?]",
    "[RESPONSE:cro]\nKey finding: the pipeline is $2M.\nSupporting data:\n  - 40 deals\n  - 12 late\nConfidence: medium\nCaveat: Q3 only.\n[INVOKE:cfo|What is the budget?]\n[/RESPONSE]",
    "[RESPONSE:cfo]\nKey finding: the budget is $1M.",
    "- and it holds through Q4",
];

/// The history state the hook keeps for the log in `dir`'s cache.
fn kept_history(dir: &Path) -> Value {
    let hook = dir.join("cache").join("hook");
    let file = std::fs::read_dir(&hook)
        .unwrap()
        .flatten()
        .find(|e| e.file_name().to_string_lossy().contains(".history-"))
        .unwrap_or_else(|| panic!("no history state in {}", hook.display()));
    serde_json::from_str(&std::fs::read_to_string(file.path()).unwrap()).unwrap()
}

/// An answer after a RESPONSE block an earlier message left open is a new
/// message, not the block's content: its self-invocation is the CFO's own
/// (`cfo → cfo`, L001), not a third hop of the block's chain (L001 and
/// L002 with `ceo → cro → cfo → cfo`). Whether the hook reads the log whole
/// or on from its cut, it answers the same.
#[test]
fn an_answer_after_an_unclosed_block_is_read_as_a_new_message() {
    let expected = "boardlint found 1 problem in your answer that breaks the agent protocol:\n\
        - L001 self-invocation (line 1, `[INVOKE:cfo|What is our runway?]`): `cfo` invokes itself (chain `cfo → cfo`). \
        Fix: an agent cannot invoke itself (Rule 1): answer from your own analysis, or write `[BLOCKED: …]` with the assumption used instead\n\
        Rewrite your answer so that none of these remain, and keep everything else in it as it is.";
    let dir = tempfile::tempdir().unwrap();
    let log = claude_log(dir.path(), &UNCLOSED);
    let input = payload("claude", dir.path(), &log, SELFISH, false);
    let (code, out, err) = hook(dir.path(), &input, &[]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(reply(&out)["reason"], expected, "{out}");
    // The next turn reads on from the cut the first one kept, and answers
    // the same.
    let log = claude_log(
        dir.path(),
        &[&UNCLOSED[..], &["CFO: Runway is fine."]].concat(),
    );
    let input = payload("claude", dir.path(), &log, SELFISH, false);
    let (code, out, err) = hook(dir.path(), &input, &[]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(reply(&out)["reason"], expected, "{out}");
}

/// Where the last line of the file at `path` starts.
fn last_line(path: &str) -> u64 {
    let text = std::fs::read_to_string(path).unwrap();
    text.trim_end().rfind('\n').map_or(0, |i| i + 1) as u64
}

/// What else an earlier message left open ends where the answer begins: a
/// card (the answer's speaker line is a speaker line, not the card's
/// text) and a code fence (the answer is not code).
#[test]
fn an_answer_after_an_open_card_or_fence_is_read_as_a_new_message() {
    let frame = "━".repeat(40);
    let card =
        format!("{frame}\n📊 CFO — Runway\n\nBOTTOM LINE\nWe have 14 months.\n\nWHAT\n- cash");
    for (history, answer, found) in [
        (card.as_str(), "CEO: [INVOKE:cfo|What is our runway?]", None),
        (card.as_str(), SELFISH, Some("L001 self-invocation")),
        (
            "Here is the query:\n\n```sql\nselect 1;",
            SELFISH,
            Some("L001 self-invocation"),
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let log = claude_log(
            dir.path(),
            &["CEO: The board meets today.", history, "More."],
        );
        let input = payload("claude", dir.path(), &log, answer, false);
        let (code, out, _) = hook(dir.path(), &input, &[]);
        assert_eq!(code, 0);
        match found {
            None => assert_eq!(out, "", "{history:?} then {answer:?}"),
            Some(found) => assert!(out.contains(found), "{history:?} then {answer:?}: {out}"),
        }
    }
}

/// A RESPONSE block no closer closes does not keep the hook from cutting
/// the log after it: the cut carries the block open, and each turn reads
/// on from the last message.
#[test]
fn an_unclosed_block_is_carried_by_the_cut() {
    let dir = tempfile::tempdir().unwrap();
    let log = claude_log(dir.path(), &UNCLOSED);
    let opener = std::fs::read_to_string(&log)
        .unwrap()
        .find("[RESPONSE:cfo]")
        .unwrap() as u64;
    let input = payload("claude", dir.path(), &log, CLEAN, false);
    let (code, out, _) = hook(dir.path(), &input, &[]);
    assert_eq!((code, out.as_str()), (0, ""));
    let kept = kept_history(dir.path());
    // Cut at the last message, after the block's opener, which it carries.
    let last = last_line(&log);
    assert_eq!(kept["resume"]["read"], "log", "{kept}");
    assert_eq!(kept["resume"]["from"], last, "{kept}");
    assert!(last > opener);
    let blocks = kept["carry"]["blocks"].as_array().unwrap();
    assert_eq!(blocks.len(), 1, "{kept}");
    assert_eq!(blocks[0]["opener"], "[RESPONSE:cfo]", "{kept}");
    // The log grows by a turn: the cut moves on with it.
    let log = claude_log(
        dir.path(),
        &[&UNCLOSED[..], &[CLEAN, "CRO: Noted."]].concat(),
    );
    let input = payload("claude", dir.path(), &log, CLEAN, false);
    let (code, out, _) = hook(dir.path(), &input, &[]);
    assert_eq!((code, out.as_str()), (0, ""));
    let kept = kept_history(dir.path());
    let last = last_line(&log);
    assert_eq!(kept["resume"]["from"], last, "{kept}");
    // The CFO's speaker line ended the block (decision 12): nothing is
    // left open to carry.
    assert_eq!(kept["carry"]["blocks"], json!([]), "{kept}");
}

/// A closer after the cut that closes the block the cut carried as never
/// closed: the block was the answer's after all, and the hook reads the
/// log whole, as a hook that keeps nothing does.
#[test]
fn a_closer_for_a_carried_block_has_the_log_read_whole() {
    let dir = tempfile::tempdir().unwrap();
    let log = claude_log(dir.path(), &UNCLOSED);
    let input = payload("claude", dir.path(), &log, "- and so does Q1", false);
    let (code, out, _) = hook(dir.path(), &input, &[]);
    assert_eq!((code, out.as_str()), (0, ""));
    assert_eq!(
        kept_history(dir.path())["carry"]["blocks"][0]["opener"],
        "[RESPONSE:cfo]"
    );
    // The answer closes the RESPONSE block the earlier messages opened: its
    // confidence is the block's field.
    let answer = "Confidence: sure\n[/RESPONSE]";
    let input = payload("claude", dir.path(), &log, answer, false);
    let kept = hook(dir.path(), &input, &["--fail-on", "warning"]);
    let fresh = tempfile::tempdir().unwrap();
    std::fs::copy(&log, fresh.path().join("session.jsonl")).unwrap();
    let whole = hook(fresh.path(), &input, &["--fail-on", "warning"]);
    assert_eq!(kept, whole);
    assert!(kept.1.contains("R002 invalid-confidence"), "{kept:?}");
    // Read whole, the history is cut before the block the answer closes.
    assert_eq!(kept_history(dir.path())["carry"]["blocks"], json!([]));
}

/// A card `fmt` puts right comes back with its rewrite, for the model to
/// start from; findings `fmt` cannot help with get none.
#[test]
fn a_card_comes_back_with_its_fmt_rewrite() {
    let fmt = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fmt");
    let draft =
        std::fs::read_to_string(fmt.join("en-standard-wrong-frames-out-of-order.md")).unwrap();
    let formatted =
        std::fs::read_to_string(fmt.join("en-standard-wrong-frames-out-of-order.formatted"))
            .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let log = claude_log(dir.path(), &["COO: Looking into the renewal."]);
    let (code, out, _) = hook(
        dir.path(),
        &payload("claude", dir.path(), &log, &draft, false),
        &["--fail-on", "warning"],
    );
    assert_eq!(code, 0);
    let reason = reply(&out)["reason"].as_str().unwrap().to_string();
    assert!(reason.contains("- C0"), "{reason}");
    assert!(
        reason.contains("canonical form; start from it:\n```\n"),
        "{reason}"
    );
    assert!(reason.contains(formatted.trim_end()), "{reason}");
    // A self-invocation is no card: no rewrite.
    let (_, out, _) = hook(
        dir.path(),
        &payload("claude", dir.path(), &log, SELFISH, false),
        &[],
    );
    let reason = reply(&out)["reason"].as_str().unwrap().to_string();
    assert!(!reason.contains("canonical form"), "{reason}");
}

/// The exit statuses a text names: the numbers in each sentence that
/// speaks of an exit.
fn exit_statuses(help: &str) -> Vec<String> {
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut found: Vec<String> = flat
        .split(". ")
        .filter(|sentence| sentence.to_lowercase().contains("exit"))
        .flat_map(|sentence| sentence.split(|c: char| !c.is_ascii_alphanumeric()))
        .filter(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit()))
        .map(String::from)
        .collect();
    found.sort();
    found.dedup();
    found
}

#[test]
fn the_help_names_only_the_exit_statuses_the_hook_uses() {
    for args in [&["hook", "--help"][..], &["hook", "-h"]] {
        let out = boardlint().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        let help = String::from_utf8(out.stdout).unwrap();
        let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains(
                "Exit status: 0 when the answer passes, is sent back (the reply on standard output), ends with its retries spent or is not checked (it fails open, or the turn did not complete); 2 when it cannot check an answer under --fail-closed, which the tools read as a block, and on a usage error."
            ),
            "{help}"
        );
        assert_eq!(exit_statuses(&help), ["0", "2"], "{help}");
    }
    let out = boardlint()
        .args(["hook", "install", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(
        help.contains(
            "Exit status: 0 when the file was changed or needed no change, 2 on an error"
        ),
        "{help}"
    );
    assert_eq!(exit_statuses(&help), ["0", "2"], "{help}");
    // A usage error is the 2 the help names.
    let out = boardlint()
        .args(["hook", "--no-such-flag"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// Standard error or output closed by the tool that reads it does not
/// turn an exit status the help names into a panic's.
#[test]
fn a_closed_standard_stream_does_not_change_the_exit_status() {
    let dir = tempfile::tempdir().unwrap();
    let closed = || {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        writer
    };
    let run = |args: &[&str], stdin: &str, err_closed: bool| {
        let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("boardlint"));
        cmd.args(args)
            .current_dir(dir.path())
            .env("HOME", dir.path())
            .env("BOARDLINT_CACHE_DIR", dir.path().join("cache"))
            .stdin(std::process::Stdio::piped());
        if err_closed {
            cmd.stderr(closed()).stdout(std::process::Stdio::null());
        } else {
            cmd.stdout(closed()).stderr(std::process::Stdio::null());
        }
        let mut child = cmd.spawn().unwrap();
        use std::io::Write;
        let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
        child.wait().unwrap().code()
    };
    assert_eq!(run(&["hook"], "{not json", true), Some(0));
    assert_eq!(run(&["hook", "--fail-closed"], "{not json", true), Some(2));
    assert_eq!(
        run(&["hook", "install", "claude", "--dry-run"], "", false),
        Some(0)
    );
    assert_eq!(run(&["hook", "install", "claude"], "", false), Some(0));
    assert_eq!(run(&["hook", "uninstall", "claude"], "", false), Some(0));
}
