//! `docs/configuration.md` documents every setting; this test fails when a
//! setting `boardlint config` shows is missing from it.

use assert_cmd::Command;

#[test]
fn every_setting_config_shows_is_documented_with_its_default() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/configuration.md"
    ))
    .unwrap();
    let out = Command::cargo_bin("boardlint")
        .unwrap()
        .args(["config", "--isolated"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let shown = String::from_utf8(out.stdout).unwrap();
    let keys: Vec<&str> = shown
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(keys.contains(&"pipeline.max-log-bytes"), "{shown}");
    let mut missing = Vec::new();
    for key in keys {
        // A table row: | `key` | default | meaning |
        let row = doc.lines().find(|l| l.starts_with(&format!("| `{key}` |")));
        match row {
            Some(r) if r.split('|').filter(|c| !c.trim().is_empty()).count() >= 3 => {}
            _ => missing.push(key),
        }
    }
    assert!(
        missing.is_empty(),
        "docs/configuration.md lacks rows for {missing:?}"
    );
}
