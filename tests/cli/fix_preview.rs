//! What `--fix` would fix, and fixing safely: the `fixable` mark in every
//! format, `--fix --diff`, `--exit-non-zero-on-fix`, `--fix` of standard
//! input, and the files "Fixed N problems" names.

use std::fs;

use crate::boardlint;
use crate::config_settings::{check, repo, write};

/// A card with short frames (C001) and BOTTOM LINE after WHAT (C003), both
/// removed by fmt's rewrite, and a self-invocation (L001), which is not.
const CARD: &str = "━━━━━━━━━━━━\n\n📊 CFO — Runway\n\nWHAT\n• Burn is $280K a month [VERIFIED: Q4 actuals] 🟢\n\nBOTTOM LINE\nWe hold. — Confidence: 🟢 High\n\nWHY THIS MATTERS\nThe board asks.\n\nHOW TO ACT\n1. Keep the plan → CEO → 2026-04-10\n\n━━━━━━━━━━━━\n\nCFO: checking\n[INVOKE:cfo|What is our burn?]\n";

/// The same card with nothing but what fmt fixes.
fn card_only() -> String {
    CARD.split("\nCFO: checking").next().unwrap().to_string()
}

/// `check --format FORMAT a.md` in `root`: standard output.
fn report(root: &std::path::Path, format: &str) -> String {
    let out = boardlint()
        .current_dir(root)
        .args(["check", "--format", format, "a.md"])
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

fn formatted(text: &str) -> String {
    boardlint::Engine::default().format(None, text).unwrap()
}

#[test]
fn concise_marks_what_fix_would_fix_and_the_summary_counts_it() {
    let root = repo();
    write(root.path(), "a.md", CARD);
    let (code, out, _) = check(root.path(), &["a.md"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("a.md:1:1: warning[C001] [*] card-frame"),
        "{out}"
    );
    assert!(out.contains("warning[C003] [*] section-order"), "{out}");
    assert!(out.contains("error[L001] self-invocation"), "{out}");
    assert!(!out.contains("error[L001] [*]"), "{out}");
    assert!(
        out.contains("[*] 2 fixable with `boardlint check --fix`."),
        "{out}"
    );
    // A draft with no header keeps its C001 after fmt: not fixable.
    write(root.path(), "b.md", "BOTTOM LINE\nWe hold. — Confidence: 🟢 High\n\nWHAT\n- Burn is flat [VERIFIED: ledger] 🟢\n");
    let (_, out, _) = check(root.path(), &["b.md"]);
    assert!(
        out.contains("warning[C001] card-frame") && !out.contains("[*]"),
        "{out}"
    );
}

/// A RESPONSE whose fields are out of order is fixable where `fmt` prints
/// the block again, and only there; `--fix` then removes exactly it.
#[test]
fn field_order_is_fixable_where_fmt_rewrites_the_block() {
    let root = repo();
    let block = "[RESPONSE:cfo]\nConfidence: high\nKey finding: Burn is flat at $280K.\nSupporting data:\n  - Payroll is $190K a month\n  - Cloud is $40K a month\nCaveat: Excludes the Q3 hires.\n[/RESPONSE]\n";
    write(root.path(), "a.md", block);
    let prose = block.replace("[RESPONSE:cfo]\n", "[RESPONSE:cfo]\nNumbers first.\n");
    write(root.path(), "b.md", &prose);
    let (_, out, _) = check(root.path(), &["a.md", "b.md"]);
    assert!(
        out.contains("a.md:1:1: warning[R005] [*] field-order"),
        "{out}"
    );
    assert!(out.contains("b.md:1:1: warning[R005] field-order"), "{out}");
    assert!(out.contains("[*] 1 fixable"), "{out}");
    let fixed = boardlint()
        .current_dir(root.path())
        .args(["check", "--fix", "--select", "R005", "a.md", "b.md"])
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&fixed.stderr).contains("Fixed 1 problem")
            || String::from_utf8_lossy(&fixed.stdout).contains("Fixed 1 problem"),
        "{fixed:?}"
    );
    let (_, out, _) = check(root.path(), &["a.md", "b.md"]);
    assert!(!out.contains("a.md:1:1: warning[R005]"), "{out}");
    assert!(out.contains("b.md:1:1: warning[R005]"), "{out}");
}

#[test]
fn human_says_a_finding_is_fixable() {
    let root = repo();
    write(root.path(), "a.md", CARD);
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "--color", "never", "a.md"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.matches("[*] fixable: `boardlint check --fix`").count(),
        2,
        "{text}"
    );
    assert!(text.contains("[*] 2 fixable"), "{text}");
}

