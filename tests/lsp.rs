//! `boardlint server`, the built binary, sent a stream of bad and
//! out-of-order messages over standard input: malformed JSON-RPC, unknown
//! methods and notifications, requests before `initialize`, edits to
//! documents that are not open, with old versions or bad ranges, a
//! document over the size limit, hundreds of documents opened and closed,
//! and seeded random messages. After all of it the server still answers,
//! and `shutdown` then `exit` end it with exit code 0, with no panic on
//! standard error.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

mod stream;
use stream::{costly_text, rss_kb, Rng};

/// How long one answer may take (a debug build, a busy machine).
const WAIT: Duration = Duration::from_secs(60);

const SELF_INVOCATION: &str = "CFO: [INVOKE:cfo|What is our runway?]\n";

struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    messages: Receiver<Value>,
    next_id: i64,
}

/// The framed messages of a stream, read until it ends.
fn read_messages(stdout: impl Read, tx: mpsc::Sender<Value>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut length = None;
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(n) = line.strip_prefix("Content-Length: ") {
                length = n.parse::<usize>().ok();
            }
        }
        let mut body = vec![0; length.expect("a Content-Length")];
        if reader.read_exact(&mut body).is_err() {
            return;
        }
        let value = serde_json::from_slice(&body).expect("the server writes JSON");
        if tx.send(value).is_err() {
            return;
        }
    }
}

/// The codes `boardlint check` finds in a text, in order, with the
/// defaults (as the server runs, `--isolated`).
fn checked_codes(text: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlint"))
        .args(["check", "--isolated", "--output-format", "json"])
        .args(["--stdin-filename", "draft.md", "-"])
        .current_dir(std::env::temp_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("boardlint starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let found: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    found
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect()
}

impl Server {
    fn start() -> Server {
        let dir = std::env::temp_dir();
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardlint"))
            .args(["server", "--isolated"])
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("boardlint starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("a piped standard output");
        let (tx, messages) = mpsc::channel();
        std::thread::spawn(move || read_messages(stdout, tx));
        Server {
            child,
            stdin,
            messages,
            next_id: 0,
        }
    }

    fn raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("standard input open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    fn frame(&mut self, body: &str) {
        self.raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    fn send(&mut self, message: Value) {
        self.frame(&message.to_string());
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn next_message(&self) -> Value {
        self.messages
            .recv_timeout(WAIT)
            .expect("the server writes in time")
    }

    /// Send a request; its response (what came before it is dropped, but
    /// publications are kept in `seen`).
    fn request(&mut self, method: &str, params: Value, seen: &mut Vec<Value>) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let message = self.next_message();
            if message["id"] == id && message.get("method").is_none() {
                return message;
            }
            seen.push(message);
        }
    }

    fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}),
        );
    }

    /// Read until `uri`'s diagnostics of `version` are published (what
    /// comes before is kept in `seen`).
    fn wait_published(&mut self, uri: &str, version: i64, seen: &mut Vec<Value>) -> Value {
        loop {
            let message = self.next_message();
            seen.push(message.clone());
            if message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["uri"] == uri
                && message["params"]["version"] == version
            {
                return message;
            }
        }
    }

    /// `shutdown`, `exit`: the exit code and standard error.
    fn finish(self) -> (i32, String) {
        let (code, stderr, _) = self.finish_reading();
        (code, stderr)
    }

    /// `shutdown`, `exit`: the exit code, standard error and every message
    /// written after the answer to `shutdown`.
    fn finish_reading(mut self) -> (i32, String, Vec<Value>) {
        let mut seen = Vec::new();
        let done = self.request("shutdown", Value::Null, &mut seen);
        assert_eq!(done["result"], Value::Null, "{done}");
        self.notify("exit", Value::Null);
        drop(self.stdin.take());
        let status = self.child.wait().unwrap();
        // The reader ends with standard output.
        let after: Vec<Value> = self.messages.iter().collect();
        let mut stderr = String::new();
        self.child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        (status.code().unwrap_or(-1), stderr, after)
    }
}

fn published<'a>(seen: &'a [Value], uri: &str) -> Vec<&'a Value> {
    seen.iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri)
        .collect()
}

