//! `boardlint mcp`, driven as a client drives it: the built binary over
//! standard input and output, one raw JSON-RPC message a line.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

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
        let stdin = self.stdin.as_mut().expect("standard input still open");
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
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
    let mut server = Server::ready(dir.path(), &[]);
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
    let mut server = Server::ready(dir.path(), &[]);
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
    let mut server = Server::ready(dir.path(), &[]);
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
    let mut server = Server::ready(dir.path(), &[]);
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
