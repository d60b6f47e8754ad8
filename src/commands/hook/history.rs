//! The session so far, kept between the calls of one session so that each
//! turn reads only what was appended: where the history was last cut, and
//! the state the text before the cut leaves (see `engine/turn.rs`).
//!
//! The state is kept beside the retry budget, in the cache directory's
//! `hook/`, a file a session log. For the logs a reader can resume at a
//! message (Claude Code, Codex CLI and Pi; see
//! [`SessionFormat::resumes_at_messages`]) it says from which byte to read
//! the log on, and the hash of the 4 KB before that byte; other logs are
//! read whole and their text is cut where it was, after the hash of the
//! text before the cut is found unchanged. Whatever does not match (another
//! boardlint, other settings, a log rewritten or cut short) is read whole,
//! as on the first turn.

use std::hash::{Hash, Hasher};
use std::io::{Read as _, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::payload::Payload;
use crate::engine::{Before, Engine};
use crate::model::{Carry, Cut};
use crate::sessions::{History, SessionFormat};

/// The bytes before a resume point whose hash is kept.
const WINDOW: u64 = 4096;

/// The largest session log read (as `check` reads files).
const MAX_LOG: u64 = 4 << 30;

/// The session so far, read for one call.
pub struct Session {
    format: SessionFormat,
    /// The bytes of the log from `start` to its end.
    bytes: Vec<u8>,
    start: u64,
    /// Where the history was read from (`Log`), or where its text was cut
    /// (`Text`).
    from: From,
    history: History,
    /// The history's message starts, from `skip` on, less `skip`.
    starts: Vec<usize>,
    carry: Option<Carry>,
    /// The hash of the settings it was read with, saved with its state.
    settings: u64,
}

#[derive(Debug, Clone, Copy)]
enum From {
    /// The log was read from this byte (a line start).
    Log(u64),
    /// The log was read whole; its history text is read from this offset.
    Text(usize),
}

impl Session {
    /// What the turn is checked after.
    pub fn before(&self) -> Before<'_> {
        let skip = self.skip();
        Before {
            text: &self.history.text[skip..],
            starts: &self.starts,
            carry: self.carry.as_ref(),
        }
    }

    fn skip(&self) -> usize {
        match self.from {
            From::Log(_) => 0,
            From::Text(at) => at,
        }
    }
}

#[derive(Debug, Serialize, Deserialize)]
struct Saved {
    /// The boardlint that wrote it.
    boardlint: String,
    /// The hash of the settings the history was read with.
    settings: u64,
    format: String,
    resume: Resume,
    /// Its roles by their place in the settings' roles, which `settings`
    /// holds unchanged.
    carry: Carry,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "read", rename_all = "kebab-case")]
enum Resume {
    /// Read the log on from byte `from`; `check` is the hash of the bytes
    /// before it (at most [`WINDOW`]).
    Log { from: u64, check: u64 },
    /// Read the log whole and its history text from offset `at`; `check`
    /// is the hash of the text before it.
    Text { at: usize, check: u64 },
}

/// Where the state of a session log is kept.
fn state_path(payload: &Payload, log: &Path) -> Option<PathBuf> {
    let name = super::budget::file_stem(payload.session_id.as_deref()?)?;
    let mut hasher = std::hash::DefaultHasher::new();
    log.hash(&mut hasher);
    Some(super::budget::dir()?.join(format!("{name}.history-{:016x}.json", hasher.finish())))
}

fn hash(bytes: &[u8]) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    hasher.write(bytes);
    hasher.finish()
}

/// The session log at `log`, read from where the last call cut it when
/// that still holds, else whole. `None`: no log boardlint reads, or no
/// conversation in it with text.
pub fn read(engine: &Engine, payload: &Payload, log: &Path) -> Option<Session> {
    let cwd = payload.cwd.as_deref();
    // Resolved once: the state saved is valid only under the same settings.
    let resolved = engine.settings(cwd);
    let settings = hash(format!("{resolved:?}").as_bytes());
    let roles = resolved.roles.names().count();
    let saved = state_path(payload, log)
        .and_then(|p| std::fs::read_to_string(p).ok())
        .and_then(|text| serde_json::from_str::<Saved>(&text).ok())
        .filter(|s| s.boardlint == env!("CARGO_PKG_VERSION") && s.settings == settings);
    if let Some(saved) = saved {
        if let Some(session) = resume(engine, cwd, log, saved, roles, settings) {
            return Some(session);
        }
    }
    let bytes = read_from(log, 0)?;
    let text = std::str::from_utf8(&bytes).ok()?;
    let format = crate::sessions::detect(Some(log), text)?;
    let history = engine.turn_history(cwd, format, text)?;
    let starts = history.starts.iter().map(|&(at, _)| at).collect();
    Some(Session {
        format,
        bytes,
        start: 0,
        from: From::Text(0),
        history,
        starts,
        carry: None,
        settings,
    })
}

