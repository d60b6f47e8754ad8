//! Printing diagnostics, one emitter per format: `human` (miette's
//! graphical report), `concise` (one line each), `json` / `jsonl`, `sarif`
//! (SARIF 2.1.0), `github` (workflow commands) and `junit`. Every format
//! prints from the same values; `docs/output-formats.md` states what each
//! promises to keep stable.

mod github;
mod human;
mod junit;
pub mod safe;
mod sarif;

pub use github::github;
pub use human::human;
pub use junit::junit;
pub use sarif::sarif;

use owo_colors::OwoColorize;
use serde::Serialize;

use crate::diagnostic::{Diagnostic, Severity};
use crate::lines::{LineIndex, Position};

/// How `check` prints its diagnostics (`--format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    Human,
    Concise,
    Json,
    Jsonl,
    Sarif,
    Github,
    Junit,
}

/// One diagnostic with its file and resolved positions.
#[derive(Debug, Clone, Serialize)]
pub struct Located {
    pub path: std::sync::Arc<str>,
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    pub message: String,
    pub help: String,
    pub start: Position,
    pub end: Position,
    /// Start and end columns in Unicode code points (SARIF only).
    #[serde(skip)]
    pub code_point_columns: (usize, usize),
    /// A rule failed on this file: the run exits 2.
    #[serde(skip)]
    pub internal: bool,
}

pub fn locate(path: &std::sync::Arc<str>, index: &LineIndex<'_>, d: Diagnostic) -> Located {
    Located {
        path: path.clone(),
        code: d.code,
        name: d.name,
        severity: d.severity,
        start: index.position(d.span.start),
        end: index.position(d.span.end),
        code_point_columns: (
            index.code_point_column(d.span.start),
            index.code_point_column(d.span.end),
        ),
        internal: d.internal,
        message: d.message,
        help: d.help,
    }
}

/// Render diagnostics one per line: `path:line:col: severity[CODE] name: message`.
pub fn concise(located: &[Located], color: bool) -> String {
    let mut out = String::new();
    for l in located {
        let sev = l.severity.as_str();
        let tag = format!("{sev}[{}]", l.code);
        let tag = match (color, l.severity) {
            (false, _) => tag,
            (true, Severity::Error) => tag.red().bold().to_string(),
            (true, Severity::Warning) => tag.yellow().bold().to_string(),
            (true, Severity::Info) => tag.blue().bold().to_string(),
        };
        out.push_str(&format!(
            "{}:{}:{}: {tag} {}: {}\n",
            safe::text(&l.path),
            l.start.line,
            l.start.column,
            l.name,
            safe::text(&l.message)
        ));
    }
    out
}

/// The JSON document: an array of every diagnostic of the run.
pub fn json(located: &[Located]) -> String {
    let mut out = serde_json::to_string_pretty(located).unwrap_or_else(|_| "[]".to_string());
    out.push('\n');
    out
}

/// One JSON object per line.
pub fn jsonl(located: &[Located]) -> String {
    let mut out = String::new();
    for l in located {
        if let Ok(line) = serde_json::to_string(l) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

/// How many diagnostics each rule produced, most first.
pub fn statistics(located: &[Located]) -> String {
    let mut counts: Vec<(&str, &str, usize)> = Vec::new();
    for l in located {
        match counts.iter_mut().find(|(c, _, _)| *c == l.code) {
            Some(entry) => entry.2 += 1,
            None => counts.push((l.code, l.name, 1)),
        }
    }
    counts.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(b.0)));
    let width = counts
        .iter()
        .map(|c| c.2.to_string().len())
        .max()
        .unwrap_or(1);
    counts
        .iter()
        .map(|(code, name, n)| format!("{n:>width$}  {code}  {name}\n"))
        .collect()
}

/// The closing line of a human or concise run; `failed` inputs could not
/// be checked (their errors go to standard error).
pub fn summary(
    errors: usize,
    warnings: usize,
    infos: usize,
    files_with: usize,
    checked: usize,
    failed: usize,
    color: bool,
) -> String {
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    let checked_txt = format!("({} checked)", plural(checked, "file"));
    let failed_txt = match failed {
        0 => String::new(),
        1 => "; 1 input could not be checked".to_string(),
        n => format!("; {n} inputs could not be checked"),
    };
    let failed_txt = if color && failed > 0 {
        failed_txt.red().bold().to_string()
    } else {
        failed_txt
    };
    if errors + warnings + infos == 0 && failed > 0 {
        return format!("No problems found in the files checked {checked_txt}{failed_txt}.\n");
    }
    if errors + warnings + infos == 0 {
        let ok = "No problems found";
        let ok = if color {
            ok.green().bold().to_string()
        } else {
            ok.to_string()
        };
        return format!("{ok} {checked_txt}.\n");
    }
    let mut parts = vec![plural(errors, "error"), plural(warnings, "warning")];
    if infos > 0 {
        parts.push(plural(infos, "note"));
    }
    let found = format!("Found {}", parts.join(", "));
    let found = if color {
        found.bold().to_string()
    } else {
        found
    };
    format!(
        "{found} in {} {checked_txt}{failed_txt}.\n",
        plural(files_with, "file")
    )
}