#[test]
fn json_and_jsonl_carry_a_fixable_field() {
    let root = repo();
    write(root.path(), "a.md", CARD);
    for format in ["json", "jsonl"] {
        let out = report(root.path(), format);
        let values: Vec<serde_json::Value> = if format == "json" {
            serde_json::from_str::<Vec<serde_json::Value>>(&out).unwrap()
        } else {
            out.lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect()
        };
        let by_code = |c: &str| values.iter().find(|v| v["code"] == c).unwrap()["fixable"].clone();
        assert_eq!(by_code("C001"), true, "{format}");
        assert_eq!(by_code("C003"), true, "{format}");
        assert_eq!(by_code("L001"), false, "{format}");
    }
}

#[test]
fn sarif_fixes_rewrite_the_file_as_fix_would() {
    let root = repo();
    write(root.path(), "a.md", CARD);
    let out = report(root.path(), "sarif");
    let _: serde_sarif::sarif::Sarif = serde_json::from_str(&out).expect("valid SARIF");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let results = doc["runs"][0]["results"].as_array().unwrap();
    let l001 = results.iter().find(|r| r["ruleId"] == "L001").unwrap();
    assert!(l001.get("fixes").is_none(), "{l001}");
    let c003 = results.iter().find(|r| r["ruleId"] == "C003").unwrap();
    let replacement = &c003["fixes"][0]["artifactChanges"][0]["replacements"][0];
    let start = replacement["deletedRegion"]["byteOffset"].as_u64().unwrap() as usize;
    let length = replacement["deletedRegion"]["byteLength"].as_u64().unwrap() as usize;
    let mut applied = CARD.to_string();
    applied.replace_range(
        start..start + length,
        replacement["insertedContent"]["text"].as_str().unwrap(),
    );
    assert_eq!(applied, formatted(CARD));
}

#[test]
fn fix_diff_prints_what_fix_would_write_and_writes_nothing() {
    let root = repo();
    write(root.path(), "a.md", CARD);
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "--fix", "--diff", "a.md"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let diff = String::from_utf8(out.stdout).unwrap();
    assert!(diff.starts_with("--- a/a.md\n+++ b/a.md\n"), "{diff}");
    assert!(
        diff.contains("+BOTTOM LINE") && !diff.contains("\u{1b}"),
        "{diff}"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("Would fix 2 problems in a.md."));
    assert_eq!(fs::read_to_string(root.path().join("a.md")).unwrap(), CARD);
    // Nothing to fix: no diff, exit 0.
    write(root.path(), "a.md", &formatted(CARD));
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "--fix", "--diff", "a.md"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("No fixes available."));
    // --exit-non-zero-on-fix needs --fix.
    boardlint()
        .args(["check", "--exit-non-zero-on-fix", "-"])
        .assert()
        .code(2);
}

#[test]
fn exit_non_zero_on_fix_fails_a_run_that_fixed_something() {
    let root = repo();
    write(root.path(), "a.md", &card_only());
    write(root.path(), "b.md", &card_only());
    let (code, out, _) = check(root.path(), &["--fix", "a.md"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Fixed 2 problems in a.md."), "{out}");
    let (code, out, _) = check(root.path(), &["--fix", "--exit-non-zero-on-fix", "b.md"]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        fs::read_to_string(root.path().join("b.md")).unwrap(),
        formatted(&card_only())
    );
    // Nothing left to fix: exit 0 even with the flag.
    let (code, _, _) = check(root.path(), &["--fix", "--exit-non-zero-on-fix", "b.md"]);
    assert_eq!(code, 0);
}

#[test]
fn fixed_names_the_files() {
    let root = repo();
    for name in ["a.md", "b.md", "c.md", "d.md", "e.md"] {
        write(root.path(), name, &card_only());
    }
    write(root.path(), "clean.md", "CFO: all good.\n");
    let (_, out, _) = check(root.path(), &["--fix", "."]);
    assert!(
        out.contains("Fixed 10 problems in a.md, b.md, c.md and 2 more files."),
        "{out}"
    );
}

#[test]
fn fix_of_standard_input_writes_the_fixed_text_to_stdout_and_the_report_to_stderr() {
    let out = boardlint()
        .args(["check", "--fix", "--format", "concise", "-"])
        .write_stdin(CARD)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), formatted(CARD));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("<stdin>:")
            && err.contains("L001")
            && err.contains("Fixed 2 problems in <stdin>."),
        "{err}"
    );
    // Nothing to fix: the text comes back as it was.
    let out = boardlint()
        .args(["check", "--fix", "-"])
        .write_stdin("CFO: all good.\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "CFO: all good.\n");
}
