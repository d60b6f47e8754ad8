//! Failures inside boardlint stay inside the file (and the rule) they hit.

use crate::boardlint;
use crate::config_settings::{repo, write};
#[cfg(unix)]
use crate::reading_and_writing::{is_temporary, names};

/// Debug builds make the rule named by `BOARDLINT_PANIC_IN_RULE` panic.
#[test]
fn a_panicking_rule_is_contained_to_its_file_and_rule() {
    let root = repo();
    write(
        root.path(),
        "a.md",
        "CFO: x\n[INVOKE:cfo|Why?]\n\n[RESPONSE:cmo]\nKey finding: [Answer]\n",
    );
    write(root.path(), "b.md", "CMO: y\n[INVOKE:cmo|Again?]\n");
    let out = boardlint()
        .current_dir(root.path())
        .env("BOARDLINT_PANIC_IN_RULE", "L001")
        .args(["check", "--format", "concise", "a.md", "b.md"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    // Each file gets the internal error, naming the rule, at its start ...
    for file in ["a.md", "b.md"] {
        assert!(
            stdout.contains(&format!(
                "{file}:1:1: error[L001] self-invocation: internal error in L001 self-invocation: injected panic in L001"
            )),
            "{stdout}"
        );
    }
    // ... and the other rules still ran on it.
    assert!(stdout.contains("a.md:5:14: warning[M004]"), "{stdout}");
    assert!(stdout.contains("a.md:4:1: error[M003]"), "{stdout}");
    // Without the failure the same run reports the real self-invocations
    // and exits 1.
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "--format", "concise", "a.md", "b.md"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("a.md:2:1: error[L001]"), "{stdout}");
    assert!(!stdout.contains("internal error"), "{stdout}");
}

#[test]
fn a_panicking_rule_cannot_be_suppressed_away() {
    let root = repo();
    write(
        root.path(),
        "a.md",
        "<!-- boardlint-disable-file L001 -->\nCFO: x\n[INVOKE:cfo|Why?]\n",
    );
    let out = boardlint()
        .current_dir(root.path())
        .env("BOARDLINT_PANIC_IN_RULE", "L001")
        .args(["check", "--format", "json", "a.md"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    // (The comment does suppress the rule's real findings.)
    boardlint()
        .current_dir(root.path())
        .args(["check", "a.md"])
        .assert()
        .code(0);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(report.as_array().unwrap().iter().any(|d| d["message"]
        .as_str()
        .unwrap()
        .contains("internal error in L001")));
}

#[test]
fn a_panicking_session_or_record_rule_is_contained_too() {
    let root = repo();
    write(
        root.path(),
        "s.jsonl",
        "{\"type\":\"user\",\"uuid\":\"u1\",\"parentUuid\":null,\"sessionId\":\"s\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}\nnot json\n",
    );
    let out = boardlint()
        .current_dir(root.path())
        .env("BOARDLINT_PANIC_IN_RULE", "A005")
        .args(["check", "--format", "concise", "s.jsonl"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(
        stdout.contains("internal error in A005 duplicate-id"),
        "{stdout}"
    );
    assert!(stdout.contains("s.jsonl:2:1: error[A001]"), "{stdout}");
}

/// The secrets written in the P011 and T013 trigger fixtures.
const SECRETS: &[&str] = &[
    "AKIAIOSFODNN7EXAMPLE",
    "ghp_EXAMPLEexampleEXAMPLEexample00000000",
    "example-staging-pass",
    "hunter2-staging",
];

#[test]
fn no_output_format_shows_a_secret_a_rule_found() {
    let root = repo();
    for (dir, files) in [
        (
            "P011",
            &[
                "01-aws-key-in-risks.handoff.yaml",
                "02-github-token-in-executor.handoff.yaml",
                "03-password-in-logs.handoff.yaml",
            ],
        ),
        (
            "T013",
            &[
                "01-github-token-in-env.events.jsonl",
                "02-password-field.events.jsonl",
                "03-aws-key-id-in-reason.events.jsonl",
            ],
        ),
    ] {
        for file in files {
            let text =
                std::fs::read_to_string(crate::fixture(&format!("{dir}/trigger/{file}"))).unwrap();
            write(root.path(), &format!("{dir}/{file}"), &text);
        }
    }
    let all = SECRETS.iter().all(|s| {
        ["P011", "T013"].iter().any(|d| {
            std::fs::read_dir(root.path().join(d)).unwrap().any(|f| {
                std::fs::read_to_string(f.unwrap().path())
                    .unwrap()
                    .contains(s)
            })
        })
    });
    assert!(all, "every secret is in the input");
    for format in [
        "human", "concise", "json", "jsonl", "sarif", "github", "junit",
    ] {
        let out = boardlint()
            .current_dir(root.path())
            .args([
                "check", "--color", "never", "--format", format, "P011", "T013",
            ])
            .output()
            .unwrap();
        let shown = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(shown.matches("P011").count() >= 3, "{format}: {shown}");
        assert!(shown.contains("T013"), "{format}: {shown}");
        assert!(shown.contains("[redacted, "), "{format}: {shown}");
        for secret in SECRETS {
            assert!(!shown.contains(secret), "{format} shows {secret}: {shown}");
        }
    }
}

#[test]
fn control_characters_from_the_input_never_reach_the_terminal_raw() {
    let root = repo();
    // An ANSI colour sequence, a right-to-left override, a bell and a lone
    // carriage return, before and inside the offending marker and in the
    // file name.
    let text = "CFO: \u{1b}[31mred\u{1b}[0m \u{202e} [INVOKE:cfo|why?\u{7}]\rover\n";
    write(root.path(), "e\u{1b}[2J.md", text);
    for format in ["human", "concise", "github"] {
        let out = boardlint()
            .current_dir(root.path())
            .args(["check", "--color", "never", "--format", format, "."])
            .output()
            .unwrap();
        let shown = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(1), "{format}: {shown}");
        for raw in ['\u{1b}', '\u{202e}', '\u{7}', '\r'] {
            assert!(
                !shown.contains(raw),
                "{format} printed {raw:?} raw: {shown:?}"
            );
        }
        assert!(shown.contains("L001"), "{format}: {shown}");
        assert!(shown.contains("\\u{1b}"), "{format}: {shown}");
        // Columns still count bytes of the real line: the INVOKE is at
        // byte 22 (the escape sequences are 5 and 4 bytes, the override 3).
        let place = match format {
            "human" => "[e\\u{1b}[2J.md:1:23]",
            "concise" => "e\\u{1b}[2J.md:1:23:",
            _ => "line=1,col=23,",
        };
        assert!(shown.contains(place), "{format}: {shown}");
    }
    // Machine formats stay valid documents, the characters JSON-escaped.
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "--format", "json", "."])
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report[0]["start"]["column"], 23);
}

/// A card draft that `fmt` rewrites.
pub const DRAFT: &str = "BOTTOM LINE\nGo. — Confidence: 🟢 High\n\nWHAT\n• x (from ledger) 🟢\n";

/// The draft as `fmt` writes it.
pub fn formatted_draft() -> String {
    let out = boardlint()
        .args(["fmt", "-"])
        .write_stdin(DRAFT)
        .output()
        .unwrap();
    let formatted = String::from_utf8(out.stdout).unwrap();
    assert_ne!(formatted, DRAFT, "the draft needs formatting");
    formatted
}

#[test]
fn fmt_refuses_a_read_only_file_and_formats_the_rest() {
    let root = repo();
    write(root.path(), "ro.md", DRAFT);
    write(root.path(), "rw.md", DRAFT);
    let ro = root.path().join("ro.md");
    let mut p = std::fs::metadata(&ro).unwrap().permissions();
    p.set_readonly(true);
    std::fs::set_permissions(&ro, p).unwrap();
    let out = boardlint()
        .current_dir(root.path())
        .args(["fmt", "ro.md", "rw.md"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("ro.md: the file is read-only"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&ro).unwrap(), DRAFT);
    assert_eq!(
        std::fs::read_to_string(root.path().join("rw.md")).unwrap(),
        formatted_draft()
    );
}

/// Kill `fmt` (SIGKILL, then SIGINT) in the middle of a large batch: every
/// file is wholly old or wholly new, no temporary file is left but those
/// of the killed writes (`.NAME.boardlint-XXXXXX.tmp`), and the next run
/// removes those.
#[cfg(unix)]
#[test]
fn an_interrupted_fmt_leaves_every_file_wholly_old_or_wholly_new() {
    let formatted = formatted_draft();
    for (signal, delay_ms) in [("KILL", 40), ("INT", 60), ("KILL", 120)] {
        let root = repo();
        for i in 0..1500 {
            write(root.path(), &format!("d/{i:04}.md"), DRAFT);
        }
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("boardlint"))
            .current_dir(root.path())
            .args(["fmt", "d"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        std::process::Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        child.wait().unwrap();
        let d = root.path().join("d");
        let (mut old, mut new, mut left) = (0, 0, 0);
        for name in names(&d) {
            if !name.ends_with(".md") {
                // A temporary file of a write that was cut short: named
                // after its file, and the original beside it is intact.
                assert!(is_temporary(&name), "SIG{signal} left {name}");
                assert_ne!(signal, "INT", "SIGINT removes {name}");
                left += 1;
                continue;
            }
            let text = std::fs::read_to_string(d.join(&name)).unwrap();
            if text == DRAFT {
                old += 1;
            } else {
                assert_eq!(text, formatted, "{name} after SIG{signal} at {delay_ms} ms");
                new += 1;
            }
        }
        assert_eq!(old + new, 1500, "SIG{signal}: every file still there");
        eprintln!("SIG{signal} after {delay_ms} ms: {old} old, {new} new, {left} left");
        // The next run, once they are old enough, removes what was left.
        for name in names(&d).iter().filter(|n| is_temporary(n)) {
            std::fs::File::options()
                .write(true)
                .open(d.join(name))
                .unwrap()
                .set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(600))
                .unwrap();
        }
        boardlint()
            .current_dir(root.path())
            .args(["fmt", "d"])
            .assert()
            .code(0);
        let after = names(&d);
        assert_eq!(
            after.len(),
            1500,
            "{:?}",
            after.iter().find(|n| !n.ends_with(".md"))
        );
    }
}

#[test]
fn binary_files_are_skipped_when_walked_and_an_error_when_named() {
    let root = repo();
    // A PNG header under a transcript's name: not UTF-8, and NUL bytes.
    let png: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01";
    std::fs::create_dir_all(root.path().join("t")).unwrap();
    std::fs::write(root.path().join("t/image.md"), png).unwrap();
    // UTF-8 text with a NUL byte is still text, and still checked.
    write(root.path(), "t/nul.md", "CFO: x\0\n[INVOKE:cfo|Why?]\n");
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "--format", "concise", "t"])
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stderr.contains("note: t/image.md: binary file skipped"),
        "{stderr}"
    );
    assert!(stdout.contains("t/nul.md:2:1: error[L001]"), "{stdout}");
    assert!(stdout.contains("(1 file checked)"), "{stdout}");
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "t/image.md"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "error: t/image.md: a binary file, not text (not UTF-8, NUL byte at byte offset 8)"
        ),
        "{stderr}"
    );
}

