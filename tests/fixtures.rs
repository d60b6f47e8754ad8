//! Every rule's fixtures: files under `tests/fixtures/<CODE>/trigger/` must
//! make the rule fire, files under `tests/fixtures/<CODE>/clean/` must not.
//!
//! Each fixture also pins every diagnostic it produces, of every rule, in a
//! snapshot next to it (`NAME.expected`: `line:column CODE` per line). Run
//! with `BOARDLINT_BLESS=1` to rewrite the snapshots, then review the diff.
//! Files in one directory are checked as one run; a file whose name starts
//! with `_` only supports the others (a transition log beside a handoff
//! record, for T100).

use std::fs;
use std::path::{Path, PathBuf};

use boardlint::{Engine, LineIndex, RunContext};

fn fixture_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// The fixtures of a rule's `trigger/` or `clean/` directory, with the path
/// each stands for: its path below that directory (so a fixture can sit in
/// `decisions/approved/` when the path matters).
fn fixtures(code: &str, kind: &str) -> Vec<(PathBuf, PathBuf)> {
    let dir = fixture_root().join(code).join(kind);
    let mut files = Vec::new();
    let mut stack = vec![dir.clone()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let p = entry.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| ["md", "yaml", "yml", "jsonl", "json"].iter().any(|e| x == *e))
                // `_name` files only support the fixtures beside them.
                && !p.file_name().unwrap().to_string_lossy().starts_with('_')
            {
                let rel = p.strip_prefix(&dir).unwrap().to_path_buf();
                files.push((p, rel));
            }
        }
    }
    files.sort();
    files
}

/// `line:column CODE`, one per diagnostic, in source order. Fixtures in one
/// directory are checked together, as one run: each sees
/// what the others contribute (flagged proposals, transition-log run ends).
fn snapshot(file: &Path, path: &Path, source: &str) -> (String, Vec<&'static str>) {
    let engine = Engine::default();
    let mut run = RunContext::default();
    let dir = file.parent().unwrap();
    for entry in fs::read_dir(dir).unwrap() {
        let sibling = entry.unwrap().path();
        if sibling.is_file() && sibling.extension().is_some_and(|x| x != "expected") {
            let text = fs::read_to_string(&sibling).unwrap();
            let rel = path.with_file_name(sibling.file_name().unwrap());
            run.add(engine.contribution(&rel, &text));
        }
    }
    let diagnostics = engine.check_in_run(Some(path), source, &run);
    let index = LineIndex::new(source);
    let mut out = String::new();
    for d in &diagnostics {
        let p = index.position(d.span.start);
        out.push_str(&format!("{}:{} {}\n", p.line, p.column, d.code));
    }
    (out, diagnostics.iter().map(|d| d.code).collect())
}

fn compare_snapshot(path: &Path, actual: &str, failures: &mut Vec<String>) {
    // `a.handoff.yaml` → `a.handoff.expected`.
    let expected_path = path.with_extension("expected");
    if std::env::var_os("BOARDLINT_BLESS").is_some() {
        fs::write(&expected_path, actual).unwrap();
        return;
    }
    match fs::read_to_string(&expected_path) {
        Ok(expected) if expected == actual => {}
        Ok(expected) => failures.push(format!(
            "{}: diagnostics changed\n--- expected\n{expected}--- actual\n{actual}",
            path.display()
        )),
        Err(_) => failures.push(format!(
            "{}: no snapshot (run with BOARDLINT_BLESS=1)",
            expected_path.display()
        )),
    }
}

#[test]
fn every_rule_has_trigger_and_clean_fixtures() {
    for rule in boardlint::rules() {
        let code = rule.code;
        assert!(
            !fixtures(code, "trigger").is_empty(),
            "{code} has no trigger fixture"
        );
        assert!(
            !fixtures(code, "clean").is_empty(),
            "{code} has no clean fixture"
        );
    }
}

#[test]
fn trigger_fixtures_fire_their_rule() {
    let mut failures = Vec::new();
    for rule in boardlint::rules() {
        let code = rule.code;
        for (path, rel) in fixtures(code, "trigger") {
            let source = fs::read_to_string(&path).unwrap();
            let (snap, codes) = snapshot(&path, &rel, &source);
            if !codes.contains(&code) {
                failures.push(format!(
                    "{}: {code} did not fire; got:\n{snap}",
                    path.display()
                ));
            }
            compare_snapshot(&path, &snap, &mut failures);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn clean_fixtures_do_not_fire_their_rule() {
    let mut failures = Vec::new();
    for rule in boardlint::rules() {
        let code = rule.code;
        for (path, rel) in fixtures(code, "clean") {
            let source = fs::read_to_string(&path).unwrap();
            let (snap, codes) = snapshot(&path, &rel, &source);
            if codes.contains(&code) {
                failures.push(format!(
                    "{}: {code} fired on a clean fixture:\n{snap}",
                    path.display()
                ));
            }
            compare_snapshot(&path, &snap, &mut failures);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
