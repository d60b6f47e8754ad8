//! `boardlint hook` as Cursor runs it: a `stop` input that holds no answer
//! and no `cwd`, the answer being the last turn of the transcript it names.

use serde_json::{json, Value};

use super::agent_hook::{cursor_log, hook, payload, reply, CLEAN, SELFISH};

/// A Cursor transcript line.
fn line(role: &str, content: Value) -> String {
    json!({"role": role, "message": {"content": content}}).to_string() + "\n"
}

fn text(t: &str) -> Value {
    json!([{"type": "text", "text": t}])
}

#[test]
fn cursors_answer_is_the_last_turn_of_its_transcript() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("c1.jsonl");
    // The turn: text, a tool call and its result, then more text; the
    // earlier turn opens an isolation phase that the answer breaks.
    let mut transcript = line("user", text("<user_query>\nPlan Q3.\n</user_query>"))
        + &line(
            "assistant",
            text("## Phase 2: Independent contributions\n\nCFO: Runway is fine."),
        )
        + &line(
            "user",
            text("<user_query>\nAnd the pipeline?\n</user_query>"),
        )
        + &line(
            "assistant",
            json!([{"type": "text", "text": "Checking the forecast."},
                {"type": "tool_use", "name": "Read", "input": {"path": "[INVOKE:cfo|x]"}}]),
        )
        + &line(
            "user",
            json!([{"type": "tool_result", "text": "[INVOKE:cfo|y]"}]),
        )
        + &line(
            "assistant",
            text("CFO: [INVOKE:cro|What is the pipeline?]\n\n[INVOKE:cfo|And runway?]"),
        );
    std::fs::write(&log, &transcript).unwrap();
    let input = payload("cursor", dir.path(), &log.display().to_string(), "", false);
    let (code, out, err) = hook(dir.path(), &input, &[]);
    assert_eq!(code, 0, "{err}");
    let reason = reply(&out)["followup_message"]
        .as_str()
        .unwrap_or_else(|| panic!("{out} {err}"))
        .to_string();
    // Both the turn's messages are the answer (its lines 1 to 5), read
    // after the session so far (isolation: B001); the tool's input and
    // result are no part of it.
    assert!(
        reason.contains("B001 invoke-during-isolation (line 3,"),
        "{reason}"
    );
    assert!(
        reason.contains("B001 invoke-during-isolation (line 5,"),
        "{reason}"
    );
    assert!(reason.contains("L001 self-invocation (line 5,"), "{reason}");
    assert_eq!(reason.matches("\n- ").count(), 3, "{reason}");
    // The follow-up Cursor sends as the next user message starts a new
    // turn: the retry is checked alone, and is clean.
    transcript += &line("user", text(&reason));
    transcript += &line("assistant", text(CLEAN));
    std::fs::write(&log, &transcript).unwrap();
    let input = payload("cursor", dir.path(), &log.display().to_string(), "", true);
    let (code, out, err) = hook(dir.path(), &input, &[]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""));
}

#[test]
fn the_configuration_is_found_from_cursors_workspace_root() {
    let workspace = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    std::fs::write(workspace.path().join(".boardlint.yaml"), "ignore: [L001]\n").unwrap();
    let log = cursor_log(workspace.path(), &[SELFISH]);
    let input = payload("cursor", workspace.path(), &log, "", false);
    // Cursor runs the hook in a directory of its own choosing.
    let (code, out, err) = hook(elsewhere.path(), &input, &[]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""));
    let (_, out, _) = hook(
        elsewhere.path(),
        &input.replace("workspace_roots", "x"),
        &[],
    );
    assert!(out.contains("L001"), "{out}");
}

#[test]
fn cursors_loop_count_spends_the_retry_budget() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join(".boardlint.yaml"),
        "hook:\n  max-retries: 1\n",
    )
    .unwrap();
    let log = cursor_log(dir.path(), &[SELFISH]);
    let (_, out, _) = hook(
        dir.path(),
        &payload("cursor", dir.path(), &log, "", false),
        &[],
    );
    assert!(reply(&out)["followup_message"].is_string(), "{out}");
    // One follow-up sent (`loop_count` 1): the turn ends, and Cursor, which
    // has no field to tell the user, gets nothing; standard error says why.
    let (code, out, err) = hook(
        dir.path(),
        &payload("cursor", dir.path(), &log, "", true),
        &[],
    );
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    assert!(
        err.contains("still breaks the agent protocol after 1 retry: L001 self-invocation"),
        "{err}"
    );
}

#[test]
fn a_cursor_turn_that_did_not_complete_is_not_checked() {
    let dir = tempfile::tempdir().unwrap();
    let log = cursor_log(dir.path(), &[SELFISH]);
    let input = payload("cursor", dir.path(), &log, "", false);
    for status in ["aborted", "error"] {
        let input = input.replace("\"completed\"", &format!("\"{status}\""));
        for args in [&[][..], &["--fail-closed"]] {
            let (code, out, err) = hook(dir.path(), &input, args);
            assert_eq!((code, out.as_str()), (0, ""), "{status} {args:?}");
            assert_eq!(
                err,
                format!("boardlint hook: the agent loop ended `{status}`, not `completed`: its answer is not checked\n")
            );
        }
    }
}

#[test]
fn without_its_transcript_cursors_turn_ends_unchecked_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let input = |log: &str| payload("cursor", dir.path(), log, "", false);
    let missing = dir.path().join("gone.jsonl").display().to_string();
    let only_prompt = dir.path().join("waiting.jsonl");
    std::fs::write(
        &only_prompt,
        line("user", text("Hi."))
            + &line("assistant", text("CEO: Hello."))
            + &line("user", text("Next?")),
    )
    .unwrap();
    let claude = super::agent_hook::claude_log(dir.path(), &[SELFISH]);
    let null = input("x").replace("\"x\"", "null");
    for (input, why) in [
        (
            null,
            "Cursor sent no answer to check and names no transcript to read it from",
        ),
        (
            input(&missing),
            &format!("its transcript cannot be read: {missing}: no such file or directory") as &str,
        ),
        (
            input(&only_prompt.display().to_string()),
            "holds no assistant text after the last user message",
        ),
        (input(&claude), "is no Cursor agent transcript"),
    ] {
        let (code, out, err) = hook(dir.path(), &input, &[]);
        assert_eq!((code, out.as_str()), (0, ""), "{err}");
        assert!(
            err.contains(why) && err.contains("the turn is allowed to end"),
            "{err}"
        );
        let (code, out, err) = hook(dir.path(), &input, &["--fail-closed"]);
        assert_eq!((code, out.as_str()), (2, ""), "{err}");
        assert!(err.contains(why) && err.contains("--fail-closed"), "{err}");
    }
}
