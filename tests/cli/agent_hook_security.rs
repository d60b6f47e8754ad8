//! `boardlint hook` as a hostile repository or an unlucky machine meets
//! it: no answer left on disk, state owner-only and never through another
//! user's directory, a budget for each agent that holds under calls at
//! once, a deadline, bounded memory, a reason of bounded size.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use serde_json::{json, Value};

use super::agent_hook::{claude_log, hook, payload, reply, stop, CLEAN, SELFISH};

/// Every file under `dir`, with its text.
fn files_under(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(files_under(&path));
        } else {
            let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
            out.push((path, text));
        }
    }
    out
}

#[test]
fn no_answer_is_left_on_disk_and_the_state_is_owner_only() {
    let dir = tempfile::tempdir().unwrap();
    let log = claude_log(dir.path(), &["CEO: The board meets today."]);
    let answer = "CFO: [INVOKE:cfo|Is hunter2-private-words our runway?]";
    for agent in ["claude", "gemini", "codex"] {
        let (_, out, _) = hook(
            dir.path(),
            &payload(agent, dir.path(), &log, answer, false),
            &[],
        );
        assert!(out.contains("L001"), "{out}");
    }
    let cache = dir.path().join("cache");
    let files = files_under(&cache);
    assert!(!files.is_empty(), "the budget and the cut are kept");
    for (path, text) in &files {
        assert!(
            !text.contains("hunter2") && !text.contains("runway"),
            "{} holds the answer: {text}",
            path.display()
        );
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&cache.join("hook")), 0o700);
        for (path, _) in &files {
            assert_eq!(mode(path), 0o600, "{}", path.display());
        }
    }
}

#[test]
fn state_of_sessions_not_seen_for_a_week_is_removed() {
    let dir = tempfile::tempdir().unwrap();
    let log = claude_log(dir.path(), &["CEO: The board meets today."]);
    let state = dir.path().join("cache/hook");
    std::fs::create_dir_all(&state).unwrap();
    let old = state.join("old-session.history-0123456789abcdef.json");
    let recent = state.join("recent-session.history-0123456789abcdef.json");
    for path in [&old, &recent] {
        std::fs::write(path, "{}").unwrap();
    }
    std::fs::File::options()
        .write(true)
        .open(&old)
        .unwrap()
        .set_modified(SystemTime::now() - Duration::from_secs(8 * 24 * 3600))
        .unwrap();
    hook(
        dir.path(),
        &payload("claude", dir.path(), &log, CLEAN, false),
        &[],
    );
    assert!(!old.exists(), "a week-old state is removed");
    assert!(recent.exists(), "a recent one stays");
}

/// Make `path` another user's, when this test runs as root; `false` (with
/// a notice) when it cannot.
#[cfg(unix)]
fn give_away(path: &Path, follow: bool) -> bool {
    let done = if follow {
        std::os::unix::fs::chown(path, Some(65534), Some(65534))
    } else {
        std::os::unix::fs::lchown(path, Some(65534), Some(65534))
    };
    if done.is_err() {
        eprintln!("skipped: making a file another user's needs root");
    }
    done.is_ok()
}

#[cfg(unix)]
#[test]
fn a_state_directory_of_another_user_or_a_link_to_one_is_refused() {
    // Another user's `hook/` directory.
    let dir = tempfile::tempdir().unwrap();
    let log = claude_log(dir.path(), &["CEO: The board meets today."]);
    let state = dir.path().join("cache/hook");
    std::fs::create_dir_all(&state).unwrap();
    if !give_away(&state, true) {
        return;
    }
    let input = payload("claude", dir.path(), &log, SELFISH, false);
    let (code, out, err) = hook(dir.path(), &input, &[]);
    assert_eq!(code, 0);
    assert_eq!(
        reply(&out)["decision"],
        "block",
        "the answer is still checked"
    );
    assert!(
        err.contains("no state is kept") && err.contains("owned by another user"),
        "{err}"
    );
    assert!(files_under(&state).is_empty(), "nothing written into it");

    // A link another user planted, to a directory of theirs.
    let dir = tempfile::tempdir().unwrap();
    let log = claude_log(dir.path(), &["CEO: The board meets today."]);
    let theirs = dir.path().join("theirs");
    std::fs::create_dir(&theirs).unwrap();
    std::fs::create_dir(dir.path().join("cache")).unwrap();
    let link = dir.path().join("cache/hook");
    std::os::unix::fs::symlink(&theirs, &link).unwrap();
    assert!(give_away(&theirs, true) && give_away(&link, false));
    let input = payload("claude", dir.path(), &log, SELFISH, false);
    let (_, out, err) = hook(dir.path(), &input, &[]);
    assert_eq!(reply(&out)["decision"], "block");
    assert!(err.contains("no state is kept"), "{err}");
    assert!(
        files_under(&theirs).is_empty(),
        "nothing written through the link"
    );
}

