//! Handshake message logs between a lead and its teammates: one JSON
//! object a line, in one of two dialects.
//!
//! - s10: `{type, from, content, timestamp}` with `request_id`, `approve`,
//!   `plan`, `feedback` (and `to` in merged logs) at the top level; request
//!   ids are 8 lowercase hex characters.
//! - s13: `{from, to, content, type, ts, metadata: {request_id, approve}}`;
//!   request ids are `req_` and 6 digits.
//!
//! Requests (a shutdown request, a plan submission) go pending → approved |
//! rejected through one decision each. The replay below links every
//! decision to its request once; the H rules read the result.

use std::collections::HashMap;
use std::path::Path;

use serde_json::{Map, Value};

use crate::syntax::Span;

/// The name of the lead.
pub const LEAD: &str = "lead";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    S10,
    S13,
}

impl Dialect {
    /// The key that holds a message's time: `ts` in s13, `timestamp` in s10.
    pub fn time_key(self) -> &'static str {
        match self {
            Dialect::S13 => "ts",
            Dialect::S10 => "timestamp",
        }
    }

    pub fn types(self) -> &'static [&'static str] {
        match self {
            Dialect::S10 => &[
                "message",
                "broadcast",
                "shutdown_request",
                "shutdown_response",
                "plan_approval_response",
            ],
            Dialect::S13 => &[
                "message",
                "plan_request",
                "plan_approval_request",
                "plan_approval_response",
                "shutdown_request",
                "shutdown_response",
                "result",
                "idle_notification",
                "error",
            ],
        }
    }

    /// Whether a request id has the dialect's form.
    pub fn id_ok(self, id: &str) -> bool {
        match self {
            Dialect::S10 => {
                id.len() == 8
                    && id
                        .chars()
                        .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c))
            }
            Dialect::S13 => id
                .strip_prefix("req_")
                .is_some_and(|d| d.len() == 6 && d.chars().all(|c| c.is_ascii_digit())),
        }
    }
}

/// The two handshakes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    Shutdown,
    Plan,
}

/// What a message does in the protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Request(Protocol),
    Decision(Protocol),
    /// Anything else: a message, a broadcast, a result, …
    Other,
}

/// One readable message.
#[derive(Debug, Clone)]
pub struct Message {
    pub span: Span,
    pub object: Map<String, Value>,
    pub kind: String,
    pub from: Option<String>,
    /// The recipient: `to`, or the inbox's owner.
    pub to: Option<String>,
    pub time: Option<f64>,
    pub request_id: Option<String>,
    pub approve: Option<bool>,
    pub role: Role,
    /// An s10 plan submission written with the decision's type.
    pub legacy_submission: bool,
}

impl Message {
    /// A protocol field: top level in s10, under `metadata` in s13.
    pub fn field<'m>(&'m self, dialect: Dialect, key: &str) -> Option<&'m Value> {
        match dialect {
            Dialect::S10 => self.object.get(key),
            Dialect::S13 => self
                .object
                .get("metadata")
                .and_then(|m| m.get(key))
                .or_else(|| self.object.get(key)),
        }
    }
}

/// How a decision relates to the request it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Link {
    /// It decides the request at this message index.
    Decides(usize),
    /// No earlier request has its id (H101).
    Unknown,
    /// The request is of the other protocol (H102).
    KindMismatch(usize),
    /// From someone other than the request's target, or to someone other
    /// than its sender (H103).
    WrongResponder(usize),
    /// The request was already decided (H104).
    AlreadyDecided(usize),
}

/// A handshake log, parsed and replayed.
#[derive(Debug)]
pub struct HandshakeLog<'a> {
    pub source: &'a str,
    pub dialect: Dialect,
    /// The owner of an inbox file (`.team/inbox/NAME.jsonl`); `None` for a
    /// merged log, where every message names its recipient.
    pub inbox: Option<String>,
    pub messages: Vec<Message>,
    /// Lines that are not JSON objects: (span, why).
    pub invalid: Vec<(Span, String)>,
    /// Requests that are tracked (well-formed, with a fresh id, from the
    /// right role), by message index.
    pub tracked: Vec<usize>,
    /// Each decision's link, by message index.
    pub links: HashMap<usize, Link>,
    /// Requests never decided, by message index.
    pub pending_at_end: Vec<usize>,
}

impl<'a> HandshakeLog<'a> {
    pub fn parse(path: Option<&Path>, source: &'a str) -> Self {
        let inbox = path
            .filter(|p| is_inbox(p))
            .and_then(|p| p.file_stem())
            .map(|s| s.to_string_lossy().to_string());
        let mut objects = Vec::new();
        let mut invalid = Vec::new();
        let mut offset = 0;
        for raw in source.split_inclusive('\n') {
            let text = raw.trim_end_matches(['\n', '\r']);
            let span = offset..offset + text.len();
            offset += raw.len();
            if text.trim().is_empty() {
                continue;
            }
            match serde_json::from_str::<Value>(text) {
                Ok(Value::Object(o)) => objects.push((span, o)),
                Ok(_) => invalid.push((span, "not a JSON object".to_string())),
                Err(e) => invalid.push((span, format!("not JSON: {e}"))),
            }
        }
        let s13 = objects
            .iter()
            .any(|(_, o)| o.contains_key("metadata") || o.contains_key("ts"));
        let dialect = if s13 { Dialect::S13 } else { Dialect::S10 };
        let messages = objects
            .into_iter()
            .map(|(span, object)| message(dialect, inbox.as_deref(), span, object))
            .collect();
        let mut log = HandshakeLog {
            source,
            dialect,
            inbox,
            messages,
            invalid,
            tracked: Vec::new(),
            links: HashMap::new(),
            pending_at_end: Vec::new(),
        };
        log.replay();
        log
    }

