//! What `--fix` fixes: only the findings the run reports (rule selection,
//! the configuration's `ignore`, suppression comments), each by its own
//! fix, in every way a fix is shown or made: `--fix`, `--diff`,
//! `--fix-only`, `--show-fixes`, SARIF's `fixes`.

use std::fs;

use crate::boardlint;
use crate::config_settings::{check, repo, run_in, write};

/// A card with short frames (C001) and BOTTOM LINE after WHAT (C003), a
/// self-invocation (L001), and a RESPONSE whose fields are out of order
/// (R005).
const CARD: &str = "━━━━━━━━━━━━\n\n📊 CFO — Runway\n\nWHAT\n• Burn is $280K a month [VERIFIED: Q4 actuals] 🟢\n\nBOTTOM LINE\nWe hold. — Confidence: 🟢 High\n\nWHY THIS MATTERS\nThe board asks.\n\nHOW TO ACT\n1. Keep the plan → CEO → 2026-04-10\n\n━━━━━━━━━━━━\n";
const BLOCK: &str = "\nCFO: checking\n[INVOKE:cfo|What is our burn?]\n\n[RESPONSE:cfo]\nConfidence: high\nKey finding: Burn is flat at $280K.\nSupporting data:\n  - Payroll is $190K a month\n  - Cloud is $40K a month\nCaveat: Excludes the Q3 hires.\n[/RESPONSE]\n";

fn card_and_block() -> String {
    format!("{CARD}{BLOCK}")
}

fn formatted(text: &str) -> String {
    boardlint::Engine::default().format(None, text).unwrap()
}

/// The card formatted, the block as written: what fixing C001 and C003
/// alone writes.
fn card_fixed() -> String {
    format!("{}{BLOCK}", formatted(CARD))
}

/// The card as written, the block formatted: what fixing R005 alone
/// writes.
fn block_fixed() -> String {
    let all = formatted(&card_and_block());
    format!("{CARD}{}", &all[formatted(CARD).len()..])
}

fn read(root: &std::path::Path) -> String {
    fs::read_to_string(root.join("a.md")).unwrap()
}

