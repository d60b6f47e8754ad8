//! Finding the transcripts to check and reading them.

use std::io::Read;
use std::path::{Path, PathBuf};

/// File name extensions walked in directories. A file named explicitly is
/// checked whatever its extension.
/// YAML, JSON and JSONL files are walked too; those that are no record or
/// session log boardlint knows are skipped.
pub const EXTENSIONS: &[&str] = &[
    "md",
    "markdown",
    "txt",
    "transcript",
    "yaml",
    "yml",
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
    /// Not a regular file (a named pipe, a device, a socket): refused
    /// before a byte of it is read.
    NotRegular(&'static str),
    /// More than `limit` bytes: `size` from the file's metadata, or `None`
    /// when reading found more than the limit (standard input, or a file
    /// that grew while it was read).
    TooLarge {
        size: Option<u64>,
        limit: usize,
    },
    /// The memory to hold the text could not be had (`bytes` is the size
    /// asked for).
    OutOfMemory {
        bytes: u64,
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
            ReadError::NotRegular(what) => write!(f, "{what}, not a regular file: not read"),
            ReadError::TooLarge { size, limit } => {
                match size {
                    Some(size) => write!(f, "the file is {size} bytes")?,
                    None => write!(f, "the input is more than {limit} bytes")?,
                }
                write!(f, "; boardlint reads files of at most {limit} bytes")?;
                if *limit == crate::syntax::MAX_SOURCE {
                    f.write_str(" (4 GiB)")?;
                }
                Ok(())
            }
            ReadError::OutOfMemory { bytes } => {
                write!(f, "not enough memory to read this file ({bytes} bytes)")
            }
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
///
/// A file reached twice (`./a.md ../ws/a.md`, a link and its target, a file
/// named and also found in a directory walked) is kept once, as first
/// spelled: files are told apart by their canonical path.
pub fn discover(paths: &[PathBuf], no_ignore: bool) -> (Vec<Found>, Vec<String>) {
    let mut found = Vec::new();
    let mut errors = Vec::new();
    let default = [PathBuf::from(".")];
    let paths = if paths.is_empty() {
        &default[..]
    } else {
        paths
    };
    // One path alone cannot reach a file twice (walks follow no links), so
    // the set of canonical paths is kept only for several.
    let mut seen = (paths.len() > 1).then(std::collections::HashSet::<PathBuf>::new);
    let mut first = |key: PathBuf| seen.as_mut().is_none_or(|seen| seen.insert(key));
    for path in paths {
        if path.as_os_str() == "-" {
            // Standard input can be read once.
            if first(PathBuf::from("-")) {
                found.push(Found::Stdin);
            }
        } else if path.is_dir() {
            let mut files = walk(path, no_ignore, &mut errors);
            files.sort();
            // A walk enters no link, so a walked file's canonical path is
            // the canonical root joined with the rest: one lookup a root.
            let root = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
            for file in files {
                let key = root.join(file.strip_prefix(path).unwrap_or(&file));
                if first(key) {
                    found.push(Found::Walked(file));
                }
            }
        } else if path.exists() {
            let key = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
            if first(key) {
                found.push(Found::Explicit(path.clone()));
            }
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
///
/// A file must be a regular file (see [`read_regular`]); standard input is
/// read whatever it is (a pipe, a file, a terminal). Either is read up to
/// [`crate::syntax::MAX_SOURCE`] bytes, a limit that holds while reading,
/// and into memory asked for fallibly, so that a file too large for the
/// memory there is fails alone.
pub fn read(input: &Input) -> Result<String, ReadError> {
    let limit = crate::syntax::MAX_SOURCE;
    let bytes = match input {
        Input::File(path) | Input::Walked(path) => read_regular(path, limit)?,
        Input::Stdin => read_bounded(std::io::stdin().lock(), 0, limit)?,
    };
    decode(bytes)
}

/// The bytes of a regular file of at most `limit` bytes. A named pipe, a
/// device, a socket or a directory is refused before it is read (a pipe
/// would wait for a writer, `/dev/zero` would never end); a file larger
/// than `limit` by its metadata is refused before it is read, and one that
/// grows past it while it is read stops there, with the same error.
pub fn read_regular(path: &Path, limit: usize) -> Result<Vec<u8>, ReadError> {
    let other = |e: std::io::Error| ReadError::Other(io_cause(&e));
    let file = open_regular(path).map_err(|e| match e {
        Opened::NotRegular(what) => ReadError::NotRegular(what),
        Opened::Io(e) => other(e),
    })?;
    let size = file.metadata().map_err(other)?.len();
    if size > limit as u64 {
        return Err(ReadError::TooLarge {
            size: Some(size),
            limit,
        });
    }
    read_bounded(file, size, limit)
}

/// Why a file was not opened.
enum Opened {
    NotRegular(&'static str),
    Io(std::io::Error),
}

impl From<std::io::Error> for Opened {
    fn from(e: std::io::Error) -> Opened {
        Opened::Io(e)
    }
}

/// Open a regular file for reading. What the path names is looked at
/// before it is opened, since opening a named pipe waits for a writer; the
/// file is opened without waiting (so a pipe put there meanwhile cannot
/// hang the run either) and what was opened is looked at again.
fn open_regular(path: &Path) -> Result<std::fs::File, Opened> {
    if let Some(what) = not_regular(&std::fs::metadata(path)?.file_type()) {
        return Err(Opened::NotRegular(what));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    // A regular file reads the same with O_NONBLOCK (it only changes pipes
    // and devices, which are refused below).
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path)?;
    if let Some(what) = not_regular(&file.metadata()?.file_type()) {
        return Err(Opened::NotRegular(what));
    }
    Ok(file)
}

/// What a file that is not a regular file is; `None` for a regular file.
fn not_regular(kind: &std::fs::FileType) -> Option<&'static str> {
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a named pipe (FIFO)");
        }
        if kind.is_char_device() {
            return Some("a character device");
        }
        if kind.is_block_device() {
            return Some("a block device");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    Some("a special file")
}

/// Read everything `reader` holds, up to `limit` bytes; `expected` (the
/// size the metadata gives, or 0) is the first guess of how much. The
/// buffer grows by doubling, each step asked for with `try_reserve`, and a
/// read never goes past one byte more than the limit, so an input that
/// never ends (or a file that grows while it is read) stops at the limit
/// with [`ReadError::TooLarge`], and memory that cannot be had is
/// [`ReadError::OutOfMemory`], not an abort.
pub fn read_bounded<R: Read>(
    mut reader: R,
    expected: u64,
    limit: usize,
) -> Result<Vec<u8>, ReadError> {
    // One byte more than the limit tells an input over it.
    let most = limit.saturating_add(1);
    let mut buf: Vec<u8> = Vec::new();
    // The expected size and one byte, to see the end without growing.
    let mut room = usize::try_from(expected)
        .unwrap_or(usize::MAX)
        .saturating_add(1)
        .max(8 * 1024)
        .min(most);
    loop {
        let room_now = room.min(most - buf.len());
        buf.try_reserve_exact(room_now)
            .map_err(|_| ReadError::OutOfMemory {
                bytes: match expected {
                    0 => (buf.len() + room_now) as u64,
                    size => size,
                },
            })?;
        // Reading at most the room there is never grows the buffer.
        let spare = (buf.capacity() - buf.len()).min(most - buf.len());
        let n = (&mut reader)
            .take(spare as u64)
            .read_to_end(&mut buf)
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::OutOfMemory => ReadError::OutOfMemory {
                    bytes: buf.len() as u64,
                },
                _ => ReadError::Other(io_cause(&e)),
            })?;
        if buf.len() > limit {
            return Err(ReadError::TooLarge { size: None, limit });
        }
        if n < spare {
            return Ok(buf);
        }
        room = buf.len();
    }
}

/// Memory the work on one file needs beyond its text, as a multiple of the
/// text's size, asked for (and given back at once) before the work starts:
/// see [`room_to_work`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Work {
    /// `check`: the syntax tables, the model and the findings.
    Check,
    /// `fmt` and `check --fix`: the formatted text too, and the check of it.
    Format,
}

impl Work {
    /// Peaks beyond the text measured on a generated 100 MB transcript
    /// (docs/robustness.md): 1.8× the text for `check`, 3.5× for `fmt`,
    /// 3.9× for `check --fix`, rounded up.
    fn multiple(self) -> usize {
        match self {
            Work::Check => 2,
            Work::Format => 4,
        }
    }
}

/// Files under this size are not probed: their work takes a few megabytes.
const PROBE_FROM: usize = 1 << 20;

/// Whether the memory to work on a text of `len` bytes can be had: a
/// probe asks for a multiple of `len` (see `Work::multiple`) with `try_reserve` and
/// gives it back at once. Allocations in the model and the syntax tables
/// abort the process when they fail, so a file too large for the memory
/// there is refused here, with an error for it alone, before any of them.
/// The probe is a measure taken one file at a time: it cannot see what the
/// files checked beside it (one a core) will take.
pub fn room_to_work(work: Work, len: usize) -> Result<(), String> {
    if len < PROBE_FROM {
        return Ok(());
    }
    let mut probe: Vec<u8> = Vec::new();
    let had = probe.try_reserve_exact(len.saturating_mul(work.multiple()));
    // Keep the allocation from being optimised away.
    std::hint::black_box(probe.as_mut_ptr());
    drop(probe);
    had.map_err(|_| {
        let verb = match work {
            Work::Check => "check",
            Work::Format => "format",
        };
        format!("not enough memory to {verb} this file ({len} bytes)")
    })
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

fn io_cause(e: &std::io::Error) -> String {
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
    fn read_bounded_stops_an_endless_input_at_the_limit() {
        // An input that never ends (as `/dev/zero` does, or a file that
        // grows while it is read), whatever size was expected.
        for expected in [0, 10, 100_000, u64::MAX] {
            let err = read_bounded(std::io::repeat(b'x'), expected, 100_000).unwrap_err();
            assert!(
                matches!(
                    err,
                    ReadError::TooLarge {
                        size: None,
                        limit: 100_000
                    }
                ),
                "{expected}: {err}"
            );
        }
        let err = read_bounded(&vec![b'x'; 100_001][..], 100_001, 100_000).unwrap_err();
        assert!(err.to_string().starts_with("the input is more than 100000 bytes; boardlint reads files of at most 100000 bytes"), "{err}");
    }

    #[test]
    fn read_bounded_reads_inputs_smaller_and_larger_than_expected() {
        for (len, expected) in [
            (0, 0),
            (5, 0),
            (100_000, 0),
            (100_000, 10),
            (100_000, 100_000),
            (10, 100_000),
            (70_000, 8 * 1024),
        ] {
            let data: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
            assert_eq!(
                read_bounded(&data[..], expected, 100_000).unwrap(),
                data,
                "{len} bytes, {expected} expected"
            );
        }
    }

    #[cfg(unix)]
    #[test]
    fn read_regular_refuses_devices_and_directories_without_reading_them() {
        let dir = tempfile::tempdir().unwrap();
        for (path, what) in [
            (Path::new("/dev/zero"), "a character device"),
            (Path::new("/dev/null"), "a character device"),
            (dir.path(), "a directory"),
        ] {
            let err = read_regular(path, 1 << 20).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!("{what}, not a regular file: not read"),
                "{}",
                path.display()
            );
        }
    }

    #[test]
    fn room_to_work_refuses_a_size_no_memory_holds() {
        assert!(room_to_work(Work::Check, 1000).is_ok());
        assert!(room_to_work(Work::Check, 64 << 20).is_ok());
        let err = room_to_work(Work::Format, usize::MAX / 2).unwrap_err();
        assert_eq!(
            err,
            format!(
                "not enough memory to format this file ({} bytes)",
                usize::MAX / 2
            )
        );
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