/// A Claude Code `SubagentStop` payload for a sub-agent of session `s1`.
fn subagent(dir: &Path, agent: &str, log: &str, answer: &str, active: bool) -> String {
    json!({"session_id": "s1", "transcript_path": log, "agent_transcript_path": log,
        "agent_id": agent, "cwd": dir, "hook_event_name": "SubagentStop",
        "stop_hook_active": active, "last_assistant_message": answer})
    .to_string()
}

#[test]
fn each_sub_agent_of_a_session_has_its_own_budget() {
    let dir = tempfile::tempdir().unwrap();
    let a_log = {
        let d = dir.path().join("a");
        std::fs::create_dir(&d).unwrap();
        claude_log(&d, &["CEO: Go."])
    };
    let b_log = {
        let d = dir.path().join("b");
        std::fs::create_dir(&d).unwrap();
        claude_log(&d, &["CEO: Go."])
    };
    let decision = |input: String| {
        let (_, out, _) = hook(dir.path(), &input, &[]);
        match out.trim() {
            "" => "pass".to_string(),
            _ if reply(&out).get("decision").is_some() => "block".to_string(),
            _ => "spent".to_string(),
        }
    };
    // A is sent back; its sibling B ends clean meanwhile, and a third
    // sibling C is sent back once too: neither touches A's count.
    assert_eq!(
        decision(subagent(dir.path(), "a", &a_log, SELFISH, false)),
        "block"
    );
    assert_eq!(
        decision(subagent(dir.path(), "b", &b_log, CLEAN, false)),
        "pass"
    );
    assert_eq!(
        decision(subagent(dir.path(), "c", &b_log, SELFISH, false)),
        "block"
    );
    assert_eq!(
        decision(subagent(dir.path(), "a", &a_log, SELFISH, true)),
        "block"
    );
    assert_eq!(
        decision(subagent(dir.path(), "a", &a_log, SELFISH, true)),
        "spent"
    );
    // C's own budget is where C left it: one retry left.
    assert_eq!(
        decision(subagent(dir.path(), "c", &b_log, SELFISH, true)),
        "block"
    );
    assert_eq!(
        decision(subagent(dir.path(), "c", &b_log, SELFISH, true)),
        "spent"
    );
}

#[test]
fn calls_at_once_for_one_agent_count_as_calls_one_after_another() {
    let dir = tempfile::tempdir().unwrap();
    let log = claude_log(dir.path(), &["CEO: The board meets today."]);
    // The default budget of 2: a fresh turn is sent back once...
    let (_, out, _) = hook(
        dir.path(),
        &payload("claude", dir.path(), &log, SELFISH, false),
        &[],
    );
    assert_eq!(reply(&out)["decision"], "block");
    // ...and of 8 retries at once, exactly one more is.
    let again = payload("claude", dir.path(), &log, SELFISH, true);
    let handles: Vec<_> = (0..8)
        .map(|_| {
            let input = again.clone();
            let dir = dir.path().to_path_buf();
            std::thread::spawn(move || hook(&dir, &input, &[]).1)
        })
        .collect();
    let outs: Vec<String> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    let blocks = outs
        .iter()
        .filter(|o| reply(o).get("decision").is_some())
        .count();
    assert_eq!(blocks, 1, "{outs:#?}");
}

#[cfg(unix)]
#[test]
fn a_log_that_is_no_regular_file_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("session.jsonl");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let mut logs = vec![];
    if made.is_ok_and(|s| s.success()) {
        logs.push(fifo.display().to_string());
    } else {
        eprintln!("skipped: the named pipe case needs mkfifo");
    }
    for kernel in ["/proc/kmsg", "/dev/zero", "/dev/stdin"] {
        if Path::new(kernel).exists() {
            logs.push(kernel.to_string());
        }
    }
    for log in logs {
        let started = Instant::now();
        let (code, out, err) = hook(
            dir.path(),
            &payload("claude", dir.path(), &log, SELFISH, false),
            &[],
        );
        assert_eq!(code, 0, "{log}: {err}");
        assert_eq!(
            reply(&out)["decision"],
            "block",
            "{log}: the answer is checked alone"
        );
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{log}: {:?}",
            started.elapsed()
        );
    }
}