#[cfg(unix)]
#[test]
fn a_symlink_loop_does_not_hang_the_walk() {
    let root = repo();
    write(root.path(), "t/a.md", "CFO: x\n[INVOKE:cfo|Why?]\n");
    std::os::unix::fs::symlink("..", root.path().join("t/up")).unwrap();
    std::os::unix::fs::symlink("loop", root.path().join("t/loop")).unwrap();
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "--format", "concise", "t"])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("t/a.md:2:1: error[L001]"), "{stdout}");
    assert!(stdout.contains("(1 file checked)"), "{stdout}");
}

/// A billion-laughs document: ten levels of nine aliases each.
fn alias_bomb(indent: &str) -> String {
    let mut items = vec!["&a [x, x, x, x, x, x, x, x, x]".to_string()];
    for i in 0..10 {
        let prev = if i == 0 {
            "a".to_string()
        } else {
            format!("l{}", i - 1)
        };
        items.push(format!(
            "&l{i} [{}]",
            vec![format!("*{prev}"); 9].join(", ")
        ));
    }
    items.iter().map(|x| format!("{indent}- {x}\n")).collect()
}

#[test]
fn hostile_configuration_files_are_refused_quickly_with_a_clear_error() {
    let deep = format!("exclude: {}{}\n", "[".repeat(5000), "]".repeat(5000));
    let huge = format!("lang: {}\n", "x".repeat(2 << 20));
    for (what, config, cause) in [
        (
            "alias bomb",
            format!("exclude:\n{}", alias_bomb("  ")),
            "repetition limit exceeded",
        ),
        ("deep nesting", deep, "nested more than 64 levels deep"),
        ("huge scalar", huge, "a configuration is at most 1048576"),
    ] {
        let root = repo();
        write(root.path(), "a.md", "CFO: x\n");
        write(root.path(), ".boardlint.yaml", &config);
        let out = boardlint()
            .current_dir(root.path())
            .args(["check", "a.md"])
            .timeout(std::time::Duration::from_secs(30))
            .output()
            .unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
        assert!(
            stderr.contains(".boardlint.yaml") && stderr.contains(cause),
            "{what}: {stderr}"
        );
    }
}

