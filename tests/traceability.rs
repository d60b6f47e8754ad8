//! The protocol's requirements and the rules that check them:
//! `docs/requirements.yaml` is the list (each requirement in its own words,
//! its source, the rules that check it, or why none can), and
//! `docs/traceability.md` is made from it with each rule's fixtures. The
//! list is held to the rules and fixtures that exist and to the sources
//! beside the project; the page fails when stale. Regenerate it with
//! `BOARDLINT_BLESS=1 cargo test --test traceability`.

mod reference;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Requirement {
    id: String,
    area: String,
    source: Vec<String>,
    section: String,
    requirement: String,
    checkable: String,
    rules: Vec<String>,
    status: String,
    reason: String,
    conflicts: Vec<String>,
}

/// The areas, in the order the page shows them.
const AREAS: &[(&str, &str)] = &[
    ("invocation", "Invocation"),
    ("loops", "Loop rules"),
    ("response-block", "RESPONSE blocks"),
    ("markers", "Markers"),
    ("card", "Founder cards"),
    ("quality-loop", "The quality loop"),
    ("board-meeting", "Board meetings"),
    (
        "devils-advocate",
        "The devil's advocate and the executive mentor",
    ),
    ("chief-of-staff", "The Chief of Staff"),
    ("decision-record", "Decision records"),
    ("founder-artifacts", "Founder-mode artifacts"),
    ("roles", "Roles"),
    ("handshake", "Handshake logs"),
    ("handoff", "Handoff records"),
    ("transition", "Transition logs"),
    ("session-log", "Session logs"),
    ("other", "Other"),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn requirements() -> Vec<Requirement> {
    let path = root().join("docs/requirements.yaml");
    let text = fs::read_to_string(&path).unwrap();
    serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A rule's fixtures of one kind (`trigger`, `clean`): how many files.
fn fixtures(code: &str, kind: &str) -> usize {
    let dir = root().join("tests/fixtures").join(code).join(kind);
    let mut n = 0;
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        let Ok(entries) = fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_none_or(|e| e != "expected") {
                n += 1;
            }
        }
    }
    n
}

/// A cell of a Markdown table: no pipe or line break breaks it.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// Whether a requirement counts as checkable.
fn checkable(r: &Requirement) -> bool {
    r.status != "not-checkable"
}

fn render(list: &[Requirement]) -> String {
    let mut out = String::new();
    out.push_str("# Traceability: the protocol's requirements and the rules that check them\n\n");
    out.push_str("<!-- Made by tests/traceability.rs from docs/requirements.yaml: edit the list, then `BOARDLINT_BLESS=1 cargo test --test traceability`. -->\n\n");
    out.push_str(
        "Every requirement the protocol texts state (the skills under \
         `../shared/reference/claude-skills/`, the handshake protocol of \
         learn-claude-code, and the seed documents), each in its own words, \
         with the rule that checks it and that rule's trigger and clean \
         fixtures; or, where no rule does, what is missing; or why text \
         cannot show it. Where the texts disagree, each version is a \
         requirement of its own, and names the ones it conflicts with. \
         `docs/requirements.yaml` is the list; a test holds it to the rules \
         and fixtures that exist and fails when this page is stale.\n\n",
    );
    // The summary, by area.
    let mut by_area: BTreeMap<&str, [usize; 5]> = BTreeMap::new();
    for r in list {
        let row = by_area.entry(r.area.as_str()).or_default();
        row[0] += 1;
        match r.status.as_str() {
            "covered" => row[2] += 1,
            "gap" => row[3] += 1,
            _ => row[4] += 1,
        }
        if checkable(r) {
            row[1] += 1;
        }
    }
    out.push_str("## Summary\n\n");
    out.push_str("| area | requirements | checkable | checked by a rule | without a rule | not checkable from text |\n");
    out.push_str("| --- | --- | --- | --- | --- | --- |\n");
    let mut total = [0usize; 5];
    for (area, title) in AREAS {
        let Some(row) = by_area.get(area) else {
            continue;
        };
        for (t, v) in total.iter_mut().zip(row) {
            *t += v;
        }
        let _ = writeln!(
            out,
            "| [{title}](#{area}) | {} | {} | {} | {} | {} |",
            row[0], row[1], row[2], row[3], row[4]
        );
    }
    let _ = writeln!(
        out,
        "| all | {} | {} | {} | {} | {} |\n",
        total[0], total[1], total[2], total[3], total[4]
    );
    let share = if total[1] == 0 {
        0.0
    } else {
        100.0 * total[3] as f64 / total[1] as f64
    };
    let _ = writeln!(
        out,
        "Of the {} checkable requirements, {} have no rule that checks them in \
         full: {share:.1}% (the aim is under 5%).\n",
        total[1], total[3]
    );
    for (area, title) in AREAS {
        let rows: Vec<&Requirement> = list.iter().filter(|r| r.area == *area).collect();
        if rows.is_empty() {
            continue;
        }
        let _ = writeln!(out, "<a id=\"{area}\"></a>\n\n## {title}\n");
        out.push_str("| id | requirement | source | checked by | fixtures |\n");
        out.push_str("| --- | --- | --- | --- | --- |\n");
        for r in rows {
            let sources: Vec<String> = r
                .source
                .iter()
                .map(|s| s.trim_start_matches("claude-skills/").to_string())
                .collect();
            let source = format!("{} § {}", sources.join(", "), r.section);
            let checked = match r.status.as_str() {
                "covered" => r.rules.join(", "),
                "gap" if r.rules.is_empty() => format!("none: {}", r.reason),
                "gap" => format!("in part, {}: {}", r.rules.join(", "), r.reason),
                _ => format!("not checkable from text: {}", r.reason),
            };
            let links: Vec<String> = if r.status == "covered" {
                r.rules
                    .iter()
                    .map(|c| {
                        format!(
                            "{c}: [trigger](../tests/fixtures/{c}/trigger/), [clean](../tests/fixtures/{c}/clean/)"
                        )
                    })
                    .collect()
            } else {
                Vec::new()
            };
            let conflicts = if r.conflicts.is_empty() {
                String::new()
            } else {
                format!(" (conflicts with {})", r.conflicts.join(", "))
            };
            let _ = writeln!(
                out,
                "| {} | {}{} | {} | {} | {} |",
                r.id,
                cell(&r.requirement),
                cell(&conflicts),
                cell(&source),
                cell(&checked),
                links.join("; ")
            );
        }
        out.push('\n');
    }
    out
}

