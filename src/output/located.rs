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
        message: d.message,
        help: d.help,
    }
}