#[test]
fn hostile_handoff_records_are_refused_quickly_with_a_clear_error() {
    let deep = format!(
        "task_id: T-1\nnotes: {}{}\n",
        "[".repeat(5000),
        "]".repeat(5000)
    );
    let huge = format!("task_id: T-1\nnotes: {}\n", "x".repeat(2 << 20));
    for (what, record, cause) in [
        (
            "alias bomb",
            format!("task_id: T-1\nnotes:\n{}", alias_bomb("  ")),
            "repetition limit exceeded",
        ),
        ("deep nesting", deep, "nested more than 64 levels deep"),
        ("huge scalar", huge, "a record is at most 1048576"),
    ] {
        let root = repo();
        write(root.path(), "r.handoff.yaml", &record);
        let out = boardlint()
            .current_dir(root.path())
            .args(["check", "--format", "concise", "r.handoff.yaml"])
            .timeout(std::time::Duration::from_secs(30))
            .output()
            .unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(1), "{what}: {stdout}");
        assert!(
            stdout.contains("error[P001] missing-field: the record cannot be read: ")
                && stdout.contains(cause),
            "{what}: {stdout}"
        );
    }
}

/// The YAML library's scanner takes time in the square of the nesting
/// (80,000 levels: 37 s); nesting is now counted in one pass first.
#[test]
fn deeply_nested_handoff_records_are_refused_before_parsing() {
    let root = repo();
    let records = [
        ("brackets.handoff.yaml", "[".repeat(1 << 20)),
        (
            "flow.handoff.yaml",
            format!("task_id: T-1\nnotes: {}\n", "[".repeat(80_000)),
        ),
        (
            "maps.handoff.yaml",
            format!("task_id: T-1\nnotes: {}x\n", "{a: ".repeat(80_000)),
        ),
        (
            "block.handoff.yaml",
            format!("task_id: T-1\nnotes:\n{}x\n", "- ".repeat(80_000)),
        ),
    ];
    for (name, record) in &records {
        write(root.path(), name, record);
    }
    let start = std::time::Instant::now();
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "--format", "concise", "."])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    let elapsed = start.elapsed();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let refused =
        "error[P001] missing-field: the record cannot be read: nested more than 64 levels deep";
    for (name, _) in &records {
        assert!(
            stdout
                .lines()
                .any(|l| l.starts_with(&format!("{name}:")) && l.ends_with(refused)),
            "{name}: {stdout}"
        );
    }
    assert!(elapsed < std::time::Duration::from_secs(5), "{elapsed:?}");
}

