//! `boardlint hook`: the stop hook of the agent CLIs. It reads the hook's
//! JSON on standard input, checks the turn's final answer (Cursor's, which
//! its input does not hold: the last turn of its transcript) after the
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
mod store;

use std::io::Write;
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};

use super::failing::FailOn;
use crate::config::Config;
use crate::diagnostic::Diagnostic;
use crate::engine::{Before, Engine};
use budget::Budget;
pub use payload::Agent;
use store::Store;

/// The hook's exit statuses, as `run` and `cannot_check` return them.
const EXIT_STATUS: &str = "Exit status: 0 when the answer passes, is sent back (the reply on standard output), ends with its retries spent or is not checked (it fails open, or the turn did not complete); 2 when it cannot check an answer under --fail-closed, which the tools read as a block, and on a usage error.";

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, after_help = EXIT_STATUS)]
pub struct HookArgs {
    #[command(subcommand)]
    pub action: Option<HookAction>,
    /// The tool that calls the hook; by default told from its input.
    #[arg(long, value_enum)]
    pub agent: Option<Agent>,
    /// The findings that send an answer back.
    #[arg(long, value_enum, default_value_t = SendBack::Error)]
    pub fail_on: SendBack,
    /// When the hook cannot check an answer (bad input, an unreadable
    /// configuration, an internal error), block the turn (exit 2) instead
    /// of letting it end (exit 0).
    #[arg(long)]
    pub fail_closed: bool,
}

/// The findings that send an answer back (`--fail-on`): `check`'s levels,
/// read as what the hook does with them, which is never an exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SendBack {
    /// An error sends the answer back.
    Error,
    /// Any warning or error sends the answer back.
    Warning,
    /// Nothing is sent back: every turn ends.
    Never,
}

impl SendBack {
    /// Whether a finding of this severity sends the answer back, as it
    /// would fail `check` at the same level.
    fn fails(self, severity: crate::diagnostic::Severity) -> bool {
        let level = match self {
            SendBack::Error => FailOn::Error,
            SendBack::Warning => FailOn::Warning,
            SendBack::Never => FailOn::Never,
        };
        level.fails(severity)
    }
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
    /// The turn is none to check (the user stopped the agent, or it
    /// failed): it ends, and standard error says why.
    Unchecked(String),
}

/// What a call needs of its flags.
#[derive(Debug, Clone, Copy)]
struct Flags {
    agent: Option<Agent>,
    fail_on: SendBack,
}

/// The most bytes of hook input read: a payload is a few kilobytes and an
/// answer rarely more than a few hundred.
const MAX_PAYLOAD: usize = 64 << 20;

/// How long a call may take until the configuration says otherwise
/// (`hook.timeout-ms`).
const DEFAULT_TIMEOUT: Duration = Duration::from_millis(5000);

/// What the check tells the thread that waits for it.
enum News {
    /// The configuration's deadline, once it is read.
    Deadline(Duration),
    Done(Result<Answer, String>),
}

pub fn run(args: &HookArgs) -> i32 {
    match &args.action {
        Some(HookAction::Install(a)) => return install::install(a),
        Some(HookAction::Uninstall(a)) => return install::uninstall(a),
        None => {}
    }
    let flags = Flags {
        agent: args.agent,
        fail_on: args.fail_on,
    };
    let started = Instant::now();
    // The check runs on a thread of its own so that a deadline holds
    // whatever it waits on; the process ends with this thread.
    let (tx, rx) = mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("boardlint-hook".into())
        .spawn(move || {
            let result = crate::guard::contain(|| decide(flags, started, &tx))
                .unwrap_or_else(|panic| Err(format!("internal error: {panic}")));
            let _ = tx.send(News::Done(result));
        });
    if let Err(e) = spawned {
        return cannot_check(args, &format!("cannot start the check: {e}"));
    }
    let mut timeout = DEFAULT_TIMEOUT;
    let answer = loop {
        let left = (started + timeout).saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(News::Deadline(d)) => timeout = d,
            Ok(News::Done(Ok(answer))) => break answer,
            Ok(News::Done(Err(why))) => return cannot_check(args, &why),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                return cannot_check(
                    args,
                    &format!(
                        "the check did not end within {} ms (`hook.timeout-ms`)",
                        timeout.as_millis()
                    ),
                )
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return cannot_check(args, "internal error: the check ended without an answer")
            }
        }
    };
    let mut out = std::io::stdout().lock();
    match answer {
        Answer::Pass => {}
        Answer::Block(reply) => {
            let _ = writeln!(out, "{reply}");
        }
        Answer::Spent(reply, line) => {
            say(&line);
            if let Some(reply) = reply {
                let _ = writeln!(out, "{reply}");
            }
        }
        Answer::Unchecked(line) => say(&line),
    }
    0
}

