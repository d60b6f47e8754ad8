//! Session logs written by the real agent tools, read in place from
//! `../shared/reference/real-logs/` (see its SOURCES.md): every one is
//! detected as its format and read whole, reports nothing false, and a
//! marker put into one of its assistant texts is reported exactly there.

use std::fs;
use std::path::{Path, PathBuf};

use boardlint::SessionFormat as Format;
use boardlint::{Engine, FileKind, LineIndex};
use serde_json::Value;

mod reference;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/reference/real-logs")
}

/// Every log, with the format it is and the diagnostics pinned for it
/// (code and line). None of these logs uses the protocol's markers, so
/// every pin is empty: a diagnostic here is a false positive.
/// A rule code and the line it is reported on.
type Pin = (&'static str, usize);

const LOGS: &[(&str, Format, &[Pin])] = &[
    (
        "claude-code/agentlogs-compact.jsonl",
        Format::ClaudeCode,
        &[],
    ),
    ("claude-code/agentlogs-crud.jsonl", Format::ClaudeCode, &[]),
    (
        "claude-code/agentlogs-images.jsonl",
        Format::ClaudeCode,
        &[],
    ),
    (
        "claude-code/agentlogs-subagent.jsonl",
        Format::ClaudeCode,
        &[],
    ),
    ("codex/agentlogs-crud.jsonl", Format::Codex, &[]),
    ("codex/agentlogs-images.jsonl", Format::Codex, &[]),
    ("cline/agentlogs-crud.json", Format::Cline, &[]),
    ("opencode/agentlogs-crud.json", Format::OpenCode, &[]),
    ("pi/agentlogs-crud.jsonl", Format::Pi, &[]),
    (
        "recorded/claude-code-2.1.197-blocked-turn.jsonl",
        Format::ClaudeCode,
        &[],
    ),
    (
        "recorded/codex-0.171-blocked-turn.jsonl",
        Format::Codex,
        &[],
    ),
    (
        "recorded/gemini-cli-0.61-blocked-turn.jsonl",
        Format::GeminiJsonl,
        &[],
    ),
];

/// Whether the real logs are there (a notice names the test that skips
/// where they are not).
fn available(test: &str) -> bool {
    reference::path("real-logs/SOURCES.md", test).is_some()
}

#[test]
fn every_real_log_is_detected_and_gives_its_pinned_diagnostics() {
    if !available("every_real_log_is_detected_and_gives_its_pinned_diagnostics") {
        return;
    }
    // Every log on disk is in the table.
    let mut on_disk = Vec::new();
    for dir in fs::read_dir(root()).unwrap() {
        let dir = dir.unwrap().path();
        if dir.is_dir() {
            for f in fs::read_dir(&dir).unwrap() {
                let f = f.unwrap().path();
                let rel = f
                    .strip_prefix(root())
                    .unwrap()
                    .to_string_lossy()
                    .to_string();
                on_disk.push(rel);
            }
        }
    }
    on_disk.sort();
    let mut listed: Vec<String> = LOGS.iter().map(|(p, _, _)| p.to_string()).collect();
    listed.sort();
    assert_eq!(on_disk, listed);
    for (rel, format, pinned) in LOGS {
        let path = root().join(rel);
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(
            Engine::default().session_format(Some(&path), &text),
            Some(*format),
            "{rel}"
        );
        assert_eq!(
            Engine::default().kind(Some(&path), &text),
            FileKind::SessionLog,
            "{rel}"
        );
        let index = LineIndex::new(&text);
        let found: Vec<(&str, usize)> = Engine::default()
            .check(Some(&path), &text)
            .iter()
            .map(|d| (d.code, index.position(d.span.start).line))
            .collect();
        assert_eq!(&found[..], *pinned, "{rel}");
    }
}

/// The first assistant text of a log, by the format's own structure, read
/// with serde_json (not boardlint's reader), and the byte offset of the
/// record (the line, for JSONL) that holds it.
fn first_assistant_text(format: Format, text: &str) -> (usize, String) {
    let records: Vec<(usize, Value)> = match format {
        Format::Cline | Format::OpenCode => vec![(0, serde_json::from_str(text).unwrap())],
        _ => {
            let mut at = 0;
            let mut out = Vec::new();
            for l in text.split_inclusive('\n') {
                if !l.trim().is_empty() {
                    out.push((at, serde_json::from_str(l).unwrap()));
                }
                at += l.len();
            }
            out
        }
    };
    let text_block = |content: &Value, kinds: &[&str]| -> Option<String> {
        content.as_array()?.iter().find_map(|b| {
            kinds
                .contains(&b["type"].as_str()?)
                .then(|| b["text"].as_str().map(str::to_string))
                .flatten()
                .filter(|t| t.len() > 10)
        })
    };
    records
        .iter()
        .find_map(|(at, r)| {
            let found = match format {
                Format::ClaudeCode => (r["type"] == "assistant")
                    .then(|| text_block(&r["message"]["content"], &["text"]))
                    .flatten(),
                Format::Codex => (r["type"] == "response_item"
                    && r["payload"]["type"] == "message"
                    && r["payload"]["role"] == "assistant")
                    .then(|| text_block(&r["payload"]["content"], &["output_text"]))
                    .flatten(),
                Format::Pi => (r["type"] == "message" && r["message"]["role"] == "assistant")
                    .then(|| text_block(&r["message"]["content"], &["text"]))
                    .flatten(),
                Format::GeminiJsonl => (r["type"] == "gemini")
                    .then(|| r["content"].as_str().map(str::to_string))
                    .flatten(),
                Format::OpenCode => r["messages"].as_array().unwrap().iter().find_map(|m| {
                    (m["info"]["role"] == "assistant")
                        .then(|| text_block(&m["parts"], &["text"]))
                        .flatten()
                }),
                // Cline's answer is the result of its attempt_completion call.
                Format::Cline => r.as_array().unwrap().iter().find_map(|m| {
                    m["content"].as_array()?.iter().find_map(|b| {
                        (b["name"] == "attempt_completion")
                            .then(|| b["input"]["result"].as_str().map(str::to_string))
                            .flatten()
                    })
                }),
                _ => None,
            };
            found.map(|t| (*at, t))
        })
        .unwrap_or_else(|| panic!("no assistant text in this {format:?} log"))
}

#[test]
fn a_marker_put_into_an_assistant_text_is_reported_where_it_is() {
    if !available("a_marker_put_into_an_assistant_text_is_reported_where_it_is") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for (rel, format, _) in LOGS {
        let original = fs::read_to_string(root().join(rel)).unwrap();
        let (record, assistant) = first_assistant_text(*format, &original);
        // Its opening as written in the file: JSON-escaped, as the tools
        // write it (no escaped `/`, no `\u` for printable characters).
        let encoded = serde_json::to_string(&assistant).unwrap();
        let opening: String = encoded[1..].chars().take(12).collect();
        let at = original[record..]
            .find(&format!("\"{opening}"))
            .unwrap_or_else(|| panic!("{rel}: the text {opening:?} is not in the file"))
            + record
            + 1;
        let marker = "[INVOKE:zzz|x] ";
        let text = format!("{}{marker}{}", &original[..at], &original[at..]);
        let path = dir.path().join(rel.replace('/', "-"));
        fs::write(&path, &text).unwrap();
        let index = LineIndex::new(&text);
        let want = index.position(at + "[INVOKE:".len());
        let found: Vec<_> = Engine::default()
            .check(Some(&path), &text)
            .into_iter()
            .map(|d| (d.code, index.position(d.span.start)))
            .collect();
        assert!(
            found
                .iter()
                .any(|(c, p)| *c == "M002" && p.line == want.line && p.column == want.column),
            "{rel}: M002 expected at {}:{}, found {found:?}",
            want.line,
            want.column
        );
        // The same through the command line, as a walk finds it.
        let out = assert_cmd::Command::cargo_bin("boardlint")
            .unwrap()
            .current_dir(dir.path())
            .args(["check", "--format", "concise", "."])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let name = path.file_name().unwrap().to_string_lossy();
        assert!(
            stdout.contains(&format!(
                "{name}:{}:{}: error[M002]",
                want.line, want.column
            )),
            "{rel}: {stdout}"
        );
    }
}

/// Each log the current agent CLIs wrote, as the history of a new turn:
/// read by its session reader, it adds none of its own findings to the
/// turn's, and a self-invocation in the turn is reported in the turn's text.
#[test]
fn a_recorded_log_is_the_history_of_the_next_turn() {
    if !available("a_recorded_log_is_the_history_of_the_next_turn") {
        return;
    }
    let engine = Engine::default();
    let turn = "CFO: [INVOKE:cfo|What is our runway?]";
    for (name, format, _) in LOGS.iter().filter(|(n, _, _)| n.starts_with("recorded/")) {
        let path = root().join(name);
        let log = fs::read_to_string(&path).unwrap();
        assert_eq!(
            engine.session_format(Some(&path), &log),
            Some(*format),
            "{name}"
        );
        let found = engine.check_turn(None, Some((&log, Some(&path))), turn);
        let codes: Vec<&str> = found.iter().map(|d| d.code).collect();
        assert_eq!(codes, ["L001"], "{name}: {found:#?}");
        assert!(turn[found[0].span.clone()].contains("cfo"), "{name}");
        assert!(
            engine
                .check_turn(None, Some((&log, Some(&path))), "CFO: Noted.")
                .is_empty(),
            "{name}"
        );
    }
}
