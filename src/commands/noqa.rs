//! `check --add-noqa`: a suppression comment for each finding, so that a
//! project can turn a rule on and silence what it finds today, as ruff's
//! `--add-noqa` does with `# noqa` comments. The comment is boardlint's
//! own, `<!-- boardlint-disable-next-line CODE -->`, on the line above the
//! finding (`engine::suppressions`), in the files suppression comments are
//! read in: transcripts and decision logs. A session log, a record or a
//! log of JSON lines has no place for one that would not break it: its
//! findings are left as they are, with a note.
//!
//! A comment is a line of its own, and a line can change how the lines
//! around it read: between an invocation and its CHAIN marker, inside a
//! field that runs on, before a heading of a card with no frame, above the
//! first line of a file (which a record's file name finding names). So
//! every comment is checked: the file with the comments is checked again,
//! and only comments that together silence their findings and change
//! nothing else are written.

use std::collections::HashMap;

use crate::diagnostic::{Diagnostic, Fix};
use crate::kinds::FileKind;

/// What `--add-noqa` makes of one file.
#[derive(Debug, PartialEq, Eq)]
pub enum Noqa {
    /// No finding to suppress.
    Nothing,
    /// The text with the comments, how many comments were written or had
    /// codes added, and how many findings no comment could silence.
    Added {
        text: String,
        comments: usize,
        left: usize,
    },
    /// No finding could be silenced, and why; the file is left as it is.
    Cannot { findings: usize, why: String },
}

/// Why a finding was left as it is in a transcript or a decision log.
pub const NO_LINE_ABOVE: &str = "a comment above its line would change how the text around it reads (`boardlint-disable-file` or `per-file-ignores` can turn its rule off)";

/// The findings a comment could suppress: all but a rule's internal error
/// and X001 (an unused suppression, which no comment covers).
fn suppressible(d: &Diagnostic) -> bool {
    !d.internal && d.code != "X001"
}

/// How many suppressible findings of each rule.
fn by_rule<'a>(
    diagnostics: impl IntoIterator<Item = &'a Diagnostic>,
) -> HashMap<&'static str, usize> {
    let mut counts = HashMap::new();
    for d in diagnostics.into_iter().filter(|d| suppressible(d)) {
        *counts.entry(d.code).or_default() += 1;
    }
    counts
}

/// The text of a file of `kind` with a suppression comment for each of its
/// findings. `suppressions` gives the comments, one a line, each with the
/// findings it is for; `check` checks a text as the file. The comments
/// kept are the most found that, written together, leave exactly the
/// other findings and add no unused suppression (X001).
pub fn add(
    source: &str,
    kind: FileKind,
    diagnostics: &[Diagnostic],
    suppressions: impl FnOnce(&[Diagnostic]) -> Vec<(Fix, Vec<usize>)>,
    check: impl Fn(&str) -> Vec<Diagnostic>,
) -> Noqa {
    let findings = diagnostics.iter().filter(|d| suppressible(d)).count();
    if findings == 0 {
        return Noqa::Nothing;
    }
    if !matches!(kind, FileKind::Transcript | FileKind::DecisionLog) {
        return Noqa::Cannot {
            findings,
            why: format!(
                "a suppression comment would break a {} file (`per-file-ignores` can turn rules off for it)",
                kind.name()
            ),
        };
    }
    let comments = suppressions(diagnostics);
    let before = by_rule(diagnostics);
    let unused = |list: &[Diagnostic]| list.iter().filter(|d| d.code == "X001").count();
    let text_with = |chosen: &[usize]| {
        crate::diagnostic::apply_fixes(source, chosen.iter().map(|&c| &comments[c].0))
    };
    let works = |chosen: &[usize]| {
        let after = check(&text_with(chosen));
        let mut expected = before.clone();
        for &c in chosen {
            for &i in &comments[c].1 {
                if let Some(n) = expected.get_mut(diagnostics[i].code) {
                    *n -= 1;
                }
            }
        }
        expected.retain(|_, n| *n > 0);
        !after.iter().any(|d| d.internal)
            && by_rule(&after) == expected
            && unused(&after) <= unused(diagnostics)
    };
    let all: Vec<usize> = (0..comments.len()).collect();
    let chosen = most_that_work(&all, &works);
    if chosen.is_empty() {
        return Noqa::Cannot {
            findings,
            why: NO_LINE_ABOVE.to_string(),
        };
    }
    let silenced: usize = chosen.iter().map(|&c| comments[c].1.len()).sum();
    Noqa::Added {
        text: text_with(&chosen),
        comments: chosen.len(),
        left: findings - silenced,
    }
}

/// The comments to write: all of them when they work together, else the
/// halves' choices, each found the same way, together when they work
/// together, else the larger. One check when every comment works, and a
/// few for each that does not.
fn most_that_work(comments: &[usize], works: &dyn Fn(&[usize]) -> bool) -> Vec<usize> {
    if comments.is_empty() || works(comments) {
        return comments.to_vec();
    }
    if comments.len() == 1 {
        return Vec::new();
    }
    let (a, b) = comments.split_at(comments.len() / 2);
    let (a, b) = (most_that_work(a, works), most_that_work(b, works));
    if a.is_empty() || b.is_empty() {
        return if a.is_empty() { b } else { a };
    }
    let both = [a.as_slice(), b.as_slice()].concat();
    if works(&both) {
        both
    } else if a.len() >= b.len() {
        a
    } else {
        b
    }
}

/// `Added 3 noqa directives.`, as ruff says it.
pub fn summary(comments: usize) -> String {
    format!(
        "Added {comments} noqa directive{}.",
        if comments == 1 { "" } else { "s" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Comments 2 and 5 of 8 break their text: the others are kept, in a
    /// few checks.
    #[test]
    fn the_comments_that_work_are_found_by_halves() {
        let checks = std::cell::Cell::new(0);
        let works = |chosen: &[usize]| {
            checks.set(checks.get() + 1);
            !chosen.contains(&2) && !chosen.contains(&5)
        };
        let all: Vec<usize> = (0..8).collect();
        assert_eq!(most_that_work(&all, &works), [0, 1, 3, 4, 6, 7]);
        assert!(checks.get() < 16, "{} checks", checks.get());
        assert_eq!(most_that_work(&all, &|_: &[usize]| true), all);
        assert_eq!(
            most_that_work(&all, &|_: &[usize]| false),
            Vec::<usize>::new()
        );
    }

    /// On every fixture read as a transcript: what the comments leave is
    /// what `add` says it leaves, and a second run adds nothing.
    #[test]
    fn every_fixture_checks_clean_but_what_is_left_and_a_second_run_adds_nothing() {
        use crate::context::FileContext;
        let settings = crate::settings::Settings::default();
        let options = crate::format::FormatOptions::default();
        let file = FileContext::transcript();
        let check = |text: &str| crate::engine::check(text, &settings, &options, file);
        let add_to = |text: &str| {
            let found = check(text);
            let suppressions =
                |found: &[Diagnostic]| crate::engine::suppressions(text, &settings, file, found);
            add(text, FileKind::Transcript, &found, suppressions, check)
        };
        let mut added = 0;
        for text in crate::test_support::fixture_texts() {
            let Noqa::Added {
                text,
                comments,
                left,
            } = add_to(&text)
            else {
                continue;
            };
            added += comments;
            let after = check(&text);
            assert_eq!(
                after.iter().filter(|d| suppressible(d)).count(),
                left,
                "{text}"
            );
            assert!(!matches!(add_to(&text), Noqa::Added { .. }), "{text}");
        }
        assert!(added > 100, "{added}");
    }
}
