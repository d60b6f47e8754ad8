//! What a check costs grows linearly with what it finds: twice the
//! conversations of a session log with their findings, twice the findings
//! on one line, or twice the findings each beside a credential-like hash,
//! cost about twice the instructions, not four times.
//!
//! Instructions are counted with callgrind (valgrind), which counts the
//! same total for the same binary and input however busy the machine is,
//! so the bound is a count, never a time. Without valgrind the tests skip
//! and say so; `BOARDLINT_REQUIRE_VALGRIND=1` (set by `.ci/run`) makes a
//! missing valgrind an error instead.

use std::io::Write as _;
use std::path::Path;
use std::process::Command;

/// Twice the input may cost at most this many times the instructions: a
/// little over 2 for what a run does once (start-up, configuration), far
/// under the 4 of a cost that grows with findings squared.
const BOUND: f64 = 2.3;

/// The instructions one `boardlint check` of `path` runs, and the lines of
/// its concise report (one a finding); `None` without valgrind.
fn instructions(path: &Path, test: &str) -> Option<(u64, usize)> {
    let valgrind = Command::new("valgrind").arg("--version").output();
    if valgrind.is_err() {
        let required = std::env::var_os("BOARDLINT_REQUIRE_VALGRIND")
            .is_some_and(|v| !v.is_empty() && v != "0");
        assert!(
            !required,
            "valgrind is missing, and BOARDLINT_REQUIRE_VALGRIND requires it"
        );
        let _ = writeln!(
            std::io::stderr(),
            "notice: skipped {test}: valgrind is not installed (set BOARDLINT_REQUIRE_VALGRIND=1 to require it)"
        );
        return None;
    }
    let out = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(env!("CARGO_BIN_EXE_boardlint"))
        .args(["check", "--output-format", "concise"])
        .arg(path)
        .env("NO_COLOR", "1")
        .output()
        .expect("valgrind runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let count = stderr
        .lines()
        .find_map(|l| {
            l.split_once("Collected :")
                .map(|(_, n)| n.trim().to_string())
        })
        .unwrap_or_else(|| panic!("no instruction count from callgrind:\n{stderr}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let findings = stdout
        .lines()
        .filter(|l| l.contains(": error[") || l.contains(": warning["))
        .count();
    Some((count.parse().expect("a count"), findings))
}

/// Instructions of `make(n)` and of `make(2 * n)`, each written to a file
/// named `name`: the second at most [`BOUND`] times the first, with twice
/// the findings.
fn doubling(name: &str, n: usize, make: impl Fn(usize) -> String) {
    let dir = tempfile::tempdir().unwrap();
    let mut counts = Vec::new();
    for n in [n, 2 * n] {
        let path = dir.path().join(name);
        std::fs::write(&path, make(n)).unwrap();
        match instructions(&path, name) {
            Some(count) => counts.push(count),
            None => return,
        }
    }
    let ((once, found), (twice, found_twice)) = (counts[0], counts[1]);
    assert!(found > 0, "{name}: the input makes no finding");
    assert!(
        found_twice >= 2 * found - 2,
        "{name}: {found} findings, then {found_twice}: the input does not double them"
    );
    let ratio = twice as f64 / once as f64;
    let _ = writeln!(
        std::io::stderr(),
        "cost: {name}: {once} instructions for {found} findings, {twice} for {found_twice}: {ratio:.2}x"
    );
    assert!(
        ratio <= BOUND,
        "{name}: {once} instructions for {found} findings, {twice} for {found_twice}: {ratio:.2}x (at most {BOUND}x)"
    );
}

/// A seeded run of base64 characters, credential-like.
fn hash(seed: &mut u64, len: usize) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    (0..len)
        .map(|_| {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ALPHABET[(*seed >> 58) as usize] as char
        })
        .collect()
}

/// A Claude Code log of `roots` conversations in one file (as older
/// versions write every sub-agent's sidechain into the main log), each
/// with a thinking block and its signature, a tool call with its output,
/// and an answer that invokes its own speaker.
fn roots(roots: usize) -> String {
    let mut seed = 7;
    let mut out = String::new();
    for r in 0..roots {
        let side = r % 2 == 1;
        let user = serde_json::json!({
            "parentUuid": null, "isSidechain": side, "type": "user",
            "sessionId": "s", "uuid": format!("u{r}"),
            "message": {"role": "user", "content": format!("What is our runway, take {r}?")},
        });
        let assistant = serde_json::json!({
            "parentUuid": format!("u{r}"), "isSidechain": side, "type": "assistant",
            "sessionId": "s", "uuid": format!("a{r}"),
            "message": {"role": "assistant", "content": [
                {"type": "thinking", "thinking": "The runway question.", "signature": hash(&mut seed, 344)},
                {"type": "text", "text": format!("CFO: The runway holds.\n\nCFO: [INVOKE:cfo|Check the ledger {r}]\n\nref {}", hash(&mut seed, 48))},
                {"type": "tool_use", "id": format!("t{r}"), "name": "Bash", "input": {"command": "cat ledger.csv"}},
            ]},
        });
        let result = serde_json::json!({
            "parentUuid": format!("a{r}"), "isSidechain": side, "type": "user",
            "sessionId": "s", "uuid": format!("r{r}"),
            "message": {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": format!("t{r}"), "content": format!("month,burn\n{}\n", "2026-01,120000\n".repeat(60))},
            ]},
        });
        for line in [user, assistant, result] {
            out.push_str(&line.to_string());
            out.push('\n');
        }
    }
    out
}

#[test]
fn twice_the_conversations_of_a_session_log_cost_twice() {
    doubling("roots.jsonl", 150, roots);
}

#[test]
fn twice_the_findings_on_one_line_cost_twice() {
    doubling("one-line.md", 1500, |n| {
        let mut out = String::from("CFO: ");
        for i in 0..n {
            out.push_str(&format!("[INVOKE:cfo|question {i}] then "));
        }
        out.push('\n');
        out
    });
}

#[test]
fn twice_the_findings_beside_hashes_cost_twice() {
    doubling("hashes.md", 600, |n| {
        let mut seed = 11;
        let mut out = String::new();
        for i in 0..n {
            out.push_str(&format!(
                "CFO: [INVOKE:cfo|check {i}] ref {}\n\n",
                hash(&mut seed, 48)
            ));
        }
        out
    });
}
