//! `boardlint hook install` and `uninstall`: boardlint's hook merged into
//! the tool's own configuration file, beside whatever else it holds, and
//! taken out again: exactly the entries it added.

use std::path::{Path, PathBuf};

use clap::Args;

use super::json::{Json, Style};
use super::payload::Agent;
use super::{say, show};

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 when the file was changed or needed no change, 2 on an error (the file is left as it was)."
)]
pub struct InstallArgs {
    /// The tool whose configuration gets the hook.
    #[arg(value_enum)]
    pub agent: Agent,
    /// The project's configuration, in the current directory (the default).
    #[arg(long, conflicts_with = "user")]
    pub project: bool,
    /// The user's configuration, in the home directory (for Codex CLI,
    /// `$CODEX_HOME`).
    #[arg(long)]
    pub user: bool,
    /// Print the change as a diff instead of writing it.
    #[arg(long)]
    pub dry_run: bool,
    /// The command the hook runs (an absolute path, say, when `boardlint`
    /// is not on the tool's `PATH`).
    #[arg(long, default_value = "boardlint hook")]
    pub command: String,
}

/// The file, the events and the entry of one tool.
struct Target {
    path: PathBuf,
    events: &'static [&'static str],
    command: String,
}

fn target(args: &InstallArgs) -> Result<Target, String> {
    let home = || {
        std::env::var_os("HOME")
            .filter(|h| !h.is_empty())
            .map(PathBuf::from)
            .ok_or_else(|| "HOME is not set: use --project".to_string())
    };
    // The project's directory, or the user's: `~/NAME`, or for Codex CLI
    // `$CODEX_HOME` when it is set.
    let dir = |name: &str| -> Result<PathBuf, String> {
        if !args.user {
            return Ok(PathBuf::from(name));
        }
        if args.agent == Agent::Codex {
            if let Some(home) = std::env::var_os("CODEX_HOME").filter(|h| !h.is_empty()) {
                return Ok(PathBuf::from(home));
            }
        }
        Ok(home()?.join(name))
    };
    let (dir, file, events): (PathBuf, &str, &'static [&'static str]) = match args.agent {
        Agent::Claude => (dir(".claude")?, "settings.json", &["Stop", "SubagentStop"]),
        Agent::Codex => (dir(".codex")?, "hooks.json", &["Stop", "SubagentStop"]),
        Agent::Gemini => (dir(".gemini")?, "settings.json", &["AfterAgent"]),
        Agent::Cursor => (dir(".cursor")?, "hooks.json", &["stop"]),
    };
    let command = match args.agent {
        // Cursor's input is told by its event too, but naming it costs
        // nothing and survives a change of its keys.
        Agent::Cursor => format!("{} --agent cursor", args.command),
        _ => args.command.clone(),
    };
    Ok(Target {
        path: dir.join(file),
        events,
        command,
    })
}

pub fn install(args: &InstallArgs) -> i32 {
    change(args, true)
}

pub fn uninstall(args: &InstallArgs) -> i32 {
    change(args, false)
}

/// The largest settings file read: far more than any tool writes.
const MAX_SETTINGS: usize = 16 << 20;

/// The file's text, `None` when there is no file. A named pipe, a device
/// or a directory is refused before it is read (a pipe would wait for a
/// writer), and so is a file over [`MAX_SETTINGS`].
fn read_settings(path: &Path) -> Result<Option<String>, String> {
    let shown = crate::files::display_path(path);
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        _ => {}
    }
    let bytes = crate::files::read_regular(path, MAX_SETTINGS).map_err(|e| match e {
        crate::files::ReadError::TooLarge { .. } => format!(
            "{shown}: {e}; a tool's settings file is at most {MAX_SETTINGS} bytes here: left as it is"
        ),
        e => format!("{shown}: {e}"),
    })?;
    crate::files::decode(bytes)
        .map(Some)
        .map_err(|e| format!("{shown}: {e}; left as it is"))
}

/// The file read as a JSON object whose hooks boardlint can merge with.
fn parse_settings(text: &str, path: &Path, agent: Agent, events: &[&str]) -> Result<Json, String> {
    let shown = crate::files::display_path(path);
    if text.trim().is_empty() {
        return Ok(Json::object());
    }
    let json = serde_json::from_str::<Json>(text).map_err(|e| match e.is_data() {
        // Well-formed, but not what a settings file may hold.
        true => format!("{shown}: {e}; left as it is"),
        false => format!("{shown}: not JSON ({e}); left as it is"),
    })?;
    if !matches!(json, Json::Object(_)) {
        return Err(format!(
            "{shown}: not a JSON object ({}); left as it is",
            json.kind()
        ));
    }
    shape(&json, agent, events).map_err(|(at, why)| {
        format!("{shown}: `{at}` is {why}; boardlint cannot merge its hook there: left as it is")
    })?;
    Ok(json)
}

