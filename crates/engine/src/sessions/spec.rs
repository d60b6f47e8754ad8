//! What each format's file says of itself: its name, the shapes its logs
//! are recognised by, and its reader.

use super::json::JValue;
use super::log::SessionLog;

/// A format's entry, given by its file: its name, the shapes it is
/// recognised by, and its reader.
pub(super) struct Spec {
    /// The name diagnostics and listings give it.
    pub(super) name: &'static str,
    /// Whether a log that is one JSON document, in a file of this name, is
    /// of this format.
    pub(super) document: Option<fn(&JValue<'_>, &str) -> bool>,
    /// Whether a log that is not JSON (a chat history in Markdown), in a
    /// file of this name, is of this format: by its opening.
    pub(super) text: Option<fn(&str, &str) -> bool>,
    /// Whether a record of a JSONL log has the shape of this format's
    /// records.
    pub(super) record: Option<fn(&JValue<'_>) -> bool>,
    /// Read a log of this format.
    pub(super) read: fn(&mut SessionLog, &str),
    /// Whether tool calls and their results are both structured (see
    /// [`SessionLog::structured_tools`]).
    pub(super) structured_tools: bool,
    /// Whether the main thread's text, read from the line that holds a
    /// message's first text, is what reading the whole log gives from that
    /// message on: no record reaches back past a message of its thread
    /// (see [`SessionFormat::resumes_at_messages`](super::SessionFormat::resumes_at_messages)).
    pub(super) resumes_at_messages: bool,
    /// The version of the tool that wrote the log, from a record that
    /// says it (JSONL formats), for listings.
    pub(super) version: Option<fn(&JValue<'_>) -> Option<String>>,
}
