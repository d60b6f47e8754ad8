//! What boardlint reads and writes when the files are not what they seem:
//! pipes and devices, files too large for the memory there is, one file
//! reached twice, links, owners, temporary files, report files.

use std::fs;
use std::path::Path;
use std::time::Duration;

use predicates::prelude::*;

use crate::boardlint;
use crate::config_settings::{repo, write};
use crate::robustness::{formatted_draft, DRAFT};

const WITH_ERROR: &str = "CFO: x\n[INVOKE:cfo|Why?]\n";

/// The names of a directory's entries, sorted.
pub fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    names
}

/// A temporary file of boardlint's: `.NAME.boardlint-XXXXXX.tmp`.
pub fn is_temporary(name: &str) -> bool {
    let Some(stem) = name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")) else {
        return false;
    };
    stem.len() > 6
        && stem.is_char_boundary(stem.len() - 6)
        && stem[stem.len() - 6..]
            .bytes()
            .all(|b| b.is_ascii_alphanumeric())
        && stem[..stem.len() - 6].ends_with(".boardlint-")
}

#[cfg(unix)]
fn is_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("probe"), "").unwrap();
    fs::metadata(dir.path().join("probe")).unwrap().uid() == 0
}

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
    // takes several times its size more (two markers a line), does not.
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

#[cfg(unix)]
#[test]
fn fmt_and_fix_through_a_symbolic_link_rewrite_its_target_and_keep_the_link() {
    let root = repo();
    write(root.path(), "real/card.md", DRAFT);
    fs::create_dir(root.path().join("links")).unwrap();
    std::os::unix::fs::symlink("../real/card.md", root.path().join("links/card.md")).unwrap();
    boardlint()
        .current_dir(root.path())
        .args(["fmt", "links/card.md"])
        .assert()
        .code(0)
        .stderr(predicate::str::contains("1 file reformatted"));
    let link = root.path().join("links/card.md");
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(fs::read_link(&link).unwrap(), Path::new("../real/card.md"));
    assert_eq!(
        fs::read_to_string(root.path().join("real/card.md")).unwrap(),
        formatted_draft()
    );
    // No temporary file is left in either directory.
    assert_eq!(names(&root.path().join("real")), ["card.md"]);
    assert_eq!(names(&root.path().join("links")), ["card.md"]);

    // `check --fix` the same.
    let source = "CRO → [INVOKE:cfo|Budget?]\n\n[RESPONSE:CFO]\nConfidence: high\nKey finding: $1.2M.\nSupporting data:\n  - a\n  - b\nCaveat: c\n[/RESPONSE]\n";
    write(root.path(), "real/t.md", source);
    std::os::unix::fs::symlink("../real/t.md", root.path().join("links/t.md")).unwrap();
    boardlint()
        .current_dir(root.path())
        .args(["check", "--fix", "--format", "concise", "links/t.md"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("Fixed 1 problem in links/t.md."));
    let link = root.path().join("links/t.md");
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(fs::read_to_string(root.path().join("real/t.md"))
        .unwrap()
        .contains("[RESPONSE:cfo]\nKey finding: $1.2M.\n"));
    assert_eq!(names(&root.path().join("real")), ["card.md", "t.md"]);
}

/// Run as root (as the tests run here), a rewritten file keeps its owner
/// and group, whoever they are; as anyone else, a file of one's own keeps
/// its group.
#[cfg(unix)]
#[test]
fn fmt_keeps_the_owner_and_group_of_the_file_it_rewrites() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let root = repo();
    write(root.path(), "card.md", DRAFT);
    let path = root.path().join("card.md");
    let before = fs::metadata(&path).unwrap();
    let (uid, gid) = if is_root() {
        (4242, 4343)
    } else {
        eprintln!("not root: only the file's own owner and group are tried");
        (before.uid(), before.gid())
    };
    std::os::unix::fs::chown(&path, Some(uid), Some(gid)).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o664)).unwrap();
    boardlint()
        .current_dir(root.path())
        .args(["fmt", "card.md"])
        .assert()
        .code(0)
        .stderr(predicate::str::contains("1 file reformatted"));
    let after = fs::metadata(&path).unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), formatted_draft());
    assert_eq!((after.uid(), after.gid()), (uid, gid));
    assert_eq!(after.permissions().mode() & 0o7777, 0o664);
    assert_ne!(after.ino(), before.ino(), "rewritten through a new file");
}