/// A random value of JSON, small.
fn junk(rng: &mut Rng, depth: u32) -> Value {
    match rng.next() % if depth > 2 { 5 } else { 7 } {
        0 => Value::Null,
        1 => json!(rng.next().is_multiple_of(3)),
        2 => json!(rng.next() as i64 - (1 << 30)),
        3 => json!(rng.pick(&[
            "",
            "file:///nowhere.md",
            "untitled:x",
            "[INVOKE:cfo|?]",
            "😀\r\n"
        ])),
        4 => json!(-1),
        5 => Value::Array((0..rng.next() % 4).map(|_| junk(rng, depth + 1)).collect()),
        _ => {
            let keys = [
                "textDocument",
                "uri",
                "range",
                "position",
                "contentChanges",
                "version",
                "text",
                "context",
                "start",
                "line",
                "character",
            ];
            let mut object = serde_json::Map::new();
            for _ in 0..rng.next() % 5 {
                object.insert(rng.pick(&keys).to_string(), junk(rng, depth + 1));
            }
            Value::Object(object)
        }
    }
}

#[test]
fn a_stream_of_bad_messages_leaves_the_server_answering() {
    let mut server = Server::start();
    let mut seen = Vec::new();
    // Before initialize: refused, not fatal.
    let early = server.request("textDocument/hover", json!({}), &mut seen);
    assert_eq!(early["error"]["code"], -32002, "{early}");
    // Bodies that are no JSON, or JSON that is no message: answered with
    // an error whose id is null. Headers without a length: skipped.
    server.frame("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\":");
    let parse = server.next_message();
    assert_eq!(parse["error"]["code"], -32700, "{parse}");
    assert!(parse["id"].is_null());
    server.frame("[1, 2, 3]");
    assert_eq!(server.next_message()["error"]["code"], -32600);
    server.raw(b"Content-Type: text/plain\r\n\r\nnot a header at all\r\n\r\n");
    server.raw(b"Content-Length: -4\r\n\r\n");
    let init = server.request("initialize", json!({"capabilities": {}}), &mut seen);
    assert_eq!(init["result"]["serverInfo"]["name"], "boardlint", "{init}");
    server.notify("initialized", json!({}));
    // Unknown methods and notifications; bad parameters.
    let unknown = server.request("workspace/nothing", json!({}), &mut seen);
    assert_eq!(unknown["error"]["code"], -32601);
    let bad = server.request("textDocument/codeAction", json!([1]), &mut seen);
    assert_eq!(bad["error"]["code"], -32602);
    server.notify("$/nothing", json!({"x": 1}));
    server.notify("textDocument/didClose", json!(7));
    // Edits out of order: to a document never opened, an old version, a
    // range that ends before it starts, a range far past the end.
    let change = |uri: &str, version: i64, range: Value| {
        json!({"textDocument": {"uri": uri, "version": version},
               "contentChanges": [{"range": range, "text": "x"}]})
    };
    let range = |a: u32, b: u32, c: u32, d: u32| json!({"start": {"line": a, "character": b}, "end": {"line": c, "character": d}});
    server.notify(
        "textDocument/didChange",
        change("untitled:never", 2, range(0, 0, 0, 0)),
    );
    server.open("untitled:a", SELF_INVOCATION);
    server.notify(
        "textDocument/didChange",
        change("untitled:a", 1, range(0, 0, 0, 1)),
    );
    server.notify(
        "textDocument/didChange",
        change("untitled:a", 3, range(0, 9, 0, 2)),
    );
    server.notify(
        "textDocument/didChange",
        change("untitled:a", 4, range(900, 9, 4_000_000_000, 4_000_000_000)),
    );
    // A document over the size limit: one diagnostic that says so.
    let huge = "a".repeat(16 * 1024 * 1024 + 1);
    server.open("untitled:huge", &huge);
    drop(huge);
    // Hundreds of documents opened and closed.
    for n in 0..300 {
        let uri = format!("untitled:draft-{n}");
        server.open(&uri, &format!("CFO: [INVOKE:cfo|Question {n}?]\n"));
        server.notify(
            "textDocument/didClose",
            json!({"textDocument": {"uri": uri}}),
        );
    }
    // Seeded random messages, of known methods with junk parameters.
    let mut rng = Rng(0x5eed);
    let methods = [
        "textDocument/didOpen",
        "textDocument/didChange",
        "textDocument/didSave",
        "textDocument/didClose",
        "textDocument/hover",
        "textDocument/codeAction",
        "textDocument/formatting",
        "textDocument/diagnostic",
        "workspace/didChangeWatchedFiles",
        "$/cancelRequest",
    ];
    for n in 0..400 {
        let method = *rng.pick(&methods);
        let params = junk(&mut rng, 0);
        if rng.next().is_multiple_of(2) {
            server.send(json!({"jsonrpc": "2.0", "id": format!("fuzz-{n}"), "method": method, "params": params}));
        } else {
            server.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
        }
    }
    // It still answers, and the document it kept is as its one good edit
    // left it, once that edit is checked (a save checks it at once).
    server.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": "untitled:a"}}),
    );
    server.wait_published("untitled:a", 4, &mut seen);
    let hover = server.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": "untitled:a"}, "position": {"line": 0, "character": 9}}),
        &mut seen,
    );
    let shown = hover["result"]["contents"]["value"]
        .as_str()
        .unwrap_or_default();
    assert!(shown.contains("L001 self-invocation"), "{hover}");
    let answered: Vec<&Value> = seen
        .iter()
        .filter(|m| m["id"].as_str().is_some_and(|id| id.starts_with("fuzz-")))
        .collect();
    assert!(answered.len() > 100, "{}", answered.len());
    assert!(answered
        .iter()
        .all(|m| m.get("result").is_some() || m["error"]["code"].is_i64()));
    assert!(
        answered.iter().all(|m| m["error"]["code"] != -32603),
        "an internal error: {:?}",
        answered.iter().find(|m| m["error"]["code"] == -32603)
    );
    let huge = published(&seen, "untitled:huge");
    let message = huge[0]["params"]["diagnostics"][0]["message"]
        .as_str()
        .unwrap();
    assert!(message.contains("16 MiB"), "{message}");
    // Each draft cleared when closed; a draft closed before its check was
    // done publishes nothing else (the check is called off).
    for n in [0, 150, 299] {
        let draft = published(&seen, &format!("untitled:draft-{n}"));
        assert!((1..=2).contains(&draft.len()), "{draft:?}");
        assert_eq!(draft.last().unwrap()["params"]["diagnostics"], json!([]));
    }
    let (code, stderr) = server.finish();
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn input_that_is_no_protocol_at_all_ends_the_server_cleanly() {
    let mut server = Server::start();
    server.raw(b"hello\nthis is not LSP\n\x00\xff\xfe binary\r\n\r\n");
    drop(server.stdin.take());
    let status = server.child.wait().unwrap();
    let mut stderr = String::new();
    server
        .child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    // Ended without `shutdown`: exit code 1, as the protocol says; what
    // was skipped is said on standard error, and nothing panicked.
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("was skipped"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// Documents opened and closed leave nothing behind: a second batch of
/// large documents costs no more memory than the first left (each batch is
/// 16 MB of text, which a server that kept closed documents would keep).
#[test]
fn closed_documents_leave_no_memory_behind() {
    let mut server = Server::start();
    let mut seen = Vec::new();
    server.request("initialize", json!({"capabilities": {}}), &mut seen);
    server.notify("initialized", json!({}));
    let body = "CFO: Our runway is 14 months.\n\n".repeat(400 * 1024 / 31);
    let mut batch = |server: &mut Server, from: usize| {
        for n in from..from + 40 {
            let uri = format!("untitled:large-{n}");
            server.open(&uri, &format!("Draft {n}.\n\n{body}"));
            server.notify(
                "textDocument/didClose",
                json!({"textDocument": {"uri": uri}}),
            );
        }
        // Every message before it is read once this is answered.
        server.request("shutdown-not-yet/ping", json!({}), &mut seen);
        rss_kb(server.child.id())
    };
    let first = batch(&mut server, 0);
    let second = batch(&mut server, 40);
    assert!(
        second < first + 8 * 1024,
        "memory grew from {first} KB to {second} KB over 16 MB of closed documents"
    );
    let (code, stderr) = server.finish();
    assert_eq!(code, 0, "{stderr}");
}

fn initialized() -> (Server, Vec<Value>) {
    let mut server = Server::start();
    let mut seen = Vec::new();
    server.request("initialize", json!({"capabilities": {}}), &mut seen);
    server.notify("initialized", json!({}));
    (server, seen)
}

/// Requests serde_json cannot read, each a whole JSON object otherwise: a
/// lone surrogate in a string, bytes that are not UTF-8, nesting 129
/// levels deep. Each is answered with a parse error that carries its id
/// (it was `null`: the client waited for its own until it gave up); a
/// notification of the same kind is noted on standard error, not answered;
/// the server goes on.
#[test]
fn requests_serde_json_cannot_read_are_answered_with_their_ids() {
    let (mut server, mut seen) = initialized();
    let hover = |id: &str, extra: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"textDocument/hover","params":{{"textDocument":{{"uri":"untitled:a"}},"position":{{"line":0,"character":0}},"x":{extra}}}}}"#
        )
    };
    server.frame(&hover("31", r#""\ud800""#));
    let mut invalid = hover(r#""bytes""#, r#""@@""#).into_bytes();
    let at = invalid.windows(2).position(|w| w == b"@@").unwrap();
    invalid.splice(at..at + 2, [0xc3, 0x28]);
    let mut framed = format!("Content-Length: {}\r\n\r\n", invalid.len()).into_bytes();
    framed.extend_from_slice(&invalid);
    server.raw(&framed);
    server.frame(&hover(
        "33",
        &format!("{}0{}", "[".repeat(129), "]".repeat(129)),
    ));
    server.frame(r#"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"x":"\udc00"}}"#);
    for id in [json!(31), json!("bytes"), json!(33)] {
        let answer = server.next_message();
        assert_eq!(answer["id"], id, "{answer}");
        assert_eq!(answer["error"]["code"], -32700, "{answer}");
    }
    // The next answer is the next request's.
    server.open("untitled:a", SELF_INVOCATION);
    server.wait_published("untitled:a", 1, &mut seen);
    let shown = server.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": "untitled:a"}, "position": {"line": 0, "character": 9}}),
        &mut seen,
    );
    assert!(shown["result"]["contents"]["value"]
        .as_str()
        .is_some_and(|v| v.contains("L001 self-invocation")));
    let (code, stderr) = server.finish();
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("a notification that cannot be read was skipped"),
        "{stderr}"
    );
}

/// A document's check runs off the message loop: a hover sent right after
/// a large document is opened is answered before the document's
/// diagnostics are published (it waited behind the check: 1.06 s for
/// 256 KB in a release build).
#[test]
fn a_hover_is_answered_while_a_large_document_is_checked() {
    let (mut server, mut seen) = initialized();
    let large = format!(
        "CFO: [INVOKE:cfo|What is our runway?]\n{}",
        costly_text(128)
    );
    server.open("untitled:large", &large);
    let started = std::time::Instant::now();
    let hover = server.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": "untitled:large"}, "position": {"line": 0, "character": 9}}),
        &mut seen,
    );
    let waited = started.elapsed();
    assert!(
        published(&seen, "untitled:large").is_empty(),
        "the diagnostics came before the hover's answer ({waited:?})"
    );
    // Before its check is done, the hover shows what the text says: the
    // marker and its rules.
    let shown = hover["result"]["contents"]["value"]
        .as_str()
        .unwrap_or_default();
    assert!(shown.contains("`L001` self-invocation"), "{hover}");
    // So do code actions: none yet, at once.
    let actions = server.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": "untitled:large"},
               "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
               "context": {"diagnostics": []}}),
        &mut seen,
    );
    assert_eq!(actions["result"], json!([]), "{actions}");
    assert!(published(&seen, "untitled:large").is_empty());
    let (code, stderr) = server.finish();
    assert_eq!(code, 0, "{stderr}");
}

/// An edit supersedes the check of the text before it: only the newest
/// version's diagnostics are ever published, whenever the older check
/// ends.
#[test]
fn a_change_calls_off_the_check_of_the_version_before() {
    let (mut server, mut seen) = initialized();
    server.open("untitled:draft", &costly_text(128));
    server.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": "untitled:draft", "version": 2},
               "contentChanges": [{"text": SELF_INVOCATION}]}),
    );
    let newest = server.wait_published("untitled:draft", 2, &mut seen);
    let codes: Vec<&str> = newest["params"]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    // The newest text's findings, whatever rules there are: those `check`
    // finds in it.
    assert!(codes.contains(&"L001"), "{codes:?}");
    assert_eq!(codes, checked_codes(SELF_INVOCATION));
    let (code, stderr, after) = server.finish_reading();
    assert_eq!(code, 0, "{stderr}");
    seen.extend(after);
    let versions: Vec<&Value> = published(&seen, "untitled:draft")
        .iter()
        .map(|m| &m["params"]["version"])
        .collect();
    assert_eq!(versions, [&json!(2)], "published: {versions:?}");
}
