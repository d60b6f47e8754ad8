//! The server end to end, in process: a client on one side of
//! `lsp_server::Connection::memory()`, the session on the other, as ruff
//! tests its server. Each test ends with `shutdown` and `exit` and checks
//! that no message was left unread.

use std::path::Path;
use std::thread::JoinHandle;
use std::time::Duration;

use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use serde_json::{json, Value};

use super::session;
use crate::commands::engines::Engines;
use crate::commands::ConfigFlags;

const SELF_INVOCATION: &str = "CFO: 😀 [INVOKE:cfo|What is our runway?]\n";

/// How long a test waits for a message before it fails.
const WAIT: Duration = Duration::from_secs(10);

struct Client {
    connection: Connection,
    server: Option<JoinHandle<i32>>,
    next: i32,
    /// Notifications received while waiting for a response.
    held: Vec<Notification>,
}

fn isolated() -> Engines {
    Engines::new(&ConfigFlags {
        config: Vec::new(),
        isolated: true,
    })
    .unwrap()
}

/// Isolated engines that run L001 alone, the rule these tests' documents
/// break: what they hold of the protocol is not changed by another rule.
fn self_invocation_only() -> Engines {
    Engines::new(&ConfigFlags {
        config: vec!["select=[L001]".into()],
        isolated: true,
    })
    .unwrap()
}

impl Client {
    /// A server started, not yet initialized.
    fn connect(engines: Engines) -> Client {
        let (server, client) = Connection::memory();
        let handle = std::thread::spawn(move || session::serve(&server, engines));
        Client {
            connection: client,
            server: Some(handle),
            next: 0,
            held: Vec::new(),
        }
    }

    /// A server initialized with these client capabilities.
    fn start(engines: Engines, capabilities: Value) -> (Client, Value) {
        let mut client = Client::connect(engines);
        let result = client.request_ok(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": capabilities}),
        );
        client.notify("initialized", json!({}));
        (client, result)
    }

    fn send(&self, message: impl Into<Message>) {
        self.connection.sender.send(message.into()).unwrap();
    }

    fn notify(&self, method: &str, params: Value) {
        self.send(Notification::new(method.into(), params));
    }

    fn receive(&self) -> Message {
        self.connection
            .receiver
            .recv_timeout(WAIT)
            .expect("the server answers in time")
    }

    fn request(&mut self, method: &str, params: Value) -> Response {
        self.next += 1;
        let id = RequestId::from(self.next);
        self.send(Request::new(id.clone(), method.into(), params));
        loop {
            match self.receive() {
                Message::Response(r) if r.id == id => return r,
                Message::Notification(n) => self.held.push(n),
                // The server's own requests (watcher registrations).
                Message::Request(r) => self.send(Response::new_ok(r.id, Value::Null)),
                other => panic!("unexpected {other:?}"),
            }
        }
    }

    fn request_ok(&mut self, method: &str, params: Value) -> Value {
        match self.request(method, params).response_result {
            Ok(result) => result,
            Err(error) => panic!("{method}: {error:?}"),
        }
    }

    /// The next notification of this method (earlier ones of others are
    /// dropped).
    fn notification(&mut self, method: &str) -> Value {
        if let Some(at) = self.held.iter().position(|n| n.method == method) {
            return self.held.remove(at).params;
        }
        loop {
            match self.receive() {
                Message::Notification(n) if n.method == method => return n.params,
                Message::Notification(_) => {}
                Message::Request(r) => self.send(Response::new_ok(r.id, Value::Null)),
                other => panic!("unexpected {other:?}"),
            }
        }
    }

    /// The next log line that holds `what`.
    fn logged(&mut self, what: &str) -> String {
        loop {
            let params = self.notification("window/logMessage");
            let message = params["message"].as_str().unwrap().to_string();
            if message.contains(what) {
                return message;
            }
        }
    }

    fn diagnostics(&mut self) -> (String, Vec<Value>) {
        let params = self.notification("textDocument/publishDiagnostics");
        let uri = params["uri"].as_str().unwrap().to_string();
        (uri, params["diagnostics"].as_array().unwrap().clone())
    }

    /// The first diagnostics published that `wanted` accepts (a change may
    /// be seen twice: at the message after it, and at its notification).
    fn diagnostics_until(&mut self, wanted: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        loop {
            let (_, diagnostics) = self.diagnostics();
            if wanted(&diagnostics) {
                return diagnostics;
            }
        }
    }

