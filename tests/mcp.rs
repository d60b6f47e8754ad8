//! `boardlint mcp`, driven as a client drives it: the built binary over
//! standard input and output, one raw JSON-RPC message a line.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

mod stream;
use stream::{costly_text, peak_kb, rss_kb, Rng};

const SELF_INVOCATION: &str = "CFO: [INVOKE:cfo|What is our runway?]\n";
/// How long one answer may take (a debug build, a busy machine).
const WAIT: Duration = Duration::from_secs(60);

/// A running server, with the lines it writes read on a thread of their own.
struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    next_id: u64,
}

impl Server {
    fn start(dir: &Path, args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardlint"))
            .arg("mcp")
            .args(args)
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
        Server {
            child,
            stdin,
            lines,
            next_id: 1,
        }
    }

    /// A server started and initialized, in `dir`.
    fn ready(dir: &Path, args: &[&str]) -> Server {
        let mut server = Server::start(dir, args);
        let init = server.request(
            "initialize",
            json!({
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "boardlint-tests", "version": "1"}
            }),
        );
        assert_eq!(init["result"]["serverInfo"]["name"], "boardlint", "{init}");
        assert_eq!(
            init["result"]["serverInfo"]["version"],
            env!("CARGO_PKG_VERSION")
        );
        assert_eq!(init["result"]["protocolVersion"], "2025-06-18");
        assert!(
            init["result"]["capabilities"]["tools"].is_object(),
            "{init}"
        );
        server.send_line(
            &json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string(),
        );
        server
    }

    fn send_line(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    /// A line of any bytes, its newline added.
    fn send_bytes(&mut self, line: &[u8]) {
        let stdin = self.stdin.as_mut().expect("standard input still open");
        stdin.write_all(line).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    /// The next line the server writes, as JSON.
    fn next_message(&mut self) -> Value {
        let line = self.lines.recv_timeout(WAIT).expect("an answer in time");
        serde_json::from_str(&line).unwrap_or_else(|e| {
            panic!("standard output holds a line that is no JSON ({e}): {line}")
        })
    }

    /// Send a request; its response (every line the server writes is JSON,
    /// and nothing but the response to it comes in between).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send_line(
            &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string(),
        );
        self.response(id)
    }

    fn response(&mut self, id: u64) -> Value {
        let line = self
            .lines
            .recv_timeout(WAIT)
            .unwrap_or_else(|_| panic!("no answer to request {id}"));
        let message: Value = serde_json::from_str(&line).unwrap_or_else(|e| {
            panic!("standard output holds a line that is no JSON ({e}): {line}")
        });
        assert_eq!(message["jsonrpc"], "2.0", "{message}");
        assert_eq!(message["id"], id, "an answer to another request: {message}");
        message
    }

    /// `tools/call`: the call's result (a tool result, error or not).
    fn call(&mut self, tool: &str, arguments: Value) -> Value {
        let response = self.request("tools/call", json!({"name": tool, "arguments": arguments}));
        assert!(
            response.get("error").is_none(),
            "a protocol error: {response}"
        );
        response["result"].clone()
    }

    /// Close standard input; how the server exits.
    fn finish(mut self) -> std::process::ExitStatus {
        drop(self.stdin.take());
        for _ in 0..600 {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        panic!("the server did not exit once its input closed");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A directory of its own, seen as a repository root (so no configuration
/// above it applies).
/// The rules the texts of most tests here break (L001, and the handoff
/// rules), selected alone: what a test reads of the answers is not changed
/// by another rule.
const SELECTED: &[&str] = &["--config", "select=[L001, P]"];

fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    dir
}

/// The text content of a tool result.
fn text_of(result: &Value) -> &str {
    let content = result["content"].as_array().expect("content");
    assert_eq!(content.len(), 1, "{result}");
    assert_eq!(content[0]["type"], "text");
    content[0]["text"].as_str().expect("text")
}

fn is_error(result: &Value) -> bool {
    result["isError"] == json!(true)
}

fn codes(result: &Value) -> Vec<&str> {
    result["structuredContent"]["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect()
}

#[test]
fn tools_are_listed_with_their_schemas() {
    let dir = project();
    let mut server = Server::ready(dir.path(), &[]);
    let list = server.request("tools/list", json!({}));
    let tools = list["result"]["tools"].as_array().expect("tools");
    let mut names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    names.sort();
    assert_eq!(names, ["check", "explain_rule", "format", "list_rules"]);
    let tool = |name: &str| tools.iter().find(|t| t["name"] == name).unwrap();
    for t in tools {
        assert_eq!(t["inputSchema"]["type"], "object", "{t}");
        assert_eq!(t["outputSchema"]["type"], "object", "{t}");
        assert!(!t["description"].as_str().unwrap().is_empty());
        assert_eq!(t["annotations"]["readOnlyHint"], true, "{t}");
    }
    let check = &tool("check")["inputSchema"];
    assert_eq!(check["required"], json!(["text"]));
    assert_eq!(check["properties"]["text"]["type"], "string");
    assert_eq!(
        check["properties"]["kind"]["enum"],
        json!([
            "transcript",
            "decision-log",
            "handoff",
            "transition-log",
            "handshake-log",
            "session-log"
        ])
    );
    assert!(check["properties"]["path"].is_object());
    let output = &tool("check")["outputSchema"];
    assert_eq!(
        output["required"],
        json!(["kind", "diagnostics", "summary"])
    );
    assert_eq!(tool("format")["inputSchema"]["required"], json!(["text"]));
    assert_eq!(
        tool("format")["outputSchema"]["required"],
        json!(["formatted", "changed", "diff", "kind"])
    );
    assert_eq!(
        tool("explain_rule")["inputSchema"]["required"],
        json!(["rule"])
    );
    assert!(server.finish().success());
}

#[test]
fn check_reports_a_self_invocation_with_its_place() {
    let dir = project();
    let mut server = Server::ready(dir.path(), SELECTED);
    let result = server.call("check", json!({"text": SELF_INVOCATION}));
    assert!(!is_error(&result), "{result}");
    let content = &result["structuredContent"];
    assert_eq!(content["kind"], "transcript");
    assert_eq!(
        content["summary"],
        json!({"errors": 1, "warnings": 0, "infos": 0})
    );
    let d = &content["diagnostics"][0];
    assert_eq!(d["code"], "L001");
    assert_eq!(d["name"], "self-invocation");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["path"], "<text>");
    assert_eq!(d["start"], json!({"line": 1, "column": 6, "offset": 5}));
    assert_eq!(d["end"], json!({"line": 1, "column": 38, "offset": 37}));
    assert!(d["message"]
        .as_str()
        .unwrap()
        .contains("`cfo` invokes itself"));
    assert!(!d["help"].as_str().unwrap().is_empty());
    let text = text_of(&result);
    assert!(
        text.starts_with("1:6: error[L001] self-invocation:"),
        "{text}"
    );
    assert!(
        text.ends_with("Found 1 error, 0 warnings (transcript)."),
        "{text}"
    );

    // The same objects `boardlint check --format json` prints.
    let cli = assert_cmd::Command::new(env!("CARGO_BIN_EXE_boardlint"))
        .args([
            "check",
            "-",
            "--format",
            "json",
            "--stdin-filename",
            "draft.md",
        ])
        .current_dir(dir.path())
        .write_stdin(SELF_INVOCATION)
        .output()
        .unwrap();
    let printed: Value = serde_json::from_slice(&cli.stdout).unwrap();
    let named = server.call(
        "check",
        json!({"text": SELF_INVOCATION, "path": "draft.md"}),
    );
    assert_eq!(named["structuredContent"]["diagnostics"], printed);

    let clean = server.call("check", json!({"text": "CFO: Our runway is 14 months.\n"}));
    assert_eq!(codes(&clean), Vec::<&str>::new());
    assert_eq!(text_of(&clean), "No problems found (transcript).");
    assert!(server.finish().success());
}

#[test]
fn path_and_kind_choose_how_the_text_is_read() {
    let dir = project();
    let mut server = Server::ready(dir.path(), SELECTED);
    let record = "task_id: T-1\nstatus: nonsense\n";
    let as_record = server.call(
        "check",
        json!({"text": record, "path": "work/a.handoff.yaml"}),
    );
    assert_eq!(as_record["structuredContent"]["kind"], "handoff");
    assert!(!codes(&as_record).is_empty());
    assert!(
        codes(&as_record).iter().all(|c| c.starts_with('P')),
        "{as_record}"
    );
    let forced = server.call(
        "check",
        json!({"text": SELF_INVOCATION, "path": "work/a.handoff.yaml", "kind": "transcript"}),
    );
    assert_eq!(forced["structuredContent"]["kind"], "transcript");
    assert_eq!(codes(&forced), ["L001"]);
    let unknown = server.call("check", json!({"text": SELF_INVOCATION, "kind": "memo"}));
    assert!(is_error(&unknown), "{unknown}");
    assert!(
        text_of(&unknown).contains("`memo` is not a kind: use transcript, decision-log"),
        "{unknown}"
    );
    assert!(server.finish().success());
}

#[test]
fn the_configuration_of_the_path_applies_and_is_read_again_when_changed() {
    let dir = project();
    let config = dir.path().join(".boardlint.yaml");
    std::fs::write(&config, "per-file-ignores: { \"drafts/**\": [L001] }\n").unwrap();
    let mut server = Server::ready(dir.path(), SELECTED);
    let draft = json!({"text": SELF_INVOCATION, "path": "drafts/q3.md"});
    assert_eq!(
        codes(&server.call("check", draft.clone())),
        Vec::<&str>::new()
    );
    let elsewhere = json!({"text": SELF_INVOCATION, "path": "final/q3.md"});
    assert_eq!(codes(&server.call("check", elsewhere)), ["L001"]);
    // An edit applies from the next call.
    std::fs::write(&config, "ignore: [L001]\n").unwrap();
    assert_eq!(
        codes(&server.call("check", json!({"text": SELF_INVOCATION}))),
        Vec::<&str>::new()
    );
    std::fs::write(&config, "severity: { L001: warning }\n").unwrap();
    let warned = server.call("check", draft.clone());
    assert_eq!(
        warned["structuredContent"]["diagnostics"][0]["severity"],
        "warning"
    );
    // A configuration with errors is a tool error that says where.
    std::fs::write(&config, "ignore: [L001\n").unwrap();
    let broken = server.call("check", draft);
    assert!(is_error(&broken), "{broken}");
    assert!(text_of(&broken).contains(".boardlint.yaml"), "{broken}");
    assert!(server.finish().success());

    // --isolated: no configuration file is read.
    let mut isolated = Server::ready(dir.path(), &["--isolated"]);
    let result = isolated.call("check", json!({"text": SELF_INVOCATION}));
    assert_eq!(codes(&result), ["L001"]);
}

#[test]
fn format_rewrites_a_card_draft() {
    let dir = project();
    let mut server = Server::ready(dir.path(), &[]);
    let draft = include_str!("fmt/en-alert-bare-lines.md");
    let expected = include_str!("fmt/en-alert-bare-lines.formatted");
    let result = server.call("format", json!({"text": draft, "path": "alert.md"}));
    assert!(!is_error(&result), "{result}");
    let content = &result["structuredContent"];
    assert_eq!(content["formatted"], expected);
    assert_eq!(content["changed"], true);
    assert_eq!(content["kind"], "transcript");
    let diff = content["diff"].as_str().unwrap();
    assert!(
        diff.starts_with("--- a/alert.md\n+++ b/alert.md\n"),
        "{diff}"
    );
    assert!(diff.contains("\n+WHAT I NOTICED\n"), "{diff}");
    assert!(text_of(&result).starts_with("Formatted: the text changed"));

    let again = server.call("format", json!({"text": expected}));
    assert_eq!(again["structuredContent"]["changed"], false);
    assert_eq!(again["structuredContent"]["diff"], "");
    assert_eq!(again["structuredContent"]["formatted"], expected);

    let portuguese = server.call("format", json!({"text": draft, "lang": "pt-BR"}));
    let formatted = portuguese["structuredContent"]["formatted"]
        .as_str()
        .unwrap();
    assert!(!formatted.contains("WHAT I NOTICED"), "{formatted}");
    let bad = server.call("format", json!({"text": draft, "lang": "fr"}));
    assert!(
        is_error(&bad) && text_of(&bad).contains("`fr` is not a language"),
        "{bad}"
    );
    assert!(server.finish().success());
}

#[test]
fn explain_rule_and_list_rules() {
    let dir = project();
    let mut server = Server::ready(dir.path(), &[]);
    let page =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules/L001.md"))
            .unwrap();
    for key in ["L001", "self-invocation", "l001"] {
        let result = server.call("explain_rule", json!({"rule": key}));
        assert!(!is_error(&result), "{result}");
        assert_eq!(result["structuredContent"]["page"], page.as_str());
        assert_eq!(result["structuredContent"]["code"], "L001");
        assert_eq!(result["structuredContent"]["family"], "Loop prevention");
        assert_eq!(text_of(&result), page);
    }
    let unknown = server.call("explain_rule", json!({"rule": "Z999"}));
    assert!(is_error(&unknown), "{unknown}");
    assert!(text_of(&unknown).contains("no rule `Z999`"), "{unknown}");

    let list = server.call("list_rules", json!({}));
    let rules = list["structuredContent"]["rules"].as_array().unwrap();
    assert_eq!(rules.len(), boardlint::rules().count());
    let l001 = rules
        .iter()
        .find(|r| r["code"] == "L001")
        .expect("L001 listed");
    assert_eq!(
        l001,
        &json!({
            "code": "L001",
            "name": "self-invocation",
            "family": "Loop prevention",
            "severity": "error",
            "summary": "An agent invokes itself"
        })
    );
    assert!(text_of(&list).contains("L001 self-invocation (error): An agent invokes itself"));
    assert!(server.finish().success());
}

#[test]
fn bad_input_is_a_tool_error_and_the_server_goes_on() {
    let dir = project();
    let mut server = Server::ready(dir.path(), SELECTED);
    // A line that is no JSON is dropped (there is no id to answer).
    server.send_line("{this is not json");
    let list = server.request("tools/list", json!({}));
    assert_eq!(list["result"]["tools"].as_array().unwrap().len(), 4);
    // JSON that is no JSON-RPC message: an error with no id.
    server.send_line(r#"{"greeting": "hello"}"#);
    let line = server.lines.recv_timeout(WAIT).expect("an answer");
    let invalid: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(invalid["error"]["code"], -32600, "{invalid}");
    // An unknown method is answered with an error.
    let unknown = server.request("boardlint/nonsense", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    // Arguments that do not fit the schema.
    let missing = server.call("check", json!({"path": "a.md"}));
    assert!(
        is_error(&missing) && text_of(&missing).contains("`text`"),
        "{missing}"
    );
    let extra = server.call("check", json!({"text": "x", "file": "a.md"}));
    assert!(
        is_error(&extra) && text_of(&extra).contains("`file`"),
        "{extra}"
    );
    let empty_path = server.call("check", json!({"text": "x", "path": ""}));
    assert!(is_error(&empty_path), "{empty_path}");
    // A text over the limit.
    let huge = "a".repeat(16 * 1024 * 1024 + 1);
    let over = server.call("check", json!({"text": huge}));
    assert!(is_error(&over), "{over}");
    assert!(text_of(&over).contains("16 MiB"), "{over}");
    let over = server.call("format", json!({"text": huge}));
    assert!(
        is_error(&over) && text_of(&over).contains("16 MiB"),
        "{over}"
    );
    // Still serving.
    let result = server.call("check", json!({"text": SELF_INVOCATION}));
    assert_eq!(codes(&result), ["L001"]);
    assert!(server.finish().success());
}

#[test]
fn the_session_follows_the_protocol_version_and_ends_with_its_input() {
    let dir = project();
    for version in ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"] {
        let mut server = Server::start(dir.path(), &[]);
        let init = server.request(
            "initialize",
            json!({
                "protocolVersion": version,
                "capabilities": {},
                "clientInfo": {"name": "boardlint-tests", "version": "1"}
            }),
        );
        assert_eq!(init["result"]["protocolVersion"], version, "{init}");
        assert!(server.finish().success());
    }
    let mut server = Server::ready(dir.path(), &[]);
    assert_eq!(server.request("ping", json!({}))["result"], json!({}));
    let unknown = server.request("tools/call", json!({"name": "lint", "arguments": {}}));
    assert_eq!(unknown["error"]["code"], -32602, "{unknown}");
    assert!(server.finish().success());

    // No session: the input closes before `initialize`.
    let out = assert_cmd::Command::new(env!("CARGO_BIN_EXE_boardlint"))
        .arg("mcp")
        .current_dir(dir.path())
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("error: boardlint mcp: the session did not start"),
        "{stderr}"
    );
}

/// A random value of JSON, small, with the keys and values the tools read.
fn junk(rng: &mut Rng, depth: u32) -> Value {
    match rng.next() % if depth > 2 { 5 } else { 7 } {
        0 => Value::Null,
        1 => json!(rng.next().is_multiple_of(3)),
        2 => json!(rng.next() as i64 - (1 << 30)),
        3 => json!(rng.pick(&[
            "",
            "a.md",
            "../../etc/passwd",
            "decision-log",
            "L001",
            "pt",
            "[INVOKE:cfo|?]",
            "😀\r\n",
        ])),
        4 => json!(-1),
        5 => Value::Array((0..rng.next() % 4).map(|_| junk(rng, depth + 1)).collect()),
        _ => {
            let keys = [
                "name",
                "arguments",
                "text",
                "path",
                "kind",
                "lang",
                "rule",
                "cursor",
            ];
            let mut object = serde_json::Map::new();
            for _ in 0..rng.next() % 5 {
                object.insert(rng.pick(&keys).to_string(), junk(rng, depth + 1));
            }
            Value::Object(object)
        }
    }
}

/// Requests before `initialize`, lines that are no JSON, JSON that is no
/// message, known methods with junk parameters and seeded random tool
/// calls: the server answers each request it can, and after all of it
/// still checks a draft and exits cleanly. Large texts checked one after
/// another leave no memory behind.
#[test]
fn a_stream_of_bad_messages_leaves_the_server_answering() {
    let dir = project();
    let mut server = Server::start(dir.path(), SELECTED);
    // Before initialize.
    server.send_line(&json!({"jsonrpc": "2.0", "id": "early", "method": "tools/list"}).to_string());
    let early: Value = serde_json::from_str(&server.lines.recv_timeout(WAIT).unwrap()).unwrap();
    assert_eq!(early["id"], "early", "{early}");
    assert!(early["error"]["code"].is_i64(), "{early}");
    server.send_line("\u{0}\u{1}binary\u{7f}");
    let init = server.request(
        "initialize",
        json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}),
    );
    assert_eq!(init["result"]["serverInfo"]["name"], "boardlint", "{init}");
    server.send_line(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string());
    let mut rng = Rng(0x6d63);
    let methods = [
        "tools/call",
        "tools/list",
        "ping",
        "resources/list",
        "prompts/get",
        "notifications/cancelled",
        "initialize",
        "completion/complete",
    ];
    let tools = ["check", "format", "explain_rule", "list_rules", "lint", ""];
    let mut sent = Vec::new();
    for n in 0..400 {
        let id = format!("fuzz-{n}");
        let line = match rng.next() % 6 {
            0 => "{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\":".to_string(),
            1 => junk(&mut rng, 0).to_string(),
            2 => {
                let arguments = junk(&mut rng, 1);
                let tool = *rng.pick(&tools);
                sent.push(id.clone());
                json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                    "params": {"name": tool, "arguments": arguments}})
                .to_string()
            }
            3 => {
                // A well-formed call whose text is marker soup.
                let text: String = (0..rng.next() % 40)
                    .map(|_| {
                        *rng.pick(&[
                            "[INVOKE:cfo|",
                            "]",
                            "\n",
                            "[RESPONSE:cro]",
                            "[/RESPONSE]",
                            "CFO: ",
                            "━",
                            "[CHAIN: a → b]",
                            "📊 ",
                            "BOTTOM LINE\n",
                            "x",
                        ])
                    })
                    .collect();
                let tool = *rng.pick(&["check", "format"]);
                sent.push(id.clone());
                json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                    "params": {"name": tool, "arguments": {"text": text, "kind": *rng.pick(&["transcript", "decision-log", "handoff", "session-log"])}}})
                .to_string()
            }
            _ => {
                let method = *rng.pick(&methods);
                let params = junk(&mut rng, 0);
                if rng.next().is_multiple_of(2) {
                    sent.push(id.clone());
                    json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
                        .to_string()
                } else {
                    json!({"jsonrpc": "2.0", "method": method, "params": params}).to_string()
                }
            }
        };
        if std::env::var_os("MCP_FUZZ_SHOW").is_some() {
            eprintln!("{line}");
        }
        server.send_line(&line);
    }
    // Everything sent is read before this is answered; each fuzz request
    // got an answer before it, none an internal error.
    server.send_line(
        &json!({"jsonrpc": "2.0", "id": "final", "method": "tools/call",
            "params": {"name": "check", "arguments": {"text": SELF_INVOCATION}}})
        .to_string(),
    );
    // Calls run at once, so answers come in any order: read until every
    // request and the final check are answered.
    let mut waiting: std::collections::HashSet<String> = sent.iter().cloned().collect();
    let mut last = None;
    while last.is_none() || !waiting.is_empty() {
        let Ok(line) = server.lines.recv_timeout(WAIT) else {
            panic!("requests left unanswered: {waiting:?}");
        };
        let message: Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("a line that is no JSON ({e}): {line}"));
        assert_ne!(
            message["error"]["code"], -32603,
            "an internal error: {message}"
        );
        if message["id"] == "final" {
            last = Some(message);
        } else if let Some(id) = message["id"].as_str() {
            waiting.remove(id);
        }
    }
    let last = last.unwrap();
    assert_eq!(codes(&last["result"]), ["L001"], "{last}");
    assert!(server.finish().success());
}

