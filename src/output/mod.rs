//! Printing diagnostics, one emitter per format: `human` (miette's
//! graphical report), `concise` (one line each), `json` / `jsonl`, `sarif`
//! (SARIF 2.1.0), `github` (workflow commands) and `junit`. Every format
//! prints from the same values; `docs/output-formats.md` states what each
//! promises to keep stable.

mod concise;
mod github;
mod human;
mod json;
mod junit;
pub mod safe;
mod sarif;
mod summary;

pub use concise::concise;
pub use github::github;
pub use human::human;
pub use json::{json, jsonl};
pub use junit::junit;
pub use sarif::sarif;
pub use summary::{statistics, summary};

use serde::Serialize;

use crate::diagnostic::{Diagnostic, Severity};
use crate::lines::{LineIndex, Position};

/// How `check` prints its diagnostics (`--format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    Human,
    Concise,
    Json,
    Jsonl,
    Sarif,
    Github,
    Junit,
}

/// One diagnostic with its file and resolved positions.
#[derive(Debug, Clone, Serialize)]
pub struct Located {
    pub path: std::sync::Arc<str>,
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    pub message: String,
    pub help: String,
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