    fn open(&self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}),
        );
    }

    /// `shutdown`, `exit`: the server's exit code. Nothing may be left
    /// unread but log lines and the server's registrations.
    fn finish(mut self) -> i32 {
        assert_eq!(self.request_ok("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        let code = self.server.take().unwrap().join().unwrap();
        let mut unread: Vec<String> = self.held.iter().map(|n| n.method.clone()).collect();
        for message in self.connection.receiver.try_iter() {
            unread.push(match message {
                Message::Notification(n) => n.method,
                Message::Request(r) => r.method,
                Message::Response(r) => format!("a response to {:?}", r.id),
            });
        }
        unread.retain(|m| m != "window/logMessage" && m != "client/registerCapability");
        assert!(unread.is_empty(), "left unread: {unread:?}");
        code
    }
}

/// The error code a request was answered with.
fn error_code(response: Response) -> i32 {
    response.response_result.expect_err("an error").code
}

fn codes(diagnostics: &[Value]) -> Vec<&str> {
    diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap_or(""))
        .collect()
}

/// The text after applying edits (non-overlapping, any order).
fn apply(text: &str, edits: &[Value], unit: crate::lines::Unit) -> String {
    let index = crate::lines::LineIndex::new(text);
    let offset = |p: &Value| {
        index.offset_at(
            p["line"].as_u64().unwrap() as usize,
            p["character"].as_u64().unwrap() as usize,
            unit,
        )
    };
    let mut spans: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap(),
            )
        })
        .collect();
    spans.sort_by_key(|s| std::cmp::Reverse(s.0));
    let mut out = text.to_string();
    for (start, end, new) in spans {
        out.replace_range(start..end, new);
    }
    out
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fmt")
            .join(name),
    )
    .unwrap()
}

fn action<'a>(actions: &'a Value, title_starts: &str) -> Option<&'a Value> {
    actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"].as_str().unwrap().starts_with(title_starts))
}

fn edits_of<'a>(action: &'a Value, uri: &str) -> &'a Vec<Value> {
    action["edit"]["changes"][uri].as_array().unwrap()
}

#[test]
fn a_session_publishes_on_open_and_after_an_edit_and_ends_cleanly() {
    let (mut client, init) = Client::start(self_invocation_only(), json!({}));
    let caps = &init["capabilities"];
    assert_eq!(caps["positionEncoding"], "utf-16");
    assert_eq!(caps["textDocumentSync"]["change"], 2);
    assert!(caps.get("diagnosticProvider").is_none());
    assert_eq!(init["serverInfo"]["name"], "boardlint");
    let uri = "untitled:draft-1";
    client.open(uri, SELF_INVOCATION);
    let (published, diagnostics) = client.diagnostics();
    assert_eq!(published, uri);
    assert_eq!(codes(&diagnostics), ["L001"]);
    let d = &diagnostics[0];
    // `CFO: 😀 ` is eight UTF-16 units: the marker starts at 8.
    assert_eq!(d["range"]["start"], json!({"line": 0, "character": 8}));
    assert_eq!(d["source"], "boardlint");
    assert_eq!(d["severity"], 1);
    assert!(d["codeDescription"]["href"]
        .as_str()
        .unwrap()
        .ends_with("/docs/rules/L001.md"));
    // An edit: the invocation now goes to the CEO; the diagnostics follow
    // once the edit settles.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2},
               "contentChanges": [{"range": {"start": {"line": 0, "character": 16}, "end": {"line": 0, "character": 19}}, "text": "ceo"}]}),
    );
    let started = std::time::Instant::now();
    let (_, after) = client.diagnostics();
    assert!(started.elapsed() >= session::DEBOUNCE / 2);
    assert_eq!(codes(&after), Vec::<&str>::new());
    // Hover on nothing in particular: null.
    let hover = client.request_ok(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(hover, Value::Null);
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    let (_, cleared) = client.diagnostics();
    assert!(cleared.is_empty());
    // Closed, it is gone: nothing to hover on, nothing to format.
    let hover = client.request_ok(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 9}}),
    );
    assert_eq!(hover, Value::Null);
    assert_eq!(client.finish(), 0);
}

