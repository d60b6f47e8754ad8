//! What boardlint reads and writes when the files are not what they seem:
//! pipes and devices, files too large for the memory there is, one file
//! reached twice, links, owners, temporary files, report files.

use std::fs;
use std::time::Duration;

use predicates::prelude::*;

use crate::boardlint;
use crate::config_settings::{repo, write};

const WITH_ERROR: &str = "CFO: x\n[INVOKE:cfo|Why?]\n";
const DRAFT: &str = "BOTTOM LINE\nGo. — Confidence: 🟢 High\n\nWHAT\n• x (from ledger) 🟢\n";

#[cfg(unix)]
#[test]
fn files_that_are_not_regular_are_refused_at_once_and_the_rest_checked() {
    let root = repo();
    write(root.path(), "a.md", WITH_ERROR);
    let fifo = root.path().join("pipe.md");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let _socket = std::os::unix::net::UnixListener::bind(root.path().join("socket.md")).unwrap();
    let out = boardlint()
        .current_dir(root.path())
        .args([
            "check",
            "--format",
            "concise",
            "pipe.md",
            "/dev/zero",
            "/dev/urandom",
            "socket.md",
            "a.md",
        ])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    for error in [
        "error: pipe.md: a named pipe (FIFO), not a regular file: not read",
        "error: /dev/zero: a character device, not a regular file: not read",
        "error: /dev/urandom: a character device, not a regular file: not read",
        "error: socket.md: a socket, not a regular file: not read",
    ] {
        assert!(stderr.contains(error), "{stderr}");
    }
    assert!(stdout.contains("a.md:2:1: error[L001]"), "{stdout}");
    assert!(stdout.contains("(1 file checked)"), "{stdout}");
    // A walk takes regular files only.
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "--format", "concise", "."])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("a.md:2:1: error[L001]"), "{stdout}");
    assert!(stdout.contains("(1 file checked)"), "{stdout}");
    // `fmt` refuses them the same way, and a configuration file that is a
    // pipe is refused too rather than waited on.
    let out = boardlint()
        .current_dir(root.path())
        .args(["fmt", "pipe.md", "/dev/zero"])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("error: pipe.md: a named pipe (FIFO)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("error: /dev/zero: a character device"),
        "{stderr}"
    );
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "--config", "pipe.md", "a.md"])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("a named pipe (FIFO), not a regular file"),
        "{stderr}"
    );
    // Standard input is still read from a pipe.
    boardlint()
        .args(["check", "--format", "concise", "-"])
        .write_stdin(WITH_ERROR)
        .timeout(Duration::from_secs(60))
        .assert()
        .code(1)
        .stdout(predicate::str::contains("<stdin>:2:1: error[L001]"));
}

/// Under an address-space limit that a 256 MiB transcript's check exceeds
/// and a small file's does not, the large file is an error of its own and
/// the small file is still checked (before, the process aborted, exit 134,
/// and the small file's findings were lost).
#[cfg(target_os = "linux")]
#[test]
fn a_file_too_large_for_the_memory_there_is_fails_alone() {
    if std::process::Command::new("prlimit")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped: prlimit is not installed");
        return;
    }
    let root = repo();
    write(root.path(), "a.md", WITH_ERROR);
    let line = "CRO: planning [INVOKE:cfo|What is the budget?] and [INVOKE:cmo|Reach?]\n";
    let size = (256usize << 20) / line.len() * line.len();
    {
        use std::io::Write;
        let mut big =
            std::io::BufWriter::new(fs::File::create(root.path().join("big.md")).unwrap());
        for _ in 0..size / line.len() {
            big.write_all(line.as_bytes()).unwrap();
        }
        big.flush().unwrap();
    }
    // Reading the file fits (its size and the program, a few tens of MB
    // with the threads and malloc arenas held to two); checking it, which
    // takes about twice its size more, does not.
    let limit = 2 * size + (128 << 20);
    let bin = assert_cmd::cargo::cargo_bin("boardlint");
    for (command, verb, small) in [
        (
            &["check", "--format", "concise", "big.md", "a.md"][..],
            "check",
            WITH_ERROR,
        ),
        (&["fmt", "big.md", "a.md"][..], "format", DRAFT),
    ] {
        fs::write(root.path().join("a.md"), small).unwrap();
        let started = std::time::Instant::now();
        let out = std::process::Command::new("prlimit")
            .arg(format!("--as={limit}"))
            .arg(&bin)
            .args(command)
            .current_dir(root.path())
            .env("RAYON_NUM_THREADS", "2")
            .env("MALLOC_ARENA_MAX", "2")
            .output()
            .unwrap();
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert_eq!(out.status.code(), Some(2), "{verb}: {stdout}{stderr}");
        assert!(
            stderr.contains(&format!(
                "error: big.md: not enough memory to {verb} this file ({size} bytes)"
            )),
            "{verb}: {stderr}"
        );
        if verb == "check" {
            assert!(stdout.contains("a.md:2:1: error[L001]"), "{stdout}");
        } else {
            assert!(stderr.contains("1 file reformatted"), "{stderr}");
        }
        eprintln!("{verb}: {:?}", started.elapsed());
    }
}

#[cfg(unix)]
#[test]
fn a_file_reached_twice_is_checked_once() {
    let root = repo();
    write(root.path(), "ws/a.md", WITH_ERROR);
    write(root.path(), "ws/sub/b.md", WITH_ERROR);
    std::os::unix::fs::symlink("a.md", root.path().join("ws/link.md")).unwrap();
    let ws = root.path().join("ws");
    for (args, shown) in [
        (&["./a.md", "../ws/a.md"][..], &["a.md"][..]),
        (&["a.md", "."], &["a.md", "sub/b.md"]),
        (&["sub", ".", "sub/b.md"], &["sub/b.md", "a.md"]),
        (&["link.md", "a.md"], &["link.md"]),
        (&["-", "-"], &["<stdin>"]),
    ] {
        let out = boardlint()
            .current_dir(&ws)
            .args(["check", "--format", "concise"])
            .args(args)
            .write_stdin(WITH_ERROR)
            .output()
            .unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stdout}");
        let found: Vec<&str> = stdout
            .lines()
            .filter_map(|l| {
                l.strip_suffix(
                    ":2:1: error[L001] self-invocation: `cfo` invokes itself (chain `cfo → cfo`)",
                )
            })
            .collect();
        assert_eq!(found, shown, "{args:?}: {stdout}");
        assert!(
            stdout.contains(&format!(
                "({} file{} checked)",
                shown.len(),
                if shown.len() == 1 { "" } else { "s" }
            )),
            "{args:?}: {stdout}"
        );
    }
}