#[test]
fn a_check_past_the_deadline_lets_the_turn_end_or_blocks_it_when_closed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join(".boardlint.yaml"),
        "hook:\n  timeout-ms: 1\n",
    )
    .unwrap();
    let log = claude_log(dir.path(), &["CEO: The board meets today."]);
    // An answer a debug build takes far longer than a millisecond on.
    let answer = format!("{}\n", SELFISH).repeat(20_000);
    let input = payload("claude", dir.path(), &log, &answer, false);
    let (code, out, err) = hook(dir.path(), &input, &[]);
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    assert!(
        err.contains("did not end within 1 ms (`hook.timeout-ms`); the turn is allowed to end"),
        "{err}"
    );
    let (code, _, err) = hook(dir.path(), &input, &["--fail-closed"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("it is blocked (--fail-closed)"), "{err}");
}

#[test]
fn a_reason_stays_small_whatever_the_answer_holds() {
    let dir = tempfile::tempdir().unwrap();
    let log = claude_log(dir.path(), &["CEO: The board meets today."]);
    std::fs::write(
        dir.path().join(".boardlint.yaml"),
        "hook:\n  timeout-ms: 600000\n",
    )
    .unwrap();
    let answer = format!("{SELFISH}\n").repeat(2000);
    let (_, out, _) = hook(
        dir.path(),
        &payload("claude", dir.path(), &log, &answer, false),
        &[],
    );
    let reason = reply(&out)["reason"].as_str().unwrap().to_string();
    assert!(reason.len() < 16 << 10, "{} bytes", reason.len());
    assert!(
        reason.contains("- and 1980 more not listed: 1980 × L001 self-invocation"),
        "{reason}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_long_log_is_read_in_bounded_memory() {
    let prlimit = std::process::Command::new("prlimit")
        .arg("--version")
        .output();
    if !prlimit.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: bounding the hook's memory needs prlimit (util-linux)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join(".boardlint.yaml"),
        "hook:\n  timeout-ms: 600000\n",
    )
    .unwrap();
    // 320 MB of assistant records, the last a board meeting's Phase 2.
    let path = dir.path().join("session.jsonl");
    {
        use std::io::Write;
        let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        let filler = "x".repeat(3000);
        for i in 0..110_000 {
            let record = json!({"type": "assistant", "sessionId": "s1", "uuid": format!("a{i}"),
                "message": {"role": "assistant", "content": [{"type": "text", "text": format!("CEO: Noted. {filler}")}]}});
            writeln!(f, "{record}").unwrap();
        }
        let last = json!({"type": "assistant", "sessionId": "s1", "uuid": "last",
            "message": {"role": "assistant", "content": [{"type": "text",
                "text": "## Phase 2: Independent contributions\n\nCFO: Runway is fine."}]}});
        writeln!(f, "{last}").unwrap();
    }
    assert!(std::fs::metadata(&path).unwrap().len() > 300 << 20);
    let input = payload(
        "claude",
        dir.path(),
        &path.display().to_string(),
        "CFO: [INVOKE:cro|What is the pipeline?]",
        false,
    );
    let out = std::process::Command::new("prlimit")
        .arg(format!("--as={}", 1u64 << 30))
        .arg("--")
        .arg(env!("CARGO_BIN_EXE_boardlint"))
        .arg("hook")
        .env("BOARDLINT_CACHE_DIR", dir.path().join("cache"))
        .current_dir(dir.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(input.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    // The tail read holds the Phase 2 that makes the invocation a B001.
    let r: Value =
        serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{e}: {stdout} {stderr}"));
    assert!(r["reason"].as_str().unwrap().contains("B001"), "{r}");
}

/// A byte-order mark before the JSON (as Cursor on Windows writes it) is
/// no part of it, whichever tool's input it opens.
#[test]
fn a_payload_that_starts_with_a_byte_order_mark_is_read() {
    for (agent, key) in [
        ("claude", "reason"),
        ("codex", "reason"),
        ("gemini", "reason"),
        ("cursor", "followup_message"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let input = stop(
            agent,
            dir.path(),
            &["CEO: The board meets today."],
            SELFISH,
            false,
        );
        let (code, out, err) = hook(dir.path(), &format!("\u{feff}{input}"), &[]);
        assert_eq!(code, 0, "{agent}: {err}");
        let r = reply(&out);
        assert!(
            r[key].as_str().is_some_and(|t| t.contains("L001")),
            "{agent}: {r} {err}"
        );
    }
}
