//! A standard output whose reader goes away (`boardlint check | head -1`)
//! ends the run quietly, as it ends a Unix tool: no message, no panic, no
//! exit code 2.

#![cfg(unix)]

use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::fmt_command::DRAFT;
use crate::{CLEARED_ENV, WITH_ERROR};

/// Run boardlint in `dir` with standard output a pipe whose reader takes
/// the first `keep` bytes (none: it is closed before boardlint writes) and
/// goes away; `input` is standard input. Asserts that the run ended
/// quietly: nothing on standard error, and killed by SIGPIPE or exited 0
/// or 1.
fn assert_ends_quietly(dir: &Path, args: &[&str], input: Option<&str>, keep: usize) {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("boardlint"));
    for var in CLEARED_ENV {
        cmd.env_remove(var);
    }
    let mut child = cmd
        .args(args)
        .current_dir(dir)
        .stdin(match input {
            Some(_) => Stdio::piped(),
            None => Stdio::null(),
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let feeder = child.stdin.take().zip(input).map(|(mut stdin, text)| {
        let text = text.to_string();
        // Boardlint may die before reading it all.
        std::thread::spawn(move || {
            let _ = std::io::Write::write_all(&mut stdin, text.as_bytes());
        })
    });
    let mut head = vec![0; keep];
    stdout.read_exact(&mut head).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    if let Some(feeder) = feeder {
        feeder.join().unwrap();
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.is_empty(), "{args:?}: {stderr}");
    assert!(
        matches!(out.status.code(), Some(0 | 1)) || out.status.signal() == Some(libc::SIGPIPE),
        "{args:?}: {:?}",
        out.status
    );
}

/// Every value `--format` takes, as the binary lists them.
fn formats() -> Vec<String> {
    let out = crate::boardlint()
        .args(["check", "--format", "no-such-format"])
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    let listed = err
        .split("[possible values: ")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .unwrap_or_else(|| panic!("{err}"));
    listed.split(", ").map(str::to_string).collect()
}

/// A tree whose report, in any format, is far more than a pipe holds
/// (64 KiB).
fn tree_with_many_findings() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..200 {
        std::fs::write(
            dir.path().join(format!("t{i:03}.md")),
            WITH_ERROR.repeat(20),
        )
        .unwrap();
    }
    dir
}

#[test]
fn check_ends_quietly_in_every_format_when_its_reader_goes() {
    let dir = tree_with_many_findings();
    let formats = formats();
    assert!(formats.len() > 10, "{formats:?}");
    for format in &formats {
        assert_ends_quietly(dir.path(), &["check", "--format", format], None, 16);
        assert_ends_quietly(dir.path(), &["check", "--format", format], None, 0);
    }
    for extra in [
        &["--statistics"][..],
        &["--show-files"],
        &["--show-settings", "t000.md"],
    ] {
        let mut args = vec!["check"];
        args.extend_from_slice(extra);
        assert_ends_quietly(dir.path(), &args, None, 0);
    }
    // `--fix` goes on rewriting files when the report's reader has gone.
    assert_ends_quietly(dir.path(), &["check", "--fix"], None, 16);
}

#[test]
fn fmt_ends_quietly_when_its_reader_goes() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..300 {
        std::fs::write(dir.path().join(format!("card{i:03}.md")), DRAFT).unwrap();
    }
    assert_ends_quietly(dir.path(), &["fmt", "--diff", "."], None, 16);
    assert_ends_quietly(dir.path(), &["fmt", "--check", "."], None, 0);
    let big = DRAFT.repeat(400);
    assert_ends_quietly(dir.path(), &["fmt", "-"], Some(&big), 16);
    assert_ends_quietly(dir.path(), &["fmt", "--diff", "-"], Some(&big), 16);
}

#[test]
fn rule_config_completions_and_man_end_quietly_when_their_reader_goes() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["rule", "--all"][..],
        &["rule", "L001"],
        &["config"],
        &["config", "--reference-markdown"],
        &["completions", "bash"],
        &["completions", "zsh"],
        &["man"],
        &["man", "check"],
    ] {
        assert_ends_quietly(dir.path(), args, None, 0);
    }
    assert_ends_quietly(dir.path(), &["completions", "fish"], None, 8);
}
