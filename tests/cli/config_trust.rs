//! A repository's configuration is input from whoever wrote the repository:
//! `extends` may name any file on the machine, and a value may hold a
//! credential. No surface (check, the hook, the MCP server, the language
//! server) shows another file's content or a credential the configuration
//! holds.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{json, Value};

use crate::config_settings::{repo, run_in, write};

/// A file outside the project whose lines a configuration must never show.
const PRIVATE: &str = "root:$6$private-hash-of-root:20228:0:99999:7:::\n\
                       https://alice:hunter2-password@example.com\n\
                       API_KEY=private-api-key-value\n";

/// The words of [`PRIVATE`] that no output may hold.
const PRIVATE_WORDS: &[&str] = &["private-hash", "hunter2", "private-api-key", "root:"];

const TOKEN: &str = "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB";

fn assert_private(out: &str) {
    for word in PRIVATE_WORDS {
        assert!(!out.contains(word), "`{word}` shown:\n{out}");
    }
    assert!(!out.contains(&TOKEN[..12]), "the token shown:\n{out}");
}

/// A project whose configuration extends a private file outside it, and
/// the private file's path.
fn extending(private_name: &str) -> (tempfile::TempDir, tempfile::TempDir, String) {
    let outside = tempfile::tempdir().unwrap();
    let private = outside.path().join(private_name);
    std::fs::write(&private, PRIVATE).unwrap();
    let root = repo();
    let shown = private.display().to_string();
    write(
        root.path(),
        ".boardlint.yaml",
        &format!("extends: {shown}\n"),
    );
    write(root.path(), "a.md", "Hello.\n");
    (root, outside, shown)
}

#[test]
fn extends_names_a_file_that_is_no_configuration_and_shows_nothing_of_it() {
    for name in ["shadow", ".git-credentials", ".env"] {
        let (root, _outside, shown) = extending(name);
        let (code, stdout, stderr) = run_in(root.path(), &["check", "a.md"]);
        assert_eq!(code, 2, "{stderr}");
        assert!(
            stderr.contains(&format!(
                ".boardlint.yaml:1: `extends`: `{shown}` is no boardlint configuration"
            )),
            "{stderr}"
        );
        assert!(
            stderr.contains("nothing of it is read or shown"),
            "{stderr}"
        );
        assert_private(&format!("{stdout}{stderr}"));
        // Nor does `config`, which shows every value with its source.
        let (_, stdout, stderr) = run_in(root.path(), &["config", "a.md"]);
        assert_private(&format!("{stdout}{stderr}"));
    }
}

#[test]
fn extends_still_reads_a_configuration_and_reports_its_errors() {
    let root = repo();
    write(root.path(), "base.yaml", "max-depth: lots\n");
    write(root.path(), ".boardlint.yaml", "extends: base.yaml\n");
    write(root.path(), "a.md", "Hello.\n");
    let (code, _, stderr) = run_in(root.path(), &["check", "a.md"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("base.yaml:1: `max-depth`: expected a whole number of 0 or more, found the string `lots`"),
        "{stderr}"
    );
    // A base with a key that is no setting is refused whole, by line.
    write(
        root.path(),
        "base.yaml",
        "max-depth: 2\npassword: hunter2\n",
    );
    let (_, _, stderr) = run_in(root.path(), &["check", "a.md"]);
    assert!(
        stderr.contains("is no boardlint configuration (line 2 holds no boardlint setting)"),
        "{stderr}"
    );
    assert!(!stderr.contains("hunter2"), "{stderr}");
    // A base that is a configuration applies.
    write(root.path(), "base.yaml", "ignore: [M]\n");
    write(
        root.path(),
        "a.md",
        "CFO: [INVOKE:cfo|Runway?]\n[BLOKED: x]\n",
    );
    let (_, stdout, _) = run_in(root.path(), &["check", "--format", "concise", "a.md"]);
    assert!(stdout.contains("L001"), "{stdout}");
    assert!(!stdout.contains("M00"), "{stdout}");
}

#[cfg(unix)]
#[test]
fn a_configuration_that_links_to_another_file_shows_nothing_of_it() {
    let outside = tempfile::tempdir().unwrap();
    let root = repo();
    write(root.path(), "a.md", "Hello.\n");
    for (name, text) in [
        ("shadow", PRIVATE.to_string()),
        (
            "passwd",
            "root:x:0:0:root-private-hash:/root:/bin/bash\n".into(),
        ),
    ] {
        let private = outside.path().join(name);
        std::fs::write(&private, &text).unwrap();
        let link = root.path().join(".boardlint.yaml");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&private, &link).unwrap();
        let (code, stdout, stderr) = run_in(root.path(), &["check", "a.md"]);
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains(".boardlint.yaml"), "{stderr}");
        assert_private(&format!("{stdout}{stderr}"));
    }
}