/// A file with a second name (a hard link) is rewritten like any other:
/// the name given names the new content, the other keeps the old, and a
/// note says so.
#[cfg(unix)]
#[test]
fn fmt_on_a_hard_linked_file_notes_that_its_other_names_keep_the_old_content() {
    let root = repo();
    write(root.path(), "card.md", DRAFT);
    fs::hard_link(root.path().join("card.md"), root.path().join("other.md")).unwrap();
    boardlint()
        .current_dir(root.path())
        .args(["fmt", "card.md"])
        .assert()
        .code(0)
        .stderr(predicate::str::contains(
            "note: card.md: the file had 2 names (hard links): this one now names the new content, the other keeps the old",
        ));
    assert_eq!(
        fs::read_to_string(root.path().join("card.md")).unwrap(),
        formatted_draft()
    );
    assert_eq!(
        fs::read_to_string(root.path().join("other.md")).unwrap(),
        DRAFT
    );
}

/// Start `fmt` on many drafts and send `signal` once it has written its
/// first file; what it exits with.
#[cfg(unix)]
fn signal_fmt_while_it_writes(dir: &Path, files: usize, signal: &str) -> Option<i32> {
    for i in 0..files {
        write(dir, &format!("d/{i:04}.md"), DRAFT);
    }
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("boardlint"))
        .current_dir(dir)
        .args(["fmt", "d"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The first file is written first (rayon starts at the front).
    let first = dir.join("d/0000.md");
    let started = std::time::Instant::now();
    while fs::read_to_string(&first).unwrap() == DRAFT
        && started.elapsed() < Duration::from_secs(60)
    {
        std::thread::sleep(Duration::from_millis(1));
    }
    std::process::Command::new("kill")
        .args([format!("-{signal}"), child.id().to_string()])
        .status()
        .unwrap();
    child.wait().unwrap().code()
}

/// SIGINT and SIGTERM in the middle of formatting: the temporary files
/// being written are removed, and the exit code is 130 or 143.
#[cfg(unix)]
#[test]
fn sigint_and_sigterm_remove_the_temporary_files_being_written() {
    let formatted = formatted_draft();
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        let root = repo();
        let exit = signal_fmt_while_it_writes(root.path(), 3000, signal);
        let (mut old, mut new) = (0, 0);
        for name in names(&root.path().join("d")) {
            assert!(name.ends_with(".md"), "SIG{signal} left {name}");
            let text = fs::read_to_string(root.path().join("d").join(&name)).unwrap();
            if text == DRAFT {
                old += 1;
            } else {
                assert_eq!(text, formatted, "{name}");
                new += 1;
            }
        }
        assert_eq!(old + new, 3000);
        eprintln!("SIG{signal}: exit {exit:?}, {old} old, {new} new");
        // Finished before the signal came: nothing to show.
        if old > 0 {
            assert_eq!(exit, Some(code), "SIG{signal}");
        }
    }
}

