//! A diagnostic with its file and its offsets resolved to lines and
//! columns: what every output format prints from.

use serde::Serialize;

use crate::diagnostic::{Diagnostic, Severity};
use crate::lines::{LineIndex, Position};

/// One diagnostic with its file and resolved positions.
#[derive(Debug, Clone, Serialize)]
pub struct Located {
    pub path: std::sync::Arc<str>,
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    pub message: std::borrow::Cow<'static, str>,
    pub help: std::borrow::Cow<'static, str>,
    pub start: Position,
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
