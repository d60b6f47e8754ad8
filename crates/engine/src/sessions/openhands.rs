//! OpenHands, both generations.
//!
//! A trajectory (OpenHands 0.x: `--save-trajectory-path`, the GUI's
//! "Export trajectory", the REST API's `{"trajectory": […]}`): one JSON
//! array of events `{id, timestamp, source, message, cause?, action |
//! observation, tool_call_metadata?, args | content, …}`. The model's text
//! is an agent `message` action's `args.content`, the `args.thought` an
//! agent's action carries (the text the model wrote before its tool
//! calls), and a `finish` action's `args.final_thought`. Not read: every
//! `message` field (a display string), `think` actions (a tool's
//! argument), `tool_call_metadata.model_response` (the whole response
//! again), observations, the user's messages. Calls and results meet by
//! `tool_call_metadata.tool_call_id`; a `finish` call, which ends the run,
//! awaits none.
//!
//! The Software Agent SDK (OpenHands 1.x, its CLI and app): one event a
//! JSON document (`events/event-*.json`), read as JSONL when they are put
//! one a line: `{id, timestamp, source, …, kind}`. The model's text is an
//! agent `MessageEvent`'s `llm_message.content[].text`, an `ActionEvent`'s
//! `thought[].text`, and a `FinishAction`'s `message`; calls are
//! `ActionEvent`s and results the observations, by `tool_call_id`.

use super::json::JValue;
use super::log::{Conversation, Piece, SessionLog, ToolRef};
use super::read::text_blocks;
use super::spec::Spec;

pub(super) const TRAJECTORY: Spec = Spec {
    name: "OpenHands trajectory",
    document: Some(is_trajectory),
    text: None,
    record: None,
    read: read_trajectory,
    structured_tools: true,
    resumes_at_messages: false,
    version: None,
};

pub(super) const EVENTS: Spec = Spec {
    name: "OpenHands SDK events",
    document: None,
    text: None,
    record: Some(is_event),
    read: read_events,
    structured_tools: true,
    resumes_at_messages: false,
    version: None,
};

/// The events of a trajectory: the array, or the API's wrapper of it.
fn events<'a, 'v>(v: &'a JValue<'v>) -> Option<&'a [JValue<'v>]> {
    v.as_array()
        .or_else(|| v.get("trajectory").and_then(JValue::as_array))
}

/// An event of a trajectory: an integer `id`, a `source`, and an
/// `action` or an `observation`.
fn is_trajectory_event(e: &JValue<'_>) -> bool {
    matches!(e.get("id"), Some(JValue::Number(n)) if n.bytes().all(|b| b.is_ascii_digit()))
        && e.get("source").is_some()
        && (e.str_at("action").is_some() || e.str_at("observation").is_some())
}

fn is_trajectory(v: &JValue<'_>, _name: &str) -> bool {
    events(v).is_some_and(|items| !items.is_empty() && items.iter().all(is_trajectory_event))
}

fn read_trajectory(log: &mut SessionLog, text: &str) {
    log.read_document(text, |log, v| {
        let mut conversation = Conversation::default();
        for (i, e) in events(&v).unwrap_or_default().iter().enumerate() {
            let span = e.raw().map(|r| r.span()).unwrap_or(0..0);
            let call_id = e
                .get("tool_call_metadata")
                .and_then(|m| m.get("tool_call_id"));
            if e.str_at("observation").is_some() {
                if let Some(id) = call_id {
                    log.results.push(ToolRef::new(id, &span, (i, 0)));
                }
                continue;
            }
            let Some(action) = e.str_at("action") else { continue };
            if !e.get("source").is_some_and(|s| s.is_str("agent")) {
                continue;
            }
            // `finish` ends the run: its call awaits no result.
            if let Some(id) = call_id.filter(|_| action != "finish") {
                log.calls.push(ToolRef::new(id, &span, (i, 0)));
            }
            let args = e.get("args");
            let field = |k: &str| {
                args.and_then(|a| a.get(k))
                    .and_then(JValue::raw)
                    .filter(|r| !r.text.is_empty())
            };
            let mut pieces = Vec::new();
            match action.as_ref() {
                "message" => pieces.extend(field("content").map(Piece::block)),
                "think" | "system" => {}
                _ => {
                    pieces.extend(field("thought").map(Piece::block));
                    if action == "finish" {
                        pieces.extend(field("final_thought").map(Piece::block));
                    }
                }
            }
            conversation.push(pieces, None);
        }
        log.conversations.push(conversation);
    });
}

/// An SDK event: `id`, `timestamp`, `source`, and a `kind` naming an
/// event class.
fn is_event(v: &JValue<'_>) -> bool {
    v.str_at("kind").is_some_and(|k| {
        k.ends_with("Event")
            || matches!(
                k.as_ref(),
                "UserRejectObservation" | "Condensation" | "CondensationRequest"
            )
    }) && v.get("id").is_some()
        && v.get("timestamp").is_some()
        && v.get("source").is_some()
}

fn read_events(log: &mut SessionLog, text: &str) {
    let mut conversation = Conversation::default();
    log.read_jsonl(text, |log, i, span, v| {
        let Some(kind) = v.str_at("kind") else { return };
        let id = v.get("tool_call_id");
        match kind.as_ref() {
            "ObservationEvent" | "UserRejectObservation" | "AgentErrorEvent" => {
                if let Some(id) = id {
                    log.results.push(ToolRef::new(id, span, (i, 0)));
                }
            }
            "ActionEvent" => {
                if let Some(id) = id {
                    log.calls.push(ToolRef::new(id, span, (i, 0)));
                }
                let mut pieces =
                    text_blocks(v.get("thought").unwrap_or(&JValue::Null), &["text"]);
                let action = v.get("action");
                if action.is_some_and(|a| a.get("kind").is_some_and(|k| k.is_str("FinishAction"))) {
                    pieces.extend(
                        action
                            .and_then(|a| a.get("message"))
                            .and_then(JValue::raw)
                            .map(Piece::block),
                    );
                }
                conversation.push(pieces, None);
            }
            "MessageEvent" if v.get("source").is_some_and(|s| s.is_str("agent")) => {
                let content = v
                    .get("llm_message")
                    .and_then(|m| m.get("content"))
                    .unwrap_or(&JValue::Null);
                conversation.push(text_blocks(content, &["text"]), None);
            }
            _ => {}
        }
    });
    log.conversations.push(conversation);
}
