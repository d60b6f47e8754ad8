//! No surface but `check` shows a credential either: the stop hook's
//! reason, the MCP server's results and the language server's messages
//! (diagnostics, hovers, code actions), each driven as its client drives
//! it, the built binary over standard input and output, with a credential
//! of every shape in the text.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

#[path = "secrets/shapes.rs"]
mod shapes;
use shapes::{PRIVATE_KEY, PRIVATE_KEY_BODY, SHAPES};

/// How long one answer may take (a debug build, a busy machine).
const WAIT: Duration = Duration::from_secs(60);

/// Every shape: (what is put into the text, what must never be shown).
fn credentials() -> Vec<(&'static str, &'static str)> {
    let mut all = SHAPES.to_vec();
    all.push((PRIVATE_KEY, PRIVATE_KEY_BODY));
    all
}

/// An answer in which rules quote `{S}`: as a role (M002), in a malformed
/// marker (M001), as a confidence level (R002), and a card whose lines
/// `fmt` moves (C003), so that the rewrite holds it too.
const ANSWER: &str = "CFO: checking the budget.\n\n[INVOKE:{S}|What is the Q3 budget?]\n\n\
[INVOKE {S}|How much?]\n\n[RESPONSE:cro]\nKey finding: The budget is $1.2M.\nSupporting data:\n\
  - Burn is $180K/month\n  - Runway is 14 months\nConfidence: {S}\nCaveat: Assumes no new hires.\n\
[/RESPONSE]\n\n━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n\n📊 CFO — Q2 pipeline coverage\n\n\
BOTTOM LINE\nPipeline already covers the Q2 target, so keep the current plan. — Confidence: 🟡 Medium\n\n\
WHY THIS MATTERS\nThe export ran as {S} for the quarter.\n\n\
WHAT\n• Open pipeline is $4.6M against a $1.5M target [VERIFIED: CRM export 2026-03-02] 🟢\n\n\
HOW TO ACT\n1. Run a deal review on the top five opportunities → CRO → 2026-03-13\n\n\
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n";

/// A handoff record that quotes `{S}` as a status and holds it as a value.
const RECORD: &str = "task_id: PAY-412\nattempt: 1\nstage: implement\nstatus: {S}\n\
input_ref: 3f9c2ab\noutput_ref: 9b1e7c4\nexecutor: {S}\nblocked_by: []\nnext_allowed: review\n";

fn with(text: &str, secret: &str) -> String {
    text.replace("{S}", secret)
}

/// `text` shows neither the credential nor its first 8 characters.
fn assert_hidden(text: &str, shown: &str, what: &str) {
    let head: String = shown.chars().take(8).collect();
    assert!(
        !text.contains(shown) && !text.contains(&head),
        "{what} shows {head}…:\n{text}"
    );
}

// --- the stop hook ----------------------------------------------------

#[test]
fn the_hooks_reason_never_shows_a_credential() {
    for (secret, shown) in credentials() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("session.jsonl");
        let user = json!({"type": "user", "sessionId": "s1", "uuid": "u0",
            "message": {"role": "user", "content": "Plan the Q3 budget."}});
        std::fs::write(&log, format!("{user}\n")).unwrap();
        let answer = with(ANSWER, secret);
        let payload = json!({"session_id": "s1", "transcript_path": log, "cwd": dir.path(),
            "hook_event_name": "Stop", "stop_hook_active": false,
            "last_assistant_message": answer});
        let out = Command::new(env!("CARGO_BIN_EXE_boardlint"))
            // Warnings send the answer back too, so that the card's
            // rewrite is in the reason.
            .args(["hook", "--fail-on", "warning"])
            .env("BOARDLINT_CACHE_DIR", dir.path().join("cache"))
            .current_dir(dir.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                child
                    .stdin
                    .take()
                    .unwrap()
                    .write_all(payload.to_string().as_bytes())?;
                child.wait_with_output()
            })
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let reply: Value =
            serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{e}: {stdout}{stderr}"));
        assert_eq!(reply["decision"], "block", "{reply}");
        let reason = reply["reason"].as_str().unwrap();
        // The rules quoted it, and the card's rewrite holds it.
        for code in ["M001", "R002", "C003"] {
            assert!(reason.contains(code), "{secret}: {reason}");
        }
        assert!(reason.contains("boardlint fmt"), "{secret}: {reason}");
        assert_hidden(&format!("{stdout}{stderr}"), shown, "the hook");
    }
}

