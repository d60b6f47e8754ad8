//! Finding the transcripts to check and reading them.

use std::io::Read;
use std::path::{Path, PathBuf};

/// File name extensions walked in directories. A file named explicitly is
/// checked whatever its extension.
/// YAML, JSON and JSONL files are walked too; those that are no record or
/// session log boardlint knows are skipped silently.
pub const EXTENSIONS: &[&str] = &[
    "md",
    "markdown",
    "txt",
    "transcript",
    "yaml",
    "yml",
    "json",
    "jsonl",
];

/// Hidden directories that walks enter: handshake inboxes
/// (`.team/inbox/`, `.mailboxes/`).
pub const INBOX_DIRS: [&str; 2] = [".team", ".mailboxes"];

/// Something to check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Named on the command line.
    File(PathBuf),
    /// Found by walking a directory.
    Walked(PathBuf),
    Stdin,
}

impl Input {
    /// The file's path; `None` for standard input.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Input::File(p) | Input::Walked(p) => Some(p),
            Input::Stdin => None,
        }
    }
}

/// Why an input could not be read as text.
#[derive(Debug)]
pub enum ReadError {
    /// Not UTF-8 and holding a NUL byte: a binary file, not a transcript.
    Binary {
        nul_at: usize,
    },
    Other(String),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Binary { nul_at } => write!(
                f,
                "a binary file, not text (not UTF-8, NUL byte at byte offset {nul_at})"
            ),
            ReadError::Other(cause) => f.write_str(cause),
        }
    }
}

impl From<ReadError> for String {
    fn from(e: ReadError) -> String {
        e.to_string()
    }
}

/// A path found on the command line or by walking a directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    Stdin,
    /// Named on the command line.
    Explicit(PathBuf),
    /// Found by walking a directory.
    Walked(PathBuf),
}

impl Found {
    pub fn into_input(self) -> Input {
        match self {
            Found::Stdin => Input::Stdin,
            Found::Explicit(p) => Input::File(p),
            Found::Walked(p) => Input::Walked(p),
        }
    }
}

/// Expand the command-line paths, in a stable order: explicit files as
/// given, each directory's files sorted by path. Paths that do not exist
/// are returned as errors; the rest are still used. Walks honour
/// `.gitignore`, `.ignore` and git's exclude files unless `no_ignore`, skip
/// hidden files, and never follow symbolic links.
pub fn discover(paths: &[PathBuf], no_ignore: bool) -> (Vec<Found>, Vec<String>) {
    let mut found = Vec::new();
    let mut errors = Vec::new();
    let default = [PathBuf::from(".")];
    let paths = if paths.is_empty() {
        &default[..]
    } else {
        paths
    };
    for path in paths {
        if path.as_os_str() == "-" {
            found.push(Found::Stdin);
        } else if path.is_dir() {
            let mut files = walk(path, no_ignore, &mut errors);
            files.sort();
            found.extend(files.into_iter().map(Found::Walked));
        } else if path.exists() {
            found.push(Found::Explicit(path.clone()));
        } else {
            errors.push(format!("{}: no such file or directory", path.display()));
        }
    }
    (found, errors)
}

fn walk(root: &Path, no_ignore: bool, errors: &mut Vec<String>) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut builder = ignore::WalkBuilder::new(root);
    builder.require_git(false);
    // Hidden files and directories are skipped, but for the agents' inbox
    // directories, which are hidden by convention.
    builder.hidden(false).filter_entry(|entry| {
        let name = entry.file_name().to_string_lossy();
        entry.depth() == 0 || !name.starts_with('.') || INBOX_DIRS.contains(&name.as_ref())
    });
    if no_ignore {
        builder
            .git_ignore(false)
            .git_global(false)
            .git_exclude(false)
            .ignore(false)
            .parents(false);
    }
    for entry in builder.build() {
        match entry {
            Ok(entry) => {
                let is_file = entry.file_type().is_some_and(|t| t.is_file());
                let wanted = entry
                    .path()
                    .extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| EXTENSIONS.iter().any(|x| x.eq_ignore_ascii_case(e)));
                if is_file && wanted {
                    out.push(entry.into_path());
                }
            }
            Err(err) => errors.push(format!("{}: {err}", root.display())),
        }
    }
    out
}

