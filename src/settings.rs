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
    /// What the other files of the run contribute (shared by all files).
    pub run: std::sync::Arc<RunContext>,
    /// The explicit-state pipeline that handoff records describe.
    pub pipeline: Pipeline,
    /// The kind the `kinds` setting forces for this file, if any.
    pub kind: Option<crate::kinds::FileKind>,
    /// Session logs: agent or sub-agent names mapped to role tokens, so that
    /// a message's speaker is known (`session.roles`).
    pub session_roles: Vec<(String, String)>,
}

/// The stages of the pipeline, in order, and its limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pipeline {
    pub stages: Vec<String>,
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
            max_attempts: 3,
            review_stage: "review".to_string(),
            max_log_bytes: 64 << 20,
            max_event_bytes: 64 << 10,
        }
    }
}

/// What one file's rules may know of the other files checked in the run.
#[derive(Debug, Clone, Default)]
pub struct RunContext {
    /// Proposals flagged `[DO_NOT_RESURFACE]` in the run's decision logs.
    pub proposals: Vec<Proposal>,
    /// The last event of every run in the run's transition logs (T100).
    pub runs: Vec<RunEnd>,
}

impl RunContext {
    /// Add what another file contributes.
    pub fn add(&mut self, other: RunContext) {
        self.proposals.extend(other.proposals);
        self.runs.extend(other.runs);
    }
}

/// Where a run of a transition log ended up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunEnd {
    pub task: String,
    pub stage: String,
    pub attempt: u64,
    pub state: String,
    pub input: Option<String>,
    pub output: Option<String>,
    pub path: String,
    /// 1-based line of the event.
    pub line: usize,
}

/// A rejected proposal, normalised for matching (see D006).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proposal {
    pub date: crate::model::decisions::Date,
    pub text: String,
    pub path: String,
    pub line: usize,
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
            run: Default::default(),
            pipeline: Pipeline::default(),
            kind: None,
            session_roles: Vec::new(),
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
