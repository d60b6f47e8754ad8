//! The stdio transport: `Content-Length` framed JSON-RPC messages read from
//! standard input on a thread of their own and written to standard output
//! on another, as `lsp_server::Connection` channels.
//!
//! lsp-server's own stdio transport ends its reader at the first message
//! that is not valid JSON, and sizes its buffer by whatever `Content-Length`
//! says. This one answers a body that is no JSON with a JSON-RPC parse
//! error (`-32700`, id `null`) and JSON that is no message with an invalid
//! request (`-32600`), skips a body over [`MAX_MESSAGE`] unread, and skips
//! a header block without a usable `Content-Length`, then reads on. Only
//! the end of standard input (or a read error) ends it.

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
                let (code, message) = match serde_json::from_slice::<serde_json::Value>(&body) {
                    Ok(_) => (
                        -32600,
                        format!("not a JSON-RPC request or notification: {e}"),
                    ),
                    Err(_) => (-32700, format!("the message is not JSON: {e}")),
                };
                side.note(&message);
                let error = serde_json::json!({
                    "jsonrpc": "2.0",
                    "id": null,
                    "error": {"code": code, "message": message},
                });
                side.answer(&error.to_string());
            }
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
