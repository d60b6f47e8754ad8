//! `check --watch` and `fmt --check --watch`: a real run of the binary,
//! watching a directory, that reports again when a file in it changes.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::config_settings::{repo, write};

/// The binary watching `args`, its standard output's lines sent to `lines`.
fn spawn(root: &std::path::Path, args: &[&str]) -> (Child, mpsc::Receiver<String>) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("boardlint"))
        .current_dir(root)
        .args(args)
        .env_remove("NO_COLOR")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let rx = lines_of(&mut child);
    (child, rx)
}

/// The child's standard output, line by line, read on a thread of its own.
fn lines_of(child: &mut Child) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    let out = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Lines until one contains `want`, within ten seconds.
fn until(rx: &mpsc::Receiver<String>, want: &str) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut seen = Vec::new();
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match rx.recv_timeout(left) {
            Ok(line) => {
                let hit = line.contains(want);
                seen.push(line);
                if hit {
                    return seen;
                }
            }
            Err(_) => break,
        }
    }
    panic!(
        "no line with `{want}` within ten seconds; saw:\n{}",
        seen.join("\n")
    );
}

struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn check_watch_reports_again_when_a_file_changes() {
    let root = repo();
    write(root.path(), "notes/a.md", "CFO: all good.\n");
    let (child, rx) = spawn(
        root.path(),
        &["check", "--watch", "--format", "concise", "notes"],
    );
    let _child = Killed(child);
    until(&rx, "No problems found");
    // Let the watch start, then break the file.
    std::thread::sleep(Duration::from_millis(300));
    write(
        root.path(),
        "notes/a.md",
        "CFO: checking\n[INVOKE:cfo|What is our burn?]\n",
    );
    let lines = until(&rx, "Found 1 error");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("notes/a.md:2:1: error[L001]")),
        "{lines:?}"
    );
    // A change inside .git is no reason to run again; a fix is.
    write(root.path(), ".git/index", "x");
    write(root.path(), "notes/a.md", "CFO: fixed.\n");
    let lines = until(&rx, "No problems found");
    assert!(!lines.iter().any(|l| l.contains("L001")), "{lines:?}");
    // A burst of saves makes one run, not one each.
    for n in 0..5 {
        write(root.path(), "notes/a.md", &format!("CFO: save {n}.\n"));
    }
    let mut lines = until(&rx, "No problems found");
    std::thread::sleep(Duration::from_millis(1500));
    lines.extend(rx.try_iter());
    let runs = lines
        .iter()
        .filter(|l| l.contains("No problems found") || l.starts_with("Found "))
        .count();
    assert_eq!(runs, 1, "{lines:?}");
    // Output that is not a terminal is never cleared.
    assert!(!lines.iter().any(|l| l.contains("\x1b[2J")), "{lines:?}");
}

/// On a terminal the screen is cleared before each new run, as `ruff check
/// --watch` does. util-linux's `script` gives the run a terminal.
#[cfg(target_os = "linux")]
#[test]
fn check_watch_clears_a_terminal_between_runs() {
    let root = repo();
    write(root.path(), "notes/a.md", "CFO: all good.\n");
    let bin = assert_cmd::cargo::cargo_bin("boardlint");
    let command = format!(
        "'{}' check --watch --format concise --color never notes",
        bin.display()
    );
    let mut child = Command::new("script")
        .current_dir(root.path())
        .args(["-qfec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("util-linux `script` runs");
    let rx = lines_of(&mut child);
    let _child = Killed(child);
    let first = until(&rx, "No problems found");
    assert!(!first.iter().any(|l| l.contains("\x1b[2J")), "{first:?}");
    std::thread::sleep(Duration::from_millis(300));
    write(root.path(), "notes/a.md", "CFO: x\n[INVOKE:cfo|burn?]\n");
    let second = until(&rx, "Found 1 error");
    let cleared = second
        .iter()
        .position(|l| l.contains("\x1b[2J\x1b[H"))
        .unwrap_or_else(|| panic!("no clear before the second run: {second:?}"));
    let error = second
        .iter()
        .position(|l| l.contains("error[L001]"))
        .unwrap();
    assert!(cleared <= error, "{second:?}");
}

#[test]
fn fmt_check_watch_reports_again_and_fmt_watch_alone_is_refused() {
    let root = repo();
    write(root.path(), "card.md", "CFO: nothing to format.\n");
    let (child, rx) = spawn(root.path(), &["fmt", "--check", "--watch", "card.md"]);
    let _child = Killed(child);
    std::thread::sleep(Duration::from_millis(500));
    write(
        root.path(),
        "card.md",
        "BOTTOM LINE\nGo. — Confidence: 🟢 High\n\nWHAT\n- x (from ledger) 🟢\n",
    );
    until(&rx, "Would reformat: card.md");
    let out = crate::boardlint()
        .current_dir(root.path())
        .args(["fmt", "--watch", "card.md"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs `--check` or `--diff`"));
    let out = crate::boardlint()
        .current_dir(root.path())
        .args(["check", "--watch", "--fix"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// `-w` is `--watch`, as ruff spells it.
#[test]
fn w_is_watch() {
    let root = repo();
    write(root.path(), "card.md", "CFO: nothing to format.\n");
    let out = crate::boardlint()
        .current_dir(root.path())
        .args(["fmt", "-w", "card.md"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("`fmt --watch` needs `--check` or `--diff`")
    );
    let out = crate::boardlint()
        .current_dir(root.path())
        .args(["check", "-w", "--fix"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("'--watch' cannot be used with '--fix'"),
        "{out:?}"
    );
}
