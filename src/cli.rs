//! The command line's shape: the commands and their arguments, nothing
//! else. Each command's own arguments are defined beside it, in
//! `crate::commands`; `crate::run_command_line` parses and dispatches.

use clap::{Parser, Subcommand};

use crate::commands::check::CheckArgs;
use crate::commands::config::{ConfigArgs, InitArgs};
use crate::commands::fmt::FmtArgs;
use crate::commands::generate::{CompletionsArgs, ManArgs};
use crate::commands::hook::HookArgs;
use crate::commands::mcp::McpArgs;
use crate::commands::rule::RuleArgs;
use crate::commands::server::ServerArgs;

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
    #[command(visible_alias = "format")]
    Fmt(FmtArgs),
    /// Show the documentation of a rule, or list every rule (as text, or
    /// JSON with `--output-format json`).
    Rule(RuleArgs),
    /// Print the resolved settings for a path, each with where it came from.
    Config(ConfigArgs),
    /// Write a commented default `.boardlint.yaml` in the current directory
    /// (or in the directory given, created if need be).
    Init(InitArgs),
    /// The stop hook of the agent CLIs (Claude Code, Codex CLI, Gemini CLI,
    /// Cursor): read the hook's JSON on standard input, check the turn's
    /// answer after the session so far, and send it back to the model with
    /// what to fix. Fails open.
    Hook(HookArgs),
    /// A Model Context Protocol server on standard input and output: the
    /// tools `check`, `format`, `explain_rule` and `list_rules`, for agents
    /// to lint their drafts before answering.
    Mcp(McpArgs),
    /// A Language Server on standard input and output, for editors:
    /// diagnostics as you type, formatting, quick fixes, suppressions and
    /// rule pages on hover (docs/editors.md).
    Server(ServerArgs),
    /// Print a shell completion script.
    Completions(CompletionsArgs),
    /// Print a man page (roff): boardlint's, or a command's; `--dir DIR`
    /// writes every page.
    Man(ManArgs),
}

/// The `clap` command, for completions and the man page.
pub fn command() -> clap::Command {
    <Cli as clap::CommandFactory>::command()
}
