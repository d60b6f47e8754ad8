//! What a run would check and why: `check --show-files` and
//! `check --show-settings PATH`.

use crate::boardlint;
use crate::config_settings::{repo, write};

fn run(root: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    crate::config_settings::run_in(root, &[&["check"], args].concat())
}

#[test]
fn show_files_lists_each_file_with_its_kind_and_configuration_and_checks_nothing() {
    let root = repo();
    write(
        root.path(),
        "a.md",
        "CFO: checking\n[INVOKE:cfo|What is our burn?]\n",
    );
    write(root.path(), "decisions.md", "# Decisions\n");
    write(
        root.path(),
        "run.events.jsonl",
        "{\"task_id\":\"t1\",\"prev_state\":\"queued\",\"new_state\":\"running\"}\n",
    );
    write(root.path(), "notes.yaml", "shopping: [milk]\n");
    write(root.path(), "sub/b.md", "CFO: fine.\n");
    write(root.path(), "sub/.boardlint.yaml", "ignore: [L001]\n");
    let (code, out, err) = run(root.path(), &["--show-files"]);
    assert_eq!(code, 0, "{out}{err}");
    let row = |name: &str| {
        out.lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no {name} in:\n{out}"))
            .split_whitespace()
            .skip(1)
            .collect::<Vec<_>>()
    };
    assert_eq!(row("a.md"), ["transcript", "(defaults)"]);
    assert_eq!(row("decisions.md"), ["decision-log", "(defaults)"]);
    assert_eq!(row("run.events.jsonl"), ["transition-log", "(defaults)"]);
    assert_eq!(row("sub/b.md"), ["transcript", "sub/.boardlint.yaml"]);
    assert!(
        !out.contains("notes.yaml") && !out.contains("L001"),
        "{out}"
    );
    assert!(err.contains("4 files would be checked"), "{err}");
    // Excluded files are not listed (the closest configuration decides).
    write(
        root.path(),
        "sub/.boardlint.yaml",
        "ignore: [L001]\nexclude: [b.md]\n",
    );
    let (_, out, _) = run(root.path(), &["--show-files"]);
    assert!(!out.contains("sub/b.md") && out.contains("a.md"), "{out}");
}

/// A session log is listed with the reader that takes it and the version
/// of the tool that wrote it, by `--show-files` and by `-v` as it checks.
#[test]
fn a_session_log_is_listed_with_its_reader() {
    let root = repo();
    let claude = r#"{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s","version":"2.1.197","message":{"role":"user","content":"x"}}"#;
    let codex = r#"{"timestamp":"2026-03-05T14:00:00Z","type":"session_meta","payload":{"id":"x","cli_version":"0.171.0"}}"#;
    let pi = r#"{"type":"session","version":3,"id":"a","timestamp":"t","cwd":"/"}"#;
    write(root.path(), "claude.jsonl", &format!("{claude}\n"));
    write(root.path(), "codex.jsonl", &format!("{codex}\n"));
    write(root.path(), "pi.jsonl", &format!("{pi}\n"));
    let (code, out, err) = run(root.path(), &["--show-files"]);
    assert_eq!(code, 0, "{out}{err}");
    let row = |name: &str| {
        let line = out
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("no {name} in:\n{out}"));
        line[name.len()..]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(
        row("claude.jsonl"),
        "session-log (Claude Code session 2.1.197) (defaults)"
    );
    assert_eq!(
        row("codex.jsonl"),
        "session-log (Codex CLI rollout 0.171.0) (defaults)"
    );
    assert_eq!(row("pi.jsonl"), "session-log (Pi agent session) (defaults)");
    // As JSON: the reader and the version apart.
    let (code, out, err) = run(root.path(), &["--show-files", "--format", "json"]);
    assert_eq!(code, 0, "{out}{err}");
    let files: serde_json::Value = serde_json::from_str(&out).unwrap();
    let claude = files
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["path"] == "claude.jsonl")
        .unwrap();
    assert_eq!(claude["kind"], "session-log");
    assert_eq!(claude["reader"], "Claude Code session");
    assert_eq!(claude["version"], "2.1.197");
    assert_eq!(claude["config"], serde_json::Value::Null);
    let (_, _, err) = run(root.path(), &["-v"]);
    assert!(
        err.contains("claude.jsonl: session-log (Claude Code session 2.1.197)"),
        "{err}"
    );
    assert!(
        err.contains("codex.jsonl: session-log (Codex CLI rollout 0.171.0)"),
        "{err}"
    );
}

#[test]
fn show_settings_prints_one_files_settings_with_the_flags() {
    let root = repo();
    write(root.path(), "sub/b.md", "CFO: fine.\n");
    write(root.path(), "sub/.boardlint.yaml", "max-depth: 1\n");
    let (code, out, _) = run(
        root.path(),
        &["--show-settings", "sub/b.md", "--select", "L00"],
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("# configuration: sub/.boardlint.yaml"),
        "{out}"
    );
    assert!(
        out.lines().any(|l| l.starts_with("max-depth")
            && l.contains("= 1")
            && l.contains("sub/.boardlint.yaml:1")),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("select") && l.contains("command line (--select)")),
        "{out}"
    );
    assert!(out.contains("rules enabled for sub/b.md (6 of"), "{out}");
}

#[test]
fn check_help_names_every_kind_of_file_walked() {
    let out = boardlint().args(["check", "--help"]).output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap().replace('\n', " ");
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    for kind in [
        "transcripts",
        "decision logs",
        "handoff records",
        "transition logs",
        "handshake logs",
        "session logs",
        "Claude Code",
        "Codex CLI",
        "Gemini CLI",
        "Cline",
        "--show-files",
        "--show-settings",
    ] {
        assert!(
            help.contains(kind),
            "`{kind}` missing from check --help:\n{help}"
        );
    }
}

#[test]
fn verbose_logs_discovery_configuration_and_timing_to_stderr_and_quiet_stays_quiet() {
    let root = repo();
    write(root.path(), "a.md", "CFO: fine.\n");
    write(root.path(), "sub/b.md", "CFO: fine.\n");
    write(root.path(), "sub/.boardlint.yaml", "max-depth: 1\n");
    let (code, out, err) = run(root.path(), &["-v", "--format", "concise"]);
    assert_eq!(code, 0);
    assert!(
        !out.contains("boardlint:"),
        "verbose output belongs on stderr: {out}"
    );
    assert!(
        err.contains("each file gets the closest configuration file"),
        "{err}"
    );
    assert!(
        err.contains("boardlint: .: no configuration file (defaults)"),
        "{err}"
    );
    assert!(
        err.contains("boardlint: sub: configuration sub/.boardlint.yaml"),
        "{err}"
    );
    assert!(
        err.contains("2 inputs found in") && err.contains("2 files read and checked in"),
        "{err}"
    );
    // Each directory once.
    assert_eq!(err.matches("boardlint: sub:").count(), 1, "{err}");
    let (_, _, err) = run(root.path(), &["--isolated", "--verbose"]);
    assert!(
        err.contains("--isolated: every file gets the defaults"),
        "{err}"
    );
    let (_, out, err) = run(root.path(), &["-q"]);
    assert!(out.is_empty() && err.is_empty(), "{out}{err}");
    boardlint()
        .current_dir(root.path())
        .args(["check", "-q", "-v"])
        .assert()
        .code(2);
}
