//! The reference of settings in `docs/configuration.md` is generated from
//! the settings table (`boardlint config --reference-markdown`, hidden from
//! the help); this test fails when it is stale. Regenerate it with
//! `BOARDLINT_BLESS=1 cargo test --test configuration_docs`.

use std::fs;
use std::path::PathBuf;

use assert_cmd::Command;

fn doc_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/configuration.md")
}

fn boardlint(args: &[&str]) -> String {
    let out = Command::cargo_bin("boardlint")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The generated reference: its first line is the begin marker, its last
/// the end marker.
fn reference() -> String {
    boardlint(&["config", "--reference-markdown"])
}

/// Where the reference is in the document: the byte range from the begin
/// marker's line to the end of the end marker's line.
fn section(doc: &str, reference: &str) -> Option<std::ops::Range<usize>> {
    let begin = reference.lines().next()?;
    let end = reference.lines().last()?;
    let start = doc.find(&format!("{begin}\n"))?;
    let stop = start + doc[start..].find(&format!("{end}\n"))? + end.len() + 1;
    Some(start..stop)
}

#[test]
fn the_settings_reference_is_fresh() {
    let reference = reference();
    let path = doc_path();
    let doc = fs::read_to_string(&path).unwrap();
    let range = section(&doc, &reference)
        .expect("docs/configuration.md lacks the settings reference's begin and end markers");
    if std::env::var_os("BOARDLINT_BLESS").is_some() {
        let mut fresh = doc.clone();
        fresh.replace_range(range, &reference);
        fs::write(&path, fresh).unwrap();
        return;
    }
    assert!(
        doc[range] == reference,
        "the settings reference in docs/configuration.md is stale; regenerate it with `BOARDLINT_BLESS=1 cargo test --test configuration_docs`"
    );
}

#[test]
fn every_setting_config_shows_has_a_row_with_type_default_and_meaning() {
    let reference = reference();
    let shown = boardlint(&["config", "--isolated"]);
    let keys: Vec<&str> = shown
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(keys.contains(&"pipeline.max-log-bytes"), "{shown}");
    assert!(keys.contains(&"pipeline.max-event-bytes"), "{shown}");
    let mut missing = Vec::new();
    for key in &keys {
        // | `key` | type | default | with `extends` | meaning |
        let row = reference
            .lines()
            .find(|l| l.starts_with(&format!("| `{key}` |")));
        match row {
            Some(r) if r.split(" | ").filter(|c| !c.trim().is_empty()).count() == 5 => {}
            _ => missing.push(*key),
        }
    }
    assert!(missing.is_empty(), "no reference rows for {missing:?}");
}

#[test]
fn the_reference_flag_is_hidden_from_the_help() {
    let help = boardlint(&["config", "--help"]);
    assert!(help.contains("--isolated"), "{help}");
    assert!(!help.contains("reference"), "{help}");
}
