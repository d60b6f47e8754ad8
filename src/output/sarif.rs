//! SARIF 2.1.0, as GitHub code scanning reads it: one run, the tool's
//! rules with id, name, short description and help URI, and one result per
//! diagnostic with its rule, level, message and region. URIs are relative
//! to the directory the run started in; columns count Unicode code points
//! (SARIF has no byte column kind) and `byteOffset` / `byteLength` give the
//! exact bytes.

use serde_json::{json, Value};

use super::Located;
use crate::diagnostic::Severity;

/// Where the rule pages are published.
pub const RULES_URL: &str = concat!(env!("CARGO_PKG_REPOSITORY"), "/blob/main/docs/rules/");

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// A path as a relative URI reference: forward slashes, percent-encoded.
fn uri(path: &str) -> String {
    let mut out = String::new();
    for b in path.replace('\\', "/").bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Where a diagnostic's file is: a URI relative to `%SRCROOT%` (the
/// directory the run started in) for a path inside it, however it was
/// named (`a.md`, `./a.md`, or its absolute path, as a workflow passing
/// `$GITHUB_WORKSPACE/…` names it), and an absolute `file://` URI, with no
/// base, for one outside it.
fn artifact(path: &str, cwd: Option<&std::path::Path>) -> Value {
    use std::path::{Component, Path};
    let p = Path::new(path);
    let outside = p.is_absolute() || p.components().any(|c| c == Component::ParentDir);
    let Some(cwd) = cwd.filter(|_| outside) else {
        return json!({ "uri": uri(path), "uriBaseId": "%SRCROOT%" });
    };
    let abs = super::paths::absolute(p, cwd);
    match abs.strip_prefix(super::paths::absolute(Path::new(""), cwd)) {
        Ok(inside) if !inside.as_os_str().is_empty() => {
            json!({ "uri": uri(&inside.to_string_lossy()), "uriBaseId": "%SRCROOT%" })
        }
        _ => json!({ "uri": file_uri(&abs) }),
    }
}

fn file_uri(abs: &std::path::Path) -> String {
    let text = abs.to_string_lossy().replace('\\', "/");
    let slash = if text.starts_with('/') { "" } else { "/" };
    format!("file://{slash}{}", uri(&text))
}

pub fn sarif(located: &[Located]) -> String {
    let cwd = std::env::current_dir().ok();
    let all = crate::rules::all();
    let rule_entries: Vec<Value> = all
        .iter()
        .map(|r| {
            let m = r.meta();
            json!({
                "id": m.code,
                "name": m.name,
                "shortDescription": { "text": m.summary },
                "fullDescription": { "text": m.summary },
                "help": { "text": m.markdown(), "markdown": m.markdown() },
                "helpUri": format!("{RULES_URL}{}.md", m.code),
                "defaultConfiguration": { "level": level(m.severity) },
            })
        })
        .collect();
    let results: Vec<Value> = located
        .iter()
        .map(|l| {
            let mut result = json!({
                "ruleId": l.code,
                "ruleIndex": crate::rules::index_of(l.code),
                "level": level(l.severity),
                "message": { "text": format!("{} ({})", l.message, l.help) },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": artifact(&l.path, cwd.as_deref()),
                        "region": {
                            "startLine": l.start.line,
                            "startColumn": l.code_point_columns.0,
                            "endLine": l.end.line,
                            "endColumn": l.code_point_columns.1,
                            "byteOffset": l.start.offset,
                            "byteLength": l.end.offset - l.start.offset,
                        }
                    }
                }],
            });
            // What `--fix` would write: the lines it changes, replaced
            // around each credential they keep (never written out).
            if let Some(fix) = l.fix.as_ref().filter(|_| l.fixable) {
                let replacements: Vec<Value> = fix
                    .replacements
                    .iter()
                    .map(|(offset, length, text)| {
                        json!({
                            "deletedRegion": { "byteOffset": offset, "byteLength": length },
                            "insertedContent": { "text": text },
                        })
                    })
                    .collect();
                result["fixes"] = json!([{
                    "description": { "text": "boardlint check --fix (fmt's rewrite of the file)" },
                    "artifactChanges": [{
                        "artifactLocation": artifact(&l.path, cwd.as_deref()),
                        "replacements": replacements,
                    }],
                }]);
            }
            result
        })
        .collect();
    let doc = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "boardlint",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": env!("CARGO_PKG_REPOSITORY"),
                    "rules": rule_entries,
                }
            },
            "columnKind": "unicodeCodePoints",
            "originalUriBaseIds": {
                "%SRCROOT%": { "uri": cwd.as_deref().map(|c| format!("{}/", file_uri(c).trim_end_matches('/'))).unwrap_or_default() }
            },
            "results": results,
        }]
    });
    let mut out = serde_json::to_string_pretty(&doc).unwrap_or_default();
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_relative_uri_references() {
        assert_eq!(uri("examples/a b.md"), "examples/a%20b.md");
        assert_eq!(uri("dir\\ü.md"), "dir/%C3%BC.md");
    }

    #[test]
    fn paths_are_relative_inside_the_run_directory_and_file_uris_outside_it() {
        let cwd = std::path::Path::new("/work/repo");
        assert_eq!(
            artifact("docs/a.md", Some(cwd)),
            json!({ "uri": "docs/a.md", "uriBaseId": "%SRCROOT%" })
        );
        assert_eq!(
            artifact("../other/a b.md", Some(cwd)),
            json!({ "uri": "file:///work/other/a%20b.md" })
        );
        assert_eq!(
            artifact("/tmp/x/./a.md", Some(cwd)),
            json!({ "uri": "file:///tmp/x/a.md" })
        );
        // Inside the run directory, however it is named.
        assert_eq!(
            artifact("/work/repo/docs/a b.md", Some(cwd)),
            json!({ "uri": "docs/a%20b.md", "uriBaseId": "%SRCROOT%" })
        );
        assert_eq!(
            artifact("../repo/docs/a.md", Some(cwd)),
            json!({ "uri": "docs/a.md", "uriBaseId": "%SRCROOT%" })
        );
    }

    #[test]
    fn rule_pages_come_from_the_package_repository() {
        let manifest = include_str!("../../Cargo.toml");
        let repository = manifest
            .lines()
            .find_map(|l| l.strip_prefix("repository = "))
            .unwrap()
            .trim_matches('"');
        assert_eq!(RULES_URL, format!("{repository}/blob/main/docs/rules/"));
        let doc: Value = serde_json::from_str(&sarif(&[])).unwrap();
        let driver = &doc["runs"][0]["tool"]["driver"];
        assert_eq!(driver["informationUri"], repository);
        assert!(driver["rules"][0]["helpUri"]
            .as_str()
            .unwrap()
            .starts_with(repository));
    }
}