/// Where and why the parts of the file boardlint reads or writes are not
/// of the shape the tool reads: `hooks` an object, each of boardlint's
/// events a list of hook groups (each an object whose `hooks` is a list of
/// objects; for Cursor, each entry an object) and Cursor's `version` 1.
fn shape(json: &Json, agent: Agent, events: &[&str]) -> Result<(), (String, String)> {
    let tool = agent.name();
    if agent == Agent::Cursor {
        if let Some(version) = json.get("version") {
            if *version != Json::Number(1.into()) {
                let what = match version {
                    Json::Number(n) => format!("{n}"),
                    other => other.kind().to_string(),
                };
                return Err((
                    "version".to_string(),
                    format!("{what}, where boardlint writes hooks of version 1"),
                ));
            }
        }
    }
    let Some(hooks) = json.get("hooks") else {
        return Ok(());
    };
    let Json::Object(_) = hooks else {
        return Err((
            "hooks".to_string(),
            format!("{}, where {tool} expects an object of events", hooks.kind()),
        ));
    };
    for event in events {
        let Some(list) = hooks.get(event) else {
            continue;
        };
        let at = format!("hooks.{event}");
        let Json::Array(list) = list else {
            return Err((at, format!("{}, where {tool} expects a list", list.kind())));
        };
        for (i, entry) in list.iter().enumerate() {
            let at = format!("{at}[{i}]");
            if !matches!(entry, Json::Object(_)) {
                let what = match agent {
                    Agent::Cursor => "a hook (an object with `command`)",
                    _ => "a hook group (an object with `hooks`)",
                };
                return Err((at, format!("{}, where {tool} expects {what}", entry.kind())));
            }
            if agent == Agent::Cursor {
                continue;
            }
            let at = format!("{at}.hooks");
            match entry.get("hooks") {
                None => return Err((at, format!("missing, where {tool} expects a list of hooks"))),
                Some(Json::Array(items)) => {
                    for (j, item) in items.iter().enumerate() {
                        if !matches!(item, Json::Object(_)) {
                            return Err((
                                format!("{at}[{j}]"),
                                format!(
                                    "{}, where {tool} expects a hook (an object with `type` and `command`)",
                                    item.kind()
                                ),
                            ));
                        }
                    }
                }
                Some(other) => {
                    return Err((
                        at,
                        format!("{}, where {tool} expects a list of hooks", other.kind()),
                    ))
                }
            }
        }
    }
    Ok(())
}

fn change(args: &InstallArgs, adding: bool) -> i32 {
    let result = target(args).and_then(|t| {
        let before = read_settings(&t.path)?;
        let text = before.as_deref().unwrap_or("");
        let mut json = parse_settings(text, &t.path, args.agent, t.events)?;
        // Written back as it was laid out, so that uninstall gives back
        // the file install changed, byte for byte.
        let style = Style::of(text, &json);
        let changed = if adding {
            add(&mut json, args.agent, &t)
        } else {
            remove(&mut json, args.agent, &t)
        };
        Ok((t, before, json, style, changed))
    });
    let (t, before, json, style, changed) = match result {
        Ok(done) => done,
        Err(why) => {
            say(&format!("error: {}", crate::output::safe::error(&why)));
            return 2;
        }
    };
    let shown = crate::files::display_path(&t.path);
    let events = t.events.join(", ");
    if !changed {
        if adding {
            show(&format!(
                "boardlint's hook is already in {shown} ({events})\n"
            ));
        } else {
            show(&format!(
                "boardlint's hook is not in {shown}: nothing to remove\n"
            ));
        }
        return 0;
    }
    let emptied = !adding && is_bare(&json, args.agent);
    let after = if emptied {
        String::new()
    } else {
        json.write(&style)
    };
    if args.dry_run {
        show(&crate::output::diff::unified_diff(
            &shown,
            before.as_deref().unwrap_or(""),
            &after,
        ));
        return 0;
    }
    let written = match (&before, emptied) {
        (Some(_), true) => std::fs::remove_file(&t.path).map_err(|e| crate::files::io_cause(&e)),
        (Some(read), false) => crate::files::write_atomic(&t.path, read, &after).map(|_| ()),
        (None, _) => create(&t.path, &after),
    };
    if let Err(why) = written {
        say(&format!("error: {shown}: {why}"));
        return 2;
    }
    if adding {
        show(&format!(
            "added boardlint's hook to {shown} ({events}): `{}`\n",
            t.command
        ));
        if args.agent == Agent::Codex && !args.user {
            show("Codex CLI reads a project's .codex/hooks.json only when the project is trusted: `[projects.\"<this directory>\"] trust_level = \"trusted\"` in its config.toml (or install with --user, into $CODEX_HOME/hooks.json)\n");
        }
        if args.agent == Agent::Codex {
            show("Codex CLI runs only hooks it trusts: run `codex exec --dangerously-bypass-hook-trust …`, or trust this one in config.toml (`[hooks.state.\"<key>\"]` with `trusted_hash` set to the hash `codex app-server` reports for it in `hooks/list`)\n");
        }
    } else if emptied {
        show(&format!(
            "removed boardlint's hook from {shown}, and the file, which held nothing else\n"
        ));
    } else {
        show(&format!(
            "removed boardlint's hook from {shown} ({events})\n"
        ));
    }
    0
}

