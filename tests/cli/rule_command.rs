use predicates::prelude::*;

use crate::boardlint;

#[test]
fn rule_by_code_prints_its_documentation() {
    boardlint().args(["rule", "L001"]).assert().code(0).stdout(
        predicate::str::starts_with("# L001 self-invocation")
            .and(predicate::str::contains("## What it does"))
            .and(predicate::str::contains("## Why is this bad?"))
            .and(predicate::str::contains("Use instead:")),
    );
}

#[test]
fn rule_by_name_matches_its_page() {
    let out = boardlint()
        .args(["rule", "chain-too-deep"])
        .assert()
        .code(0);
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules/L002.md"))
        .unwrap();
    assert_eq!(
        String::from_utf8(out.get_output().stdout.clone()).unwrap(),
        page
    );
}

#[test]
fn rule_all_lists_every_rule() {
    let out = boardlint().args(["rule", "--all"]).assert().code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    for m in boardlint::rules() {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(m.code))
            .unwrap_or_else(|| panic!("{} missing", m.code));
        assert!(
            line.contains(m.name) && line.contains(m.severity.as_str()) && line.contains(m.summary),
            "{line}"
        );
    }
}

#[test]
fn an_unknown_rule_exits_two() {
    boardlint()
        .args(["rule", "Z999"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no rule `Z999`"));
}

#[test]
fn a_misspelt_rule_suggests_the_nearest() {
    boardlint()
        .args(["rule", "self-invocatoin"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no rule `self-invocatoin`; did you mean `self-invocation` (L001)?",
        ));
    boardlint()
        .args(["rule", "C0004"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "did you mean `too-many-bullets` (C004)?",
        ));
    // Nothing near: no guess.
    boardlint()
        .args(["rule", "quarterly-budget"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("did you mean").not());
}