fn resume(
    engine: &Engine,
    cwd: Option<&Path>,
    log: &Path,
    saved: Saved,
    roles: usize,
    settings: u64,
) -> Option<Session> {
    let format = SessionFormat::ALL
        .into_iter()
        .find(|f| f.name() == saved.format)?;
    let carry = saved.carry;
    if !carry.roles_within(roles) {
        return None;
    }
    match saved.resume {
        Resume::Log { from, check } => {
            let start = from.saturating_sub(WINDOW);
            let bytes = read_from(log, start)?;
            let window = usize::try_from(from - start).ok()?;
            if bytes.len() < window || hash(&bytes[..window]) != check {
                return None;
            }
            let text = std::str::from_utf8(&bytes[window..]).ok()?;
            let history = engine.turn_history(cwd, format, text)?;
            if history.conversation != 0 {
                return None;
            }
            let starts = history.starts.iter().map(|&(at, _)| at).collect();
            Some(Session {
                format,
                bytes,
                start,
                from: From::Log(from),
                history,
                starts,
                carry: Some(carry),
                settings,
            })
        }
        Resume::Text { at, check } => {
            let bytes = read_from(log, 0)?;
            let text = std::str::from_utf8(&bytes).ok()?;
            let history = engine.turn_history(cwd, format, text)?;
            let prefix = history.text.get(..at)?;
            if hash(prefix.as_bytes()) != check {
                return None;
            }
            let starts = history
                .starts
                .iter()
                .filter(|&&(s, _)| s >= at)
                .map(|&(s, _)| s - at)
                .collect();
            Some(Session {
                format,
                bytes,
                start: 0,
                from: From::Text(at),
                history,
                starts,
                carry: Some(carry),
                settings,
            })
        }
    }
}

/// The bytes of the log from `start` to its end; `None` when it is no
/// regular file or cannot be read.
fn read_from(log: &Path, start: u64) -> Option<Vec<u8>> {
    let meta = std::fs::metadata(log).ok()?;
    if !meta.is_file() || meta.len() < start || meta.len() > MAX_LOG {
        return None;
    }
    let mut file = std::fs::File::open(log).ok()?;
    file.seek(SeekFrom::Start(start)).ok()?;
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len() - start).ok()?);
    file.read_to_end(&mut bytes).ok()?;
    Some(bytes)
}

/// Keep where the history may be cut next time. Nothing is kept when it
/// cannot be (no session id, no cache directory); the next call reads the
/// log whole.
pub fn save(payload: &Payload, log: &Path, session: &Session, cut: &Cut) {
    let Some(path) = state_path(payload, log) else {
        return;
    };
    let at = session.skip() + cut.at;
    let resume = if session.format.resumes_at_messages() && session.history.conversation == 0 {
        // The line of the log that holds the message's first text.
        let Some(&(_, raw)) = session.history.starts.iter().find(|&&(s, _)| s == at) else {
            return;
        };
        let offset = match session.from {
            From::Log(from) => from - session.start,
            From::Text(_) => 0,
        } as usize;
        let text = &session.bytes[offset..];
        let line = text[..raw.min(text.len())]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let from = offset + line;
        let window = from.saturating_sub(WINDOW as usize);
        Resume::Log {
            from: session.start + from as u64,
            check: hash(&session.bytes[window..from]),
        }
    } else {
        Resume::Text {
            at,
            check: hash(&session.history.text.as_bytes()[..at]),
        }
    };
    let saved = Saved {
        boardlint: env!("CARGO_PKG_VERSION").to_string(),
        settings: session.settings,
        format: session.format.name().to_string(),
        resume,
        carry: cut.carry.clone(),
    };
    let Ok(text) = serde_json::to_string(&saved) else {
        return;
    };
    if let Some(parent) = path.parent() {
        if std::fs::create_dir_all(parent).is_ok() {
            let _ = crate::files::write_new(&path, &text);
        }
    }
}