#[test]
fn every_requirement_is_well_formed_and_names_rules_that_exist() {
    let list = requirements();
    let codes: BTreeSet<&str> = boardlint::rules().map(|r| r.code).collect();
    let ids: BTreeSet<&str> = list.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids.len(), list.len(), "requirement ids repeat");
    let areas: BTreeSet<&str> = AREAS.iter().map(|(a, _)| *a).collect();
    let mut wrong = Vec::new();
    for r in &list {
        let mut say = |what: String| wrong.push(format!("{}: {what}", r.id));
        if !r.id.starts_with("REQ-") || r.id[4..].parse::<u32>().is_err() {
            say("the id is not REQ-<number>".into());
        }
        if !areas.contains(r.area.as_str()) {
            say(format!("no area `{}`", r.area));
        }
        if !["yes", "no", "partly"].contains(&r.checkable.as_str()) {
            say(format!("checkable is `{}`", r.checkable));
        }
        match r.status.as_str() {
            "covered" if r.rules.is_empty() => say("covered by no rule".into()),
            "gap" | "not-checkable" if r.reason.trim().is_empty() => {
                say("a gap or a requirement text cannot show says why".into())
            }
            "covered" | "gap" | "not-checkable" => {}
            other => say(format!("status `{other}`")),
        }
        if r.status == "not-checkable" && r.checkable == "yes" {
            say("checkable, yet not checkable".into());
        }
        if r.source.is_empty() || r.requirement.trim().is_empty() {
            say("no source or no text".into());
        }
        for code in &r.rules {
            if !codes.contains(code.as_str()) {
                say(format!("no rule {code}"));
            }
        }
        for other in &r.conflicts {
            if !ids.contains(other.as_str()) || other == &r.id {
                say(format!("conflicts with `{other}`, no other requirement"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "docs/requirements.yaml:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_rule_a_requirement_is_checked_by_has_trigger_and_clean_fixtures() {
    let list = requirements();
    let rules: BTreeSet<&str> = list
        .iter()
        .filter(|r| r.status == "covered")
        .flat_map(|r| r.rules.iter().map(String::as_str))
        .collect();
    let missing: Vec<String> = rules
        .iter()
        .filter(|c| fixtures(c, "trigger") == 0 || fixtures(c, "clean") == 0)
        .map(|c| c.to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "rules with no trigger or no clean fixture: {missing:?}"
    );
}

#[test]
fn every_source_is_a_protocol_text_beside_the_project() {
    let Some(reference) = reference::path("claude-skills", "the traceability sources") else {
        return;
    };
    let shared: &Path = reference.parent().unwrap().parent().unwrap();
    let mut absent = BTreeSet::new();
    for r in requirements() {
        for source in &r.source {
            let path = if source.starts_with("seeds/") {
                shared.join(source)
            } else {
                shared.join("reference").join(source)
            };
            if !path.is_file() {
                absent.insert(source.clone());
            }
        }
    }
    assert!(absent.is_empty(), "sources that do not exist: {absent:?}");
}

#[test]
fn the_traceability_page_is_made_from_the_list() {
    let page = root().join("docs/traceability.md");
    let made = render(&requirements());
    if std::env::var_os("BOARDLINT_BLESS").is_some() {
        fs::write(&page, &made).unwrap();
        return;
    }
    let current = fs::read_to_string(&page).unwrap_or_default();
    assert!(
        current == made,
        "docs/traceability.md is stale; regenerate it with `BOARDLINT_BLESS=1 cargo test --test traceability`"
    );
}

#[test]
fn the_page_counts_what_the_list_holds() {
    let list = requirements();
    let page = render(&list);
    // One row per requirement, and the share of checkable requirements
    // without a rule as the list gives it.
    let rows = page.lines().filter(|l| l.starts_with("| REQ-")).count();
    assert_eq!(rows, list.len());
    let checkable = list.iter().filter(|r| checkable(r)).count();
    let gaps = list.iter().filter(|r| r.status == "gap").count();
    assert!(
        page.contains(&format!(
            "Of the {checkable} checkable requirements, {gaps} have no rule"
        )),
        "the summary does not say {gaps} of {checkable}"
    );
}
