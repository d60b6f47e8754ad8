//! `check --watch` and `fmt --check --watch`: run, then run again whenever
//! a file under the paths changes, until interrupted. Changes are read with
//! the notify crate (inotify, FSEvents, ReadDirectoryChangesW) and gathered
//! for a moment, so that an editor's save (a write, a rename, a metadata
//! change) makes one run, not three.

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use notify::{RecursiveMode, Watcher as _};

use super::EXIT_FAILURE;

/// How long a burst of changes must fall quiet before the next run.
const SETTLE: Duration = Duration::from_millis(200);

/// Run `once`, then again after each burst of changes under `paths`
/// (default `.`). Returns only when the watch cannot start or stops.
pub fn watch(paths: &[PathBuf], mut once: impl FnMut() -> i32) -> i32 {
    let roots: Vec<PathBuf> = if paths.is_empty() || paths.iter().any(|p| p.as_os_str() == "-") {
        if paths.iter().any(|p| p.as_os_str() == "-") {
            eprintln!("error: --watch reads files, not standard input");
            return EXIT_FAILURE;
        }
        vec![PathBuf::from(".")]
    } else {
        paths.to_vec()
    };
    let (tx, rx) = mpsc::channel();
    let mut watcher =
        match notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            if let Ok(event) = event {
                if event.kind.is_modify() || event.kind.is_create() || event.kind.is_remove() {
                    let _ = tx.send(event.paths);
                }
            }
        }) {
            Ok(w) => w,
            Err(e) => {
                eprintln!("error: cannot watch for changes: {e}");
                return EXIT_FAILURE;
            }
        };
    for root in &roots {
        if let Err(e) = watcher.watch(root, RecursiveMode::Recursive) {
            eprintln!("error: {}: cannot watch for changes: {e}", root.display());
            return EXIT_FAILURE;
        }
    }
    let terminal = std::io::stdout().is_terminal();
    loop {
        once();
        eprintln!("boardlint: watching for changes (Ctrl-C to stop)");
        // Wait for a change that matters, then for the burst to settle.
        loop {
            match rx.recv() {
                Ok(changed) if changed.iter().any(|p| relevant(p)) => break,
                Ok(_) => continue,
                Err(_) => return EXIT_FAILURE,
            }
        }
        while rx.recv_timeout(SETTLE).is_ok() {}
        if terminal {
            // Clear the screen and go home, as `ruff check --watch` does.
            print!("\x1b[2J\x1b[H");
        }
    }
}

/// A change worth a run: not inside `.git` or a build's `target`, and not
/// a temporary file a write goes through.
fn relevant(path: &Path) -> bool {
    let skipped = path
        .components()
        .any(|c| matches!(c.as_os_str().to_str(), Some(".git" | "target")));
    let temporary = path.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
        (n.contains(".boardlint-") && n.ends_with(".tmp"))
            || n.ends_with('~')
            || n.ends_with(".swp")
    });
    !skipped && !temporary
}

#[cfg(test)]
mod tests {
    use super::relevant;
    use std::path::Path;

    #[test]
    fn changes_inside_git_and_temporary_files_do_not_count() {
        assert!(relevant(Path::new("notes/a.md")));
        assert!(relevant(Path::new(".boardlint.yaml")));
        assert!(!relevant(Path::new(".git/index")));
        assert!(!relevant(Path::new("target/debug/x")));
        assert!(!relevant(Path::new("notes/.a.md.swp")));
        assert!(!relevant(Path::new("notes/.a.md.boardlint-x1Y2z3.tmp")));
    }
}