    /// Whether a message comes from the role its kind requires (H110).
    pub fn right_role(&self, m: &Message) -> bool {
        let from_lead = m.from.as_deref() == Some(LEAD);
        match (m.role, m.kind.as_str()) {
            (Role::Request(Protocol::Shutdown), _) | (Role::Decision(Protocol::Plan), _) => {
                from_lead
            }
            (_, "plan_request") => from_lead,
            (Role::Request(Protocol::Plan), _) | (Role::Decision(Protocol::Shutdown), _) => {
                !from_lead
            }
            _ => true,
        }
    }

    /// The span of a field's key in a message's line, else the line.
    pub fn field_span(&self, m: &Message, key: &str) -> Span {
        let text = &self.source[m.span.clone()];
        let needle = format!("\"{key}\"");
        match text.find(&needle) {
            Some(i) => m.span.start + i..m.span.start + i + needle.len(),
            None => m.span.clone(),
        }
    }

    fn replay(&mut self) {
        let mut by_id: HashMap<String, usize> = HashMap::new();
        let mut decided: std::collections::HashSet<usize> = std::collections::HashSet::new();
        for (i, m) in self.messages.iter().enumerate() {
            match m.role {
                Role::Request(_) => {
                    let Some(id) = &m.request_id else { continue };
                    if by_id.contains_key(id) || !self.right_role(m) {
                        continue;
                    }
                    by_id.insert(id.clone(), i);
                    self.tracked.push(i);
                }
                Role::Decision(protocol) => {
                    let Some(id) = &m.request_id else { continue };
                    let link = match by_id.get(id) {
                        None => Link::Unknown,
                        Some(&r) => {
                            let request = &self.messages[r];
                            if request.role != Role::Request(protocol) {
                                Link::KindMismatch(r)
                            } else if m.from != request.to || m.to != request.from {
                                Link::WrongResponder(r)
                            } else if decided.contains(&r) {
                                Link::AlreadyDecided(r)
                            } else if m.approve.is_some() {
                                decided.insert(r);
                                Link::Decides(r)
                            } else {
                                // A decision without `approve` (H007) decides nothing.
                                continue;
                            }
                        }
                    };
                    self.links.insert(i, link);
                }
                Role::Other => {}
            }
        }
        self.pending_at_end = self
            .tracked
            .iter()
            .copied()
            .filter(|r| !decided.contains(r))
            .collect();
    }
}

/// `.team/inbox/NAME.jsonl` or `.mailboxes/NAME.jsonl`.
pub fn is_inbox(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "jsonl")
        && (crate::kinds::has_dirs(path, ".team", "inbox")
            || path
                .parent()
                .and_then(|p| p.file_name())
                .is_some_and(|d| d == ".mailboxes"))
}

fn message(
    dialect: Dialect,
    inbox: Option<&str>,
    span: Span,
    object: Map<String, Value>,
) -> Message {
    let text = |v: Option<&Value>| v.and_then(Value::as_str).map(str::to_string);
    let kind = text(object.get("type")).unwrap_or_default();
    let protocol_field = |key: &str| match dialect {
        Dialect::S10 => object.get(key),
        Dialect::S13 => object
            .get("metadata")
            .and_then(|m| m.get(key))
            .or_else(|| object.get(key)),
    };
    let request_id = protocol_field("request_id").and_then(|v| v.as_str().map(str::to_string));
    let approve = protocol_field("approve").and_then(Value::as_bool);
    let has_plan = object.get("plan").is_some_and(|p| !p.is_null());
    let legacy_submission = dialect == Dialect::S10
        && kind == "plan_approval_response"
        && protocol_field("approve").is_none()
        && has_plan;
    let role = match kind.as_str() {
        "shutdown_request" => Role::Request(Protocol::Shutdown),
        "shutdown_response" => Role::Decision(Protocol::Shutdown),
        "plan_approval_request" => Role::Request(Protocol::Plan),
        "plan_approval_response" if legacy_submission => Role::Request(Protocol::Plan),
        "plan_approval_response" => Role::Decision(Protocol::Plan),
        _ => Role::Other,
    };
    let time = object.get(dialect.time_key()).and_then(Value::as_f64);
    Message {
        span,
        kind,
        from: text(object.get("from")),
        to: text(object.get("to")).or_else(|| inbox.map(str::to_string)),
        time,
        request_id,
        approve,
        role,
        legacy_submission,
        object,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replays_a_shutdown_handshake() {
        let text = concat!(
            "{\"type\":\"shutdown_request\",\"from\":\"lead\",\"to\":\"alice\",\"content\":\"stop\",\"timestamp\":1.0,\"request_id\":\"a1b2c3d4\"}\n",
            "{\"type\":\"shutdown_response\",\"from\":\"alice\",\"to\":\"lead\",\"content\":\"ok\",\"timestamp\":2.0,\"request_id\":\"a1b2c3d4\",\"approve\":true}\n",
            "{\"type\":\"shutdown_response\",\"from\":\"alice\",\"to\":\"lead\",\"content\":\"again\",\"timestamp\":3.0,\"request_id\":\"a1b2c3d4\",\"approve\":true}\n",
        );
        let log = HandshakeLog::parse(None, text);
        assert_eq!(log.dialect, Dialect::S10);
        assert_eq!(log.tracked, [0]);
        assert_eq!(log.links[&1], Link::Decides(0));
        assert_eq!(log.links[&2], Link::AlreadyDecided(0));
        assert!(log.pending_at_end.is_empty());
        assert!(Dialect::S10.id_ok("a1b2c3d4") && !Dialect::S10.id_ok("A1B2C3D4"));
        assert!(Dialect::S13.id_ok("req_000123") && !Dialect::S13.id_ok("req_12"));
    }
}
