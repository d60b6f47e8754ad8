//! boardlint: a linter and formatter for C-suite agent transcripts and the
//! records around them (decision logs, handoff records, transition logs,
//! handshake logs, agent tools' session logs).
//!
//! The library is one type, [`Engine`]: a resolved [`Config`], asked about
//! one file at a time. It decides the file's [`FileKind`], reads it, runs
//! every enabled rule and returns [`Diagnostic`]s in source order.
//!
//! ```no_run
//! use boardlint::{Config, Engine};
//!
//! let engine = Engine::new(Config::load(std::path::Path::new(".boardlint.yaml")).unwrap());
//! let text = std::fs::read_to_string("meeting.md").unwrap();
//! for d in engine.check(Some(std::path::Path::new("meeting.md")), &text) {
//!     println!("{}:{:?} {} {}: {}", "meeting.md", d.span, d.code, d.name, d.message);
//! }
//! ```
//!
//! The layers, from the bottom up (`docs/architecture.md`): text and syntax
//! → models (transcripts, cards, records, session logs) → rules → engine →
//! outputs → commands → the command line.

// Foundation: text, the line reader, settings, what a file is.
mod context;
mod date;
mod diagnostic;
mod guard;
mod kinds;
mod lines;
mod roles;
mod secrets;
mod settings;
mod syntax;
mod text;
mod yaml;

// Models: what a file says.
mod model;
mod records;
mod sessions;

// Rules, and what they need to be chosen: the registry and the
// configuration.
mod config;
mod rules;

// The engine, and the formatter it offers.
mod engine;
mod format;

// Outputs, commands, the command line.
mod cli;
mod commands;
mod files;
mod output;

#[cfg(test)]
mod test_support;

pub use config::{Config, ConfigError};
pub use context::RunContext;
pub use diagnostic::{Diagnostic, Severity};
pub use engine::Engine;
pub use kinds::FileKind;
pub use lines::{LineIndex, Position};
pub use rules::{Family, RuleMeta};
pub use sessions::SessionFormat;
pub use syntax::Span;

/// Every rule boardlint has, in the order `boardlint rule --all` lists them.
pub fn rules() -> impl Iterator<Item = &'static RuleMeta> {
    rules::all().iter().map(|r| r.meta())
}

/// Run the command line with these arguments; the process's exit code.
/// This is what the `boardlint` binary calls.
#[doc(hidden)]
pub fn run_command_line<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    cli::run(args)
}