#[test]
fn formatting_and_code_actions_rewrite_a_card() {
    let (mut client, _) = Client::start(
        isolated(),
        json!({"general": {"positionEncodings": ["utf-16", "utf-8"]}}),
    );
    let draft = fixture("en-alert-bare-lines.md");
    let formatted = fixture("en-alert-bare-lines.formatted");
    let uri = "untitled:alert";
    client.open(uri, &draft);
    let (_, diagnostics) = client.diagnostics();
    assert_eq!(codes(&diagnostics), ["C001"]);
    assert_eq!(diagnostics[0]["data"]["fixable"], true);
    let unit = crate::lines::Unit::Byte;
    let edits = client.request_ok(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert_eq!(apply(&draft, edits.as_array().unwrap(), unit), formatted);
    // The cursor in the card.
    let actions = client.request_ok(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri},
               "range": {"start": {"line": 2, "character": 2}, "end": {"line": 2, "character": 2}},
               "context": {"diagnostics": diagnostics}}),
    );
    for title in [
        "Fix C001 card-frame",
        "Disable C001 card-frame for this line",
        "Format card",
        "Format file",
        "Fix all",
    ] {
        assert!(action(&actions, title).is_some(), "{title}: {actions:#}");
    }
    let fix = action(&actions, "Fix C001").unwrap();
    assert_eq!(fix["kind"], "quickfix");
    assert_eq!(fix["diagnostics"][0]["code"], "C001");
    assert_eq!(apply(&draft, edits_of(fix, uri), unit), formatted);
    let card = action(&actions, "Format card").unwrap();
    assert_eq!(apply(&draft, edits_of(card, uri), unit), formatted);
    let all = action(&actions, "Fix all").unwrap();
    assert_eq!(all["kind"], "source.fixAll.boardlint");
    // Only the source actions, when asked for those alone.
    let source = client.request_ok(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri},
               "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
               "context": {"diagnostics": [], "only": ["source.fixAll"]}}),
    );
    let titles: Vec<&str> = source
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Fix all boardlint problems (boardlint fmt)"]);
    // Disabling the rule for the line: checked again, the card is silent.
    let disable = action(&actions, "Disable C001").unwrap();
    let silenced = apply(&draft, edits_of(disable, uri), unit);
    assert!(silenced.contains("<!-- boardlint-disable-next-line C001 -->\n🚩 CRO"));
    let engine = crate::engine::Engine::default();
    assert!(engine.check(None, &silenced).is_empty(), "{silenced}");
    // Hover on the diagnostic: its message and its rule's page.
    let hover = client.request_ok(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 2, "character": 3}}),
    );
    let shown = hover["contents"]["value"].as_str().unwrap();
    assert!(shown.starts_with("**C001 card-frame**"), "{shown}");
    assert!(shown.contains("# C001 card-frame"), "{shown}");
    assert_eq!(client.finish(), 0);
}

#[test]
fn utf8_positions_when_the_client_offers_them() {
    let (mut client, init) = Client::start(
        isolated(),
        json!({"general": {"positionEncodings": ["utf-16", "utf-8"]}}),
    );
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-8");
    client.open("untitled:a", SELF_INVOCATION);
    let (_, diagnostics) = client.diagnostics();
    // `CFO: 😀 ` is ten bytes: the marker starts at byte 10.
    assert_eq!(diagnostics[0]["range"]["start"]["character"], 10);
    assert_eq!(client.finish(), 0);
}

#[test]
fn a_client_that_pulls_gets_its_diagnostics_when_it_asks() {
    let (mut client, init) = Client::start(
        self_invocation_only(),
        json!({"textDocument": {"diagnostic": {"dynamicRegistration": false}}}),
    );
    assert_eq!(
        init["capabilities"]["diagnosticProvider"]["identifier"],
        "boardlint"
    );
    client.open("untitled:a", SELF_INVOCATION);
    let report = client.request_ok(
        "textDocument/diagnostic",
        json!({"textDocument": {"uri": "untitled:a"}}),
    );
    assert_eq!(report["kind"], "full");
    assert_eq!(codes(report["items"].as_array().unwrap()), ["L001"]);
    // Nothing was pushed: `finish` finds no publishDiagnostics unread.
    assert_eq!(client.finish(), 0);
}

