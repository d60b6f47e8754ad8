//! A diagnostic with its file and its offsets resolved to lines and
//! columns: what every output format prints from.

use schemars::JsonSchema;
use serde::Serialize;

use std::collections::HashMap;
use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Fix, Severity};
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
    /// `check --fix` removes it: it has a fix, `fmt`'s rewrite of the card
    /// or block it is about.
    pub fixable: bool,
    /// The edit `--fix` makes to the file to remove it, for SARIF's
    /// `fixes`.
    #[serde(skip)]
    #[schemars(skip)]
    pub fix: Option<Arc<FileFix>>,
}

/// A finding's fix (`Diagnostic::fix`) as bytes of the file replaced: the
/// lines it changes, cut around each credential they keep, so that no fix
/// writes one out (`secrets::keep_in_place`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileFix {
    /// In source order: (offset, length, inserted text).
    pub replacements: Vec<(usize, usize, String)>,
}

impl FileFix {
    /// The fix of each diagnostic, as [`FileFix::replacing`] makes it;
    /// made once for the findings that share one.
    pub fn of_each(source: &str, diagnostics: &[Diagnostic]) -> Vec<Option<Arc<FileFix>>> {
        let mut made: HashMap<*const Fix, Option<Arc<FileFix>>> = HashMap::new();
        diagnostics
            .iter()
            .map(|d| {
                let fix = d.fix.as_ref()?;
                made.entry(Arc::as_ptr(fix))
                    .or_insert_with(|| FileFix::replacing(source, fix).map(Arc::new))
                    .clone()
            })
            .collect()
    }

    /// The smallest run of whole lines of the fixed bytes to replace to
    /// make the fix, less the credentials it keeps; `None` when it changes
    /// nothing, or moves a credential past another (no edit could make it
    /// without writing one out).
    pub fn replacing(before: &str, fix: &Fix) -> Option<FileFix> {
        let (old, new) = (&before[fix.span.clone()], fix.text.as_str());
        if old == new {
            return None;
        }
        let old: Vec<&str> = old.split_inclusive('\n').collect();
        let new: Vec<&str> = new.split_inclusive('\n').collect();
        let head = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
        let tail = old[head..]
            .iter()
            .rev()
            .zip(new[head..].iter().rev())
            .take_while(|(a, b)| a == b)
            .count();
        let offset: usize = fix.span.start + old[..head].iter().map(|l| l.len()).sum::<usize>();
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
    use super::{FileFix, Fix};

    /// The fix that turns the whole of `before` into `after`.
    fn between(before: &str, after: &str) -> Option<FileFix> {
        let fix = Fix::new(0..before.len(), after.to_string());
        FileFix::replacing(before, &fix)
    }

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
        let fix = between(before, after).unwrap();
        assert_eq!(fix.replacements, [(2, 4, "B\nC\n".to_string())]);
        assert_eq!(apply(before, &fix), after);
        let grown = between("a\n", "a\nb\n").unwrap();
        assert_eq!(grown.replacements, [(2, 0, "b\n".to_string())]);
        assert_eq!(between("x", "x"), None);
    }

    /// A fix of part of a file replaces only the lines it changes, at
    /// their place in the file; findings that share a fix share its edit.
    #[test]
    fn a_finding_s_fix_is_the_lines_its_fix_changes() {
        let before = "x\na\nb\nc\ny\n";
        let fix = std::sync::Arc::new(Fix::new(2..8, "a\nB\nc\n".to_string()));
        let made = FileFix::replacing(before, &fix).unwrap();
        assert_eq!(made.replacements, [(4, 2, "B\n".to_string())]);
        assert_eq!(apply(before, &made), "x\na\nB\nc\ny\n");
        let mut found = crate::test_support::finding("C003", 4..5, 0);
        found.fix = Some(fix);
        let other = crate::test_support::finding("L001", 0..1, 1);
        let each = FileFix::of_each(before, &[found.clone(), other, found]);
        assert!(each[1].is_none());
        assert!(std::sync::Arc::ptr_eq(
            each[0].as_ref().unwrap(),
            each[2].as_ref().unwrap()
        ));
    }

    /// A credential on the lines a rewrite changes stays where it is: the
    /// fix replaces the text around it, and still makes the rewrite.
    #[test]
    fn a_fix_never_writes_out_a_credential_it_keeps() {
        let key = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
        let before = format!("a\nWHY\nuse {key} now\nWHAT\nx\nz\n");
        let after = format!("a\nWHAT\nx\nWHY\nuse {key} now\nz\n");
        let fix = between(&before, &after).unwrap();
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
        assert_eq!(between(&before, &after), None);
    }
}
