//! The stdio transport: `Content-Length` framed JSON-RPC messages read from
//! standard input on a thread of their own and written to standard output
//! on another, as `lsp_server::Connection` channels.
//!
//! lsp-server's own stdio transport ends its reader at the first message
//! that is not valid JSON, and sizes its buffer by whatever `Content-Length`
//! says. This one answers a body that serde_json cannot read with a
//! JSON-RPC parse error (`-32700`) and JSON that is no message with an
//! invalid request (`-32600`), skips a body over [`MAX_MESSAGE`] unread,
//! and skips a header block without a usable `Content-Length`, then reads
//! on. Only the end of standard input (or a read error) ends it.
//!
//! The parse error carries the request's id when the body is a whole
//! object whose only fault is what serde_json refuses inside it (a lone
//! surrogate such as `"\ud800"`, bytes that are not UTF-8, nesting deeper
//! than 128 levels): a lenient scan of its top level finds the id
//! (`super::super::jsonrpc`). Any other body that is no JSON gets id
//! `null`, as JSON-RPC says of an id that cannot be detected; a
//! notification or a response that cannot be read is noted, not answered.

use std::io::{self, BufRead, Read, Write};
use std::thread;

use crossbeam_channel::{bounded, Receiver, Sender};
use lsp_server::{Connection, Message};

use crate::commands::engines::MAX_TEXT;

/// The largest message body read: a document within [`MAX_TEXT`] fits
/// however its characters are escaped in JSON (at most six bytes each),
/// with room for the rest of the message. A larger body is skipped.
pub const MAX_MESSAGE: usize = 6 * MAX_TEXT + 1024 * 1024;

/// The longest header line read; the rest of a longer one is skipped.
const MAX_HEADER: usize = 8 * 1024;

/// The transport's threads.
pub struct Io {
    writer: thread::JoinHandle<io::Result<()>>,
}

impl Io {
    /// Wait for the writer to send what it was given (it ends once every
    /// sender of the connection is dropped).
    pub fn finish(self) -> io::Result<()> {
        self.writer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the writer panicked")))
    }
}

/// A connection over standard input and output.
pub fn stdio() -> io::Result<(Connection, Io)> {
    let (to_writer, from_server) = bounded::<Message>(16);
    let (to_server, from_reader) = bounded::<Message>(16);
    let writer = thread::Builder::new()
        .name("boardlint-lsp-writer".into())
        .spawn(move || write_all(&from_server))?;
    thread::Builder::new()
        .name("boardlint-lsp-reader".into())
        .spawn(move || {
            let stdin = io::stdin();
            let mut input = stdin.lock();
            read_all(&mut input, &to_server, &mut Stderr);
        })?;
    let connection = Connection {
        sender: to_writer,
        receiver: from_reader,
    };
    Ok((connection, Io { writer }))
}

fn write_all(messages: &Receiver<Message>) -> io::Result<()> {
    let stdout = io::stdout();
    for message in messages {
        // Standard output's lock, held for the whole message: the reader
        // writes its error answers through the same lock.
        message.write(&mut stdout.lock())?;
    }
    Ok(())
}

/// Where the reader sends what it answers itself (errors for messages it
/// cannot pass on) and what it notes.
pub trait Side {
    /// Write a raw JSON-RPC message, framed.
    fn answer(&mut self, json: &str);
    /// Note a problem with the input, for the log.
    fn note(&mut self, what: &str);
}

/// Answers on standard output, notes on standard error.
struct Stderr;

impl Side for Stderr {
    fn answer(&mut self, json: &str) {
        let stdout = io::stdout();
        let mut out = stdout.lock();
        let _ = write!(out, "Content-Length: {}\r\n\r\n{json}", json.len());
        let _ = out.flush();
    }

    fn note(&mut self, what: &str) {
        eprintln!("boardlint server: {what}");
    }
}

/// One framed body, or why there is none.
enum Frame {
    Body(Vec<u8>),
    /// A header block or body that was skipped, and why.
    Skipped(String),
    End,
}

/// Read messages until the input ends, passing each one on.
pub fn read_all(input: &mut impl BufRead, to_server: &Sender<Message>, side: &mut impl Side) {
    loop {
        let body = match read_frame(input) {
            Ok(Frame::Body(body)) => body,
            Ok(Frame::Skipped(why)) => {
                side.note(&why);
                continue;
            }
            Ok(Frame::End) => return,
            Err(e) => {
                side.note(&format!("standard input: {e}"));
                return;
            }
        };
        match serde_json::from_slice::<Message>(&body) {
            Ok(message) => {
                let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                if to_server.send(message).is_err() || exit {
                    return;
                }
            }
            Err(e) => {
                if let Some(error) = refusal(&body, &e, side) {
                    side.answer(&error.to_string());
                }
            }
        }
    }
}

