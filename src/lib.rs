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

// The engine (`crates/engine`): text and syntax, models, rules, the
// configuration, the engine and its formatter. Its modules are named here
// as this crate's own, for the surfaces below.
/// Every rule boardlint has, in the order `boardlint rule --all` lists them
/// (and, for the surfaces below, the rule registry).
pub use boardlint_engine::rules;
#[cfg(test)]
pub(crate) use boardlint_engine::test_support;
pub(crate) use boardlint_engine::{
    config, context, controls, diagnostic, engine, files, format, guard, kinds, lines, model,
    secrets, sessions, settings, syntax,
};

// Outputs, commands, the command line.
mod cli;
mod commands;
mod output;

pub use boardlint_engine::{
    Config, ConfigError, Diagnostic, Engine, Family, FileKind, Fix, FixSafety, FixScope, LineIndex,
    Position, RuleFix, RuleMeta, RunContext, SessionFormat, Severity, Span,
};

/// The engine's parts one at a time, for the fuzz targets and the
/// component benchmarks (the `internals` feature). Not a stable API.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod internals {
    pub use crate::model::Transcript;
    use crate::settings::Settings;

    /// The line reader, and the grammar-based reader it is held equal to.
    pub mod syntax {
        pub use crate::syntax::{parse_split_at, parse_with, spec, Document};
    }

    /// Read a text into its lines, as the engine does; how many there are.
    pub fn read_lines(source: &str) -> usize {
        crate::syntax::parse_with(source, false).lines.len()
    }

    /// Build a transcript's model with the default settings and hand it to
    /// `f`.
    pub fn with_transcript<R>(source: &str, f: impl FnOnce(&Transcript<'_>) -> R) -> R {
        let settings = Settings::default();
        f(&crate::model::build(source, &settings))
    }

    /// Run every transcript rule over a model; how many findings.
    pub fn run_rules(t: &Transcript<'_>) -> usize {
        crate::rules::check_transcript(t, &t.settings.rules).len()
    }

    /// The servers' message handling in process: bytes as the standard
    /// input of `boardlint mcp` and of `boardlint server`, served to the
    /// end; how many messages the server wrote. Each panics when what the
    /// server writes breaks the protocol.
    pub use crate::commands::mcp::stream as mcp_stream;
    pub use crate::commands::server::stream as lsp_stream;

    /// Check a text as a session log of this format, whatever its shape;
    /// how many findings.
    pub fn check_session_as(format: crate::SessionFormat, source: &str) -> usize {
        let settings = Settings::default();
        let file = crate::context::FileContext {
            kind: crate::FileKind::SessionLog,
            ..crate::context::FileContext::transcript()
        };
        crate::engine::check_session(format, source, &settings, file).len()
    }

    /// One stop-hook input, decided as `boardlint hook` decides it: the
    /// reply for the agent tool, or why the answer could not be checked.
    pub fn hook_answer(input: String) -> Result<Option<String>, String> {
        crate::commands::hook::answer_input(input)
    }
}

/// Run the command line with these arguments; the process's exit code.
/// This is what the `boardlint` binary calls.
#[doc(hidden)]
pub fn run_command_line<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    use clap::Parser as _;
    use cli::{Cli, Command};
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            return if err.use_stderr() {
                commands::EXIT_FAILURE
            } else {
                commands::EXIT_OK
            };
        }
    };
    if writes_to_stdout(&cli.command) {
        commands::end_quietly_when_stdout_closes();
    }
    match cli.command {
        Command::Check(args) if args.watch => {
            commands::watch::watch(&args.paths, || commands::check::run(&args))
        }
        Command::Check(args) => commands::check::run(&args),
        Command::Fmt(args) if args.watch => {
            if !(args.check || args.diff) {
                eprintln!("error: `fmt --watch` needs `--check` or `--diff`: a watch that rewrites files would see its own writes");
                return commands::EXIT_FAILURE;
            }
            commands::watch::watch(&args.paths, || commands::fmt::run(&args))
        }
        Command::Fmt(args) => commands::fmt::run(&args),
        Command::Rule(args) => commands::rule::run(&args),
        Command::Hook(args) => commands::hook::run(&args),
        Command::Mcp(args) => commands::mcp::run(&args),
        Command::Server(args) => commands::server::run(&args),
        Command::Config(args) => commands::config::show(&args),
        Command::Init(args) => commands::config::init(&args),
        Command::Completions(args) => commands::generate::completions(args.shell, cli::command()),
        Command::Man(args) => commands::generate::man(&args, cli::command()),
    }
}

/// The commands whose report or text on standard output ends the run, with
/// no message, when its reader goes away (`| head`): all but `hook`, `mcp`
/// and `server`, which own their streams, `init`, which writes none, and
/// `check --fix`, which is rewriting files as it reports.
fn writes_to_stdout(command: &cli::Command) -> bool {
    use cli::Command;
    match command {
        Command::Check(args) => !args.fix || args.diff,
        Command::Fmt(_)
        | Command::Rule(_)
        | Command::Config(_)
        | Command::Completions(_)
        | Command::Man(_) => true,
        Command::Init(_) | Command::Hook(_) | Command::Mcp(_) | Command::Server(_) => false,
    }
}
