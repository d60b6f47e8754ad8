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

/// The one edit `fmt`'s rewrite makes to a file, as bytes of the file
/// replaced: from the first line it changes to the end of the last.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileFix {
    pub offset: usize,
    pub length: usize,
    pub inserted: String,
}

impl FileFix {
    /// The smallest run of whole lines of `before` to replace to get
    /// `after`; `None` when they are the same.
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
        Some(FileFix {
            offset,
            length,
            inserted: new[head..new.len() - tail].concat(),
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

    #[test]
    fn a_fix_replaces_the_lines_that_change() {
        let before = "a\nb\nc\nd\n";
        let after = "a\nB\nC\nd\n";
        let fix = FileFix::between(before, after).unwrap();
        assert_eq!(
            (fix.offset, fix.length, fix.inserted.as_str()),
            (2, 4, "B\nC\n")
        );
        let mut applied = before.to_string();
        applied.replace_range(fix.offset..fix.offset + fix.length, &fix.inserted);
        assert_eq!(applied, after);
        let grown = FileFix::between("a\n", "a\nb\n").unwrap();
        assert_eq!(
            (grown.offset, grown.length, grown.inserted.as_str()),
            (2, 0, "b\n")
        );
        assert_eq!(FileFix::between("x", "x"), None);
    }
}
