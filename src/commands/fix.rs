//! `check --fix`: making the fixes of a file's findings, and what is said
//! of them (`Fixed N problems in …`, the `--show-fixes` list).
//!
//! A fix is the engine's: the card or block a fixable finding is about,
//! printed again as `fmt` prints it (`Diagnostic::fix`). `--fix` makes the
//! fixes of the findings the run reports, those its rule selection,
//! `per-file-ignores` and suppression comments leave, and nothing else of
//! `fmt`'s rewrite.

use crate::diagnostic::Diagnostic;

/// How many findings of one rule a file's fixes removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Removed {
    pub code: &'static str,
    pub name: &'static str,
    pub count: usize,
}

/// A file's text with the fixes of its findings made, its findings then,
/// and what the fixes removed.
pub struct Fixed {
    pub text: String,
    pub diagnostics: Vec<Diagnostic>,
    /// By rule, most first.
    pub removed: Vec<Removed>,
}

impl Fixed {
    /// How many findings the fixes removed.
    pub fn count(&self) -> usize {
        self.removed.iter().map(|r| r.count).sum()
    }
}

/// `source` with the fixes of `diagnostics` made, checked again with
/// `check`; `None` when no finding has a fix, or when making them removes
/// no finding (the text is then left as it is).
pub fn fix(
    source: &str,
    diagnostics: &[Diagnostic],
    check: impl FnOnce(&str) -> Vec<Diagnostic>,
) -> Option<Fixed> {
    if !diagnostics.iter().any(|d| d.fix.is_some()) {
        return None;
    }
    let text =
        crate::diagnostic::apply_fixes(source, diagnostics.iter().filter_map(|d| d.fix.as_deref()));
    if text == source {
        return None;
    }
    let after = check(&text);
    let removed = removed(diagnostics, &after);
    let fixed = Fixed {
        text,
        diagnostics: after,
        removed,
    };
    (fixed.count() > 0).then_some(fixed)
}

/// For each rule, how many fewer findings it has after than before, where
/// it has fewer; most first, then by code. (Fixing moves text, so findings
/// are counted, not matched by place.)
fn removed(before: &[Diagnostic], after: &[Diagnostic]) -> Vec<Removed> {
    let mut out: Vec<Removed> = Vec::new();
    for d in before {
        if out.iter().any(|r| r.code == d.code) {
            continue;
        }
        let count = |list: &[Diagnostic]| list.iter().filter(|o| o.code == d.code).count();
        let fewer = count(before).saturating_sub(count(after));
        if fewer > 0 {
            out.push(Removed {
                code: d.code,
                name: d.name,
                count: fewer,
            });
        }
    }
    out.sort_by(|a, b| b.count.cmp(&a.count).then(a.code.cmp(b.code)));
    out
}

/// `Fixed 3 problems in a.md and b.md.`, or `Would fix …` for a dry run.
pub fn summary(fixed: usize, names: &[String], dry_run: bool) -> String {
    format!(
        "{} {fixed} problem{} in {}.\n",
        if dry_run { "Would fix" } else { "Fixed" },
        if fixed == 1 { "" } else { "s" },
        names_list(names)
    )
}

/// `--show-fixes`: every fix made, as ruff lists them:
///
/// ```text
/// Fixed 3 problems:
/// - a.md:
///     2 × C003 (section-order)
///     1 × C001 (card-frame)
/// ```
pub fn listing(files: &[(String, Vec<Removed>)], dry_run: bool) -> String {
    let total: usize = files
        .iter()
        .flat_map(|(_, removed)| removed)
        .map(|r| r.count)
        .sum();
    let width = files
        .iter()
        .flat_map(|(_, removed)| removed)
        .map(|r| r.count.to_string().len())
        .max()
        .unwrap_or(1);
    let mut out = format!(
        "{} {total} problem{}:\n",
        if dry_run { "Would fix" } else { "Fixed" },
        if total == 1 { "" } else { "s" }
    );
    for (name, removed) in files {
        out.push_str(&format!("- {}:\n", crate::output::safe::text(name)));
        for r in removed {
            out.push_str(&format!(
                "    {:>width$} × {} ({})\n",
                r.count, r.code, r.name
            ));
        }
    }
    out
}

/// `a.md`, `a.md and b.md`, `a.md, b.md, c.md and 4 more files`.
fn names_list(names: &[String]) -> String {
    let shown: Vec<String> = names
        .iter()
        .take(3)
        .map(|n| crate::output::safe::text(n).into_owned())
        .collect();
    match (names.len(), shown.as_slice()) {
        (1, [a]) => a.clone(),
        (2, [a, b]) => format!("{a} and {b}"),
        (3, [a, b, c]) => format!("{a}, {b} and {c}"),
        (n, [a, b, c]) => format!("{a}, {b}, {c} and {} more files", n - 3),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_counts_by_file_and_rule() {
        let removed = |code, name, count| Removed { code, name, count };
        let files = vec![
            (
                "a.md".to_string(),
                vec![
                    removed("C003", "section-order", 12),
                    removed("C001", "card-frame", 1),
                ],
            ),
            ("b.md".to_string(), vec![removed("R005", "field-order", 1)]),
        ];
        assert_eq!(
            listing(&files, false),
            "Fixed 14 problems:\n- a.md:\n    12 × C003 (section-order)\n     1 × C001 (card-frame)\n- b.md:\n     1 × R005 (field-order)\n"
        );
        assert!(listing(&files[1..], true).starts_with("Would fix 1 problem:\n"));
    }

    #[test]
    fn removals_are_counted_by_rule_most_first() {
        let f = |code| crate::test_support::finding(code, 0..1, 0);
        let before = [f("C001"), f("C003"), f("C003"), f("L001")];
        let after = [f("L001"), f("C001"), f("M001")];
        let got = removed(&before, &after);
        assert_eq!(
            got.iter().map(|r| (r.code, r.count)).collect::<Vec<_>>(),
            [("C003", 2)]
        );
    }
}
