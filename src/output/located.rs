//! A diagnostic with its file and its offsets resolved to lines and
//! columns: what every output format prints from.

use schemars::JsonSchema;
use serde::Serialize;

use crate::diagnostic::{Diagnostic, Severity};
use crate::lines::{LineIndex, Position};

/// One diagnostic with its file and resolved positions.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Located {
    /// The file as given or found (or the name standing for the text).
    pub path: std::sync::Arc<str>,
    /// The rule's stable code (`L001`).
    pub code: &'static str,
    /// The rule's kebab-case name (`self-invocation`).
    pub name: &'static str,
    pub severity: Severity,
    /// What is wrong, and why.
    pub message: std::borrow::Cow<'static, str>,
    /// How to fix it.
    pub help: std::borrow::Cow<'static, str>,
    /// Where the span starts.
    pub start: Position,
    /// Where the span ends (exclusive).
    pub end: Position,
    /// Start and end columns in Unicode code points (SARIF only).
    #[serde(skip)]
    pub code_point_columns: (usize, usize),
    /// A rule failed on this file: the run exits 2.
    #[serde(skip)]
    pub internal: bool,
    /// `check --fix` removes it (`fmt`'s rewrite of the file no longer finds
    /// it).
    pub fixable: bool,
    /// The edit `--fix` makes to the file, for SARIF's `fixes`.
    #[serde(skip)]
    #[schemars(skip)]
    pub fix: Option<std::sync::Arc<FileFix>>,
}

/// The edit `fmt`'s rewrite makes to a file, as bytes of the file
/// replaced: the lines from the first it changes to the end of the last,
/// cut around each credential they keep, so that no fix writes one out
/// (`secrets::keep_in_place`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileFix {
    /// In source order: (offset, length, inserted text).
    pub replacements: Vec<(usize, usize, String)>,
}

impl FileFix {
    /// The smallest run of whole lines of `before` to replace to get
    /// `after`, less the credentials it keeps; `None` when they are the
    /// same, or when the rewrite moves a credential past another (no edit
    /// could make it without writing one out).
    pub fn between(before: &str, after: &str) -> Option<FileFix> {
        if before == after {
            return None;
        }
        let old: Vec<&str> = before.split_inclusive('\n').collect();
        let new: Vec<&str> = after.split_inclusive('\n').collect();
        let head = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
        let tail = old[head..]
            .iter()
            .rev()
            .zip(new[head..].iter().rev())
            .take_while(|(a, b)| a == b)
            .count();
        let offset: usize = old[..head].iter().map(|l| l.len()).sum();
        let length: usize = old[head..old.len() - tail].iter().map(|l| l.len()).sum();
        let inserted = new[head..new.len() - tail].concat();
        let edits = crate::secrets::keep_in_place(before, offset..offset + length, &inserted)?;
        Some(FileFix {
            replacements: edits
                .into_iter()
                .map(|(range, text)| (range.start, range.len(), text))
                .collect(),
        })
    }
}

/// A diagnostic with its offsets resolved to lines and columns.
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
        fixable: d.fixable,
        fix: None,
        message: d.message,
        help: d.help,
    }
}

#[cfg(test)]
mod tests {
    use super::FileFix;

    fn apply(before: &str, fix: &FileFix) -> String {
        let mut applied = before.to_string();
        for (offset, length, text) in fix.replacements.iter().rev() {
            applied.replace_range(*offset..offset + length, text);
        }
        applied
    }

    #[test]
    fn a_fix_replaces_the_lines_that_change() {
        let before = "a\nb\nc\nd\n";
        let after = "a\nB\nC\nd\n";
        let fix = FileFix::between(before, after).unwrap();
        assert_eq!(fix.replacements, [(2, 4, "B\nC\n".to_string())]);
        assert_eq!(apply(before, &fix), after);
        let grown = FileFix::between("a\n", "a\nb\n").unwrap();
        assert_eq!(grown.replacements, [(2, 0, "b\n".to_string())]);
        assert_eq!(FileFix::between("x", "x"), None);
    }

    /// A credential on the lines a rewrite changes stays where it is: the
    /// fix replaces the text around it, and still makes the rewrite.
    #[test]
    fn a_fix_never_writes_out_a_credential_it_keeps() {
        let key = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
        let before = format!("a\nWHY\nuse {key} now\nWHAT\nx\nz\n");
        let after = format!("a\nWHAT\nx\nWHY\nuse {key} now\nz\n");
        let fix = FileFix::between(&before, &after).unwrap();
        assert_eq!(apply(&before, &fix), after);
        assert!(fix.replacements.len() > 1, "{fix:?}");
        assert!(fix
            .replacements
            .iter()
            .all(|(_, _, text)| !text.contains("ghp_")));
        // Two credentials whose order the rewrite swaps: no fix.
        let other = "AKIAIOSFODNN7EXAMPLE";
        let before = format!("WHY {key}\nWHAT {other}\n");
        let after = format!("WHAT {other}\nWHY {key}\n");
        assert_eq!(FileFix::between(&before, &after), None);
    }
}
