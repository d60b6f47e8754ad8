//! What the engine says of a document, as `boardlint check` says it of the
//! file: the kind from the path and the text (and the configuration's
//! `kinds`), the file's own contribution to its run (a decision log's
//! flagged proposals, a transition log's run ends), every diagnostic, and
//! which of them `fmt` removes. Then the same as protocol diagnostics.

use std::path::Path;

use lsp_types::{
    CodeDescription, Diagnostic as LspDiagnostic, DiagnosticRelatedInformation, DiagnosticSeverity,
    Location, NumberOrString, Uri,
};

use crate::commands::engines::{Engines, MAX_TEXT};
use crate::diagnostic::{Diagnostic, Severity};
use crate::engine::Engine;
use crate::kinds::FileKind;
use crate::lines::{LineIndex, Unit};

/// The `source` of every diagnostic the server publishes.
pub const SOURCE: &str = "boardlint";

/// What the engine said of one text.
pub struct Linted {
    pub kind: FileKind,
    pub diagnostics: Vec<Diagnostic>,
    /// Parallel to `diagnostics`: whether `fmt` removes it.
    pub fixable: Vec<bool>,
    /// Why the text was not checked: its configuration has errors, or it
    /// is over the size limit. Shown as one diagnostic at its start.
    pub problem: Option<String>,
}

impl Linted {
    fn problem(kind: FileKind, why: String) -> Linted {
        Linted {
            kind,
            diagnostics: Vec::new(),
            fixable: Vec::new(),
            problem: Some(why),
        }
    }
}

/// The text is one the server takes, or why not.
pub fn within_limit(text: &str) -> Result<(), String> {
    if text.len() <= MAX_TEXT {
        return Ok(());
    }
    Err(format!(
        "boardlint: the document is {} bytes, over the {MAX_TEXT} bytes (16 MiB) the server \
         checks: run `boardlint check` on the file instead",
        text.len()
    ))
}

/// The engine for a document, or why there is none.
pub fn engine(engines: &Engines, path: Option<&Path>, text: &str) -> Result<Engine, String> {
    within_limit(text)?;
    engines.for_path(path)
}

pub fn lint(engines: &Engines, path: Option<&Path>, text: &str) -> Linted {
    let engine = match engine(engines, path, text) {
        Ok(engine) => engine,
        Err(why) => return Linted::problem(FileKind::Other, why),
    };
    let kind = engine.kind(path, text);
    if kind == FileKind::Other {
        return Linted {
            kind,
            diagnostics: Vec::new(),
            fixable: Vec::new(),
            problem: None,
        };
    }
    let run = match path {
        Some(path) => engine.contribution(path, text),
        None => Default::default(),
    };
    let diagnostics = engine.check_in_run(path, text, &run);
    let fixable = match engine.format(path, text) {
        Some(formatted) if formatted != text => {
            let run = match path {
                Some(path) => engine.contribution(path, &formatted),
                None => Default::default(),
            };
            let after = engine.check_in_run(path, &formatted, &run);
            fixed_by(&diagnostics, &after)
        }
        _ => vec![false; diagnostics.len()],
    };
    Linted {
        kind,
        diagnostics,
        fixable,
        problem: None,
    }
}

/// Which of `before` formatting removes: a diagnostic whose rule and
/// message occur fewer times after formatting than before. (Formatting
/// moves text, so places cannot be compared; a rule's message names what
/// it is about.)
pub fn fixed_by(before: &[Diagnostic], after: &[Diagnostic]) -> Vec<bool> {
    let count = |list: &[Diagnostic], d: &Diagnostic| {
        list.iter()
            .filter(|o| o.code == d.code && o.message == d.message)
            .count()
    };
    before
        .iter()
        .map(|d| count(after, d) < count(before, d))
        .collect()
}

/// Where a rule's page is published, as SARIF's `helpUri` gives it.
pub fn rule_url(code: &str) -> String {
    format!("{}{code}.md", crate::output::RULES_URL)
}