// --- the MCP server -----------------------------------------------------

/// `boardlint mcp`, one JSON-RPC message a line.
struct Mcp {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    next_id: u64,
}

impl Mcp {
    fn start(dir: &Path) -> Mcp {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardlint"))
            .args(["mcp", "--isolated"])
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("boardlint starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("a piped standard output");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut mcp = Mcp {
            child,
            stdin,
            lines,
            next_id: 1,
        };
        let init = mcp.request(
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "boardlint-tests", "version": "1"}}),
        );
        assert!(init.contains("\"serverInfo\""), "{init}");
        mcp.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string());
        let tools = mcp.request("tools/list", json!({}));
        assert!(
            tools.contains("\"check\"") && tools.contains("\"format\""),
            "{tools}"
        );
        mcp
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("standard input open");
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    /// A request; the response line, as written.
    fn request(&mut self, method: &str, params: Value) -> String {
        let id = self.next_id;
        self.next_id += 1;
        self.send(
            &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string(),
        );
        let line = self
            .lines
            .recv_timeout(WAIT)
            .unwrap_or_else(|_| panic!("no answer to {method}"));
        let message: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(message["id"], id, "{line}");
        assert!(message.get("error").is_none(), "{line}");
        line
    }

    fn call(&mut self, tool: &str, arguments: Value) -> String {
        self.request("tools/call", json!({"name": tool, "arguments": arguments}))
    }
}

impl Drop for Mcp {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}

#[test]
fn no_result_of_the_mcp_check_tool_shows_a_credential() {
    let dir = tempfile::tempdir().unwrap();
    let mut mcp = Mcp::start(dir.path());
    for (secret, shown) in credentials() {
        let answer = mcp.call("check", json!({"text": with(ANSWER, secret)}));
        for code in ["M001", "R002"] {
            assert!(answer.contains(code), "{secret}: {answer}");
        }
        let record = mcp.call(
            "check",
            json!({"text": with(RECORD, secret), "path": "a.handoff.yaml"}),
        );
        assert!(record.contains("P011"), "{secret}: {record}");
        for (what, result) in [
            ("check of an answer", &answer),
            ("check of a record", &record),
        ] {
            assert_hidden(result, shown, what);
        }
    }
}

/// The tool's `formatted` text and `diff` are the draft's own lines.
#[test]
fn no_result_of_the_mcp_format_tool_shows_a_credential() {
    let dir = tempfile::tempdir().unwrap();
    let mut mcp = Mcp::start(dir.path());
    for (secret, shown) in credentials() {
        let result = mcp.call("format", json!({"text": with(ANSWER, secret)}));
        assert!(result.contains("\"changed\":true"), "{secret}: {result}");
        assert_hidden(&result, shown, "format");
    }
}

// --- the language server -------------------------------------------------

/// `boardlint server`, messages framed with `Content-Length`.
struct Lsp {
    child: Child,
    stdin: Option<ChildStdin>,
    messages: Receiver<String>,
    next_id: i64,
}

/// The bodies of a framed stream, as written, until it ends.
fn read_messages(stdout: impl Read, tx: mpsc::Sender<String>) {
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
        if reader.read_exact(&mut body).is_err()
            || tx
                .send(String::from_utf8_lossy(&body).into_owned())
                .is_err()
        {
            return;
        }
    }
}