/// A run killed outright (SIGKILL) cannot clean up; the next `fmt` in the
/// same directory removes what it left once no run holds it and it is a
/// minute old, and leaves a fresh one (a run may be writing it).
#[cfg(unix)]
#[test]
fn temporary_files_left_by_a_killed_run_are_removed_by_the_next() {
    let root = repo();
    write(root.path(), "d/a.md", DRAFT);
    let d = root.path().join("d");
    let leave = |name: &str, age: u64| {
        let file = fs::File::create(d.join(name)).unwrap();
        file.set_len(10).unwrap();
        file.set_modified(std::time::SystemTime::now() - Duration::from_secs(age))
            .unwrap();
    };
    leave(".a.md.boardlint-Ab3dE9.tmp", 600);
    leave(".gone.md.boardlint-000000.tmp", 120);
    leave(".b.md.boardlint-Zz9Zz9.tmp", 0);
    leave(".a.md.other-Ab3dE9.tmp", 600);
    // `fmt --check` writes nothing, and tidies nothing.
    boardlint()
        .current_dir(root.path())
        .args(["fmt", "--check", "d"])
        .assert()
        .code(1);
    assert_eq!(names(&d).len(), 5);
    boardlint()
        .current_dir(root.path())
        .args(["fmt", "d"])
        .assert()
        .code(0);
    assert_eq!(
        names(&d),
        [
            ".a.md.other-Ab3dE9.tmp",
            ".b.md.boardlint-Zz9Zz9.tmp",
            "a.md"
        ]
    );
}

