//! The retry budget: how many times one turn's answer has been sent back,
//! so that an agent that cannot fix its answer is let go after
//! `hook.max-retries` tries instead of looping.
//!
//! The count is kept for each agent of a session: Claude Code's
//! sub-agents share their parent's `session_id`, so the budget is keyed by
//! the session and the agent (`agent_id` at `SubagentStop`, else the log
//! the call continues), and one agent's tries neither spend nor reset
//! another's. Calls for the same agent take the budget's lock in turn, so
//! that calls at once count as calls one after another. A turn the tool
//! reports as fresh (`stop_hook_active` false) starts from nothing.
//! Without a session id or a usable state directory, a call that follows a
//! block counts the budget as spent, since how many blocks came before
//! cannot be known. Cursor counts for us (`loop_count`).

use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::payload::{Agent, Payload};
use super::store::{self, Lock, Store};

/// What is kept between the calls of one agent: counts and a hash, never
/// the answer's text.
#[derive(Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct State {
    /// Answers of the current turn sent back so far.
    pub retries: usize,
    /// The length and hash of the last answer sent back: Gemini CLI hands
    /// the next call both answers, the earlier one first, and this tells
    /// that earlier one without keeping it.
    #[serde(default)]
    pub answer_len: usize,
    #[serde(default)]
    pub answer_hash: u64,
}

impl State {
    /// The text with the answer sent back before taken off its front, when
    /// it starts with that answer and holds more.
    pub fn after_earlier<'t>(&self, text: &'t str) -> &'t str {
        if self.answer_len == 0 || self.answer_len >= text.len() {
            return text;
        }
        let (earlier, rest) = match (text.get(..self.answer_len), text.get(self.answer_len..)) {
            (Some(e), Some(r)) => (e, r),
            _ => return text,
        };
        if hash(earlier) == self.answer_hash && !rest.trim().is_empty() {
            rest
        } else {
            text
        }
    }
}

fn hash(text: &str) -> u64 {
    store::hash(text.as_bytes())
}

/// One agent's budget, its lock held while the call decides.
pub struct Budget<'s> {
    at: Option<(&'s Store, String)>,
    _lock: Option<Lock>,
}

/// The agent a call is for, within its session: the sub-agent's id, else
/// the log it continues, else the session itself.
fn agent_key(payload: &Payload) -> String {
    match (&payload.agent_id, &payload.transcript) {
        (Some(id), _) => format!("agent:{id}"),
        (None, Some(log)) => format!("log:{}", log.display()),
        (None, None) => String::new(),
    }
}

impl<'s> Budget<'s> {
    /// The budget of the call's agent, locked, waiting for the lock at most
    /// until `until`. Without a store, a session id or the lock, nothing
    /// can be kept.
    pub fn open(store: Option<&'s Store>, payload: &Payload, until: Instant) -> Budget<'s> {
        let none = Budget {
            at: None,
            _lock: None,
        };
        let (Some(store), Some(session)) = (store, payload.session_id.as_deref()) else {
            return none;
        };
        let Some(stem) = store::stem(session) else {
            return none;
        };
        let name = format!("{stem}.budget-{:016x}", hash(&agent_key(payload)));
        let Some(lock) = store.lock(&format!("{name}.lock"), until) else {
            return none;
        };
        Budget {
            at: Some((store, format!("{name}.json"))),
            _lock: Some(lock),
        }
    }

    /// The agent's state for this call, and whether it could be known.
    pub fn load(&self, payload: &Payload) -> (State, bool) {
        if !payload.stop_hook_active {
            return (State::default(), true);
        }
        let kept = self.kept();
        if payload.agent == Agent::Cursor {
            if let Some(n) = payload.loop_count {
                let kept = kept.unwrap_or_default();
                return (
                    State {
                        retries: usize::try_from(n).unwrap_or(usize::MAX),
                        ..kept
                    },
                    true,
                );
            }
        }
        match kept {
            Some(state) => (state, true),
            None => (State::default(), false),
        }
    }

    fn kept(&self) -> Option<State> {
        let (store, name) = self.at.as_ref()?;
        serde_json::from_str(&store.read(name)?).ok()
    }

    /// Note one more answer sent back; false when it could not be noted.
    pub fn record(&self, retries: usize, answer: &str) -> bool {
        let Some((store, name)) = &self.at else {
            return false;
        };
        let state = State {
            retries,
            answer_len: answer.len(),
            answer_hash: hash(answer),
        };
        serde_json::to_string(&state).is_ok_and(|text| store.write(name, &text))
    }

    /// Forget the agent's count: its turn ended.
    pub fn clear(&self) {
        if let Some((store, name)) = &self.at {
            store.remove(name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_earlier_answer_is_told_by_its_hash_and_taken_off() {
        let state = State {
            retries: 1,
            answer_len: "First.".len(),
            answer_hash: hash("First."),
        };
        assert_eq!(state.after_earlier("First.Second."), "Second.");
        assert_eq!(state.after_earlier("First."), "First.");
        assert_eq!(state.after_earlier("Other.Second."), "Other.Second.");
        assert_eq!(State::default().after_earlier("First."), "First.");
        // A length inside a character is no match.
        assert_eq!(state.after_earlier("Firsté."), "Firsté.");
    }
}