impl Lsp {
    fn start(dir: &Path) -> Lsp {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardlint"))
            .args(["server", "--isolated"])
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("boardlint starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("a piped standard output");
        let (tx, messages) = mpsc::channel();
        std::thread::spawn(move || read_messages(stdout, tx));
        let mut lsp = Lsp {
            child,
            stdin,
            messages,
            next_id: 0,
        };
        let init = lsp.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {}}),
            &mut Vec::new(),
        );
        assert!(init.contains("capabilities"), "{init}");
        lsp.notify("initialized", json!({}));
        lsp
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        let stdin = self.stdin.as_mut().expect("standard input open");
        stdin
            .write_all(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes())
            .unwrap();
        stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn next(&self) -> String {
        self.messages
            .recv_timeout(WAIT)
            .expect("the server writes in time")
    }

    /// A request; its response, as written (what came before it is kept
    /// in `seen`).
    fn request(&mut self, method: &str, params: Value, seen: &mut Vec<String>) -> String {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let body = self.next();
            let message: Value = serde_json::from_str(&body).unwrap();
            if message["id"] == id && message.get("method").is_none() {
                assert!(message.get("error").is_none(), "{body}");
                return body;
            }
            seen.push(body);
        }
    }

    /// Open a document; the diagnostics published for it, as written.
    fn open(&mut self, uri: &str, text: &str) -> String {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}),
        );
        loop {
            let body = self.next();
            let message: Value = serde_json::from_str(&body).unwrap();
            if message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["uri"] == uri
            {
                return body;
            }
        }
    }
}

impl Drop for Lsp {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Opens each shape's answer, then asks for a hover on each finding:
/// (the document's URI, its diagnostics, the hovers, the credential shown).
fn lsp_session(
    lsp: &mut Lsp,
    dir: &Path,
    (secret, shown): (&str, &str),
    n: usize,
) -> (String, Value, Vec<String>) {
    let uri = format!("file://{}/draft{n}.md", dir.display());
    let published = lsp.open(&uri, &with(ANSWER, secret));
    let diagnostics: Value = serde_json::from_str(&published).unwrap();
    let diagnostics = diagnostics["params"]["diagnostics"].clone();
    for code in ["M001", "R002", "C003"] {
        assert!(published.contains(code), "{secret}: {published}");
    }
    assert_hidden(&published, shown, "publishDiagnostics");
    let mut seen = Vec::new();
    let hovers = diagnostics
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            lsp.request(
                "textDocument/hover",
                json!({"textDocument": {"uri": uri}, "position": d["range"]["start"]}),
                &mut seen,
            )
        })
        .collect();
    (uri, diagnostics, hovers)
}

#[test]
fn no_diagnostic_or_hover_of_the_language_server_shows_a_credential() {
    let dir = tempfile::tempdir().unwrap();
    let mut lsp = Lsp::start(dir.path());
    for (n, credential) in credentials().into_iter().enumerate() {
        let (_, _, hovers) = lsp_session(&mut lsp, dir.path(), credential, n);
        assert!(hovers.iter().any(|h| h.contains("R002")), "{hovers:?}");
        for hover in &hovers {
            assert_hidden(hover, credential.1, "a hover");
        }
    }
}

/// The edits of `fmt`'s actions are the document's own lines.
#[test]
fn no_code_action_of_the_language_server_shows_a_credential() {
    let dir = tempfile::tempdir().unwrap();
    let mut lsp = Lsp::start(dir.path());
    for (n, credential) in credentials().into_iter().enumerate() {
        let (uri, diagnostics, _) = lsp_session(&mut lsp, dir.path(), credential, n);
        let actions = lsp.request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri},
                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 40, "character": 0}},
                "context": {"diagnostics": diagnostics}}),
            &mut Vec::new(),
        );
        assert!(actions.contains("Format file"), "{actions}");
        assert_hidden(&actions, credential.1, "a code action");
    }
}