#[cfg(unix)]
#[test]
fn output_file_keeps_an_existing_reports_permissions_and_a_new_one_follows_the_umask() {
    use std::os::unix::fs::PermissionsExt;
    let root = repo();
    write(root.path(), "a.md", WITH_ERROR);
    let mode = |name: &str| {
        fs::metadata(root.path().join(name))
            .unwrap()
            .permissions()
            .mode()
            & 0o777
    };
    let bin = assert_cmd::cargo::cargo_bin("boardlint");
    let run = |umask: &str, report: &str| {
        let status = std::process::Command::new("sh")
            .current_dir(root.path())
            .arg("-c")
            .arg(format!(
                "umask {umask}; exec \"$0\" check --format json --output-file {report} a.md"
            ))
            .arg(&bin)
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(1));
    };
    // New: as any new file, 0666 less the umask.
    run("027", "new.json");
    assert_eq!(mode("new.json"), 0o640);
    run("022", "other.json");
    assert_eq!(mode("other.json"), 0o644);
    // Existing: its permissions are kept.
    fs::set_permissions(
        root.path().join("new.json"),
        fs::Permissions::from_mode(0o604),
    )
    .unwrap();
    run("077", "new.json");
    assert_eq!(mode("new.json"), 0o604);
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(root.path().join("new.json")).unwrap()).unwrap();
    assert_eq!(report[0]["code"], "L001");
    // A link is written through, and stays a link.
    std::os::unix::fs::symlink("new.json", root.path().join("linked.json")).unwrap();
    fs::write(root.path().join("new.json"), "old").unwrap();
    run("022", "linked.json");
    assert!(fs::symlink_metadata(root.path().join("linked.json"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(mode("new.json"), 0o604);
    assert!(fs::read_to_string(root.path().join("new.json"))
        .unwrap()
        .contains("L001"));
    assert_eq!(
        names(root.path()),
        [".git", "a.md", "linked.json", "new.json", "other.json"]
    );
}

#[test]
fn output_file_dash_is_standard_output() {
    let root = repo();
    write(root.path(), "a.md", WITH_ERROR);
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "--format", "json", "--output-file", "-", "a.md"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report[0]["code"], "L001");
    assert!(!root.path().join("-").exists());
}

/// A process that keeps a file open and appends to it (a logger, a shell's
/// `exec 3>>notes.md`) would go on writing to the replaced file after a
/// rename: `fmt` refuses such a file, and no byte appended is lost.
#[cfg(target_os = "linux")]
#[test]
fn fmt_refuses_a_file_another_process_holds_open_and_loses_nothing_it_appends() {
    let root = repo();
    write(root.path(), "notes.md", DRAFT);
    /// The appending process, ended if the test fails before it stops.
    struct Appender(std::process::Child);
    impl Drop for Appender {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let mut child = Appender(
        std::process::Command::new("sh")
            .current_dir(root.path())
            .args([
                "-c",
                "exec 3>>notes.md; i=0; while [ ! -e stop ]; do i=$((i+1)); echo \"appended $i\" >&3; sleep 0.005; done; echo $i > count",
            ])
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap(),
    );
    let mut trials = 0;
    for _ in 0..20 {
        let out = boardlint()
            .current_dir(root.path())
            .args(["fmt", "notes.md"])
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("error: notes.md: the file is open for writing in another process, which would go on writing to the replaced file: left as it is"),
            "{stderr}"
        );
        trials += 1;
    }
    fs::write(root.path().join("stop"), "").unwrap();
    assert!(child.0.wait().unwrap().success());
    let count: usize = fs::read_to_string(root.path().join("count"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let text = fs::read_to_string(root.path().join("notes.md")).unwrap();
    let appended: Vec<String> = text
        .strip_prefix(DRAFT)
        .unwrap_or_else(|| panic!("{text}"))
        .lines()
        .map(str::to_string)
        .collect();
    let expected: Vec<String> = (1..=count).map(|i| format!("appended {i}")).collect();
    assert!(count > 0 && trials == 20);
    assert_eq!(appended, expected, "bytes appended were lost");
    // Closed, the file is formatted.
    let before = text;
    boardlint()
        .current_dir(root.path())
        .args(["fmt", "notes.md"])
        .assert()
        .code(0);
    let text = fs::read_to_string(root.path().join("notes.md")).unwrap();
    assert!(
        text != before && expected.iter().all(|line| text.contains(line.as_str())),
        "{text}"
    );
}

/// A file whose name is not UTF-8 is named by every output and error so
/// that it can be told from any other: each byte that is not UTF-8 as
/// `\xHH` (a backslash doubled), and in SARIF's URIs percent-encoded.
#[cfg(target_os = "linux")]
#[test]
fn a_file_name_that_is_not_utf8_is_shown_exactly_everywhere() {
    use std::os::unix::ffi::OsStrExt;
    let root = repo();
    let named = |bytes: &[u8]| root.path().join(std::ffi::OsStr::from_bytes(bytes));
    fs::write(named(b"bad\xffname.md"), WITH_ERROR).unwrap();
    // Another file that U+FFFD would make look the same, and one whose
    // name holds what an escape looks like.
    fs::write(named(b"bad\xfename.md"), WITH_ERROR).unwrap();
    fs::write(named(b"bad\\xFFname.md"), WITH_ERROR).unwrap();
    let run = |args: &[&str]| {
        let out = boardlint()
            .current_dir(root.path())
            .args(args)
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap()
        );
        assert!(!text.contains('\u{fffd}'), "{args:?}: {text}");
        (out.status.code(), text)
    };
    let (code, text) = run(&["check", "--format", "concise", "--select", "L001", "."]);
    assert_eq!(code, Some(1), "{text}");
    for name in [r"bad\xFFname.md", r"bad\xFEname.md", r"bad\\xFFname.md"] {
        assert!(
            text.contains(&format!("\n{name}:2:1: error[L001]"))
                || text.starts_with(&format!("{name}:2:1: error[L001]")),
            "{name}: {text}"
        );
    }
    // Named on the command line, by its bytes.
    let out = boardlint()
        .current_dir(root.path())
        .arg("check")
        .arg(std::ffi::OsStr::from_bytes(b"bad\xffname.md"))
        .args(["--select", "L001"])
        .output()
        .unwrap();
    let human = String::from_utf8(out.stdout).unwrap();
    assert!(human.contains(r"bad\xFFname.md:2:1"), "{human}");
    // JSON and the formats read by machines: the same text.
    let (_, text) = run(&["check", "--format", "json", "--select", "L001", "."]);
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let paths: Vec<&str> = json
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        paths,
        [r"bad\\xFFname.md", r"bad\xFEname.md", r"bad\xFFname.md"]
    );
    let (_, text) = run(&["check", "--format", "gitlab", "--select", "L001", "."]);
    let gitlab: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(gitlab[2]["location"]["path"], r"bad\xFFname.md", "{text}");
    let (_, text) = run(&["check", "--format", "github", "--select", "L001", "."]);
    assert!(text.contains(r"file=bad\xFFname.md,"), "{text}");
    // SARIF: URIs percent-encode the bytes.
    let (_, text) = run(&["check", "--format", "sarif", "--select", "L001", "."]);
    let sarif: serde_json::Value = serde_json::from_str(&text).unwrap();
    let uris: Vec<&str> = sarif["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                .as_str()
                .unwrap()
        })
        .collect();
    assert_eq!(uris, ["bad%5CxFFname.md", "bad%FEname.md", "bad%FFname.md"]);
    // Errors name it the same way.
    fs::write(named(b"bin\xff.md"), b"\xff\xfe\n").unwrap();
    let (code, text) = run(&["check", "--select", "L001", "."]);
    assert_eq!(code, Some(2));
    assert!(
        text.contains(r"error: bin\xFF.md: not valid UTF-8"),
        "{text}"
    );
    fs::remove_file(named(b"bin\xff.md")).unwrap();
    fs::write(named(b"draft\xff.md"), DRAFT).unwrap();
    let (code, text) = run(&["fmt", "--check", "."]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains(r"Would reformat: draft\xFF.md"), "{text}");
    let missing = boardlint()
        .current_dir(root.path())
        .arg("check")
        .arg(std::ffi::OsStr::from_bytes(b"gone\xff.md"))
        .output()
        .unwrap();
    let err = String::from_utf8(missing.stderr).unwrap();
    assert!(
        err.contains(r"error: gone\xFF.md: no such file or directory"),
        "{err}"
    );
}