/// The hook could not check the answer: fail open (exit 0, the turn ends),
/// or with `--fail-closed` block it (exit 2, which every tool reads as a
/// block with standard error as the reason).
fn cannot_check(args: &HookArgs, why: &str) -> i32 {
    let why = crate::secrets::scrub(why);
    if args.fail_closed {
        say(&format!(
            "boardlint hook could not check this answer: {why}; it is blocked (--fail-closed)"
        ));
        2
    } else {
        say(&format!(
            "boardlint hook: {why}; the turn is allowed to end"
        ));
        0
    }
}

/// A line on standard error. One that cannot be written (a pipe closed by
/// the tool) is dropped instead of ending the process with a panic's
/// status: the exit status stays one the help names.
fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Text on standard output, dropped as [`say`] drops a line.
fn show(text: &str) {
    let _ = write!(std::io::stdout(), "{text}");
}

/// The hook's input, at most [`MAX_PAYLOAD`] bytes of UTF-8.
fn read_input() -> Result<String, String> {
    let bytes = crate::files::read_bounded(std::io::stdin().lock(), 0, MAX_PAYLOAD)
        .map_err(|e| format!("cannot read the hook's input: {e}"))?;
    crate::files::decode(bytes).map_err(|e| format!("cannot read the hook's input: {e}"))
}

fn decide(flags: Flags, started: Instant, news: &mpsc::Sender<News>) -> Result<Answer, String> {
    let input = read_input()?;
    decide_on(flags, started, news, input)
}

/// One hook input, decided as `boardlint hook` decides it (the fuzz
/// target's entry): whether it was checked, and the reply, if any.
#[cfg(feature = "internals")]
pub fn answer_input(input: String) -> Result<Option<String>, String> {
    let flags = Flags {
        agent: None,
        fail_on: SendBack::Error,
    };
    let (news, _) = mpsc::channel();
    Ok(match decide_on(flags, Instant::now(), &news, input)? {
        Answer::Pass | Answer::Unchecked(_) => None,
        Answer::Block(reply) => Some(reply),
        Answer::Spent(reply, line) => Some(reply.unwrap_or(line)),
    })
}

