//! `boardlint hook`: the stop hook of the agent CLIs. It reads the hook's
//! JSON on standard input, checks the turn's final answer after the
//! session so far, and, when something must be fixed, answers in the
//! tool's own contract so that the tool sends the answer back to the model
//! with boardlint's reason. Inside the agent loop it fails open: whatever
//! goes wrong, the turn may end, and standard error says why.

mod budget;
mod history;
mod install;
mod json;
mod payload;
mod reply;

use std::io::Write;
use std::path::Path;

use clap::{Args, Subcommand};

use super::check::FailOn;
use crate::config::Config;
use crate::diagnostic::Diagnostic;
use crate::engine::{Before, Engine};
use crate::files::Input;
pub use payload::Agent;

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct HookArgs {
    #[command(subcommand)]
    pub action: Option<HookAction>,
    /// The tool that calls the hook; by default told from its input.
    #[arg(long, value_enum)]
    pub agent: Option<Agent>,
    /// The findings that send an answer back: errors (default) or any
    /// warning too; `never` only reports.
    #[arg(long, value_enum, default_value_t = FailOn::Error)]
    pub fail_on: FailOn,
    /// When the hook cannot check an answer (bad input, an unreadable
    /// configuration, an internal error), block the turn instead of letting
    /// it end.
    #[arg(long)]
    pub fail_closed: bool,
}

#[derive(Debug, Subcommand)]
pub enum HookAction {
    /// Add boardlint's hook to a tool's configuration file (Claude Code
    /// `.claude/settings.json`, Codex CLI `.codex/hooks.json`, Gemini CLI
    /// `.gemini/settings.json`, Cursor `.cursor/hooks.json`), keeping all
    /// else in it.
    Install(install::InstallArgs),
    /// Remove from a tool's configuration exactly what `hook install` added.
    Uninstall(install::InstallArgs),
}

/// What one call decides.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    /// Nothing to fix: the turn ends, nothing is printed.
    Pass,
    /// Send the answer back with this reply on standard output.
    Block(String),
    /// The retries are spent: the turn ends; a reply for the user on
    /// standard output, if the tool has a field for it, and a line on
    /// standard error.
    Spent(Option<String>, String),
}

pub fn run(args: &HookArgs) -> i32 {
    match &args.action {
        Some(HookAction::Install(a)) => return install::install(a),
        Some(HookAction::Uninstall(a)) => return install::uninstall(a),
        None => {}
    }
    let input = match crate::files::read(&Input::Stdin) {
        Ok(input) => input,
        Err(e) => return cannot_check(args, &format!("cannot read the hook's input: {e}")),
    };
    let decided = crate::guard::contain(|| decide(args, &input));
    let answer = match decided {
        Ok(Ok(answer)) => answer,
        Ok(Err(why)) => return cannot_check(args, &why),
        Err(panic) => return cannot_check(args, &format!("internal error: {panic}")),
    };
    let mut out = std::io::stdout().lock();
    match answer {
        Answer::Pass => {}
        Answer::Block(reply) => {
            let _ = writeln!(out, "{reply}");
        }
        Answer::Spent(reply, line) => {
            eprintln!("{line}");
            if let Some(reply) = reply {
                let _ = writeln!(out, "{reply}");
            }
        }
    }
    0
}

/// The hook could not check the answer: fail open (exit 0, the turn ends),
/// or with `--fail-closed` block it (exit 2, which every tool reads as a
/// block with standard error as the reason).
fn cannot_check(args: &HookArgs, why: &str) -> i32 {
    if args.fail_closed {
        eprintln!(
            "boardlint hook could not check this answer: {why}; it is blocked (--fail-closed)"
        );
        2
    } else {
        eprintln!("boardlint hook: {why}; the turn is allowed to end");
        0
    }
}

fn decide(args: &HookArgs, input: &str) -> Result<Answer, String> {
    let payload = payload::parse(input, args.agent)?;
    let Some(text) = payload.text.clone() else {
        return Err(format!(
            "{} sent no answer to check (no `last_assistant_message`)",
            payload.agent.name()
        ));
    };
    let config = load_config(payload.cwd.as_deref())?;
    let max_retries = config.settings.hook_max_retries;
    let (state, known) = budget::load(&payload);
    // Gemini CLI hands a retry both answers, the one sent back first.
    let text = match text.strip_prefix(state.answer.as_str()) {
        Some(rest) if !state.answer.is_empty() && !rest.trim().is_empty() => rest.to_string(),
        _ => text,
    };
    let engine = Engine::new(config);
    let cwd = payload.cwd.as_deref();
    let session = payload
        .transcript
        .as_deref()
        .and_then(|log| Some((log, history::read(&engine, &payload, log)?)));
    let (found, cut) = match &session {
        Some((_, session)) => engine.check_turn_after(cwd, session.before(), &text),
        None => engine.check_turn_after(cwd, Before::default(), &text),
    };
    if let (Some((log, session)), Some(cut)) = (&session, &cut) {
        history::save(&payload, log, session, cut);
    }
    let found: Vec<Diagnostic> = found
        .into_iter()
        .filter(|d| args.fail_on.fails(d.severity))
        .collect();
    if found.is_empty() {
        budget::clear(&payload);
        return Ok(Answer::Pass);
    }
    let used = if known { state.retries } else { max_retries };
    if used >= max_retries {
        budget::clear(&payload);
        let line = reply::spent_line(used, &found);
        return Ok(Answer::Spent(reply::spent(payload.agent, &line), line));
    }
    budget::record(&payload, used + 1, &text);
    Ok(Answer::Block(reply::block(
        payload.agent,
        &reply::reason(
            &text,
            &found,
            card_rewrite(&engine, &text, &found).as_deref(),
        ),
    )))
}

/// The answer as `boardlint fmt` writes it, when its card has findings and
/// the rewrite has fewer of them.
fn card_rewrite(engine: &Engine, text: &str, found: &[Diagnostic]) -> Option<String> {
    let card = |d: &Diagnostic| d.code.starts_with('C');
    if !found.iter().any(card) {
        return None;
    }
    let formatted = engine.format(None, text)?;
    if formatted == text {
        return None;
    }
    let cards = |t: &str| engine.check(None, t).iter().filter(|d| card(d)).count();
    (cards(&formatted) < cards(text)).then_some(formatted)
}

/// The configuration that governs the agent's directory.
fn load_config(cwd: Option<&Path>) -> Result<Config, String> {
    let start = match cwd {
        Some(dir) => dir.to_path_buf(),
        None => std::env::current_dir().map_err(|e| crate::files::io_cause(&e))?,
    };
    Config::discover(&start).map_err(|errors| {
        let first = errors.first().map(ToString::to_string).unwrap_or_default();
        format!("the configuration cannot be read: {first}")
    })
}
