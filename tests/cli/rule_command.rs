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

/// `boardlint rule ARGS` as JSON.
fn rule_json(args: &[&str]) -> serde_json::Value {
    let out = boardlint().arg("rule").args(args).assert().code(0);
    serde_json::from_slice(&out.get_output().stdout).unwrap()
}

/// What the registry says of a rule, as `rule --format json` prints it.
fn expected_json(m: &boardlint::RuleMeta) -> serde_json::Value {
    let page = std::fs::read_to_string(format!(
        "{}/docs/rules/{}.md",
        env!("CARGO_MANIFEST_DIR"),
        m.code
    ))
    .unwrap();
    // The page without its title and its line of summary, family and
    // severity: the documentation itself.
    let explanation = page.splitn(3, "\n\n").nth(2).unwrap().trim_end();
    serde_json::json!({
        "code": m.code,
        "name": m.name,
        "family": m.family().title(),
        "severity": m.severity.as_str(),
        "summary": m.summary,
        "fixable": m.fixable(),
        "explanation": explanation,
    })
}

#[test]
fn rule_prints_a_rule_as_json() {
    let l001 = boardlint::rules().find(|m| m.code == "L001").unwrap();
    for args in [
        &["L001", "--output-format", "json"][..],
        &["self-invocation", "--format", "json"],
    ] {
        assert_eq!(rule_json(args), expected_json(l001), "{args:?}");
    }
}

#[test]
fn every_rule_as_json_is_an_array_and_no_code_means_every_rule() {
    let expected: Vec<serde_json::Value> = boardlint::rules().map(expected_json).collect();
    for args in [
        &["--all", "--output-format", "json"][..],
        &["--output-format", "json"],
    ] {
        assert_eq!(
            rule_json(args),
            serde_json::Value::from(expected.clone()),
            "{args:?}"
        );
    }
    let all = boardlint().args(["rule", "--all"]).assert().code(0);
    boardlint()
        .arg("rule")
        .assert()
        .code(0)
        .stdout(predicate::eq(all.get_output().stdout.as_slice()));
}

/// A rule says it is fixable when, and only when, `check --fix` can remove
/// a finding of it: every fixable finding the rule fixtures give is of a
/// fixable rule, and every fixable rule has one there.
#[test]
fn the_rules_said_fixable_are_those_whose_findings_are() {
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    let out = boardlint()
        .args(["check", "--format", "json", fixtures])
        .output()
        .unwrap();
    let findings: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut found: Vec<&str> = findings
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["fixable"] == true)
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    found.sort();
    found.dedup();
    let rules = rule_json(&["--format", "json"]);
    let said: Vec<&str> = rules
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["fixable"] == true)
        .map(|r| r["code"].as_str().unwrap())
        .collect();
    let mut said_sorted = said.clone();
    said_sorted.sort();
    assert!(!found.is_empty());
    assert_eq!(said_sorted, found);
    // The text page says so too.
    for code in said {
        let out = boardlint().args(["rule", code]).assert().code(0);
        let page = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
        assert!(
            page.lines().nth(2).unwrap().contains(" Fix: sometimes"),
            "{page}"
        );
    }
}