fn decide_on(
    flags: Flags,
    started: Instant,
    news: &mpsc::Sender<News>,
    input: String,
) -> Result<Answer, String> {
    let payload = payload::parse(&input, flags.agent)?;
    drop(input);
    if let Some(status) = payload.status.as_deref().filter(|s| *s != "completed") {
        return Ok(Answer::Unchecked(format!(
            "boardlint hook: the agent loop ended `{status}`, not `completed`: its answer is not checked"
        )));
    }
    // Cursor's answer is in its transcript, read below.
    if payload.text.is_none() && payload.agent != Agent::Cursor {
        return Err(format!(
            "{} sent no answer to check (no `last_assistant_message`)",
            payload.agent.name()
        ));
    }
    let config = load_config(payload.cwd.as_deref())?;
    let timeout = Duration::from_millis(config.settings.hook_timeout_ms);
    let _ = news.send(News::Deadline(timeout));
    let max_retries = config.settings.hook_max_retries;
    let store = match Store::open() {
        Ok(store) => {
            store.expire();
            Some(store)
        }
        Err(why) => {
            say(&format!("boardlint hook: no state is kept: {why}"));
            None
        }
    };
    // Calls for the same agent wait for each other, within the deadline.
    let budget = Budget::open(store.as_ref(), &payload, started + timeout);
    let (state, known) = budget.load(&payload);
    let engine = Engine::shared(config);
    let cwd = payload.cwd.as_deref();
    let mut session = payload
        .transcript
        .as_deref()
        .and_then(|log| Some((log, history::read(&engine, store.as_ref(), &payload, log)?)));
    let text = match &payload.text {
        Some(text) => text.clone(),
        None => answer_in_log(&payload, session.as_ref().map(|(_, s)| s))?,
    };
    // Gemini CLI hands a retry both answers, the one sent back first.
    let text = state.after_earlier(&text).to_string();
    let check = |session: Option<&history::Session>| {
        engine.check_turn_after(
            cwd,
            session.map_or_else(Before::default, |s| s.before()),
            &text,
        )
    };
    let checked = match check(session.as_ref().map(|(_, s)| s)) {
        Some(checked) => Some(checked),
        // The state the cut carried does not hold: the log is read whole.
        None => {
            session =
                session.and_then(|(log, _)| Some((log, history::reread(&engine, &payload, log)?)));
            check(session.as_ref().map(|(_, s)| s))
        }
    };
    // Read from its start, a history's state always holds.
    let (found, cut) = checked.unwrap_or_default();
    if let (Some(store), Some((log, session)), Some(cut)) = (&store, &session, &cut) {
        history::save(store, &payload, log, session, cut);
    }
    drop(session);
    let found: Vec<Diagnostic> = found
        .into_iter()
        .filter(|d| flags.fail_on.fails(d.severity))
        .collect();
    if found.is_empty() {
        budget.clear();
        return Ok(Answer::Pass);
    }
    let spent = match known {
        false => Some(reply::Tries::Unknown),
        true if state.retries >= max_retries => Some(reply::Tries::Counted(state.retries)),
        true => None,
    };
    if let Some(tries) = spent {
        budget.clear();
        let line = reply::spent_line(tries, &found);
        return Ok(Answer::Spent(reply::spent(payload.agent, &line), line));
    }
    budget.record(state.retries + 1, &text);
    Ok(Answer::Block(reply::block(
        payload.agent,
        &reply::reason(
            &text,
            &found,
            card_rewrite(&engine, &text, &found).as_deref(),
        ),
    )))
}

/// The answer of a tool that hands its hook none (Cursor): the last turn
/// of the transcript it names, which it writes before it calls the hook.
/// `session` is that transcript, read; an error says why there is no
/// answer to check.
fn answer_in_log(
    payload: &payload::Payload,
    session: Option<&history::Session>,
) -> Result<String, String> {
    let tool = payload.agent.name();
    let Some(log) = payload.transcript.as_deref() else {
        return Err(format!(
            "{tool} sent no answer to check and names no transcript to read it from (`transcript_path` is null when its transcripts are off)"
        ));
    };
    let shown = crate::files::display_path(log);
    let Some(session) = session else {
        let cause = match std::fs::metadata(log) {
            Err(e) => crate::files::io_cause(&e),
            Ok(_) => "no session log boardlint reads, or no assistant text in it".to_string(),
        };
        return Err(format!(
            "{tool} sent no answer to check, and its transcript cannot be read: {shown}: {cause}"
        ));
    };
    match session.last_turn() {
        None => Err(format!(
            "{tool} sent no answer to check, and {shown} is no Cursor agent transcript, where the turn's answer could be read"
        )),
        Some(turn) if turn.trim().is_empty() => Err(format!(
            "{tool} sent no answer to check, and its transcript {shown} holds no assistant text after the last user message"
        )),
        Some(turn) => Ok(turn.to_string()),
    }
}

/// The answer as `boardlint fmt` writes it, when its card has findings and
/// the rewrite has fewer of them.
fn card_rewrite(engine: &Engine, text: &str, found: &[Diagnostic]) -> Option<String> {
    let card = |d: &Diagnostic| crate::rules::family_of(d.code) == Some(crate::rules::Family::Card);
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
fn load_config(cwd: Option<&Path>) -> Result<std::sync::Arc<Config>, String> {
    let start = match cwd {
        Some(dir) => dir.to_path_buf(),
        None => std::env::current_dir().map_err(|e| crate::files::io_cause(&e))?,
    };
    // Found and read as `check` finds them, for the one call.
    let configs = crate::config::Resolver::new(None, false, None, crate::config::Keep::Run);
    configs.config_for(&start).map_err(|failure| {
        let first = failure
            .errors
            .first()
            .map(ToString::to_string)
            .unwrap_or_default();
        format!("the configuration cannot be read: {first}")
    })
}
