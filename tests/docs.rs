//! The rule pages in `docs/rules/` and the README's rules table are
//! generated from the rules' registry and doc comments; these tests fail
//! when one is stale, missing or left over. Regenerate them with
//! `BOARDLINT_BLESS=1 cargo test --test docs`.

use std::fs;
use std::path::PathBuf;

use boardlint::{Family, RuleMeta};

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

/// The README's rules table: a row a rule for the families checked in
/// transcripts and decision logs, and a row a family for the records and
/// session logs (their codes, severities and rule names).
fn readme_rules_table() -> String {
    let mut out =
        String::from("| Code | Name | Severity | What it flags |\n| --- | --- | --- | --- |\n");
    let rules: Vec<&RuleMeta> = boardlint::rules().collect();
    let grouped = [
        Family::Handoff,
        Family::Handshake,
        Family::Session,
        Family::Transition,
    ];
    for m in rules.iter().filter(|m| !grouped.contains(&m.family())) {
        out.push_str(&format!(
            "| [{code}](docs/rules/{code}.md) | {} | {} | {} |\n",
            m.name,
            m.severity.as_str(),
            m.summary,
            code = m.code
        ));
    }
    for family in grouped {
        let mut members: Vec<&&RuleMeta> = rules.iter().filter(|m| m.family() == family).collect();
        members.sort_by_key(|m| m.code);
        let mut severities: Vec<&str> = Vec::new();
        for m in &members {
            if !severities.contains(&m.severity.as_str()) {
                severities.push(m.severity.as_str());
            }
        }
        let names: Vec<&str> = members.iter().map(|m| m.name).collect();
        let codes: Vec<&str> = members.iter().map(|m| m.code).collect();
        out.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            code_runs(&codes),
            family.title().to_lowercase(),
            severities.join(" / "),
            names.join(", ")
        ));
    }
    out
}

/// `P001`…`P013` and `T100` as `P001–P013, T100`: runs of consecutive codes.
fn code_runs(codes: &[&str]) -> String {
    let number = |c: &str| c[1..].parse::<u32>().unwrap_or(0);
    let mut runs: Vec<(&str, &str)> = Vec::new();
    for code in codes {
        match runs.last_mut() {
            Some((_, last)) if number(last) + 1 == number(code) => *last = code,
            _ => runs.push((code, code)),
        }
    }
    runs.iter()
        .map(|(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}–{b}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

const TABLE_BEGIN: &str =
    "<!-- rules:begin (generated from the rules: BOARDLINT_BLESS=1 cargo test --test docs) -->\n";
const TABLE_END: &str = "<!-- rules:end -->";

#[test]
fn the_readme_rules_table_is_fresh() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = fs::read_to_string(&path).unwrap();
    let start = readme
        .find(TABLE_BEGIN)
        .expect("README.md has the rules table's begin marker")
        + TABLE_BEGIN.len();
    let end = start
        + readme[start..]
            .find(TABLE_END)
            .expect("README.md has the rules table's end marker");
    let table = readme_rules_table();
    if std::env::var_os("BOARDLINT_BLESS").is_some() {
        let mut fresh = readme.clone();
        fresh.replace_range(start..end, &table);
        fs::write(&path, fresh).unwrap();
    } else {
        assert_eq!(
            &readme[start..end],
            table,
            "the README's rules table is stale; regenerate it with `BOARDLINT_BLESS=1 cargo test --test docs`"
        );
    }
    // Every rule is in it.
    for m in boardlint::rules() {
        let family_row =
            table.contains(&format!(", {}", m.name)) || table.contains(&format!("| {}", m.name));
        assert!(
            family_row,
            "{} is missing from the README's rules table",
            m.code
        );
    }
}

#[test]
fn code_runs_join_consecutive_codes() {
    assert_eq!(
        code_runs(&["T001", "T002", "T003", "T100"]),
        "T001–T003, T100"
    );
    assert_eq!(code_runs(&["A001"]), "A001");
}