/// Read an input as UTF-8 text. The error names the cause; for text that is
/// not UTF-8 it gives the byte offset of the first invalid sequence.
/// A UTF-8 text with NUL bytes is still text; bytes that are not UTF-8 and
/// hold a NUL are a binary file.
pub fn read(input: &Input) -> Result<String, ReadError> {
    let other = |e: std::io::Error| ReadError::Other(io_cause(&e));
    let bytes = match input {
        Input::File(path) | Input::Walked(path) => {
            let size = std::fs::metadata(path).map_err(other)?.len();
            if size > crate::syntax::MAX_SOURCE as u64 {
                return Err(too_large(size));
            }
            std::fs::read(path).map_err(other)?
        }
        Input::Stdin => {
            let mut buf = Vec::new();
            std::io::stdin().read_to_end(&mut buf).map_err(other)?;
            buf
        }
    };
    if bytes.len() > crate::syntax::MAX_SOURCE {
        return Err(too_large(bytes.len() as u64));
    }
    decode(bytes)
}

fn too_large(size: u64) -> ReadError {
    ReadError::Other(format!(
        "the file is {size} bytes; boardlint reads files of at most {} bytes (4 GiB)",
        crate::syntax::MAX_SOURCE
    ))
}

/// Bytes as text: UTF-8, or the reason they are not (see [`read`]).
pub fn decode(bytes: Vec<u8>) -> Result<String, ReadError> {
    String::from_utf8(bytes).map_err(|e| {
        let bad = e.utf8_error().valid_up_to();
        match e.as_bytes().iter().position(|&b| b == 0) {
            Some(nul_at) => ReadError::Binary { nul_at },
            None => ReadError::Other(format!(
                "not valid UTF-8 (first invalid byte sequence at byte offset {bad})"
            )),
        }
    })
}

/// An I/O error in the words every message uses (`no such file or directory`).
pub fn io_cause(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    }
}

/// Replace a file's content atomically: the new content goes to a temporary
/// file in the same directory, which takes the original's permissions and is
/// then renamed over it. A read-only file is refused, and a file whose
/// content is no longer `read` (it changed on disk since it was read) is
/// left alone. On any failure the original is left untouched.
pub fn write_atomic(path: &Path, read: &str, content: &str) -> Result<(), String> {
    use std::io::Write;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let permissions = std::fs::metadata(path)
        .map_err(|e| io_cause(&e))?
        .permissions();
    if permissions.readonly() {
        return Err("the file is read-only: not rewritten".to_string());
    }
    let mut tmp = tempfile::NamedTempFile::new_in(&dir).map_err(|e| io_cause(&e))?;
    tmp.write_all(content.as_bytes())
        .map_err(|e| io_cause(&e))?;
    tmp.as_file().sync_all().map_err(|e| io_cause(&e))?;
    std::fs::set_permissions(tmp.path(), permissions).map_err(|e| io_cause(&e))?;
    // The last moment before the rename: if someone else wrote the file
    // meanwhile, their version wins.
    if std::fs::read(path).map_err(|e| io_cause(&e))? != read.as_bytes() {
        return Err(
            "the file changed on disk while it was being formatted: left as it is".to_string(),
        );
    }
    tmp.persist(path).map_err(|e| io_cause(&e.error))?;
    Ok(())
}

/// Write a report file (created or replaced atomically).
pub fn write_new(path: &Path, content: &str) -> Result<(), String> {
    use std::io::Write;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(&dir).map_err(|e| io_cause(&e))?;
    tmp.write_all(content.as_bytes())
        .map_err(|e| io_cause(&e))?;
    tmp.persist(path).map_err(|e| io_cause(&e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_atomic_leaves_a_file_that_changed_since_it_was_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.md");
        std::fs::write(&path, "theirs\n").unwrap();
        let err = write_atomic(&path, "ours as read\n", "formatted\n").unwrap_err();
        assert!(err.contains("changed on disk"), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "theirs\n");
        // No temporary file is left behind.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        write_atomic(&path, "theirs\n", "formatted\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "formatted\n");
    }

    #[test]
    fn write_atomic_refuses_a_read_only_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.md");
        std::fs::write(&path, "x\n").unwrap();
        let mut p = std::fs::metadata(&path).unwrap().permissions();
        p.set_readonly(true);
        std::fs::set_permissions(&path, p).unwrap();
        let err = write_atomic(&path, "x\n", "y\n").unwrap_err();
        assert!(err.contains("read-only"), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "x\n");
    }
}
