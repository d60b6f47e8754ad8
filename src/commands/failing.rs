//! When a run fails: the findings that fail it (`--fail-on`, and the
//! hook's `send_back`), and a configuration that fails every file.

use clap::ValueEnum;

use super::{ConfigFailure, EXIT_FAILURE};
use crate::config::ConfigError;
use crate::diagnostic::Severity;

/// When a run fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    /// Exit 1 when there is an error-level diagnostic.
    Error,
    /// Exit 1 when there is any warning or error.
    Warning,
    /// Exit 0 whatever is found (run failures still exit 2).
    Never,
}

impl FailOn {
    /// Whether a finding of this severity fails the run.
    pub fn fails(self, severity: Severity) -> bool {
        match self {
            FailOn::Error => severity == Severity::Error,
            FailOn::Warning => matches!(severity, Severity::Error | Severity::Warning),
            FailOn::Never => false,
        }
    }
}

/// A configuration that fails every file of the run (`--config FILE`, or
/// the one file worked on): its errors, and exit code 2.
pub fn config_failure(failure: &ConfigFailure) -> i32 {
    print_config_errors(&failure.errors);
    EXIT_FAILURE
}

/// Each error of a configuration, on a line of its own.
pub fn print_config_errors(errors: &[ConfigError]) {
    for e in errors {
        eprintln!("error: {}", crate::output::safe::error(&e.to_string()));
    }
}