#[test]
fn bad_requests_are_answered_and_the_session_goes_on() {
    let mut client = Client::connect(self_invocation_only());
    let early = client.request("textDocument/hover", json!({}));
    assert_eq!(error_code(early), -32002);
    // Notifications before initialize are dropped.
    client.open("untitled:early", SELF_INVOCATION);
    client.request_ok("initialize", json!({"capabilities": {}}));
    client.notify("initialized", json!({}));
    let again = client.request("initialize", json!({"capabilities": {}}));
    assert_eq!(error_code(again), -32600);
    let unknown = client.request("boardlint/nothing", json!({}));
    assert_eq!(error_code(unknown), -32601);
    let bad = client.request("textDocument/hover", json!({"position": "here"}));
    assert_eq!(error_code(bad), -32602);
    client.notify("boardlint/unknown", json!([1, 2]));
    client.notify("textDocument/didOpen", json!({"nonsense": true}));
    // A change to a document that is not open, then one with a range that
    // ends before it starts: each is logged and ignored.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": "untitled:nowhere", "version": 2}, "contentChanges": [{"text": "x"}]}),
    );
    client.logged("untitled:nowhere is not open");
    client.open("untitled:a", SELF_INVOCATION);
    let (_, first) = client.diagnostics();
    assert_eq!(codes(&first), ["L001"]);
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": "untitled:a", "version": 2},
               "contentChanges": [{"range": {"start": {"line": 0, "character": 9}, "end": {"line": 0, "character": 2}}, "text": "x"}]}),
    );
    client.logged("ends before it starts");
    // The document is as it was: still L001 there.
    let report = client.request_ok(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": "untitled:a"},
               "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
               "context": {"diagnostics": []}}),
    );
    assert!(action(&report, "Disable L001").is_some(), "{report:#}");
    let bad_range = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": "untitled:a"},
               "range": {"start": {"line": 2, "character": 0}, "end": {"line": 0, "character": 0}},
               "context": {"diagnostics": []}}),
    );
    assert_eq!(error_code(bad_range), -32602);
    let after = client.request("shutdown", Value::Null);
    assert!(after.response_result.is_ok());
    let late = client.request("textDocument/hover", json!({}));
    assert_eq!(error_code(late), -32600);
    client.notify("exit", Value::Null);
    assert_eq!(client.server.take().unwrap().join().unwrap(), 0);
}

#[test]
fn exit_without_shutdown_is_exit_code_1() {
    let (client, _) = Client::start(isolated(), json!({}));
    client.notify("exit", Value::Null);
    let mut client = client;
    assert_eq!(client.server.take().unwrap().join().unwrap(), 1);
}

#[test]
fn a_configuration_change_checks_the_open_documents_again() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    let config = dir.path().join(".boardlint.yaml");
    // L001 alone, the rule the document breaks.
    std::fs::write(&config, "select: [L001]\nignore: []\n").unwrap();
    let engines = Engines::new(&ConfigFlags::default()).unwrap();
    let (mut client, _) = Client::start(
        engines,
        json!({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}),
    );
    let file = dir.path().join("q3.md");
    let uri = format!("file://{}", file.display());
    client.open(&uri, SELF_INVOCATION);
    let (_, before) = client.diagnostics();
    assert_eq!(codes(&before), ["L001"]);
    // Each version is written whole, as editors save, so that the server
    // (on its own thread) never reads a file half-written.
    let save = |text: &str| {
        let next = dir.path().join(".boardlint.yaml.new");
        std::fs::write(&next, text).unwrap();
        std::fs::rename(&next, &config).unwrap();
    };
    // A different size: a different version of the file.
    save("select: [L001]\nignore: [L001, L002]\n");
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": format!("file://{}", config.display()), "type": 2}]}),
    );
    client.diagnostics_until(<[Value]>::is_empty);
    // A configuration with errors: one diagnostic that says so, at the
    // start, seen at the next message without any notification (the
    // stamps are compared).
    save("ignore: [L001\n");
    client.request_ok(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}),
    );
    let broken = client.diagnostics_until(|d| !d.is_empty());
    assert_eq!(broken.len(), 1, "{broken:?}");
    let message = broken[0]["message"].as_str().unwrap();
    assert!(message.contains("has errors"), "{message}");
    assert_eq!(client.finish(), 0);
}

#[test]
fn records_and_session_logs_are_checked_as_their_kind() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let (mut client, _) = Client::start(isolated(), json!({}));
    for (file, family) in [
        (
            "fixtures/P001/trigger/01-missing-next-allowed.handoff.yaml",
            'P',
        ),
        (
            "fixtures/T001/trigger/01-truncated-line-not-json.events.jsonl",
            'T',
        ),
        ("sessions/codex.jsonl", 'B'),
    ] {
        let path = root.join(file);
        let uri = format!("file://{}", path.display());
        client.open(&uri, &std::fs::read_to_string(&path).unwrap());
        let (published, diagnostics) = client.diagnostics();
        assert_eq!(published, uri);
        let found = codes(&diagnostics);
        assert!(
            found.iter().any(|c| c.starts_with(family)),
            "{file}: {found:?}"
        );
        // A record is not formatted, nor given suppression comments.
        let actions = client.request_ok(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri},
                   "range": diagnostics[0]["range"],
                   "context": {"diagnostics": []}}),
        );
        let titles: Vec<&str> = actions
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["title"].as_str().unwrap())
            .collect();
        assert!(titles.is_empty(), "{file}: {titles:?}");
        let edits = client.request_ok(
            "textDocument/formatting",
            json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
        );
        assert_eq!(edits, Value::Null, "{file}");
    }
    assert_eq!(client.finish(), 0);
}
