//! Realistic session logs of each format (`tests/sessions/`), with their
//! diagnostics pinned: code, line, byte column and byte range. Regenerate
//! with `BOARDLINT_BLESS=1 cargo test --test sessions` and review the diff.

use std::fs;
use std::path::{Path, PathBuf};

use boardlint::{Engine, FileKind, LineIndex};

fn logs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sessions");
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for e in fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p
                .extension()
                .is_some_and(|x| x == "json" || x == "jsonl" || x == "md")
                && p.file_name().is_some_and(|n| n != "README.md")
            {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn session_logs_give_their_pinned_diagnostics() {
    let bless = std::env::var_os("BOARDLINT_BLESS").is_some();
    let mut failures = Vec::new();
    let logs = logs();
    assert!(logs.len() >= 4, "a log per format");
    for path in logs {
        let source = fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let rel = Path::new(&name);
        assert_eq!(
            Engine::default().kind(Some(rel), &source),
            FileKind::SessionLog,
            "{name}"
        );
        let index = LineIndex::new(&source);
        let mut snap = String::new();
        for d in Engine::default().check(Some(rel), &source) {
            let s = index.position(d.span.start);
            snap.push_str(&format!(
                "{} {}:{} bytes {}..{} {:?}\n",
                d.code,
                s.line,
                s.column,
                d.span.start,
                d.span.end,
                &source[d.span.clone()]
            ));
        }
        let expected = path.with_extension("expected");
        if bless {
            fs::write(&expected, &snap).unwrap();
        } else if fs::read_to_string(&expected).ok().as_deref() != Some(snap.as_str()) {
            failures.push(format!("{}:\n{snap}", path.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A marker put into a log: the log with `[INVOKE:zzz|x] ` at byte `at`,
/// and the line and column where M002 must then be reported (or `None`
/// when the place is not the model's text).
fn with_marker(text: &str, at: usize) -> (String, Option<(usize, usize)>) {
    let marker = "[INVOKE:zzz|x] ";
    let text = format!("{}{marker}{}", &text[..at], &text[at..]);
    let index = LineIndex::new(&text);
    let p = index.position(at + "[INVOKE:".len());
    (text, Some((p.line, p.column)))
}

fn m002_at(name: &str, text: &str) -> Vec<(usize, usize)> {
    let index = LineIndex::new(text);
    Engine::default()
        .check(Some(Path::new(name)), text)
        .into_iter()
        .filter(|d| d.code == "M002")
        .map(|d| {
            let p = index.position(d.span.start);
            (p.line, p.column)
        })
        .collect()
}

/// The model's texts of the newer JSONL logs, read with serde_json (not
/// boardlint's readers): the byte offset of each text's first character
/// in the file. Qwen Code's texts on a branch a rewind left are not the
/// model's answer any more and are left out.
fn model_texts(name: &str, text: &str) -> Vec<usize> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    let mut uuids: Vec<String> = Vec::new();
    let mut at = 0;
    for (n, line) in text.split_inclusive('\n').enumerate() {
        let start = at;
        at += line.len();
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        uuids.push(r["uuid"].as_str().unwrap_or_default().to_string());
        let found: Vec<String> = if name.starts_with("grok") {
            (r["type"] == "assistant")
                .then(|| r["content"].as_str().map(str::to_string))
                .flatten()
                .into_iter()
                .collect()
        } else if name.starts_with("copilot") {
            (r["type"] == "assistant.message")
                .then(|| r["data"]["content"].as_str().map(str::to_string))
                .flatten()
                .into_iter()
                .collect()
        } else {
            if r["subtype"] == "rewind" {
                let parent = r["parentUuid"].as_str().unwrap();
                let back = uuids.iter().position(|u| u == parent).unwrap();
                out.retain(|&(line, _)| line <= back);
            }
            if r["type"] != "assistant" {
                continue;
            }
            r["message"]["parts"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| p["thought"] != true)
                .filter_map(|p| p["text"].as_str().map(str::to_string))
                .collect()
        };
        for t in found.into_iter().filter(|t| !t.is_empty()) {
            let encoded = serde_json::to_string(&t).unwrap();
            let opening: String = encoded[1..].chars().take(12).collect();
            let k = line.find(&format!("\"{opening}")).unwrap() + 1;
            out.push((n, start + k));
        }
    }
    out.into_iter().map(|(_, at)| at).collect()
}

/// The model's texts of a task messages file (Cline, Roo Code), read with
/// serde_json: the byte offset of each in the file, and of every other
/// entry's `text`.
fn task_message_texts(text: &str) -> (Vec<usize>, Vec<usize>) {
    let entries: Vec<serde_json::Value> = serde_json::from_str(text).unwrap();
    let (mut models, mut others) = (Vec::new(), Vec::new());
    let mut from = 0;
    for (k, e) in entries.iter().enumerate() {
        let Some(said) = e["text"].as_str().filter(|t| !t.is_empty()) else {
            continue;
        };
        let encoded = serde_json::to_string(said).unwrap();
        let opening: String = encoded[1..].chars().take(12).collect();
        let at = from + text[from..].find(&format!("\"text\":\"{opening}")).unwrap() + 8;
        from = at;
        let model = e["partial"] != true
            && (e["say"] == "completion_result" || (e["say"] == "text" && k > 0));
        match model {
            true => models.push(at),
            false => others.push(at),
        }
    }
    (models, others)
}

/// The model's texts of a VS Code chat export, read with serde_json: the
/// byte offset of each `value` of a response item with no `kind`.
fn vscode_chat_texts(text: &str) -> Vec<usize> {
    let chat: serde_json::Value = serde_json::from_str(text).unwrap();
    let mut out = Vec::new();
    let mut from = 0;
    for request in chat["requests"].as_array().unwrap() {
        for item in request["response"].as_array().into_iter().flatten() {
            let Some(value) = item["value"]
                .as_str()
                .filter(|_| item.get("kind").is_none())
            else {
                continue;
            };
            let encoded = serde_json::to_string(value).unwrap();
            let opening: String = encoded[1..].chars().take(12).collect();
            let key = format!("\"value\": \"{opening}");
            let at = from + text[from..].find(&key).unwrap() + key.len() - opening.len();
            from = at;
            out.push(at);
        }
    }
    out
}

/// A string as JSON writes it, with `sep` after the colon, both with
/// non-ASCII characters as they are and escaped (Python's `ensure_ascii`).
fn openings(s: &str) -> [String; 2] {
    let raw = serde_json::to_string(s).unwrap();
    let ascii: String = raw
        .chars()
        .flat_map(|c| match c.is_ascii() {
            true => vec![c.to_string()],
            false => {
                let mut units = [0u16; 2];
                c.encode_utf16(&mut units)
                    .iter()
                    .map(|u| format!("\\u{u:04x}"))
                    .collect()
            }
        })
        .collect();
    [raw, ascii].map(|e| e[1..].chars().take(12).collect())
}

/// Where `key` with a value opening as `value` does is next in `text`
/// from `from`: the offset of the value's first byte.
fn next_value(text: &str, from: usize, key: &str, sep: &str, value: &str) -> usize {
    openings(value)
        .iter()
        .filter_map(|o| {
            let pattern = format!("\"{key}\":{sep}\"{o}");
            text[from..]
                .find(&pattern)
                .map(|k| from + k + pattern.len() - o.len())
        })
        .min()
        .unwrap_or_else(|| panic!("{key}: {value:?} not found"))
}

/// The model's texts of OpenHands logs, read with serde_json.
fn openhands_texts(name: &str, text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    if name.ends_with(".json") {
        let events: Vec<serde_json::Value> = serde_json::from_str(text).unwrap();
        let mut from = 0;
        for e in &events {
            // Each event's own place: its id.
            from = next_value(
                text,
                from,
                "timestamp",
                " ",
                e["timestamp"].as_str().unwrap(),
            );
            if e["source"] != "agent" {
                continue;
            }
            let action = e["action"].as_str().unwrap_or_default();
            let keys: &[&str] = match action {
                "message" => &["content"],
                "think" | "system" | "" => &[],
                "finish" => &["thought", "final_thought"],
                _ => &["thought"],
            };
            for key in keys {
                if let Some(v) = e["args"][*key].as_str().filter(|v| !v.is_empty()) {
                    // The args come after the display `message` and the
                    // metadata, both of which may repeat the text.
                    let args = from + text[from..].find("\"args\": {").unwrap();
                    out.push(next_value(text, args, key, " ", v));
                }
            }
        }
    } else {
        for (line_start, line) in text.split_inclusive('\n').scan(0, |at, l| {
            let start = *at;
            *at += l.len();
            Some((start, l))
        }) {
            let e: serde_json::Value = serde_json::from_str(line).unwrap();
            let mut texts: Vec<(&str, &str)> = Vec::new();
            match e["kind"].as_str().unwrap_or_default() {
                "MessageEvent" if e["source"] == "agent" => {
                    for b in e["llm_message"]["content"].as_array().unwrap() {
                        texts.extend(b["text"].as_str().map(|t| ("text", t)));
                    }
                }
                "ActionEvent" => {
                    for b in e["thought"].as_array().into_iter().flatten() {
                        texts.extend(b["text"].as_str().map(|t| ("text", t)));
                    }
                    if e["action"]["kind"] == "FinishAction" {
                        texts.extend(e["action"]["message"].as_str().map(|t| ("message", t)));
                    }
                }
                _ => {}
            }
            let mut from = line_start;
            for (key, t) in texts.into_iter().filter(|(_, t)| !t.is_empty()) {
                let at = next_value(text, from, key, "", t);
                from = at;
                out.push(at);
            }
        }
    }
    out
}

/// A marker put at the start of the first, a middle and the last of the
/// model's texts is reported where it is, in each newer format; put into
/// what the model did not write (a prompt, thinking, tool output, a copy
/// of the text, an abandoned branch) it is not.
#[test]
fn a_marker_in_the_models_text_is_reported_where_it_is_and_nowhere_else() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sessions");
    for name in [
        "copilot-cli.jsonl",
        "qwen-code.jsonl",
        "grok-build-chat-history.jsonl",
    ] {
        let original = fs::read_to_string(dir.join(name)).unwrap();
        let texts = model_texts(name, &original);
        assert!(texts.len() >= 3, "{name}");
        for at in [texts[0], texts[texts.len() / 2], texts[texts.len() - 1]] {
            let (text, want) = with_marker(&original, at);
            assert_eq!(
                m002_at(name, &text),
                want.into_iter().collect::<Vec<_>>(),
                "{name} at {at}"
            );
        }
        // Strings the model did not write: the user's prompt, thinking,
        // and every other string of the log but the model's texts.
        let not_models: Vec<usize> = original
            .match_indices("\"text\":\"")
            .chain(original.match_indices("\"content\":\""))
            .chain(original.match_indices("\"reasoningText\":\""))
            .chain(original.match_indices("\"response_text\":\""))
            .map(|(k, key)| k + key.len())
            .filter(|at| !texts.contains(at))
            .collect();
        assert!(not_models.len() >= 3, "{name}");
        for at in not_models {
            let (text, _) = with_marker(&original, at);
            assert_eq!(
                m002_at(name, &text),
                vec![],
                "{name} at {at}: not the model's text"
            );
        }
    }
    for name in ["cline-ui-messages.json", "roo-ui-messages.json"] {
        let original = fs::read_to_string(dir.join(name)).unwrap();
        let (texts, others) = task_message_texts(&original);
        assert!(texts.len() >= 3 && others.len() >= 3, "{name}");
        for at in [texts[0], texts[texts.len() / 2], texts[texts.len() - 1]] {
            let (text, want) = with_marker(&original, at);
            assert_eq!(
                m002_at(name, &text),
                want.into_iter().collect::<Vec<_>>(),
                "{name} at {at}"
            );
        }
        for at in others {
            let (text, _) = with_marker(&original, at);
            assert_eq!(
                m002_at(name, &text),
                vec![],
                "{name} at {at}: not the model's text"
            );
        }
    }
    for (name, sep, keys) in [
        (
            "openhands-trajectory.json",
            " ",
            &["content", "thought", "final_thought", "message"][..],
        ),
        ("openhands-sdk-events.jsonl", "", &["text", "message"][..]),
    ] {
        let original = fs::read_to_string(dir.join(name)).unwrap();
        let texts = openhands_texts(name, &original);
        assert!(texts.len() >= 3, "{name}");
        for at in [texts[0], texts[texts.len() / 2], texts[texts.len() - 1]] {
            let (text, want) = with_marker(&original, at);
            assert_eq!(
                m002_at(name, &text),
                want.into_iter().collect::<Vec<_>>(),
                "{name} at {at}"
            );
        }
        let others: Vec<usize> = keys
            .iter()
            .flat_map(|key| {
                let pattern = format!("\"{key}\":{sep}\"");
                let len = pattern.len();
                original
                    .match_indices(&pattern)
                    .map(|(k, _)| k + len)
                    .collect::<Vec<_>>()
            })
            // An empty string is no text; filled, a model's field would be
            // the model's.
            .filter(|&at| !texts.contains(&at) && !original[at..].starts_with('"'))
            .collect();
        assert!(others.len() >= 3, "{name}");
        for at in others {
            let (text, _) = with_marker(&original, at);
            assert_eq!(
                m002_at(name, &text),
                vec![],
                "{name} at {at}: not the model's text"
            );
        }
    }
    let name = "vscode-chat.json";
    let original = fs::read_to_string(dir.join(name)).unwrap();
    let texts = vscode_chat_texts(&original);
    assert!(texts.len() >= 3, "{name}");
    for at in [texts[0], texts[texts.len() / 2], texts[texts.len() - 1]] {
        let (text, want) = with_marker(&original, at);
        assert_eq!(
            m002_at(name, &text),
            want.into_iter().collect::<Vec<_>>(),
            "{name} at {at}"
        );
    }
    let others: Vec<usize> = original
        .match_indices("\"value\": \"")
        .chain(original.match_indices("\"text\": \""))
        .map(|(k, key)| k + key.len())
        .filter(|at| !texts.contains(at))
        .collect();
    assert!(others.len() >= 3, "{name}");
    for at in others {
        let (text, _) = with_marker(&original, at);
        assert_eq!(
            m002_at(name, &text),
            vec![],
            "{name} at {at}: not the model's text"
        );
    }
    // Aider: the model's lines, by their line number, and lines that are
    // the user's, the tools', or the model's thinking.
    let name = "aider.chat.history.md";
    let original = fs::read_to_string(dir.join(name)).unwrap();
    let start_of = |line: usize| {
        original
            .split_inclusive('\n')
            .take(line - 1)
            .map(str::len)
            .sum::<usize>()
    };
    // (line, the column to put the marker at after a record's prefix,
    // whether it is the model's text)
    for (line, after, models) in [
        (25, 0, true),  // the first reply, after its thinking
        (63, 0, true),  // a reply with an edit in a fence
        (96, 0, true),  // the reply after a failed edit
        (112, 0, true), // the last reply
        (5, 2, false),  // tool output, after its `> `
        (12, 5, false), // the user's prompt, after its `#### `
        (19, 0, false), // thinking
        (57, 0, false), // `/git show` output, after its first line
        (83, 0, false), // a failed edit, echoed
    ] {
        let (text, want) = with_marker(&original, start_of(line) + after);
        let want: Vec<_> = want.into_iter().filter(|_| models).collect();
        assert_eq!(m002_at(name, &text), want, "{name}:{line}");
    }
    // Cursor's export: the `**Cursor**` turns are the model's, the
    // `**User**` turns are not.
    let cases: &[(&str, &[(usize, bool)])] = &[
        (
            "cursor-export.chat.md",
            &[(19, true), (68, true), (84, true), (8, false), (57, false)],
        ),
        // SpecStory: the model's records, not the user's turn, the
        // thinking, or a tool's output that left its fence.
        (
            "specstory.md",
            &[
                (27, true),
                (52, true),
                (125, true),
                (9, false),
                (21, false),
                (43, false),
            ],
        ),
    ];
    for (name, lines) in cases {
        let original = fs::read_to_string(dir.join(name)).unwrap();
        let start_of = |line: usize| {
            original
                .split_inclusive('\n')
                .take(line - 1)
                .map(str::len)
                .sum::<usize>()
        };
        for &(line, models) in *lines {
            let (text, want) = with_marker(&original, start_of(line));
            let want: Vec<_> = want.into_iter().filter(|_| models).collect();
            assert_eq!(m002_at(name, &text), want, "{name}:{line}");
        }
    }
}