/// JSON readers stop at their depth limits (serde_json's 128, the session
/// reader's 256) as they go, so a megabyte of `[` costs milliseconds.
#[test]
fn a_megabyte_of_brackets_in_a_json_record_is_refused_at_once() {
    let root = repo();
    let brackets = "[".repeat(1 << 20);
    // A line of brackets has no session shape: `kinds` makes it one.
    write(
        root.path(),
        ".boardlint.yaml",
        "kinds:\n  \"logs/*.jsonl\": session-log\n",
    );
    let files = [
        (
            "s/x.events.jsonl",
            "error[T001]",
            "recursion limit exceeded",
        ),
        (
            ".team/inbox/cfo.jsonl",
            "error[H001]",
            "recursion limit exceeded",
        ),
        (
            "logs/session.jsonl",
            "error[A001]",
            "nested more than 256 levels deep",
        ),
    ];
    for (name, _, _) in &files {
        write(root.path(), name, &brackets);
    }
    let start = std::time::Instant::now();
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "--format", "concise"])
        .args(files.iter().map(|(name, _, _)| name))
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    let elapsed = start.elapsed();
    let stdout = String::from_utf8(out.stdout).unwrap();
    for (name, code, cause) in &files {
        assert!(
            stdout
                .lines()
                .any(|l| l.starts_with(&format!("{name}:1:1: {code}")) && l.contains(cause)),
            "{name}: {stdout}"
        );
    }
    assert!(elapsed < std::time::Duration::from_secs(5), "{elapsed:?}");
}

