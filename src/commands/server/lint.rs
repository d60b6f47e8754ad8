//! What the engine said of a document (`Linted`: its kind, every
//! diagnostic with its fix, or why it was not checked), as `checks.rs`
//! finds it; then the same as protocol diagnostics.

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
    /// Each with its fix, when it has one (`Diagnostic::fix`).
    pub diagnostics: Vec<Diagnostic>,
    /// Why the text was not checked: its configuration has errors, or it
    /// is over the size limit. Shown as one diagnostic at its start.
    pub problem: Option<String>,
}

impl Linted {
    /// Nothing to say: a file of no kind boardlint reads.
    pub fn clean(kind: FileKind) -> Linted {
        Linted {
            kind,
            diagnostics: Vec::new(),
            problem: None,
        }
    }

    /// Not checked, and why.
    pub fn problem(kind: FileKind, why: String) -> Linted {
        Linted {
            kind,
            diagnostics: Vec::new(),
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
    for d in &linted.diagnostics {
        out.push(one(d, uri, &index, unit));
    }
    out
}

fn one(d: &Diagnostic, uri: &Uri, index: &LineIndex<'_>, unit: Unit) -> LspDiagnostic {
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
        data: Some(serde_json::json!({ "name": d.name, "fixable": d.fixable })),
    }
}
