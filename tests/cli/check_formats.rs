use predicates::prelude::*;

use crate::{boardlint, WITH_ERROR};

/// `check` of a text that breaks L001, the one rule run: what each format
/// writes of a finding.
fn run(args: &[&str]) -> String {
    let out = boardlint()
        .args(["check", "-", "--select", "L001"])
        .args(args)
        .write_stdin(WITH_ERROR)
        .assert()
        .code(1);
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn human_shows_code_name_span_label_and_help() {
    let text = run(&["--color", "never", "--stdin-filename", "t.md"]);
    assert!(text.contains("error[L001] self-invocation"), "{text}");
    assert!(text.contains("`cfo` invokes itself"), "{text}");
    assert!(text.contains("[t.md:2:1]"), "{text}");
    assert!(
        text.contains("2 │ [INVOKE:cfo|What is our burn?]"),
        "{text}"
    );
    assert!(text.contains("invoked here"), "{text}");
    assert!(
        text.contains("help: an agent cannot invoke itself"),
        "{text}"
    );
    assert!(
        text.contains("Found 1 error, 0 warnings in 1 file (1 file checked)."),
        "{text}"
    );
}

#[test]
fn concise_is_one_line_per_diagnostic() {
    let text = run(&["--format", "concise"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "<stdin>:2:1: error[L001] self-invocation: `cfo` invokes itself (chain `cfo → cfo`)"
    );
    assert!(lines[1].starts_with("Found 1 error"));
}

#[test]
fn json_is_a_stable_array_of_objects() {
    let text = run(&["--format", "json", "--stdin-filename", "t.md"]);
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let items = value.as_array().unwrap();
    assert_eq!(items.len(), 1);
    let d = &items[0];
    assert_eq!(d["path"], "t.md");
    assert_eq!(d["code"], "L001");
    assert_eq!(d["name"], "self-invocation");
    assert_eq!(d["severity"], "error");
    assert!(d["message"].as_str().unwrap().contains("invokes itself"));
    assert!(d["help"].as_str().unwrap().contains("cannot invoke itself"));
    assert_eq!(d["start"]["line"], 2);
    assert_eq!(d["start"]["column"], 1);
    assert_eq!(d["start"]["offset"], 14);
    assert_eq!(d["end"]["line"], 2);
    assert_eq!(d["end"]["column"], 31);
    assert_eq!(d["end"]["offset"], 44);
}

#[test]
fn json_of_a_clean_run_is_an_empty_array() {
    boardlint()
        .args(["check", "-", "--format", "json"])
        .write_stdin("just prose\n")
        .assert()
        .code(0)
        .stdout(predicate::str::diff("[]\n"));
}

#[test]
fn color_never_writes_no_escape_codes() {
    for format in ["human", "concise"] {
        let text = run(&["--format", format, "--color", "never"]);
        assert!(!text.contains('\u{1b}'), "{format}: {text:?}");
    }
}

#[test]
fn color_always_colours_even_when_piped() {
    for format in ["human", "concise"] {
        let text = run(&["--format", format, "--color", "always"]);
        assert!(text.contains('\u{1b}'), "{format}");
    }
}

#[test]
fn auto_colour_is_off_when_piped_and_with_no_color() {
    let text = run(&[]);
    assert!(!text.contains('\u{1b}'));
    let out = boardlint()
        .env("NO_COLOR", "1")
        .args(["check", "-", "--format", "concise"])
        .write_stdin(WITH_ERROR)
        .assert()
        .code(1);
    assert!(!String::from_utf8_lossy(&out.get_output().stdout).contains('\u{1b}'));
}

/// `check -` of the error transcript with the environment given: whether
/// the output holds an escape code.
fn coloured(args: &[&str], env: &[(&str, &str)]) -> bool {
    let mut cmd = boardlint();
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd
        .args(["check", "-", "--format", "concise"])
        .args(args)
        .write_stdin(WITH_ERROR)
        .assert()
        .code(1);
    String::from_utf8_lossy(&out.get_output().stdout).contains('\u{1b}')
}

#[test]
fn force_color_and_clicolor_force_colour_piped_output_unless_color_never() {
    assert!(coloured(&[], &[("FORCE_COLOR", "1")]));
    assert!(coloured(&[], &[("CLICOLOR_FORCE", "1")]));
    assert!(coloured(&[], &[("FORCE_COLOR", "1"), ("NO_COLOR", "1")]));
    assert!(!coloured(&[], &[("CLICOLOR_FORCE", "0")]));
    assert!(!coloured(&[], &[("FORCE_COLOR", "")]));
    assert!(!coloured(&["--color", "never"], &[("FORCE_COLOR", "1")]));
}
