//! The settings every rule reads. Defaults follow the protocol texts; a
//! configuration file (see `crate::config`) can change them.

use crate::diagnostic::Severity;
use crate::roles::RoleSet;

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
    /// The explicit-state pipeline that handoff records describe.
    pub pipeline: Pipeline,
    /// Session logs: agent or sub-agent names mapped to role tokens, so that
    /// a message's speaker is known (`session.roles`).
    pub session_roles: Vec<(String, String)>,
    /// `boardlint hook`: how many times one turn's answer is sent back
    /// before the turn is let end (`hook.max-retries`).
    pub hook_max_retries: usize,
    /// `boardlint hook`: how long one call may take, in milliseconds
    /// (`hook.timeout-ms`).
    pub hook_timeout_ms: u64,
}

/// The stages of the pipeline, in order, and its limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pipeline {
    pub stages: Vec<String>,
    /// The stages a task may enter the pipeline at; empty: any.
    pub entry_stages: Vec<String>,
    /// The most attempts a stage may take.
    pub max_attempts: u32,
    /// The stage a ready-for-review record hands over to.
    pub review_stage: String,
    /// The largest transition log expected, in bytes.
    pub max_log_bytes: u64,
    /// The largest transition event expected, in bytes.
    pub max_event_bytes: u64,
}

impl Default for Pipeline {
    fn default() -> Self {
        Pipeline {
            stages: ["implement", "review", "browser_qa", "human_merge"]
                .map(String::from)
                .to_vec(),
            entry_stages: Vec::new(),
            max_attempts: 3,
            review_stage: "review".to_string(),
            max_log_bytes: 64 << 20,
            max_event_bytes: 64 << 10,
        }
    }
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
            pipeline: Pipeline::default(),
            session_roles: Vec::new(),
            hook_max_retries: 2,
            hook_timeout_ms: 5000,
        }
    }
}

/// Which rules run, and at what severity: by a rule's position in the
/// registry (`rules::all()`). What the selection does not mention runs at its
/// default severity, so the default selection is empty and knows nothing of
/// the registry.
#[derive(Debug, Clone, Default)]
pub struct RuleSelection {
    /// `enabled[i]`, where set; a rule past the end is on.
    enabled: Vec<bool>,
    /// A severity that replaces the rule's default, where set.
    severity: Vec<Option<Severity>>,
}

impl RuleSelection {
    /// A selection of `count` rules with every one off.
    pub fn none(count: usize) -> Self {
        RuleSelection {
            enabled: vec![false; count],
            severity: Vec::new(),
        }
    }

    /// Whether the rule at position `i` runs.
    pub fn is_on(&self, i: usize) -> bool {
        self.enabled.get(i).copied().unwrap_or(true)
    }

    /// Turn the rule at position `i` on or off.
    pub fn set(&mut self, i: usize, on: bool) {
        if self.enabled.len() <= i {
            self.enabled.resize(i + 1, true);
        }
        self.enabled[i] = on;
    }

    /// The severity the rule at position `i` reports at, given its default.
    pub fn severity(&self, i: usize, default: Severity) -> Severity {
        self.severity.get(i).copied().flatten().unwrap_or(default)
    }

    /// Report the rule at position `i` at `severity`.
    pub fn set_severity(&mut self, i: usize, severity: Severity) {
        if self.severity.len() <= i {
            self.severity.resize(i + 1, None);
        }
        self.severity[i] = Some(severity);
    }
}

/// Two selections are equal when they run the same rules at the same
/// severities, however much of the registry each spells out.
impl PartialEq for RuleSelection {
    fn eq(&self, other: &Self) -> bool {
        let n = self
            .enabled
            .len()
            .max(other.enabled.len())
            .max(self.severity.len())
            .max(other.severity.len());
        let set = |s: &RuleSelection, i: usize| s.severity.get(i).copied().flatten();
        (0..n).all(|i| self.is_on(i) == other.is_on(i) && set(self, i) == set(other, i))
    }
}

impl Eq for RuleSelection {}
