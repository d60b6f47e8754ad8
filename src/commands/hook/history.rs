//! The session so far, kept between the calls of one session so that each
//! turn reads only what was appended: where the history was last cut, and
//! the state the text before the cut leaves (see `engine/turn.rs`).
//!
//! The state is kept beside the retry budget, in the hook's state
//! directory (`store.rs`), a file a session log: offsets, hashes and the
//! carried state (roles by number, positions, the openers of the blocks it
//! carries open), never an answer's text. For the logs a reader can resume at a
//! message (Claude Code, Codex CLI and Pi; see
//! [`SessionFormat::resumes_at_messages`]) it says from which byte to read
//! the log on, and the hash of the 4 KB before that byte; other logs are
//! read whole and their text is cut where it was, after the hash of the
//! text before the cut is found unchanged. Whatever does not match (another
//! boardlint, other settings, a log rewritten or cut short) is read whole,
//! as on the first turn.
//!
//! Memory is bounded: a log is read whole only up to [`MAX_READ`] bytes;
//! past that (a first call on a long session, or more appended since the
//! cut than that), only its last [`MAX_READ`] bytes are read, from a line
//! start, for the logs whose records are lines, and the history is their
//! text. A log of one JSON document that large is not read: the answer is
//! checked on its own. Either way the hook answers fewer findings, never
//! more: what came before the part read is not known.

use std::hash::{Hash, Hasher};
use std::io::{Read as _, Seek, SeekFrom};
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::payload::Payload;
use super::store::{self, hash, Store};
use crate::engine::{Before, Engine};
use crate::model::{Carry, Cut};
use crate::sessions::{History, SessionFormat};

/// The bytes before a resume point whose hash is kept.
const WINDOW: u64 = 4096;

/// The most bytes of a session log one call reads.
pub const MAX_READ: u64 = 32 << 20;

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

    /// The text of the log's last turn, the assistant's messages after the
    /// user's last prompt, for logs whose reader marks turns (Cursor's,
    /// whose tool hands its hook no answer but writes it to the log
    /// first); `None` for the others. It ends [`Session::before`]'s text,
    /// and the check reads it there once, as the answer.
    pub fn last_turn(&self) -> Option<&str> {
        let at = self.history.turn?;
        self.history.text.get(at.max(self.skip())..)
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

/// The name of the state of a session log.
fn state_name(payload: &Payload, log: &Path) -> Option<String> {
    let name = store::stem(payload.session_id.as_deref()?)?;
    let mut hasher = std::hash::DefaultHasher::new();
    log.hash(&mut hasher);
    Some(format!("{name}.history-{:016x}.json", hasher.finish()))
}

/// The session log at `log`, read from where the last call cut it when
/// that still holds, else whole. `None`: no log boardlint reads, or no
/// conversation in it with text.
pub fn read(
    engine: &Engine,
    store: Option<&Store>,
    payload: &Payload,
    log: &Path,
) -> Option<Session> {
    let cwd = payload.cwd.as_deref();
    // Resolved once: the state saved is valid only under the same settings.
    let resolved = engine.settings(cwd);
    let settings = hash(format!("{resolved:?}").as_bytes());
    let roles = resolved.roles.names().count();
    let saved = store
        .zip(state_name(payload, log))
        .and_then(|(store, name)| store.read(&name))
        .and_then(|text| serde_json::from_str::<Saved>(&text).ok())
        .filter(|s| s.boardlint == env!("CARGO_PKG_VERSION") && s.settings == settings);
    if let Some(saved) = saved {
        if let Some(session) = resume(engine, cwd, log, saved, roles, settings) {
            return Some(session);
        }
    }
    read_whole(engine, cwd, log, settings)
}

/// The session log at `log` read whole (its last [`MAX_READ`] bytes when
/// it holds more), as on a session's first call: for a call whose saved
/// cut did not hold (a closer after it closed a block it carried as never
/// closed).
pub fn reread(engine: &Engine, payload: &Payload, log: &Path) -> Option<Session> {
    let cwd = payload.cwd.as_deref();
    let settings = hash(format!("{:?}", engine.settings(cwd)).as_bytes());
    read_whole(engine, cwd, log, settings)
}

fn read_whole(engine: &Engine, cwd: Option<&Path>, log: &Path, settings: u64) -> Option<Session> {
    let (start, bytes) = read_tail(log)?;
    let text = std::str::from_utf8(&bytes).ok()?;
    let format = crate::sessions::detect(Some(log), text)?;
    let history = engine.turn_history(cwd, format, text)?;
    let starts = history.starts.iter().map(|&(at, _)| at).collect();
    Some(Session {
        format,
        bytes,
        start,
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

/// The log opened for reading when it is a regular file, and its size
/// (opened as `check` opens files: without waiting, and looked at again
/// once opened, so a pipe put in its place cannot hang the hook).
fn open(log: &Path) -> Option<(std::fs::File, u64)> {
    let file = crate::files::open_regular(log).ok()?;
    let size = file.metadata().ok()?.len();
    Some((file, size))
}

/// At most `most` bytes of `file` from `start` (the size it had when
/// opened is `size`); `None` when they cannot be read, as a file of the
/// kernel's that waits for data cannot (it reads as a regular file of size
/// 0 and is opened without waiting).
fn read_span(mut file: std::fs::File, size: u64, start: u64, most: u64) -> Option<Vec<u8>> {
    file.seek(SeekFrom::Start(start)).ok()?;
    let expected = size.saturating_sub(start).min(most);
    let limit = usize::try_from(most).ok()?;
    let mut bytes = crate::files::read_bounded(file.take(most), expected, limit).ok()?;
    bytes.truncate(limit);
    Some(bytes)
}

/// The bytes of the log from `start` to its end, when that is at most
/// [`MAX_READ`]; `None` when it is no regular file, cannot be read, or
/// holds more.
fn read_from(log: &Path, start: u64) -> Option<Vec<u8>> {
    let (file, size) = open(log)?;
    if size < start || size - start > MAX_READ {
        return None;
    }
    read_span(file, size, start, MAX_READ)
}

/// The log whole when it holds at most [`MAX_READ`] bytes, else its last
/// [`MAX_READ`] bytes from the first line that starts in them; with the
/// byte they start at.
fn read_tail(log: &Path) -> Option<(u64, Vec<u8>)> {
    let (file, size) = open(log)?;
    if size <= MAX_READ {
        return Some((0, read_span(file, size, 0, MAX_READ)?));
    }
    let from = size - MAX_READ;
    let mut bytes = read_span(file, size, from, MAX_READ)?;
    let line = memchr::memchr(b'\n', &bytes)? + 1;
    bytes.drain(..line);
    Some((from + line as u64, bytes))
}

/// Keep where the history may be cut next time. Nothing is kept when it
/// cannot be (no session id, no cache directory); the next call reads the
/// log whole.
pub fn save(store: &Store, payload: &Payload, log: &Path, session: &Session, cut: &Cut) {
    let Some(name) = state_name(payload, log) else {
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
    if let Ok(text) = serde_json::to_string(&saved) {
        store.write(&name, &text);
    }
}