/// Many diagnostics on one long line: each human excerpt shows a window of
/// the line around its span, with the real line and byte column.
#[test]
fn human_output_clips_long_lines_around_each_span() {
    let root = repo();
    // 4,000 unclosed invocations on one 32,000-byte line, then a short line.
    let long = "[INVOKE:".repeat(4000);
    write(
        root.path(),
        "long.md",
        &format!("intro\n{long}\n[INVOKE:cfo|x]\n"),
    );
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "--select", "M001", "--color", "never", "long.md"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        &stdout[..stdout.len().min(2000)]
    );
    assert!(
        stdout.contains("Found 4000 errors"),
        "{}",
        &stdout[stdout.len() - 300..]
    );
    // Shown whole, the line would make this output 4,000 × 32,000 bytes.
    assert!(stdout.len() < 4000 * 1200, "{} bytes", stdout.len());
    // The last marker: line 2, byte column 31,993, shown after an ellipsis
    // with the short context lines whole.
    let last = stdout
        .split("error[M001]")
        .find(|r| r.contains("╭─[long.md:2:31993]"))
        .expect("the last marker's excerpt");
    assert!(last.contains(" 1 │ intro\n"), "{last}");
    assert!(last.contains(" 2 │ …OKE:[INVOKE:"), "{last}");
    assert!(last.contains(" 3 │ [INVOKE:cfo|x]\n"), "{last}");
    // The underline sits under the shown marker.
    let shown = last.lines().find(|l| l.starts_with(" 2 │")).unwrap();
    let under = last.lines().find(|l| l.contains("────")).unwrap();
    let chars = |s: &str, i: Option<usize>| i.map(|i| s[..i].chars().count());
    assert_eq!(
        chars(shown, shown.rfind("[INVOKE:")),
        chars(under, under.find('─')),
        "{last}"
    );
    // The first marker starts the line: no ellipsis before it.
    assert!(
        stdout.contains("╭─[long.md:2:1]\n 1 │ intro\n 2 │ [INVOKE:[INVOKE:"),
        "{}",
        &stdout[..1500]
    );
}

/// A span over many lines is shown by its first line, not line by line.
#[test]
fn human_output_shows_a_tall_span_by_its_first_line() {
    let root = repo();
    // An unclosed block whose span runs to the end of a long file.
    let mut text = String::from("CFO: x\n[RESPONSE:cmo]\n");
    for i in 0..2000 {
        text.push_str(&format!("line {i}\n"));
    }
    write(root.path(), "tall.md", &text);
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "--color", "never", "tall.md"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("╭─[tall.md:2:1]"), "{stdout}");
    assert!(stdout.len() < 4000, "{} bytes:\n{stdout}", stdout.len());
}

