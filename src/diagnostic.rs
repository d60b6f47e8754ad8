//! The diagnostic model, independent of how it is rendered: every output
//! format is printed from these values.

use serde::Serialize;

use crate::syntax::Span;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
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

/// One finding of one rule at one place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    /// The exact span the finding is about, in bytes.
    pub span: Span,
    /// What is wrong, and why.
    pub message: String,
    /// A short label printed under the span.
    pub label: String,
    /// How to fix it.
    pub help: String,
    /// Other places that explain the finding.
    pub related: Vec<(Span, String)>,
    /// A rule failed on this file (a bug in boardlint): the run exits 2.
    pub internal: bool,
}

impl Diagnostic {
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = help.into();
        self
    }

    pub fn with_related(mut self, span: Span, label: impl Into<String>) -> Self {
        self.related.push((span, label.into()));
        self
    }
}
