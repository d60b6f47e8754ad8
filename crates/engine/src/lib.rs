//! The engine of boardlint, a linter and formatter for C-suite agent
//! transcripts and the records around them (decision logs, handoff records,
//! transition logs, handshake logs, agent tools' session logs).
//!
//! Text and paths in, diagnostics and formatted text out: no terminal, no
//! async runtime, no server. The command line, the agent hooks and the
//! MCP and language servers (the `boardlint` crate) are built on it.
//!
//! The library is one type, [`Engine`]: a resolved [`Config`], asked about
//! one file at a time. It decides the file's [`FileKind`], reads it, runs
//! every enabled rule and returns [`Diagnostic`]s in source order.
//!
//! ```no_run
//! use boardlint_engine::{Config, Engine};
//!
//! let engine = Engine::new(Config::load(std::path::Path::new(".boardlint.yaml")).unwrap());
//! let text = std::fs::read_to_string("meeting.md").unwrap();
//! for d in engine.check(Some(std::path::Path::new("meeting.md")), &text) {
//!     println!("{}:{:?} {} {}: {}", "meeting.md", d.span, d.code, d.name, d.message);
//! }
//! ```
//!
//! The layers, from the bottom up (`docs/architecture.md`): text and syntax
//! → models (transcripts, cards, records, session logs) → rules → engine.
//! The modules are public for the `boardlint` crate's surfaces and hidden
//! from the documentation: what is documented here is the API this crate
//! keeps stable; the rest may change in any release.

// Foundation: text, the line reader, settings, what a file is.
#[doc(hidden)]
pub mod context;
#[doc(hidden)]
pub mod controls;
#[doc(hidden)]
pub mod date;
#[doc(hidden)]
pub mod diagnostic;
#[doc(hidden)]
pub mod files;
#[doc(hidden)]
pub mod guard;
#[doc(hidden)]
pub mod kinds;
#[doc(hidden)]
pub mod lines;
#[doc(hidden)]
pub mod mapped;
#[doc(hidden)]
pub mod parallel;
#[doc(hidden)]
pub mod roles;
#[doc(hidden)]
pub mod secrets;
#[doc(hidden)]
pub mod settings;
#[doc(hidden)]
pub mod syntax;
#[doc(hidden)]
pub mod text;
#[doc(hidden)]
pub mod yaml;

// Models: what a file says.
#[doc(hidden)]
pub mod model;
#[doc(hidden)]
pub mod records;
#[doc(hidden)]
pub mod sessions;

// Rules, and what they need to be chosen: the registry and the
// configuration.
#[doc(hidden)]
pub mod config;
#[doc(hidden)]
pub mod rules;

// The engine, and the formatter it offers.
#[doc(hidden)]
pub mod engine;
#[doc(hidden)]
pub mod format;

#[cfg(any(test, feature = "internals"))]
#[doc(hidden)]
pub mod test_support;

pub use config::{Config, ConfigError};
pub use context::RunContext;
pub use diagnostic::{Diagnostic, Fix, Severity};
pub use engine::Engine;
pub use kinds::FileKind;
pub use lines::{LineIndex, Position};
pub use rules::{Family, FixSafety, FixScope, RuleFix, RuleMeta};
pub use sessions::SessionFormat;
pub use syntax::Span;

/// Every rule boardlint has, in the order `boardlint rule --all` lists them.
pub fn rules() -> impl Iterator<Item = &'static RuleMeta> {
    rules::all().iter().map(|r| r.meta())
}
