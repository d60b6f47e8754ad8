//! The command line: argument definitions only. Each command runs in
//! `crate::commands`.

use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::commands::{self, EXIT_FAILURE, EXIT_OK};
use crate::output::Format;

#[derive(Debug, Parser)]
#[command(
    name = "boardlint",
    version,
    about = "A linter for C-suite agent transcripts: markers, call chains, board meetings and responses.",
    propagate_version = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check transcripts for protocol violations.
    Check(CheckArgs),
    /// Rewrite founder cards, protocol blocks and CHAIN markers into their
    /// canonical layout. With no path, or `-`, format standard input to
    /// standard output.
    Fmt(FmtArgs),
    /// Show the documentation of a rule, or list every rule.
    Rule(RuleArgs),
    /// Print the resolved settings for a path, each with where it came from.
    Config(ConfigArgs),
    /// Write a commented default `.boardlint.yaml` in the current directory
    /// (or in the directory given).
    Init(InitArgs),
    /// Print a shell completion script.
    Completions(CompletionsArgs),
    /// Print the man page (roff).
    Man,
}

/// How configuration files are found.
#[derive(Debug, Clone, Args)]
pub struct ConfigFlags {
    /// Use this configuration file for every path instead of discovering one.
    #[arg(long, value_name = "FILE", global = true, conflicts_with = "isolated")]
    pub config: Option<PathBuf>,
    /// Ignore every configuration file; use the defaults.
    #[arg(long, global = true)]
    pub isolated: bool,
}

/// How directories are walked.
#[derive(Debug, Clone, Args)]
pub struct WalkFlags {
    /// Apply `exclude` to paths given explicitly too (for pre-commit, which
    /// passes every staged file).
    #[arg(long)]
    pub force_exclude: bool,
    /// Do not honour `.gitignore`, `.ignore` and git's exclude files.
    #[arg(long)]
    pub no_ignore: bool,
}

#[derive(Debug, Args)]
pub struct ConfigArgs {
    /// The file or directory whose settings to show (default `.`).
    pub path: Option<PathBuf>,
    #[command(flatten)]
    pub config: ConfigFlags,
    /// Print the reference of every setting, as docs/configuration.md holds
    /// it, instead of a path's settings.
    #[arg(long, hide = true, conflicts_with = "path")]
    pub reference_markdown: bool,
}

#[derive(Debug, Args)]
pub struct InitArgs {
    /// Where to write the file: a file name, or a directory to write
    /// `.boardlint.yaml` in (default `.boardlint.yaml`).
    pub path: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

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

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files and directories to check (`-` reads standard input). Directories
    /// are walked for .md, .markdown, .txt and .transcript files, and for
    /// .yaml, .yml, .json and .jsonl files that are records or session logs.
    /// Default: `.`.
    pub paths: Vec<PathBuf>,
    /// How to print diagnostics.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// When to use colour. `auto` colours a terminal unless NO_COLOR is set.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// The path standard input stands for: its name in messages, and the
    /// path whose configuration, per-file-ignores and excludes apply.
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<String>,
    /// Apply `fmt`'s rewrite to files where it removes diagnostics, then
    /// report what remains.
    #[arg(long)]
    pub fix: bool,
    /// Write the report to this file instead of standard output (`-` is
    /// standard output).
    #[arg(long, value_name = "FILE")]
    pub output_file: Option<PathBuf>,
    /// After the diagnostics, print how many each rule produced.
    #[arg(long)]
    pub statistics: bool,
    /// The lowest severity that makes the run exit 1.
    #[arg(long, value_enum, default_value_t = FailOn::Error)]
    pub fail_on: FailOn,
    /// Exit 0 even when diagnostics are found (same as `--fail-on never`).
    #[arg(long)]
    pub exit_zero: bool,
    /// Print the diagnostics only: no summary line.
    #[arg(long, short)]
    pub quiet: bool,
    #[command(flatten)]
    pub config: ConfigFlags,
    #[command(flatten)]
    pub walk: WalkFlags,
}

#[derive(Debug, Args)]
pub struct FmtArgs {
    /// Files and directories to format; `-` formats standard input to
    /// standard output. With none, standard input is formatted when it is a
    /// pipe or a file, and the current directory when it is a terminal.
    pub paths: Vec<PathBuf>,
    /// Write nothing; exit 1 when a file would change.
    #[arg(long)]
    pub check: bool,
    /// Write nothing; print a unified diff of the changes (exit 1 when any).
    #[arg(long)]
    pub diff: bool,
    /// The language of the card headings printed (default: the language each
    /// card is written in; English when mixed).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// The file name to show for standard input.
    #[arg(long, value_name = "NAME")]
    pub stdin_filename: Option<String>,
    /// Print nothing but errors.
    #[arg(long, short)]
    pub quiet: bool,
    #[command(flatten)]
    pub config: ConfigFlags,
    #[command(flatten)]
    pub walk: WalkFlags,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    En,
    #[value(name = "pt-BR", alias = "pt")]
    PtBr,
}

#[derive(Debug, Args)]
pub struct RuleArgs {
    /// A rule code (`L001`) or name (`self-invocation`).
    #[arg(required_unless_present = "all")]
    pub rule: Option<String>,
    /// List every rule with its code, name, default severity and summary.
    #[arg(long, conflicts_with = "rule")]
    pub all: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    pub fn enabled(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::io::stdout().is_terminal()
            }
        }
    }
}

/// Parse the arguments and run; returns the exit code.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            return if err.use_stderr() {
                EXIT_FAILURE
            } else {
                EXIT_OK
            };
        }
    };
    match cli.command {
        Command::Check(args) => commands::check::run(&args),
        Command::Fmt(args) => commands::fmt::run(&args),
        Command::Rule(args) => commands::rule::run(&args),
        Command::Config(args) => commands::config::show(&args),
        Command::Init(args) => commands::config::init(&args),
        Command::Completions(args) => commands::generate::completions(args.shell),
        Command::Man => commands::generate::man(),
    }
}

/// The `clap` command, for completions and the man page.
pub fn command() -> clap::Command {
    <Cli as clap::CommandFactory>::command()
}
