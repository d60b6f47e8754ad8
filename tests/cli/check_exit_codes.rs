use std::fs;

use predicates::prelude::*;

use crate::{boardlint, CLEAN, WARNING_ONLY, WITH_ERROR};

#[test]
fn clean_input_exits_zero() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.md"), CLEAN).unwrap();
    boardlint()
        .args(["check", "--color", "never"])
        .arg(dir.path())
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "No problems found (1 file checked).",
        ));
}

#[test]
fn an_error_exits_one() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.md"), WITH_ERROR).unwrap();
    boardlint()
        .arg("check")
        .arg(dir.path())
        .assert()
        .code(1)
        .stdout(predicate::str::contains("L001"));
}

#[test]
fn warnings_alone_exit_zero() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.md"), WARNING_ONLY).unwrap();
    boardlint()
        .args(["check", "--format", "concise"])
        .arg(dir.path())
        .assert()
        .code(0)
        .stdout(predicate::str::contains("warning[R003]"));
}

#[test]
fn a_missing_path_exits_two_and_still_checks_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("a.md");
    fs::write(&good, WITH_ERROR).unwrap();
    boardlint()
        .args(["check", "--format", "concise"])
        .arg(dir.path().join("nope.md"))
        .arg(&good)
        .assert()
        .code(2)
        .stdout(predicate::str::contains("L001"))
        .stderr(predicate::str::contains(
            "nope.md: no such file or directory",
        ));
}

#[test]
fn the_summary_says_when_an_input_could_not_be_checked() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("a.md");
    fs::write(&good, CLEAN).unwrap();
    let out = boardlint()
        .current_dir(dir.path())
        .args(["check", "nope.md"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        !stdout.contains("No problems found (0 files checked)"),
        "{stdout}"
    );
    assert_eq!(
        stdout,
        "No problems found in the files checked (0 files checked); 1 input could not be checked.\n"
    );
    let out = boardlint()
        .current_dir(dir.path())
        .args(["check", "--format", "concise", "nope.md", "gone.md", "a.md"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.ends_with("(1 file checked); 2 inputs could not be checked.\n"),
        "{stdout}"
    );
    fs::write(&good, WITH_ERROR).unwrap();
    let out = boardlint()
        .current_dir(dir.path())
        .args([
            "check", "--select", "L001", "--format", "concise", "nope.md", "a.md",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.ends_with(
            "Found 1 error, 0 warnings in 1 file (1 file checked); 1 input could not be checked.\n"
        ),
        "{stdout}"
    );
}

#[test]
fn invalid_utf8_is_reported_with_its_offset_and_the_run_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("bad.md"), b"CFO: ok\n\xff\xfe broken").unwrap();
    fs::write(dir.path().join("good.md"), WITH_ERROR).unwrap();
    boardlint()
        .args(["check", "--format", "concise"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stdout(predicate::str::contains("good.md:2:1: error[L001]"))
        .stderr(
            predicate::str::contains("bad.md: not valid UTF-8")
                .and(predicate::str::contains("byte offset 8")),
        );
}

#[test]
fn directories_are_walked_for_transcript_extensions_only() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["a.md", "b.markdown", "c.txt", "d.transcript"] {
        fs::write(dir.path().join(name), WITH_ERROR).unwrap();
    }
    fs::write(dir.path().join("e.rs"), WITH_ERROR).unwrap();
    let out = boardlint()
        .args(["check", "--format", "concise"])
        .arg(dir.path())
        .assert()
        .code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    for name in ["a.md", "b.markdown", "c.txt", "d.transcript"] {
        assert!(text.contains(name), "{name} not checked:\n{text}");
    }
    assert!(!text.contains("e.rs"), "{text}");
    assert!(text.contains("(4 files checked)"), "{text}");
}

#[test]
fn an_explicit_file_is_checked_whatever_its_extension() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("session.log");
    fs::write(&log, WITH_ERROR).unwrap();
    boardlint().arg("check").arg(&log).assert().code(1);
}

#[test]
fn no_path_checks_the_current_directory() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.md"), WITH_ERROR).unwrap();
    boardlint()
        .current_dir(dir.path())
        .args(["check", "--format", "concise"])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("a.md:2:1:"));
}

#[test]
fn a_bad_argument_exits_two() {
    boardlint()
        .args(["check", "--format", "yaml"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("yaml"));
    boardlint().arg("frobnicate").assert().code(2);
}
