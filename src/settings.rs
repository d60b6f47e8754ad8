//! The settings every rule reads. Defaults follow the protocol texts; a
//! configuration file (see `crate::config`) can change them.

use crate::diagnostic::Severity;
use crate::roles::RoleSet;
use crate::rules;

#[derive(Debug, Clone)]
pub struct Settings {
    pub roles: RoleSet,
    /// The deepest call chain allowed, in hops (agent-protocol Rule 2).
    pub max_depth: usize,
    /// The most bullets a card section may hold.
    pub bullet_limit: usize,
    /// Board-meeting phases in which no invocation is allowed.
    pub isolation_phases: Vec<u32>,
    /// Board-meeting phases of the critic, who may reference but not invoke.
    pub critique_phases: Vec<u32>,
    /// Lint markers inside every fenced code block, not only `transcript` ones.
    pub lint_code_blocks: bool,
    /// Which rules run, and at what severity.
    pub rules: RuleSelection,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            roles: RoleSet::default(),
            max_depth: 2,
            bullet_limit: 5,
            isolation_phases: vec![2],
            critique_phases: vec![3],
            lint_code_blocks: false,
            rules: RuleSelection::default(),
        }
    }
}

/// Enabled rules and their severities, indexed like `rules::all()`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleSelection {
    pub enabled: Vec<bool>,
    pub severity: Vec<Severity>,
}

impl Default for RuleSelection {
    fn default() -> Self {
        RuleSelection {
            enabled: vec![true; rules::all().len()],
            severity: rules::all().iter().map(|r| r.meta().severity).collect(),
        }
    }
}

impl RuleSelection {
    pub fn is_enabled(&self, code: &str) -> bool {
        rules::index_of(code).is_some_and(|i| self.enabled[i])
    }
}
