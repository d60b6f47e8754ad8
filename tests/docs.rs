//! The rule pages in `docs/rules/` are generated from the rules' doc
//! comments; this test fails when one is stale, missing or left over.
//! Regenerate them with `BOARDLINT_BLESS=1 cargo test --test docs`.

use std::fs;
use std::path::PathBuf;

fn docs_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/rules")
}

fn index_page() -> String {
    let mut out = String::from(
        "# Rules\n\nGenerated from the rules' doc comments; `boardlint rule CODE` prints the same text.\n\n\
         | Code | Name | Default severity | Summary |\n| --- | --- | --- | --- |\n",
    );
    for m in boardlint::rules() {
        out.push_str(&format!(
            "| [{code}]({code}.md) | {} | {} | {} |\n",
            m.name,
            m.severity.as_str(),
            m.summary,
            code = m.code
        ));
    }
    out
}

#[test]
fn rule_pages_are_fresh() {
    let dir = docs_dir();
    let bless = std::env::var_os("BOARDLINT_BLESS").is_some();
    let mut expected: Vec<(String, String)> = boardlint::rules()
        .map(|m| (format!("{}.md", m.code), m.page()))
        .collect();
    expected.push(("README.md".to_string(), index_page()));
    let mut stale = Vec::new();
    for (file, content) in &expected {
        let path = dir.join(file);
        if bless {
            fs::create_dir_all(&dir).unwrap();
            fs::write(&path, content).unwrap();
        } else if fs::read_to_string(&path).ok().as_deref() != Some(content.as_str()) {
            stale.push(file.clone());
        }
    }
    for entry in fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().to_string();
        if !expected.iter().any(|(f, _)| *f == name) {
            stale.push(format!("{name} (no such rule)"));
        }
    }
    assert!(
        stale.is_empty(),
        "stale rule pages: {stale:?}; regenerate with `BOARDLINT_BLESS=1 cargo test --test docs`"
    );
}
