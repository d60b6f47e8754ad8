//! The `concise` format: one line a diagnostic, its place, code, rule name
//! and message.

use owo_colors::OwoColorize;

use super::{safe, Located};
use crate::diagnostic::Severity;

/// Render diagnostics one per line: `path:line:col: severity[CODE] name: message`.
pub fn concise(located: &[Located], color: bool) -> String {
    let mut out = String::new();
    for l in located {
        out.push_str(&format!(
            "{}:{}:{}: {}\n",
            safe::text(&l.path),
            l.start.line,
            l.start.column,
            finding(l, color)
        ));
    }
    out
}

/// A diagnostic after its place, as `concise` and `grouped` print it:
/// `severity[CODE] [*] name: message`.
pub(super) fn finding(l: &Located, color: bool) -> String {
    let sev = l.severity.as_str();
    let tag = format!("{sev}[{}]", l.code);
    let tag = match (color, l.severity) {
        (false, _) => tag,
        (true, Severity::Error) => tag.red().bold().to_string(),
        (true, Severity::Warning) => tag.yellow().bold().to_string(),
        (true, Severity::Info) => tag.blue().bold().to_string(),
    };
    // `[*]`: `--fix` removes it, as ruff marks what its fixes remove.
    let fixable = if l.fixable { " [*]" } else { "" };
    format!("{tag}{fixable} {}: {}", l.name, safe::text(&l.message))
}
