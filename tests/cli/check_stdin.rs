use predicates::prelude::*;

use crate::{boardlint, CLEAN, WITH_ERROR};

#[test]
fn dash_reads_standard_input() {
    boardlint()
        .args(["check", "-", "--format", "concise"])
        .write_stdin(WITH_ERROR)
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with(
            "<stdin>:2:1: error[L001] self-invocation:",
        ));
}

#[test]
fn stdin_filename_names_standard_input() {
    boardlint()
        .args([
            "check",
            "-",
            "--format",
            "concise",
            "--stdin-filename",
            "drafts/cfo.md",
        ])
        .write_stdin(WITH_ERROR)
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("drafts/cfo.md:2:1:"));
}

#[test]
fn clean_standard_input_exits_zero() {
    boardlint()
        .args(["check", "-"])
        .write_stdin(CLEAN)
        .assert()
        .code(0);
}

/// The warning for a path given beside `--stdin-filename`.
const IGNORED: &str = "ignored: with --stdin-filename, standard input is read instead";

#[test]
fn stdin_filename_reads_standard_input_without_a_dash() {
    let dir = tempfile::tempdir().unwrap();
    boardlint()
        .current_dir(dir.path())
        .args(["check", "--stdin-filename", "a.md", "--format", "concise"])
        .write_stdin(WITH_ERROR)
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("a.md:2:1: error[L001]"))
        .stderr(predicate::str::is_empty());
}

#[test]
fn paths_beside_stdin_filename_are_ignored_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("other.md"), WITH_ERROR).unwrap();
    let out = boardlint()
        .current_dir(dir.path())
        .args(["check", "other.md", "-", "--stdin-filename", "a.md"])
        .args(["--format", "concise"])
        .write_stdin(CLEAN)
        .assert()
        .code(0);
    let (stdout, stderr) = texts(&out);
    assert!(stdout.contains("(1 file checked)"), "{stdout}");
    assert!(!stdout.contains("other.md"), "{stdout}");
    assert_eq!(stderr, format!("warning: other.md: {IGNORED}\n"));
    // `fmt` the same: standard input to standard output, the file untouched.
    let out = boardlint()
        .current_dir(dir.path())
        .args(["fmt", "other.md", "--stdin-filename", "a.md"])
        .write_stdin(CLEAN)
        .assert()
        .code(0);
    let (stdout, stderr) = texts(&out);
    assert_eq!(stdout, CLEAN);
    assert_eq!(stderr, format!("warning: other.md: {IGNORED}\n"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("other.md")).unwrap(),
        WITH_ERROR
    );
}

fn texts(out: &assert_cmd::assert::Assert) -> (String, String) {
    let out = out.get_output();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The warning for text left on standard input by a run given no path.
const UNREAD: &str = "warning: standard input was not read; with no path, `boardlint check` checks the current directory; to check standard input, give `-` or `--stdin-filename PATH`\n";

#[test]
fn text_piped_to_check_with_no_path_is_not_passed_over_quietly() {
    let dir = tempfile::tempdir().unwrap();
    // Nothing to check in the directory: the run fails, and says why.
    let out = boardlint()
        .current_dir(dir.path())
        .arg("check")
        .write_stdin(WITH_ERROR)
        .assert()
        .code(2);
    let (stdout, stderr) = texts(&out);
    assert!(!stdout.contains("No problems found"), "{stdout}");
    assert!(
        stderr.starts_with("error: no file was checked: the current directory holds none, and standard input was not read; with no path, `boardlint check` checks the current directory; to check standard input, give `-` or `--stdin-filename PATH`"),
        "{stderr}"
    );
    // A file there: it is checked, and the unread input told of.
    std::fs::write(dir.path().join("a.md"), CLEAN).unwrap();
    let out = boardlint()
        .current_dir(dir.path())
        .arg("check")
        .write_stdin(WITH_ERROR)
        .assert()
        .code(0);
    let (stdout, stderr) = texts(&out);
    assert!(stdout.contains("(1 file checked)"), "{stdout}");
    assert_eq!(stderr, UNREAD);
    // Standard input a file with text in it: the same.
    let elsewhere = tempfile::tempdir().unwrap();
    let input = elsewhere.path().join("input.txt");
    std::fs::write(&input, WITH_ERROR).unwrap();
    let (code, _, stderr) = check_with_stdin(dir.path(), std::fs::File::open(&input).unwrap());
    assert_eq!(code, Some(0));
    assert_eq!(stderr, UNREAD);
}

/// `boardlint check` in `dir` with this standard input: its exit code,
/// standard output and standard error.
fn check_with_stdin(
    dir: &std::path::Path,
    stdin: impl Into<std::process::Stdio>,
) -> (Option<i32>, String, String) {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("boardlint"));
    for var in crate::CLEARED_ENV {
        cmd.env_remove(var);
    }
    let out = cmd
        .current_dir(dir)
        .arg("check")
        .stdin(stdin)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn an_empty_or_null_standard_input_as_hooks_and_ci_give_is_not_told_of() {
    let dir = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let empty = elsewhere.path().join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    for stdin in [
        std::process::Stdio::null(),
        std::process::Stdio::from(std::fs::File::open(&empty).unwrap()),
    ] {
        let (code, stdout, stderr) = check_with_stdin(dir.path(), stdin);
        assert_eq!(code, Some(0));
        assert_eq!(stdout, "No problems found (0 files checked).\n");
        assert_eq!(stderr, "");
    }
    // An empty pipe, closed by its writer.
    boardlint()
        .current_dir(dir.path())
        .arg("check")
        .write_stdin("")
        .assert()
        .code(0)
        .stderr("");
}
