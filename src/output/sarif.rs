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
/// On Unix the path's bytes are encoded as they are, so a name that is not
/// UTF-8 keeps every byte (`bad%FFname.md`) and a backslash is part of a
/// name (`%5C`), not a separator.
fn uri(path: &std::path::Path) -> String {
    #[cfg(unix)]
    let bytes = std::os::unix::ffi::OsStrExt::as_bytes(path.as_os_str()).to_vec();
    #[cfg(not(unix))]
    let bytes = path.to_string_lossy().replace('\\', "/").into_bytes();
    let mut out = String::new();
    for b in bytes {
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
/// base, for one outside it. `path` is the file as the other formats show
/// it ([`crate::files::display_path`]), read back into the path it names.
fn artifact(path: &str, cwd: Option<&std::path::Path>) -> Value {
    use std::path::{Component, Path};
    let p = crate::files::path_from_text(path);
    let outside = p.is_absolute() || p.components().any(|c| c == Component::ParentDir);
    let Some(cwd) = cwd.filter(|_| outside) else {
        return json!({ "uri": uri(&p), "uriBaseId": "%SRCROOT%" });
    };
    let abs = super::paths::absolute(&p, cwd);
    match abs.strip_prefix(super::paths::absolute(Path::new(""), cwd)) {
        Ok(inside) if !inside.as_os_str().is_empty() => {
            json!({ "uri": uri(inside), "uriBaseId": "%SRCROOT%" })
        }
        _ => json!({ "uri": file_uri(&abs) }),
    }
}

fn file_uri(abs: &std::path::Path) -> String {
    let text = uri(abs);
    let slash = if text.starts_with('/') { "" } else { "/" };
    format!("file://{slash}{text}")
}

/// The SARIF log, written to `out` a result at a time.
pub fn sarif(out: &mut dyn std::io::Write, located: &[Located]) -> std::io::Result<()> {
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
    // Made one at a time, as they are written.
    let results = located
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
            // The finding's fix, which `--fix` would make: the lines it
            // changes, replaced around each credential they keep (never
            // written out).
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
                    "description": { "text": "boardlint check --fix (fmt's rewrite of the card or block)" },
                    "artifactChanges": [{
                        "artifactLocation": artifact(&l.path, cwd.as_deref()),
                        "replacements": replacements,
                    }],
                }]);
            }
            result
        })
        .fuse();
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
            "results": [],
        }]
    });
    super::stream::write_pretty_with(out, &doc, &["runs", "0", "results"], results)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_relative_uri_references() {
        use std::path::Path;
        assert_eq!(uri(Path::new("examples/a b.md")), "examples/a%20b.md");
        assert_eq!(uri(Path::new("dir/ü.md")), "dir/%C3%BC.md");
    }

    /// A name that is not UTF-8 keeps its bytes, and a backslash is part
    /// of a name on Unix.
    #[cfg(unix)]
    #[test]
    fn uris_keep_every_byte_of_a_name() {
        use std::os::unix::ffi::OsStrExt;
        let bad = std::path::Path::new(std::ffi::OsStr::from_bytes(b"d/bad\xffname.md"));
        assert_eq!(uri(bad), "d/bad%FFname.md");
        let shown = crate::files::display_path(bad);
        assert_eq!(shown, "d/bad\\xFFname.md");
        let cwd = std::path::Path::new("/work/repo");
        assert_eq!(
            artifact(&shown, Some(cwd)),
            json!({ "uri": "d/bad%FFname.md", "uriBaseId": "%SRCROOT%" })
        );
        assert_eq!(
            artifact("../x/a\\\\b.md", Some(cwd)),
            json!({ "uri": "file:///work/x/a%5Cb.md" })
        );
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
        let mut text = Vec::new();
        sarif(&mut text, &[]).unwrap();
        let doc: Value = serde_json::from_slice(&text).unwrap();
        let driver = &doc["runs"][0]["tool"]["driver"];
        assert_eq!(driver["informationUri"], repository);
        assert!(driver["rules"][0]["helpUri"]
            .as_str()
            .unwrap()
            .starts_with(repository));
    }
}
