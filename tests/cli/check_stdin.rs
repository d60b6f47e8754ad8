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