#[test]
fn fix_makes_only_the_fixes_of_the_selected_rules() {
    assert_ne!(block_fixed(), card_and_block());
    let root = repo();
    write(root.path(), "a.md", &card_and_block());
    let (code, out, _) = check(root.path(), &["--fix", "--select", "R005", "a.md"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Fixed 1 problem in a.md."), "{out}");
    assert_eq!(read(root.path()), block_fixed());
    // And the other way round.
    write(root.path(), "a.md", &card_and_block());
    let (_, out, _) = check(root.path(), &["--fix", "--select", "C001,C003", "a.md"]);
    assert!(out.contains("Fixed 2 problems in a.md."), "{out}");
    assert_eq!(read(root.path()), card_fixed());
}

#[test]
fn fix_leaves_what_the_configuration_ignores() {
    let root = repo();
    write(root.path(), ".boardlint.yaml", "ignore: [C001, C003]\n");
    write(root.path(), "a.md", &card_and_block());
    let (code, out, _) = check(root.path(), &["--fix", "a.md"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("Fixed 1 problem in a.md."), "{out}");
    assert!(out.contains("error[L001]"), "{out}");
    assert_eq!(read(root.path()), block_fixed());
    // `per-file-ignores` the same.
    write(
        root.path(),
        ".boardlint.yaml",
        "per-file-ignores: { \"a.md\": [R005] }\n",
    );
    write(root.path(), "a.md", &card_and_block());
    let (_, out, _) = check(root.path(), &["--fix", "a.md"]);
    assert!(out.contains("Fixed 2 problems in a.md."), "{out}");
    assert_eq!(read(root.path()), card_fixed());
}

#[test]
fn fix_leaves_what_a_suppression_comment_silences() {
    let root = repo();
    let suppressed = format!(
        "<!-- boardlint-disable-file C001 C003 -->\n{}",
        card_and_block()
    );
    write(root.path(), "a.md", &suppressed);
    let (_, out, _) = check(root.path(), &["--fix", "a.md"]);
    assert!(out.contains("Fixed 1 problem in a.md."), "{out}");
    assert_eq!(
        read(root.path()),
        format!(
            "<!-- boardlint-disable-file C001 C003 -->\n{}",
            block_fixed()
        )
    );
}

/// Two cards out of order: each C003's SARIF fix rewrites its own card,
/// and `--fix` of both makes what `fmt` makes.
#[test]
fn each_finding_s_sarif_fix_is_its_own_card() {
    let root = repo();
    let second = CARD.replace("CFO — Runway", "CRO — Pipeline");
    let text = format!("{CARD}\nCRO: next.\n\n{second}");
    write(root.path(), "a.md", &text);
    let (_, out, _) = run_in(root.path(), &["check", "--format", "sarif", "a.md"]);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let applied: Vec<String> = doc["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["ruleId"] == "C003")
        .map(|r| {
            let mut applied = text.clone();
            let replacements = r["fixes"][0]["artifactChanges"][0]["replacements"]
                .as_array()
                .unwrap();
            for rep in replacements.iter().rev() {
                let start = rep["deletedRegion"]["byteOffset"].as_u64().unwrap() as usize;
                let length = rep["deletedRegion"]["byteLength"].as_u64().unwrap() as usize;
                applied.replace_range(
                    start..start + length,
                    rep["insertedContent"]["text"].as_str().unwrap(),
                );
            }
            applied
        })
        .collect();
    assert_eq!(
        applied,
        [
            format!("{}\nCRO: next.\n\n{second}", formatted(CARD)),
            format!("{CARD}\nCRO: next.\n\n{}", formatted(&second)),
        ]
    );
    let (_, out, _) = check(root.path(), &["--fix", "a.md"]);
    assert!(out.contains("Fixed 4 problems in a.md."), "{out}");
    assert_eq!(read(root.path()), formatted(&text));
}

#[test]
fn diff_without_fix_shows_what_fix_would_write_and_writes_nothing() {
    let root = repo();
    write(root.path(), "a.md", &card_and_block());
    let (code, diff, err) = run_in(
        root.path(),
        &["check", "--diff", "--select", "R005", "a.md"],
    );
    assert_eq!(code, 1, "{err}");
    assert!(diff.starts_with("--- a/a.md\n+++ b/a.md\n"), "{diff}");
    assert!(diff.contains("-Confidence: high\n"), "{diff}");
    assert!(!diff.contains("BOTTOM LINE"), "{diff}");
    assert_eq!(err, "Would fix 1 problem in a.md.\n");
    assert_eq!(read(root.path()), card_and_block());
    // Nothing to fix: no diff, exit 0.
    let (code, diff, err) = run_in(
        root.path(),
        &["check", "--diff", "--select", "L001", "a.md"],
    );
    assert_eq!((code, diff.as_str()), (0, ""), "{err}");
    assert_eq!(err, "No fixes available.\n");
}

#[test]
fn fix_only_fixes_and_reports_nothing_of_what_remains() {
    let root = repo();
    write(root.path(), "a.md", &card_and_block());
    // L001 remains, an error: not reported, and the run exits 0.
    let (code, out, err) = run_in(root.path(), &["check", "--fix-only", "a.md"]);
    assert_eq!(
        (code, out.as_str()),
        (0, "Fixed 3 problems in a.md.\n"),
        "{err}"
    );
    assert_eq!(read(root.path()), formatted(&card_and_block()));
    // Nothing left to fix: nothing said.
    let (code, out, _) = run_in(root.path(), &["check", "--fix-only", "a.md"]);
    assert_eq!((code, out.as_str()), (0, ""));
    // With --exit-non-zero-on-fix, a run that fixed something exits 1.
    write(root.path(), "a.md", &card_and_block());
    let (code, _, _) = run_in(
        root.path(),
        &["check", "--fix-only", "--exit-non-zero-on-fix", "a.md"],
    );
    assert_eq!(code, 1);
    let (code, _, _) = run_in(
        root.path(),
        &["check", "--fix-only", "--exit-non-zero-on-fix", "a.md"],
    );
    assert_eq!(code, 0);
    // A machine format gets an empty report.
    write(root.path(), "a.md", &card_and_block());
    let (code, out, _) = run_in(
        root.path(),
        &["check", "--fix-only", "--format", "json", "a.md"],
    );
    assert_eq!((code, out.trim()), (0, "[]"));
}

#[test]
fn show_fixes_lists_each_file_and_rule_fixed() {
    let root = repo();
    write(root.path(), "a.md", &card_and_block());
    write(root.path(), "b.md", BLOCK);
    let list = "- a.md:\n    1 × C001 (card-frame)\n    1 × C003 (section-order)\n    1 × R005 (field-order)\n- b.md:\n    1 × R005 (field-order)\n";
    // A dry run: on standard error, beside the diff.
    let (_, _, err) = run_in(root.path(), &["check", "--diff", "--show-fixes", "."]);
    assert_eq!(err, format!("Would fix 4 problems:\n{list}"));
    let (code, out, _) = check(root.path(), &["--fix", "--show-fixes", "."]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(&format!("Fixed 4 problems:\n{list}")), "{out}");
    assert!(!out.contains("Fixed 4 problems in"), "{out}");
    // A machine format: the list on standard error.
    write(root.path(), "b.md", BLOCK);
    let (_, out, err) = run_in(
        root.path(),
        &["check", "--fix", "--show-fixes", "--format", "json", "b.md"],
    );
    assert!(out.trim_start().starts_with('['), "{out}");
    assert_eq!(
        err,
        "Fixed 1 problem:\n- b.md:\n    1 × R005 (field-order)\n"
    );
}

/// boardlint has no unsafe fix: `--unsafe-fixes` is accepted and changes
/// nothing.
#[test]
fn unsafe_fixes_is_accepted_and_changes_nothing() {
    let root = repo();
    write(root.path(), "a.md", &card_and_block());
    write(root.path(), "b.md", &card_and_block());
    let (code, out, err) = check(root.path(), &["--fix", "--unsafe-fixes", "a.md"]);
    let (code_b, out_b, _) = check(root.path(), &["--fix", "b.md"]);
    assert_eq!(code, code_b, "{err}");
    assert_eq!(out.replace("a.md", "b.md"), out_b);
    assert_eq!(read(root.path()), formatted(&card_and_block()));
    // --exit-non-zero-on-fix still needs a fix to make.
    let (code, _, err) = check(root.path(), &["--exit-non-zero-on-fix", "a.md"]);
    assert_eq!(code, 2, "{err}");
    boardlint()
        .args(["check", "--fix-only", "--watch", "."])
        .assert()
        .code(2);
}

/// `--silent` says nothing of the fixes either: not the "Fixed" line, not
/// `--show-fixes`' list, not `--diff`'s, not `--add-noqa`'s count; the
/// files are fixed all the same.
#[test]
fn silent_fixes_without_a_word() {
    let root = repo();
    write(root.path(), "a.md", &card_and_block());
    for args in [
        &["check", "-s", "--diff", "--show-fixes", "a.md"][..],
        &["check", "-s", "--fix", "--show-fixes", "a.md"],
    ] {
        let (_, out, err) = run_in(root.path(), args);
        assert_eq!((out.as_str(), err.as_str()), ("", ""), "{args:?}");
    }
    let (code, out, _) = check(root.path(), &["--select", "C001,C003,R005", "a.md"]);
    assert_eq!(code, 0, "the fixes were made: {out}");
    write(
        root.path(),
        "b.md",
        "CFO: checking\n[INVOKE:cfo|What is our burn?]\n",
    );
    let (code, out, err) = run_in(root.path(), &["check", "-s", "--add-noqa", "b.md"]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""));
    assert!(fs::read_to_string(root.path().join("b.md"))
        .unwrap()
        .contains("boardlint-disable-next-line L001"));
}
