//! Formats other CI systems read: `gitlab` (GitLab Code Quality), `rdjson`
//! (reviewdog's diagnostic JSON), `pylint` (one `path:line: [CODE]
//! message` line each, as pylint's parseable output and the problem
//! matchers written for it expect) and `azure` (Azure Pipelines logging
//! commands).

use serde_json::json;

use super::{safe, Located, RULES_URL};
use crate::diagnostic::Severity;

/// A fingerprint that stays the same between runs and versions for the
/// same finding: FNV-1a over the path, the code, the message and the
/// finding's place among the file's findings of that code and message.
fn fingerprint(l: &Located, path: &str, nth: usize) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in [path, l.code, l.message.as_ref(), &nth.to_string()] {
        for b in part.bytes().chain([0]) {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

/// GitLab Code Quality: a JSON array of issues (`description`,
/// `check_name`, `fingerprint`, `severity`, `location.path`,
/// `location.lines.begin`).
///
/// Each path is relative to the project: `$CI_PROJECT_DIR` (where a GitLab
/// job runs) when set, else the directory the run started in, since GitLab
/// links a finding to the file at that path in the repository.
pub fn gitlab(out: &mut dyn std::io::Write, located: &[Located]) -> std::io::Result<()> {
    let cwd = std::env::current_dir().unwrap_or_default();
    let project = std::env::var_os("CI_PROJECT_DIR")
        .filter(|d| !d.is_empty())
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| cwd.clone());
    gitlab_in(out, located, &project, &cwd)
}

fn gitlab_in(
    out: &mut dyn std::io::Write,
    located: &[Located],
    project: &std::path::Path,
    cwd: &std::path::Path,
) -> std::io::Result<()> {
    // Counted by the path the fingerprint hashes, the one GitLab sees.
    let mut seen: std::collections::HashMap<(String, &str, &str), usize> = Default::default();
    // Made one at a time, as they are written.
    let issues = located
        .iter()
        .map(|l| {
            let path = super::paths::relative(&l.path, project, cwd);
            let nth = seen
                .entry((path.clone(), l.code, l.message.as_ref()))
                .or_default();
            let fp = fingerprint(l, &path, *nth);
            *nth += 1;
            json!({
                "type": "issue",
                "check_name": l.code,
                "description": format!("{} {}: {}", l.code, l.name, l.message),
                "content": { "body": l.help.as_ref() },
                "categories": ["Style"],
                "fingerprint": fp,
                "severity": match l.severity {
                    Severity::Error => "major",
                    Severity::Warning => "minor",
                    Severity::Info => "info",
                },
                "location": {
                    "path": path,
                    "lines": { "begin": l.start.line, "end": l.end.line },
                },
            })
        })
        .fuse();
    super::stream::write_pretty_with(out, &json!([]), &[], issues)
}

/// reviewdog's Diagnostic JSON (`rdjson`): one result with the source and
/// every diagnostic, its range in 1-based lines and columns (columns in
/// bytes of the line, as reviewdog counts them).
pub fn rdjson(out: &mut dyn std::io::Write, located: &[Located]) -> std::io::Result<()> {
    // Made one at a time, as they are written.
    let diagnostics = located
        .iter()
        .map(|l| {
            json!({
                "message": format!("{} ({})", l.message, l.help),
                "location": {
                    "path": l.path.as_ref(),
                    "range": {
                        "start": { "line": l.start.line, "column": l.start.column },
                        "end": { "line": l.end.line, "column": l.end.column },
                    },
                },
                "severity": match l.severity {
                    Severity::Error => "ERROR",
                    Severity::Warning => "WARNING",
                    Severity::Info => "INFO",
                },
                "code": { "value": l.code, "url": format!("{RULES_URL}{}.md", l.code) },
            })
        })
        .fuse();
    let doc = json!({
        "source": { "name": "boardlint", "url": env!("CARGO_PKG_REPOSITORY") },
        "diagnostics": [],
    });
    super::stream::write_pretty_with(out, &doc, &["diagnostics"], diagnostics)
}

/// `path:line: [CODE] message`, one line each.
pub fn pylint(located: &[Located]) -> String {
    let mut out = String::new();
    for l in located {
        out.push_str(&format!(
            "{}:{}: [{}] {}: {}\n",
            safe::text(&l.path),
            l.start.line,
            l.code,
            l.name,
            safe::text(&l.message).replace('\n', " ")
        ));
    }
    out
}

/// Escape a logging command's message or property value, as Azure
/// Pipelines requires.
fn azure_escape(s: &str, property: bool) -> String {
    let s = safe::text_keeping_lines(s)
        .replace('%', "%AZP25")
        .replace('\r', "%0D")
        .replace('\n', "%0A");
    if property {
        s.replace(';', "%3B").replace(']', "%5D")
    } else {
        s
    }
}

/// `##vso[task.logissue type=error;sourcepath=…;linenumber=…;columnnumber=…;code=…;]message`.
pub fn azure(located: &[Located]) -> String {
    let mut out = String::new();
    for l in located {
        let kind = match l.severity {
            Severity::Error => "error",
            // Azure has errors and warnings only.
            Severity::Warning | Severity::Info => "warning",
        };
        out.push_str(&format!(
            "##vso[task.logissue type={kind};sourcepath={};linenumber={};columnnumber={};code={};]{}\n",
            azure_escape(&l.path, true),
            l.start.line,
            l.start.column,
            l.code,
            azure_escape(&format!("{} {}: {} ({})", l.code, l.name, l.message, l.help), false),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn azure_escapes_what_would_end_a_command() {
        assert_eq!(azure_escape("a;b]c%\nd", true), "a%3Bb%5Dc%AZP25%0Ad");
        assert_eq!(azure_escape("a;b]", false), "a;b]");
    }
}
