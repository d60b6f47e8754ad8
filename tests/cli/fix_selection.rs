//! What `--fix` fixes: only the findings the run reports (rule selection,
//! the configuration's `ignore`, suppression comments), each by its own
//! fix, in every way a fix is shown or made: `--fix` and SARIF's `fixes`.

use std::fs;

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