fn create(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| crate::files::io_cause(&e))?;
    }
    crate::files::write_new(path, text)
}

/// The hook entry boardlint writes for one event.
fn entry(agent: Agent, command: &str) -> Json {
    let pair = |k: &str, v: Json| (k.to_string(), v);
    match agent {
        Agent::Cursor => Json::Object(vec![
            pair("command", Json::string(command)),
            pair("loop_limit", Json::Number(2.into())),
        ]),
        _ => Json::Object(vec![pair(
            "hooks",
            Json::Array(vec![Json::Object(vec![
                pair("type", Json::string("command")),
                pair("command", Json::string(command)),
            ])]),
        )]),
    }
}

/// Whether an event's list already runs `command`.
fn has(list: &[Json], agent: Agent, command: &str) -> bool {
    list.iter().any(|e| match agent {
        Agent::Cursor => e.get("command").and_then(Json::as_str) == Some(command),
        _ => match e.get("hooks") {
            Some(Json::Array(hooks)) => hooks
                .iter()
                .any(|h| h.get("command").and_then(Json::as_str) == Some(command)),
            _ => false,
        },
    })
}

fn add(json: &mut Json, agent: Agent, t: &Target) -> bool {
    let mut changed = false;
    if agent == Agent::Cursor && json.get("version").is_none() {
        if let Json::Object(pairs) = json {
            pairs.insert(0, ("version".to_string(), Json::Number(1.into())));
        }
        changed = true;
    }
    let Some(hooks) = json.entry("hooks", Json::object()) else {
        return changed;
    };
    for event in t.events {
        let Some(Json::Array(list)) = hooks.entry(event, Json::Array(Vec::new())) else {
            continue;
        };
        if !has(list, agent, &t.command) {
            list.push(entry(agent, &t.command));
            changed = true;
        }
    }
    changed
}

/// Take boardlint's entries out of each of its events. A group, an event's
/// list or `hooks` itself goes only when removing them emptied it: empty
/// ones the file held before stay as they were.
fn remove(json: &mut Json, agent: Agent, t: &Target) -> bool {
    let mut changed = false;
    let Some(hooks @ Json::Object(_)) = json.get_mut("hooks") else {
        return false;
    };
    for event in t.events {
        let Some(Json::Array(list)) = hooks.get_mut(event) else {
            continue;
        };
        let before = list.len();
        match agent {
            Agent::Cursor => {
                list.retain(|e| e.get("command").and_then(Json::as_str) != Some(&t.command));
            }
            _ => {
                list.retain_mut(|group| {
                    let Some(Json::Array(items)) = group.get_mut("hooks") else {
                        return true;
                    };
                    let n = items.len();
                    items.retain(|h| h.get("command").and_then(Json::as_str) != Some(&t.command));
                    changed |= items.len() != n;
                    !(items.is_empty() && n > 0)
                });
            }
        }
        changed |= list.len() != before;
        if list.is_empty() && before > 0 {
            hooks.remove(event);
        }
    }
    if changed && hooks.is_empty_container() {
        json.remove("hooks");
    }
    changed
}

/// A file left with nothing but what boardlint's hook needed.
fn is_bare(json: &Json, agent: Agent) -> bool {
    match json {
        Json::Object(pairs) => pairs
            .iter()
            .all(|(k, v)| agent == Agent::Cursor && k == "version" && *v == Json::Number(1.into())),
        _ => false,
    }
}
