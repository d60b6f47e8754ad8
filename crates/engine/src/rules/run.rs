//! Running a family of rules over one file: each enabled rule at its
//! configured severity, a panicking rule contained to one internal-error
//! diagnostic, the findings in source order.

use crate::diagnostic::Diagnostic;
use crate::rules::{Described, RuleMeta};
use crate::settings::RuleSelection;

/// Transcripts this large have their rules run on every core at once (a
/// directory of files already keeps every core busy with one file each).
pub(super) const PARALLEL_RULES_FROM: usize = 512 * 1024;

/// Run the enabled rules, each given with its registry position, at their
/// configured severity, in source order. A rule that panics loses its
/// findings for this file and leaves one internal-error diagnostic instead;
/// the other rules still run.
pub(super) fn in_turn<R: Described + ?Sized + 'static>(
    rules: impl Iterator<Item = (usize, &'static R)>,
    selection: &RuleSelection,
    check: impl Fn(&R, &mut Vec<Diagnostic>),
) -> Vec<Diagnostic> {
    let parts: Vec<Vec<Diagnostic>> = rules
        .map(|(i, rule)| one(rule, i, selection, &check))
        .collect();
    let mut out = merge(parts);
    sort(&mut out);
    out
}

/// [`in_turn`], with the rules spread over the thread pool; the same
/// diagnostics in the same order.
pub(super) fn parallel<R: Described + ?Sized + 'static>(
    rules: Vec<(usize, &'static R)>,
    selection: &RuleSelection,
    check: impl Fn(&R, &mut Vec<Diagnostic>) + Sync,
) -> Vec<Diagnostic> {
    use rayon::prelude::*;
    let parts: Vec<Vec<Diagnostic>> = rules
        .par_iter()
        .with_max_len(1)
        .map(|&(i, rule)| one(rule, i, selection, &check))
        .collect();
    let mut out = merge(parts);
    sort(&mut out);
    out
}

/// The rules' findings in one vector, in rule order. The largest part is
/// grown to hold them all, and each other part is freed as it is moved in,
/// so that the findings are never held twice.
fn merge(mut parts: Vec<Vec<Diagnostic>>) -> Vec<Diagnostic> {
    let Some(largest) = (0..parts.len()).max_by_key(|&i| parts[i].len()) else {
        return Vec::new();
    };
    let total: usize = parts.iter().map(Vec::len).sum();
    let ahead: usize = parts[..largest].iter().map(Vec::len).sum();
    let mut out = std::mem::take(&mut parts[largest]);
    out.reserve_exact(total - out.len());
    // The parts after the largest, then those before it, behind it; a
    // rotation brings those before it to the front.
    let (before, after) = parts.split_at_mut(largest);
    for part in after.iter_mut().chain(before.iter_mut()) {
        out.append(part);
        *part = Vec::new();
    }
    out.rotate_right(ahead);
    out
}

fn sort(out: &mut [Diagnostic]) {
    crate::diagnostic::sort_in_source_order(out);
}

/// One rule, if enabled, at its configured severity; a panic becomes one
/// internal-error diagnostic.
fn one<R: Described + ?Sized>(
    rule: &R,
    i: usize,
    selection: &RuleSelection,
    check: &impl Fn(&R, &mut Vec<Diagnostic>),
) -> Vec<Diagnostic> {
    if !selection.is_on(i) {
        return Vec::new();
    }
    let meta = rule.meta();
    let found = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        inject_panic(meta.code);
        let mut found = Vec::new();
        check(rule, &mut found);
        found
    }));
    match found {
        Ok(mut found) => {
            let severity = selection.severity(i, meta.severity);
            for d in &mut found {
                d.severity = severity;
            }
            // The table's growth room is given back before the next rule
            // runs: a file with many findings holds them once, not twice.
            found.shrink_to_fit();
            found
        }
        Err(payload) => vec![internal_error(meta, &*payload)],
    }
}

/// The diagnostic left by a rule that panicked.
fn internal_error(meta: &'static RuleMeta, payload: &(dyn std::any::Any + Send)) -> Diagnostic {
    let cause = crate::guard::message(payload);
    let mut d = meta
        .diagnostic(
            0..0,
            format!(
                "internal error in {} {}: {cause}; its findings for this file are missing",
                meta.code, meta.name
            ),
        )
        .with_help("this is a bug in boardlint, not in the file: please report it with the file that triggers it");
    d.severity = crate::diagnostic::Severity::Error;
    d.internal = true;
    d
}

/// Debug builds make the rule named by `BOARDLINT_PANIC_IN_RULE` panic, so
/// tests can show that a failing rule is contained. Release builds never do.
fn inject_panic(code: &str) {
    #[cfg(debug_assertions)]
    {
        static TARGET: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
        let target = TARGET.get_or_init(|| std::env::var("BOARDLINT_PANIC_IN_RULE").ok());
        if target.as_deref() == Some(code) {
            panic!("injected panic in {code}");
        }
    }
    let _ = code;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(n: usize) -> Diagnostic {
        crate::test_support::finding("X000", n..n + 1, n)
    }

    /// The merged findings are the parts one after another, wherever the
    /// largest part is.
    #[test]
    fn merging_keeps_the_rule_order() {
        let mut next = 0;
        let mut part = |len: usize| -> Vec<Diagnostic> {
            let p = (next..next + len).map(finding).collect();
            next += len;
            p
        };
        let cases = vec![
            vec![],
            vec![part(0)],
            vec![part(3)],
            vec![part(5), part(1), part(2)],
            vec![part(1), part(0), part(7), part(2), part(0), part(3)],
            vec![part(2), part(4), part(9)],
        ];
        for parts in cases {
            let expected: Vec<Diagnostic> = parts.concat();
            assert_eq!(merge(parts), expected);
        }
    }
}
