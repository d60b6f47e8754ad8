//! `docs/configuration.md` documents every setting; this test fails when a
//! setting is missing from it.

use boardlint::config::KEYS;

#[test]
fn every_setting_is_documented_with_its_default() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/configuration.md"
    ))
    .unwrap();
    let mut missing = Vec::new();
    let nested = ["board", "pipeline", "session"];
    let keys = KEYS
        .iter()
        .filter(|k| !nested.contains(*k))
        .map(|k| k.to_string());
    let board = [
        "board.isolation-phases",
        "board.critique-phases",
        "pipeline.stages",
        "pipeline.max-attempts",
        "pipeline.review-stage",
        "pipeline.max-log-bytes",
        "pipeline.max-event-bytes",
        "session.roles",
    ]
    .iter()
    .map(|k| k.to_string());
    for key in keys.chain(board) {
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

#[test]
fn the_default_file_written_by_init_names_every_setting() {
    for key in KEYS {
        assert!(
            boardlint::config::DEFAULT_CONFIG.contains(&format!("{key}:")),
            "{key}"
        );
    }
}
