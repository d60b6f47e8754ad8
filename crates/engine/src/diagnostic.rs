//! The diagnostic model, independent of how it is rendered: every output
//! format is printed from these values.

use std::borrow::Cow;
use std::sync::Arc;

use schemars::JsonSchema;
use serde::Serialize;

use crate::syntax::Span;

/// How serious a finding is: `error`, `warning` or `info`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Info,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One finding of one rule at one place. Made by the engine's rules; a
/// caller reads it, and may change what it shows.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Diagnostic {
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    /// The exact span the finding is about, in bytes.
    pub span: Span,
    /// What is wrong, and why.
    pub message: Cow<'static, str>,
    /// A short label printed under the span.
    pub label: Cow<'static, str>,
    /// How to fix it.
    pub help: Cow<'static, str>,
    /// Other places that explain the finding.
    pub related: Vec<(Span, Cow<'static, str>)>,
    /// A rule failed on this file (a bug in boardlint): the run exits 2.
    pub internal: bool,
    /// Bytes that hold a secret: never shown, not even in a source excerpt.
    pub redact: Vec<Span>,
    /// `check --fix` removes it. A rule marks the findings `fmt`'s rewrite
    /// of their card removes; the engine keeps the mark only where it finds
    /// the edit that makes that rewrite (`fix`), so that once the engine
    /// returns, a finding is fixable exactly when it has a fix.
    pub fixable: bool,
    /// The edit that removes it: the card or block it is about, as `fmt`
    /// prints it again. `check --fix`, SARIF's `fixes` and the language
    /// server's quick fixes all make this edit. Findings of the same card
    /// share one.
    pub fix: Option<Arc<Fix>>,
}

/// One replacement of a file's bytes: `fmt`'s rewrite of one card or block.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Fix {
    /// The bytes of the file replaced.
    pub span: Span,
    /// What replaces them.
    pub text: String,
}

impl Fix {
    /// Replace the bytes of `span` with `text`.
    pub fn new(span: Span, text: String) -> Fix {
        Fix { span, text }
    }
}

/// `source` with the fixes made, each once, from the end back. Fixes come
/// from one rewrite of the file, so two either are the same edit or do not
/// overlap; one that overlaps an edit already made is skipped.
pub fn apply_fixes<'a>(source: &str, fixes: impl IntoIterator<Item = &'a Fix>) -> String {
    let mut fixes: Vec<&Fix> = fixes.into_iter().collect();
    fixes.sort_by_key(|f| (f.span.start, f.span.end));
    fixes.dedup();
    let mut out = String::with_capacity(source.len() + 256);
    let mut at = 0;
    for fix in fixes {
        if fix.span.start < at {
            continue;
        }
        out.push_str(&source[at..fix.span.start]);
        out.push_str(&fix.text);
        at = fix.span.end;
    }
    out.push_str(&source[at..]);
    out
}

/// Sort diagnostics into source order: by start, code and end, in a
/// stable sort. The order is found on indices and the diagnostics moved
/// into it in place, so that a file with many findings needs no scratch
/// copy of them (a stable sort of the diagnostics themselves takes one of
/// up to half their number).
pub fn sort_in_source_order(diagnostics: &mut [Diagnostic]) {
    let key = |d: &Diagnostic| (d.span.start, d.code, d.span.end);
    if diagnostics.is_sorted_by(|a, b| key(a) <= key(b)) {
        return;
    }
    let mut order: Vec<usize> = (0..diagnostics.len()).collect();
    order.sort_by(|&i, &j| key(&diagnostics[i]).cmp(&key(&diagnostics[j])));
    // Place k takes the diagnostic at `order[k]`: each cycle of the
    // permutation is followed once, swapping along it.
    for start in 0..order.len() {
        let mut at = start;
        while order[at] != usize::MAX {
            let from = order[at];
            order[at] = usize::MAX;
            if from == start {
                break;
            }
            diagnostics.swap(at, from);
            at = from;
        }
    }
}

/// `source` with every redacted span of `diagnostics` overwritten by `*`,
/// byte for byte, so offsets and lines stay where they were.
pub fn redact_source(source: &str, diagnostics: &[Diagnostic]) -> Option<String> {
    let spans: Vec<&Span> = diagnostics.iter().flat_map(|d| &d.redact).collect();
    if spans.is_empty() {
        return None;
    }
    let mut bytes = source.as_bytes().to_vec();
    for span in spans {
        let end = span.end.min(bytes.len());
        for b in &mut bytes[span.start.min(end)..end] {
            // Keep line breaks so the excerpt keeps its lines.
            if *b != b'\n' && *b != b'\r' {
                *b = b'*';
            }
        }
    }
    // Whole characters are overwritten, so this is UTF-8; if a span ever cut
    // a character, the lossy form still hides the secret.
    Some(
        String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
    )
}

impl Diagnostic {
    pub fn with_label(mut self, label: impl Into<Cow<'static, str>>) -> Self {
        self.label = label.into();
        self
    }

    pub fn with_help(mut self, help: impl Into<Cow<'static, str>>) -> Self {
        self.help = help.into();
        self
    }

    /// Whether `fmt`'s rewrite of the finding's card removes it: a rule's
    /// mark, which the engine keeps only where it finds the fix.
    pub fn fixable(mut self, yes: bool) -> Self {
        self.fixable = yes;
        self
    }

    pub fn with_related(mut self, span: Span, label: impl Into<Cow<'static, str>>) -> Self {
        // Most findings have one related place at most: room for exactly
        // that many, not the four a first push makes room for.
        self.related.reserve_exact(1);
        self.related.push((span, label.into()));
        self
    }

    /// Mark bytes that hold a secret, so no output shows them.
    pub fn with_redacted(mut self, span: Span) -> Self {
        self.redact.reserve_exact(1);
        self.redact.push(span);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(start: usize, code: &'static str, end: usize, n: usize) -> Diagnostic {
        crate::test_support::finding(code, start..end, n)
    }

    /// The same order as a stable sort of the diagnostics themselves, ties
    /// kept in the order they came.
    #[test]
    fn sorting_in_place_is_a_stable_sort() {
        let codes = ["C010", "C011", "R006"];
        let mut seed = 7u64;
        for len in [0, 1, 2, 5, 33, 400] {
            let mut list: Vec<Diagnostic> = (0..len)
                .map(|n| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let r = (seed >> 33) as usize;
                    finding(r % 9, codes[r % 3], 9 + (r >> 8) % 3, n)
                })
                .collect();
            let mut expected = list.clone();
            expected.sort_by(|a, b| {
                (a.span.start, a.code, a.span.end).cmp(&(b.span.start, b.code, b.span.end))
            });
            sort_in_source_order(&mut list);
            assert_eq!(list, expected, "{len}");
        }
    }
}