/// Whatever the input holds (markup, quotes, a CDATA end, escape sequences,
/// NUL, non-characters), in file names and in the text that messages quote,
/// JSON, JSONL, SARIF and JUnit stay valid documents, and GitHub
/// annotations stay one line each without raw control characters.
#[test]
fn machine_formats_stay_valid_whatever_the_input_holds() {
    let root = repo();
    let hostile = "a<b>&\"']]>\u{1b}[31m\u{0}\u{7}\u{fffe}\u{ffff}\u{202e}%,:\r";
    // P002 quotes the status; M004 quotes the placeholder.
    std::fs::write(
        root.path().join("we<i>rd&\"]]>%,:\u{1b}.handoff.yaml"),
        format!(
            "task_id: T-1\nattempt: 1\nstage: implement\nstatus: \"{}\"\ninput_ref: 3f9c2ab\noutput_ref: null\nchecks: []\nblocked_by: []\nnext_allowed: null\n",
            hostile
                .replace('\\', "\\\\")
                .replace('"', "\\\"")
                .replace('\u{1b}', "\\e")
                .replace('\u{0}', "\\0")
                .replace('\u{7}', "\\a")
                .replace('\r', "\\r")
                .replace('\u{fffe}', "\\uFFFE")
                .replace('\u{ffff}', "\\uFFFF")
                .replace('\u{202e}', "\\u202E")
        ),
    )
    .unwrap();
    write(
        root.path(),
        "t.md",
        &format!(
            "CFO: x\n[INVOKE:cmo|Why?]\n[RESPONSE:cmo]\nKey finding: [{}]\n[/RESPONSE]\n",
            hostile.replace(['\r', '[', ']'], "")
        ),
    );
    let run = |format: &str| {
        let out = boardlint()
            .current_dir(root.path())
            .args(["check", "--format", format, "."])
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(1),
            "{format}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let json: serde_json::Value = serde_json::from_str(&run("json")).expect("JSON parses");
    let diagnostics = json.as_array().unwrap();
    let quoted = |code: &str| {
        diagnostics
            .iter()
            .find(|d| d["code"] == code)
            .unwrap_or_else(|| panic!("{code} in {json:#}"))["message"]
            .as_str()
            .unwrap()
            .to_string()
    };
    // The hostile text reached the messages, so the formats below carry it.
    assert!(quoted("P002").contains("]]>"), "{}", quoted("P002"));
    assert!(quoted("M004").contains("a<b>&"), "{}", quoted("M004"));
    for line in run("jsonl").lines() {
        serde_json::from_str::<serde_json::Value>(line).expect("each JSONL line parses");
    }
    assert_eq!(run("jsonl").lines().count(), diagnostics.len());
    let sarif: serde_sarif::sarif::Sarif =
        serde_json::from_str(&run("sarif")).expect("SARIF parses");
    assert_eq!(
        sarif.runs[0].results.as_ref().unwrap().len(),
        diagnostics.len()
    );
    let junit = run("junit");
    let xml = roxmltree::Document::parse(&junit).unwrap_or_else(|e| panic!("{e}:\n{junit}"));
    let failures = xml
        .descendants()
        .filter(|n| n.has_tag_name("failure"))
        .count();
    assert_eq!(failures, diagnostics.len(), "{junit}");
    let github = run("github");
    assert_eq!(github.lines().count(), diagnostics.len(), "{github}");
    assert!(github.lines().all(|l| l.starts_with("::")), "{github}");
    assert!(
        !github.contains(['\u{1b}', '\u{0}', '\u{7}', '\r', '\u{202e}']),
        "{github:?}"
    );
}

/// Peak resident memory, in KiB, of `boardlint ARGS` run in `dir`, its
/// report thrown away.
#[cfg(target_os = "linux")]
fn peak_kib(dir: &std::path::Path, args: &[&str]) -> i64 {
    let bin = assert_cmd::cargo::cargo_bin("boardlint");
    // Reaped by `wait4` below, which gives its resource usage.
    #[allow(clippy::zombie_processes)]
    let child = std::process::Command::new(bin)
        .args(args)
        .current_dir(dir)
        .env("RAYON_NUM_THREADS", "2")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut status = 0;
    // SAFETY: `rusage` is plain data; wait4 fills it for the child it reaps.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    // SAFETY: waits for this test's own child, which nothing else reaps.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(reaped, pid);
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 1,
        "{args:?}: status {status}"
    );
    usage.ru_maxrss
}

/// A report is written as it is made: no format holds its whole text, nor
/// a JSON value a finding, so a run with many findings takes the memory of
/// its findings whatever the format. Before, 3 million findings (1.5
/// million self-invoking lines) aborted `--format sarif`, `gitlab` and
/// `rdjson` under 8 GB (about 10 KB a finding), and `human` and `json`
/// took 3.2 and 4.2 GB (docs/robustness.md).
#[cfg(target_os = "linux")]
#[test]
fn no_report_format_holds_its_report_in_memory() {
    let root = repo();
    // 20,000 findings: an L001 and an R006 a line.
    write(
        root.path(),
        "many.md",
        &"CFO: [INVOKE:cfo|x]\n".repeat(10_000),
    );
    let check = |format: &str| {
        peak_kib(
            root.path(),
            &[
                "check",
                "--format",
                format,
                "--select",
                "L001,R006",
                "many.md",
            ],
        )
    };
    // pylint's lines are made a batch at a time, and take nothing to speak of.
    let base = check("pylint");
    for format in [
        "human", "concise", "json", "jsonl", "sarif", "github", "junit", "gitlab", "rdjson",
        "azure",
    ] {
        let peak = check(format);
        // Less than 200 bytes a finding more (before: 400 to 10,000).
        assert!(
            peak - base < 4_000,
            "--format {format}: {peak} KiB at its peak, {base} KiB for pylint"
        );
    }
    // `--output-file` writes as it goes too.
    let peak = peak_kib(
        root.path(),
        &[
            "check",
            "--format",
            "sarif",
            "--output-file",
            "report.sarif",
            "--select",
            "L001,R006",
            "many.md",
        ],
    );
    assert!(peak - base < 4_000, "{peak} KiB, {base} KiB for pylint");
    let sarif: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root.path().join("report.sarif")).unwrap())
            .unwrap();
    assert_eq!(
        sarif["runs"][0]["results"].as_array().unwrap().len(),
        19_999
    );
}