/// A file of 16 MB or more is mapped rather than copied: it reads as the
/// same text, whether named, walked or piped, and `--fix` rewrites it.
#[test]
fn a_large_file_is_checked_and_fixed_as_a_small_one_is() {
    let dir = tempfile::tempdir().unwrap();
    let paragraph = "CEO: The board reviewed the runway plan and the hiring freeze in detail.\n\n";
    let mut text = String::new();
    while text.len() < 16 << 20 {
        text.push_str(&paragraph.repeat(1000));
        text.push_str(WITH_ERROR);
        text.push('\n');
    }
    text.push_str("[RESPONSE:cfo]\nKey finding: 14 months\nConfidence: high\nSupporting data:\n- burn\n[/RESPONSE]\n");
    let path = dir.path().join("large.md");
    fs::write(&path, &text).unwrap();
    let concise = |args: &[&str], stdin: Option<&str>| {
        let mut cmd = boardlint();
        cmd.current_dir(dir.path())
            .args(["check", "--output-format", "concise"])
            .args(args);
        if let Some(input) = stdin {
            cmd.write_stdin(input.to_string());
        }
        String::from_utf8(cmd.output().unwrap().stdout).unwrap()
    };
    let named = concise(&["large.md"], None);
    let walked = concise(&["."], None);
    let piped = concise(&["--stdin-filename", "large.md", "-"], Some(&text));
    let findings = named.lines().filter(|l| l.contains("L001")).count();
    assert_eq!(findings, text.matches(WITH_ERROR).count(), "{named}");
    assert!(named.contains("R005"), "{named}");
    assert_eq!(named, walked);
    assert_eq!(named, piped);
    // `--fix` on the mapped file: the field order fixed, nothing else.
    boardlint()
        .current_dir(dir.path())
        .args(["check", "--fix", "--select", "R005", "large.md"])
        .assert()
        .success();
    let fixed = fs::read_to_string(&path).unwrap();
    let tail = "[RESPONSE:cfo]\nKey finding: 14 months\nSupporting data:\n  - burn\nConfidence: high\n[/RESPONSE]\n";
    assert!(fixed.ends_with(tail), "{}", &fixed[fixed.len() - 200..]);
    assert_eq!(fixed[..text.len() - 120], text[..text.len() - 120]);
}
