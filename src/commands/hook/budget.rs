//! The retry budget: how many times one turn's answer has been sent back,
//! so that an agent that cannot fix its answer is let go after
//! `hook.max-retries` tries instead of looping.
//!
//! The count is kept in a small state file a session, under boardlint's
//! cache directory (`$BOARDLINT_CACHE_DIR`, else `$XDG_CACHE_HOME/boardlint`,
//! else `~/.cache/boardlint`), in `hook/`. A turn the tool reports as fresh
//! (`stop_hook_active` false) starts from nothing. Without a session id or
//! a writable cache, a call that follows a block counts the budget as spent,
//! since how many blocks came before cannot be known. Cursor counts for us
//! (`loop_count`).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::payload::{Agent, Payload};

/// What is kept between the calls of one session.
#[derive(Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct State {
    /// Answers of the current turn sent back so far.
    pub retries: usize,
    /// The last answer sent back (Gemini CLI hands the next call both
    /// answers, the earlier one first).
    #[serde(default)]
    pub answer: String,
}

/// The longest answer kept in the state file.
const KEEP_ANSWER: usize = 1 << 20;

/// Where the state of sessions is kept.
pub(super) fn dir() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    var("BOARDLINT_CACHE_DIR")
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("boardlint")))
        .or_else(|| var("HOME").map(|d| d.join(".cache").join("boardlint")))
        .map(|d| d.join("hook"))
}

/// A session id as a file name: its letters, digits, `-` and `_`, at most
/// 128 of them (ids are UUIDs; anything else cannot reach outside).
fn file_name(session: &str) -> Option<String> {
    file_stem(session).map(|name| format!("{name}.json"))
}

/// A session id's letters, digits, `-` and `_`, at most 128 of them.
pub(super) fn file_stem(session: &str) -> Option<String> {
    let name: String = session
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .take(128)
        .collect();
    (!name.is_empty()).then_some(name)
}

fn path(payload: &Payload) -> Option<PathBuf> {
    Some(dir()?.join(file_name(payload.session_id.as_deref()?)?))
}

/// The session's state for this call, and whether it could be known.
pub fn load(payload: &Payload) -> (State, bool) {
    if !payload.stop_hook_active {
        return (State::default(), true);
    }
    if payload.agent == Agent::Cursor {
        if let Some(n) = payload.loop_count {
            let answer = load_file(payload).map(|s| s.answer).unwrap_or_default();
            return (
                State {
                    retries: n as usize,
                    answer,
                },
                true,
            );
        }
    }
    match load_file(payload) {
        Some(state) => (state, true),
        None => (State::default(), false),
    }
}

fn load_file(payload: &Payload) -> Option<State> {
    let text = std::fs::read_to_string(path(payload)?).ok()?;
    serde_json::from_str(&text).ok()
}

/// Note one more answer sent back; false when it could not be noted.
pub fn record(payload: &Payload, retries: usize, answer: &str) -> bool {
    let Some(path) = path(payload) else {
        return false;
    };
    let state = State {
        retries,
        answer: if answer.len() <= KEEP_ANSWER {
            answer.to_string()
        } else {
            String::new()
        },
    };
    let Some(parent) = path.parent() else {
        return false;
    };
    if std::fs::create_dir_all(parent).is_err() {
        return false;
    }
    let Ok(text) = serde_json::to_string(&state) else {
        return false;
    };
    crate::files::write_new(&path, &text).is_ok()
}

/// Forget the session's count: its turn ended.
pub fn clear(payload: &Payload) {
    if let Some(path) = path(payload) {
        let _ = std::fs::remove_file(path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_id_is_a_file_name_that_stays_in_its_directory() {
        assert_eq!(file_name("3f2a-b_9").as_deref(), Some("3f2a-b_9.json"));
        assert_eq!(
            file_name("../../etc/passwd").as_deref(),
            Some("etcpasswd.json")
        );
        assert_eq!(file_name("/.."), None);
    }
}