/// Large texts checked one after another leave nothing behind: a second
/// batch costs no more memory than the first left (each batch is 16 MB of
/// text, which a server that kept what it was sent would keep).
#[test]
fn checked_texts_leave_no_memory_behind() {
    let dir = project();
    let mut server = Server::ready(dir.path(), &[]);
    let body = "CFO: Our runway is 14 months.\n\n".repeat(400 * 1024 / 31);
    let batch = |server: &mut Server, from: usize| {
        for n in from..from + 40 {
            let text = format!("Draft {n}.\n\n{body}");
            let path = format!("drafts/d{n}.md");
            let result = server.call("check", json!({"text": text, "path": path}));
            assert!(!is_error(&result), "{result}");
        }
        rss_kb(server.child.id())
    };
    let first = batch(&mut server, 0);
    let second = batch(&mut server, 40);
    assert!(
        second < first + 8 * 1024,
        "memory grew from {first} KB to {second} KB over 16 MB of checked texts"
    );
    assert!(server.finish().success());
}

/// Requests serde_json cannot read, each a whole JSON object otherwise: a
/// lone surrogate in a string, bytes that are not UTF-8, nesting 129
/// levels deep. Each is answered with a parse error that carries its id
/// (rmcp alone drops them, and the client waits until it gives up); a
/// notification of the same kind is not answered; the server goes on.
#[test]
fn requests_serde_json_cannot_read_are_answered_with_their_ids() {
    let dir = project();
    let mut server = Server::ready(dir.path(), SELECTED);
    let call = |id: &str, text: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"check","arguments":{{"text":{text}}}}}}}"#
        )
    };
    server.send_bytes(call("41", r#""CFO: \ud800 hi""#).as_bytes());
    let mut invalid = call(r#""bytes""#, r#""CFO: @@ hi""#).into_bytes();
    let at = invalid.windows(2).position(|w| w == b"@@").unwrap();
    invalid.splice(at..at + 2, [0xff, 0xc3]);
    server.send_bytes(&invalid);
    let deep = format!("{}\"x\"{}", "[".repeat(129), "]".repeat(129));
    server.send_bytes(call("43", &deep).as_bytes());
    server.send_line(
        r#"{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"\udc00"}}"#,
    );
    for id in [json!(41), json!("bytes"), json!(43)] {
        let answer = server.next_message();
        assert_eq!(answer["id"], id, "{answer}");
        assert_eq!(answer["error"]["code"], -32700, "{answer}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(message.starts_with("Parse error: "), "{message}");
    }
    // The next answer is the next request's: nothing answered the
    // notification, and the server goes on.
    let result = server.call("check", json!({"text": SELF_INVOCATION}));
    assert_eq!(codes(&result), ["L001"]);
    assert!(server.finish().success());
}

/// Calls pipelined by the dozen run a few at a time: 24 checks of 32 KB of
/// `[INVOKE:` sent at once keep the server's peak memory far below what
/// running them all at once took (about 300 MB in a debug build; 55 MB two
/// at a time, on two threads).
#[test]
fn pipelined_large_calls_keep_peak_memory_bounded() {
    let dir = project();
    let mut server = Server::ready(dir.path(), &[]);
    let text = costly_text(32);
    let calls = 24;
    for n in 0..calls {
        let request = json!({"jsonrpc": "2.0", "id": format!("big-{n}"), "method": "tools/call",
            "params": {"name": "check", "arguments": {"text": format!("{text}\nCFO: draft {n}.\n")}}});
        server.send_line(&request.to_string());
    }
    let mut answered = std::collections::HashSet::new();
    while answered.len() < calls {
        let answer = server.next_message();
        assert!(
            answer["result"]["structuredContent"]["diagnostics"]
                .as_array()
                .is_some_and(|d| d.len() > 4000),
            "{}",
            &answer.to_string()[..answer.to_string().len().min(500)]
        );
        answered.insert(answer["id"].as_str().unwrap().to_string());
    }
    let peak = peak_kb(server.child.id());
    assert!(
        peak < 150 * 1024,
        "the server peaked at {} MB over {calls} pipelined calls",
        peak / 1024
    );
    assert!(server.finish().success());
}
