//! `boardlint server` driven in process, for the `lsp_stream` fuzz target:
//! bytes as its standard input, read by the server's own transport and
//! served by the real session, to the end. The checks run on the loop's
//! thread as they start, their results taken before the next message, so
//! that a run is the same every time.

use std::collections::HashMap;
use std::io::Cursor;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId};
use serde_json::Value;

use super::transport::{self, Side};
use crate::commands::engines::Engines;

/// What the transport answers itself.
#[derive(Default)]
struct Answers(Vec<String>);

impl Side for Answers {
    fn answer(&mut self, json: &str) {
        self.0.push(json.to_string());
    }

    fn note(&mut self, _: &str) {}
}

/// Serve `input`, then `shutdown` and `exit` unless it ended with `exit`
/// itself; how many messages the server wrote. Panics when what it writes
/// breaks the protocol: an answer of the transport that is no JSON-RPC
/// error, a request of the input answered other than once, an internal
/// error (a panic contained).
pub fn stream(input: &[u8]) -> usize {
    let (to_session, read) = crossbeam_channel::unbounded();
    let mut answers = Answers::default();
    transport::read_all(&mut Cursor::new(input), &to_session, &mut answers);
    drop(to_session);
    for answer in &answers.0 {
        let value: Value = serde_json::from_str(answer).expect("the transport writes JSON");
        assert_eq!(value["jsonrpc"], "2.0", "{answer}");
        let code = value["error"]["code"].as_i64();
        assert!(matches!(code, Some(-32700 | -32600)), "{answer}");
    }
    let mut messages: Vec<Message> = read.try_iter().collect();
    // The session reads up to the first `exit`; a client that did not
    // send one ends the session as an editor does.
    let exit = messages
        .iter()
        .position(|m| matches!(m, Message::Notification(n) if n.method == "exit"));
    let mut asked: HashMap<RequestId, usize> = HashMap::new();
    for message in &messages[..exit.unwrap_or(messages.len())] {
        if let Message::Request(r) = message {
            *asked.entry(r.id.clone()).or_default() += 1;
        }
    }
    if exit.is_none() {
        let end = RequestId::from("boardlint-fuzz-end".to_string());
        *asked.entry(end.clone()).or_default() += 1;
        messages.push(Request::new(end, "shutdown".into(), Value::Null).into());
        messages.push(Notification::new("exit".into(), Value::Null).into());
    }
    let (to_server, receiver) = crossbeam_channel::unbounded();
    for message in messages {
        let _ = to_server.send(message);
    }
    drop(to_server);
    let (sender, written) = crossbeam_channel::unbounded();
    let connection = Connection { sender, receiver };
    super::session::serve_with(&connection, Engines::isolated(), 0);
    drop(connection);
    let mut answered: HashMap<RequestId, usize> = HashMap::new();
    let written: Vec<Message> = written.try_iter().collect();
    let count = written.len() + answers.0.len();
    for message in written {
        match message {
            Message::Response(r) => {
                if let Err(e) = &r.response_result {
                    assert_ne!(e.code, ErrorCode::InternalError as i32, "{e:?}");
                }
                *answered.entry(r.id).or_default() += 1;
            }
            Message::Notification(n) => {
                let logged = n.params["message"].as_str().unwrap_or_default();
                assert!(!logged.contains("internal error"), "{logged}");
                if n.method == "textDocument/publishDiagnostics" {
                    for d in n.params["diagnostics"].as_array().into_iter().flatten() {
                        let message = d["message"].as_str().unwrap_or_default();
                        assert!(!message.contains("internal error"), "{message}");
                    }
                }
            }
            Message::Request(_) => {}
        }
    }
    assert_eq!(answered, asked, "each request is answered once");
    count
}

#[cfg(test)]
mod tests {
    /// The fuzz target's seeds, and every input it found a fault with (kept
    /// beside them), served without a fault.
    #[test]
    fn the_fuzz_seeds_are_served_without_a_fault() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/lsp_stream");
        let mut served = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let written = super::stream(&std::fs::read(&path).unwrap());
            assert!(written >= 5, "{}: {written} messages", path.display());
            served += 1;
        }
        assert!(served >= 3, "{}", dir.display());
    }
}
