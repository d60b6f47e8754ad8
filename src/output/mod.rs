//! Printing diagnostics, one emitter per format: `human` (miette's
//! graphical report), `concise` (one line each), `grouped` (under each
//! file's name), `json` / `jsonl`, `sarif`
//! (SARIF 2.1.0), `github` (workflow commands), `junit`, `gitlab`, `rdjson`,
//! `pylint` and `azure`. Every format
//! prints from the same values; `docs/output-formats.md` states what each
//! promises to keep stable.

mod ci;
mod concise;
pub mod diff;
mod github;
mod grouped;
mod human;
mod json;
mod junit;
mod located;
mod paths;
mod rule_summary;
pub mod safe;
mod sarif;
mod stream;
mod summary;

pub use ci::{azure, gitlab, pylint, rdjson};
pub use concise::concise;
pub use github::github;
pub use grouped::grouped;
pub use human::human;
pub use json::{json, jsonl};
pub use junit::junit;
pub use located::{locate, FileFix, Located};
pub use rule_summary::RuleSummary;
pub use sarif::{sarif, RULES_URL};
pub use summary::{statistics, statistics_json, summary};

/// How `check` prints its diagnostics (`--format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// `full` too, as ruff names it.
    #[value(alias = "full")]
    Human,
    Concise,
    /// Each file's diagnostics under its name, as ruff's `grouped`.
    Grouped,
    Json,
    /// `json-lines` too, as ruff names it.
    #[value(alias = "json-lines")]
    Jsonl,
    Sarif,
    Github,
    Junit,
    /// GitLab Code Quality JSON.
    Gitlab,
    /// reviewdog's Diagnostic JSON.
    Rdjson,
    /// `path:line: [CODE] message` lines.
    Pylint,
    /// Azure Pipelines logging commands.
    Azure,
}
