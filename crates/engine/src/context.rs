//! What a file is checked as, and what the other files of the run tell
//! its rules: carried explicitly from the engine to the models and rules,
//! never stored in the settings.

use std::path::Path;

use crate::kinds::FileKind;

/// One file of a run, as the engine checks it.
#[derive(Debug, Clone, Copy)]
pub struct FileContext<'a> {
    /// The file's path, when it has one (standard input may not).
    pub path: Option<&'a Path>,
    /// The kind it is read as, decided once by the engine.
    pub kind: FileKind,
    /// What the other files of the run contribute.
    pub run: &'a RunContext,
}

impl FileContext<'static> {
    /// A transcript with no path, alone in its run.
    pub fn transcript() -> Self {
        FileContext {
            path: None,
            kind: FileKind::Transcript,
            run: RunContext::empty(),
        }
    }
}

/// What one file's rules may know of the other files checked in the run.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct RunContext {
    /// Proposals flagged `[DO_NOT_RESURFACE]` in the run's decision logs.
    pub(crate) proposals: Vec<Proposal>,
    /// The last event of every run in the run's transition logs (T100).
    pub(crate) runs: Vec<RunEnd>,
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
    pub date: crate::date::Date,
    pub text: String,
    pub path: String,
    pub line: usize,
}

impl RunContext {
    /// A run with nothing in it.
    pub fn empty() -> &'static RunContext {
        static EMPTY: RunContext = RunContext {
            proposals: Vec::new(),
            runs: Vec::new(),
        };
        &EMPTY
    }
}