/// The answer to a body that is no message lsp-server reads, if it is one
/// that may be answered.
fn refusal(body: &[u8], e: &serde_json::Error, side: &mut impl Side) -> Option<serde_json::Value> {
    match serde_json::from_slice::<serde_json::Value>(body) {
        Ok(value) => {
            // JSON, but no message: answered with its id if it is a
            // request's (an id lsp-server does not take, say a number
            // past 32 bits), else with `null`.
            let message = format!("not a JSON-RPC request or notification: {e}");
            side.note(&message);
            let id = value
                .get("method")
                .and(value.get("id"))
                .filter(|id| id.is_string() || id.is_i64() || id.is_u64())
                .cloned()
                .unwrap_or(serde_json::Value::Null);
            Some(serde_json::json!({
                "jsonrpc": "2.0",
                "id": id,
                "error": {"code": -32600, "message": message},
            }))
        }
        Err(e) => {
            let found = super::super::jsonrpc::salvage(body);
            if found.unanswered() {
                side.note(&format!(
                    "a {} that cannot be read was skipped: {e}",
                    if found.method {
                        "notification"
                    } else {
                        "response"
                    }
                ));
                return None;
            }
            let answer_id = if found.whole {
                found.answer_id()
            } else {
                serde_json::Value::Null
            };
            side.note(&format!("the message is not JSON the server can read: {e}"));
            Some(super::super::jsonrpc::parse_error(answer_id, &e))
        }
    }
}

/// The next header block and its body.
fn read_frame(input: &mut impl BufRead) -> io::Result<Frame> {
    let mut length: Option<Result<usize, String>> = None;
    let mut any = false;
    loop {
        let mut line = Vec::new();
        let read = input
            .by_ref()
            .take(MAX_HEADER as u64)
            .read_until(b'\n', &mut line)?;
        if read == 0 {
            return Ok(if any {
                Frame::Skipped("the input ended inside a message's headers".into())
            } else {
                Frame::End
            });
        }
        if !line.ends_with(b"\n") {
            // Longer than any header: skip to its end.
            skip_line(input)?;
            length.get_or_insert(Err("a header line too long to be one".into()));
            any = true;
            continue;
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if !any {
                // Blank lines between messages.
                continue;
            }
            break;
        }
        any = true;
        if let Some((name, value)) = text.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                let value = value.trim();
                length = Some(
                    value
                        .parse::<usize>()
                        .map_err(|_| format!("`Content-Length: {value}` is not a length")),
                );
            }
        }
    }
    let length = match length {
        Some(Ok(n)) => n,
        Some(Err(why)) => return Ok(Frame::Skipped(format!("a message was skipped: {why}"))),
        None => {
            return Ok(Frame::Skipped(
                "a message without `Content-Length` was skipped".into(),
            ))
        }
    };
    if length > MAX_MESSAGE {
        let skipped = io::copy(&mut input.by_ref().take(length as u64), &mut io::sink())?;
        return Ok(Frame::Skipped(format!(
            "a message of {length} bytes, over the {MAX_MESSAGE} the server reads, was skipped ({skipped} bytes)"
        )));
    }
    let mut body = Vec::new();
    input.by_ref().take(length as u64).read_to_end(&mut body)?;
    if body.len() < length {
        return Ok(Frame::Skipped(format!(
            "the input ended {} bytes into a message of {length}",
            body.len()
        )));
    }
    Ok(Frame::Body(body))
}

fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        match memchr::memchr(b'\n', buf) {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Seen {
        answers: Vec<serde_json::Value>,
        notes: Vec<String>,
    }

    impl Side for Seen {
        fn answer(&mut self, json: &str) {
            self.answers.push(serde_json::from_str(json).unwrap());
        }
        fn note(&mut self, what: &str) {
            self.notes.push(what.to_string());
        }
    }

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    fn read(input: &str) -> (Vec<Message>, Seen) {
        let (tx, rx) = crossbeam_channel::unbounded();
        let mut seen = Seen::default();
        read_all(&mut io::Cursor::new(input.as_bytes()), &tx, &mut seen);
        drop(tx);
        (rx.into_iter().collect(), seen)
    }

    const PING: &str = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;

    #[test]
    fn bad_messages_are_answered_or_skipped_and_reading_goes_on() {
        let input = [
            frame("{not json"),
            frame(r#"{"jsonrpc":"2.0","result":[]}"#),
            "garbage with no header\r\n\r\n".to_string(),
            "Content-Length: many\r\n\r\n".to_string(),
            format!("{}\r\n\r\n", "x".repeat(MAX_HEADER * 2)),
            "\r\n\r\n".to_string(),
            frame(PING),
        ]
        .concat();
        let (messages, seen) = read(&input);
        assert_eq!(messages.len(), 1, "{messages:?}");
        assert!(matches!(&messages[0], Message::Request(r) if r.method == "ping"));
        let codes: Vec<i64> = seen
            .answers
            .iter()
            .map(|a| a["error"]["code"].as_i64().unwrap())
            .collect();
        assert_eq!(codes, [-32700, -32600]);
        assert!(seen.answers.iter().all(|a| a["id"].is_null()));
        assert!(
            seen.notes
                .iter()
                .any(|n| n.contains("without `Content-Length`")),
            "{:?}",
            seen.notes
        );
        assert!(seen
            .notes
            .iter()
            .any(|n| n.contains("`Content-Length: many`")));
        assert!(seen.notes.iter().any(|n| n.contains("too long")));
    }

    #[test]
    fn a_request_serde_json_refuses_is_answered_with_its_id() {
        let surrogate =
            r#"{"jsonrpc":"2.0","id":11,"method":"textDocument/hover","params":{"x":"\ud800"}}"#;
        let deep = format!(
            r#"{{"jsonrpc":"2.0","id":"deep","method":"textDocument/hover","params":{}{}}}"#,
            "[".repeat(129),
            "]".repeat(129)
        );
        let no_method = r#"{"jsonrpc":"2.0","id":12,"method":5}"#;
        let notification =
            r#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"x":"\udc00"}}"#;
        let mut input = [
            frame(surrogate),
            frame(&deep),
            frame(no_method),
            frame(notification),
        ]
        .concat()
        .into_bytes();
        // Bytes that are not UTF-8 inside a string.
        let mut bad = br#"{"jsonrpc":"2.0","id":"utf8","method":"x","params":""#.to_vec();
        bad.extend_from_slice(b"\xff\xfe\"}");
        input.extend_from_slice(format!("Content-Length: {}\r\n\r\n", bad.len()).as_bytes());
        input.extend_from_slice(&bad);
        input.extend_from_slice(frame(PING).as_bytes());
        let (tx, rx) = crossbeam_channel::unbounded();
        let mut seen = Seen::default();
        read_all(&mut io::Cursor::new(input), &tx, &mut seen);
        drop(tx);
        let ids: Vec<&serde_json::Value> = seen.answers.iter().map(|a| &a["id"]).collect();
        assert_eq!(
            ids,
            [
                &serde_json::json!(11),
                &serde_json::json!("deep"),
                &serde_json::json!(12),
                &serde_json::json!("utf8")
            ]
        );
        let codes: Vec<i64> = seen
            .answers
            .iter()
            .map(|a| a["error"]["code"].as_i64().unwrap())
            .collect();
        assert_eq!(codes, [-32700, -32700, -32600, -32700]);
        assert!(seen
            .notes
            .iter()
            .any(|n| n.contains("a notification that cannot be read")));
        // And reading went on.
        assert_eq!(rx.into_iter().count(), 1);
    }

    #[test]
    fn a_body_over_the_limit_is_skipped_unread() {
        // A length far over the limit, with the input ending before it:
        // nothing is allocated for it, and the reader ends.
        let input = format!("Content-Length: {}\r\n\r\n{PING}", usize::MAX / 2);
        let (messages, seen) = read(&input);
        assert!(messages.is_empty());
        assert!(seen.notes[0].contains("was skipped"), "{:?}", seen.notes);
    }

    #[test]
    fn a_short_body_at_the_end_is_noted() {
        let input = format!("{}Content-Length: 500\r\n\r\n{PING}", frame(PING));
        let (messages, seen) = read(&input);
        assert_eq!(messages.len(), 1);
        assert!(seen.notes[0].contains("ended"), "{:?}", seen.notes);
    }

    #[test]
    fn reading_stops_after_exit() {
        let exit = r#"{"jsonrpc":"2.0","method":"exit"}"#;
        let (messages, _) = read(&[frame(exit), frame(PING)].concat());
        assert_eq!(messages.len(), 1);
    }
}
