//! A rule as `boardlint rule --format json` and the MCP `rules` and
//! `rule` tools describe it.

use schemars::JsonSchema;
use serde::Serialize;

use crate::diagnostic::Severity;

/// A rule as the registry knows it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RuleSummary {
    /// The stable code (`L001`).
    pub code: &'static str,
    /// The kebab-case name (`self-invocation`).
    pub name: &'static str,
    /// The family, by the letter of the code (`Loop prevention`).
    pub family: &'static str,
    /// The default severity (a configuration may change it).
    pub severity: Severity,
    /// What the rule flags, in a line.
    pub summary: &'static str,
}

impl RuleSummary {
    pub fn of(meta: &'static crate::rules::RuleMeta) -> RuleSummary {
        RuleSummary {
            code: meta.code,
            name: meta.name,
            family: meta.family().title(),
            severity: meta.severity,
            summary: meta.summary,
        }
    }
}