fn severity(s: Severity) -> DiagnosticSeverity {
    match s {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Info => DiagnosticSeverity::INFORMATION,
    }
}

/// The protocol's diagnostics of a document.
pub fn to_lsp(linted: &Linted, uri: &Uri, text: &str, unit: Unit) -> Vec<LspDiagnostic> {
    let index = LineIndex::new(text);
    let mut out = Vec::with_capacity(linted.diagnostics.len() + 1);
    if let Some(problem) = &linted.problem {
        out.push(LspDiagnostic {
            range: Default::default(),
            severity: Some(DiagnosticSeverity::ERROR),
            source: Some(SOURCE.into()),
            message: problem.clone(),
            ..Default::default()
        });
    }
    for (d, &fixable) in linted.diagnostics.iter().zip(&linted.fixable) {
        out.push(one(d, fixable, uri, &index, unit));
    }
    out
}

fn one(
    d: &Diagnostic,
    fixable: bool,
    uri: &Uri,
    index: &LineIndex<'_>,
    unit: Unit,
) -> LspDiagnostic {
    let mut message = d.message.to_string();
    if !d.help.is_empty() {
        message.push_str("\nhelp: ");
        message.push_str(&d.help);
    }
    let related: Vec<DiagnosticRelatedInformation> = d
        .related
        .iter()
        .map(|(span, label)| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), super::positions::range_of(index, span, unit)),
            message: label.to_string(),
        })
        .collect();
    LspDiagnostic {
        range: super::positions::range_of(index, &d.span, unit),
        severity: Some(severity(d.severity)),
        code: Some(NumberOrString::String(d.code.to_string())),
        code_description: rule_url(d.code)
            .parse()
            .ok()
            .map(|href| CodeDescription { href }),
        source: Some(SOURCE.into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: Some(serde_json::json!({ "name": d.name, "fixable": fixable })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engines() -> Engines {
        Engines::isolated()
    }

    #[test]
    fn a_diagnostic_has_its_code_link_source_and_utf16_range() {
        let text = "😀\nCFO: [INVOKE:cfo|What is our runway?]\n";
        let linted = lint(&engines(), None, text);
        assert_eq!(linted.kind, FileKind::Transcript);
        let uri: Uri = "untitled:a".parse().unwrap();
        let all = to_lsp(&linted, &uri, text, Unit::Utf16);
        let d = all
            .iter()
            .find(|d| d.code == Some(NumberOrString::String("L001".into())))
            .unwrap();
        assert_eq!((d.range.start.line, d.range.start.character), (1, 5));
        assert_eq!(d.source.as_deref(), Some("boardlint"));
        assert_eq!(d.severity, Some(DiagnosticSeverity::ERROR));
        assert_eq!(
            d.code_description.as_ref().unwrap().href.as_str(),
            "https://github.com/boardlint/boardlint/blob/main/docs/rules/L001.md"
        );
    }

    #[test]
    fn too_large_a_text_is_one_problem_not_a_check() {
        let text = "a".repeat(MAX_TEXT + 1);
        let linted = lint(&engines(), None, &text);
        assert!(linted.diagnostics.is_empty());
        let problem = linted.problem.unwrap();
        assert!(problem.contains("16 MiB"), "{problem}");
    }

    #[test]
    fn what_formatting_removes_is_fixable() {
        let a = crate::test_support::finding("C001", 0..1, 0);
        let b = crate::test_support::finding("L001", 2..3, 1);
        let fixed = fixed_by(&[a.clone(), b.clone()], std::slice::from_ref(&b));
        assert_eq!(fixed, [true, false]);
        // Two alike, one left: both are offered the fix.
        assert_eq!(
            fixed_by(&[a.clone(), a.clone()], std::slice::from_ref(&a)),
            [true, true]
        );
        assert_eq!(
            fixed_by(std::slice::from_ref(&a), std::slice::from_ref(&a)),
            [false]
        );
    }
}