/// A configuration whose error quotes a credential.
fn with_token() -> tempfile::TempDir {
    let root = repo();
    write(
        root.path(),
        ".boardlint.yaml",
        &format!("max-depth: {TOKEN}\n"),
    );
    write(root.path(), "a.md", "Hello.\n");
    root
}

#[test]
fn a_credential_in_a_configuration_error_is_hidden_by_check_and_the_hook() {
    let root = with_token();
    let (_, stdout, stderr) = run_in(root.path(), &["check", "a.md"]);
    assert!(
        stderr.contains("`max-depth`: expected a whole number"),
        "{stderr}"
    );
    assert!(stderr.contains("[redacted, 42 characters]"), "{stderr}");
    assert_private(&format!("{stdout}{stderr}"));

    let cache = tempfile::tempdir().unwrap();
    let payload = json!({
        "hook_event_name": "Stop",
        "session_id": "s1",
        "cwd": root.path(),
        "stop_hook_active": false,
        "last_assistant_message": "CFO: [INVOKE:cfo|Runway?]\n",
    })
    .to_string();
    for args in [&["hook"][..], &["hook", "--fail-closed"]] {
        let out = crate::boardlint()
            .args(args)
            .env("BOARDLINT_CACHE_DIR", cache.path())
            .write_stdin(payload.clone())
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap();
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(all.contains("the configuration cannot be read"), "{all}");
        assert_private(&all);
    }
}

/// Everything a server writes on standard output until it has answered
/// `until` (a request id) or `wanted` returns true, then its input closes.
fn converse(
    dir: &Path,
    args: &[&str],
    messages: &[String],
    wanted: impl Fn(&str) -> bool,
) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlint"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut stdout = stdout;
        let mut buf = [0u8; 4096];
        while let Ok(n @ 1..) = stdout.read(&mut buf) {
            if tx
                .send(String::from_utf8_lossy(&buf[..n]).into_owned())
                .is_err()
            {
                break;
            }
        }
    });
    for m in messages {
        stdin.write_all(m.as_bytes()).unwrap();
    }
    stdin.flush().unwrap();
    let mut out = String::new();
    while let Ok(line) = rx.recv_timeout(Duration::from_secs(60)) {
        out.push_str(&line);
        if wanted(&out) {
            break;
        }
    }
    drop(stdin);
    let _ = child.wait();
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = e.read_to_string(&mut err);
    }
    out.push_str(&err);
    out
}

#[test]
fn a_credential_in_a_configuration_error_is_hidden_by_the_mcp_server() {
    let root = with_token();
    let line = |v: Value| format!("{v}\n");
    let out = converse(
        root.path(),
        &["mcp"],
        &[
            line(
                json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"}}}),
            ),
            line(json!({"jsonrpc": "2.0", "method": "notifications/initialized"})),
            line(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                "params": {"name": "check", "arguments": {"text": "Hello.\n", "path": "a.md"}}})),
        ],
        |out| out.contains("\"id\":2"),
    );
    assert!(out.contains("\"id\":2"), "{out}");
    assert!(out.contains("max-depth"), "the error is told: {out}");
    assert_private(&out);
}

#[test]
fn a_credential_in_a_configuration_error_is_hidden_by_the_language_server() {
    let root = with_token();
    let uri = format!("file://{}", root.path().join("a.md").display());
    let frame = |v: Value| {
        let body = v.to_string();
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    };
    let out = converse(
        root.path(),
        &["server"],
        &[
            frame(
                json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "processId": null, "rootUri": format!("file://{}", root.path().display()),
                "capabilities": {}}}),
            ),
            frame(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}})),
            frame(
                json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
                "textDocument": {"uri": uri, "languageId": "markdown", "version": 1,
                    "text": "CFO: [INVOKE:cfo|Runway?]\n"}}}),
            ),
        ],
        |out| out.contains("max-depth"),
    );
    assert!(out.contains("max-depth"), "the error is told: {out}");
    assert_private(&out);
}
