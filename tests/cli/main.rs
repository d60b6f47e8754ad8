//! Tests that run the real `boardlint` binary, split by concern.

mod add_noqa;
mod agent_hook;
mod agent_hook_cursor;
mod agent_hook_install;
mod agent_hook_security;
mod check_exit_codes;
mod check_formats;
mod check_stdin;
mod closed_output;
mod config_errors;
mod config_option;
mod config_settings;
mod config_trust;
mod decision_logs;
mod file_discovery;
mod fix_preview;
mod fix_selection;
mod fmt_command;
mod ordinary_answers;
mod output_formats;
mod reading_and_writing;
mod robustness;
mod rule_command;
mod rule_flags;
mod secrets;
mod session_logs;
mod show_files;
mod suppressions;
mod terminal_safety;
mod watch;

use std::path::PathBuf;

use assert_cmd::Command;

/// The environment that changes boardlint's output, removed for every run.
pub const CLEARED_ENV: [&str; 4] = [
    "NO_COLOR",
    "FORCE_COLOR",
    "CLICOLOR_FORCE",
    "BOARDLINT_OUTPUT_FORMAT",
];

pub fn boardlint() -> Command {
    let mut cmd = Command::cargo_bin("boardlint").unwrap();
    for var in CLEARED_ENV {
        cmd.env_remove(var);
    }
    cmd
}

pub fn fixture(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(rel)
}

/// A transcript with one error (L001).
pub const WITH_ERROR: &str = "CFO: checking\n[INVOKE:cfo|What is our burn?]\n";

pub const CLEAN: &str = "CRO: planning Q3.\n\nCRO → [INVOKE:cfo|What is the Q3 budget?]\n\n[RESPONSE:cfo]\n\
Key finding: The budget is $1.2M.\nSupporting data:\n  - Burn is $180K/month\n  - Runway is 14 months\n\
Confidence: high\nCaveat: Assumes no new hires.\n[/RESPONSE]\n";

pub const WARNING_ONLY: &str = "[RESPONSE:cfo]\nKey finding: a\nSupporting data:\n  - one\nConfidence: low\nCaveat: c\n[/RESPONSE]\n";
