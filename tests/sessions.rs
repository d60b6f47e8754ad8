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
            } else if p.extension().is_some_and(|x| x == "json" || x == "jsonl") {
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
