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

/// The agent tools' own log directories, by a run of path components, and
/// the tool: a walk there takes only the JSON and JSONL files, as the
/// others (Claude Code's `tool-results/*.txt` and `memory/MEMORY.md`, say)
/// are the tool's working files, not logs or transcripts.
pub const TOOL_LOG_DIRS: &[(&[&str], &str)] = &[
    (&[".claude", "projects"], "Claude Code"),
    (&[".codex", "sessions"], "Codex CLI"),
    (&[".codex", "archived_sessions"], "Codex CLI"),
    (&[".gemini", "tmp"], "Gemini CLI"),
    (&[".pi", "agent", "sessions"], "Pi"),
    (&[".cursor", "projects"], "Cursor"),
    (&[".copilot", "session-state"], "GitHub Copilot CLI"),
    (&[".qwen", "projects"], "Qwen Code"),
    (&["saoudrizwan.claude-dev", "tasks"], "Cline"),
    (&["rooveterinaryinc.roo-cline", "tasks"], "Roo Code"),
    (&["kilocode.kilo-code", "tasks"], "Kilo Code"),
    (&[".cline", "data", "tasks"], "Cline"),
];

/// The tool whose log directory `path` lies in, if it lies in one.
pub fn tool_log_dir(path: &Path) -> Option<&'static str> {
    let parts: Vec<&std::ffi::OsStr> = path
        .components()
        .filter_map(|c| match c {
            std::path::Component::Normal(p) => Some(p),
            _ => None,
        })
        .collect();
    TOOL_LOG_DIRS.iter().find_map(|(run, tool)| {
        parts
            .windows(run.len())
            // The run, then something under it.
            .position(|w| w.iter().zip(run.iter()).all(|(a, b)| **a == **b))
            .filter(|&at| at + run.len() < parts.len())
            .map(|_| *tool)
    })
}

/// Whether a walk leaves this file alone as a working file of an agent
/// tool, not a log: a file in the tool's log directory that is not JSON or
/// JSONL.
pub fn tool_working_file(path: &Path) -> Option<&'static str> {
    let json = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("json") || e.eq_ignore_ascii_case("jsonl"));
    if json {
        return None;
    }
    tool_log_dir(path)
}

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
    /// Found by walking a directory, and left alone: a working file of the
    /// agent tool named, in its log directory ([`tool_working_file`]).
    ToolFile(PathBuf, &'static str),
}

impl Found {
    pub fn into_input(self) -> Input {
        match self {
            Found::Stdin => Input::Stdin,
            Found::Explicit(p) => Input::File(p),
            Found::Walked(p) | Found::ToolFile(p, _) => Input::Walked(p),
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
                // Told by the canonical path: `cd ~/.claude/projects &&
                // boardlint check .` walks the tool's directory too.
                let tool = tool_working_file(&key);
                if first(key) {
                    found.push(match tool {
                        Some(tool) => Found::ToolFile(file, tool),
                        None => Found::Walked(file),
                    });
                }
            }
        } else if path.exists() {
            let key = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
            if first(key) {
                found.push(Found::Explicit(path.clone()));
            }
        } else {
            errors.push(format!("{}: no such file or directory", display_path(path)));
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
            Err(err) => errors.push(format!("{}: {err}", display_path(root))),
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

/// A file's text as `check` holds it: read, or, for a large regular file,
/// mapped (see [`crate::mapped`]).
#[derive(Debug)]
pub enum Source {
    Read(String),
    Mapped(crate::mapped::Text),
}

impl Source {
    /// The text as a `String` of its own: a copy's given up, a mapping's
    /// copied.
    pub fn into_string(self) -> String {
        match self {
            Source::Read(text) => text,
            Source::Mapped(text) => text.as_str().to_string(),
        }
    }

    /// Whether the text is still the file's (a mapped file shortened under
    /// a read is not: what was made of it is thrown away and the file read
    /// again, [`read_source`]).
    pub fn intact(&self) -> bool {
        match self {
            Source::Read(_) => true,
            Source::Mapped(text) => text.intact(),
        }
    }
}

impl std::ops::Deref for Source {
    type Target = str;

    fn deref(&self) -> &str {
        match self {
            Source::Read(text) => text,
            Source::Mapped(text) => text.as_str(),
        }
    }
}

/// An input's text as [`read`] reads it, but a regular file of
/// [`MAP_FROM`] bytes or more is mapped rather than copied when it can be
/// (UTF-8): a caller that finds it no longer [`Source::intact`] after its
/// work reads it again with [`read`].
pub fn read_source(input: &Input) -> Result<Source, ReadError> {
    let (Input::File(path) | Input::Walked(path)) = input else {
        return read(input).map(Source::Read);
    };
    let limit = crate::syntax::MAX_SOURCE;
    let (file, size) = open_sized(path, limit)?;
    if size >= MAP_FROM {
        if let Some(text) = crate::mapped::Text::map(&file, size) {
            return Ok(Source::Mapped(text));
        }
    }
    decode(read_opened(file, size, limit)?).map(Source::Read)
}

/// Files this large are mapped by [`read_source`].
const MAP_FROM: u64 = 16 << 20;

/// Whether standard input holds something to read, without reading it:
/// for a command that was given no path and will not read it, to say so.
/// A terminal, a device (`/dev/null`, as CI runners and hooks give) and an
/// empty file or pipe hold nothing; a file holds the bytes past its
/// offset; a pipe or socket the bytes waiting in it, or that arrive within
/// [`STDIN_WAIT`] (its writer may not have written yet, and one that stays
/// open without writing, as some runners leave it, is not waited for
/// longer). Nothing is consumed, so a caller's loop reading the same input
/// (`while read f; do boardlint check; done < list`) loses nothing. Always
/// `false` where this cannot be told without reading (not Unix).
pub fn stdin_holds_data() -> bool {
    use std::io::IsTerminal as _;
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        return false;
    }
    #[cfg(unix)]
    {
        use std::io::Seek as _;
        use std::os::fd::AsFd as _;
        use std::os::unix::fs::FileTypeExt as _;
        let Ok(fd) = stdin.as_fd().try_clone_to_owned() else {
            return false;
        };
        let mut file = std::fs::File::from(fd);
        let Ok(meta) = file.metadata() else {
            return false;
        };
        let kind = meta.file_type();
        if kind.is_file() {
            // The offset is shared with standard input; asking for it
            // leaves it where it is.
            return file.stream_position().is_ok_and(|at| at < meta.len());
        }
        if kind.is_fifo() || kind.is_socket() {
            return bytes_waiting(&file)
                || (wait_readable(&file, STDIN_WAIT) && bytes_waiting(&file));
        }
        false
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// How long [`stdin_holds_data`] waits for a pipe's writer.
pub const STDIN_WAIT: std::time::Duration = std::time::Duration::from_millis(50);

/// How many bytes a pipe or socket holds, unread (`FIONREAD`).
#[cfg(unix)]
fn bytes_waiting(file: &std::fs::File) -> bool {
    use std::os::fd::AsRawFd as _;
    let mut n: libc::c_int = 0;
    // SAFETY: FIONREAD writes one int, to `n`.
    let asked = unsafe { libc::ioctl(file.as_raw_fd(), libc::FIONREAD, &mut n) };
    asked == 0 && n > 0
}

/// Whether a pipe or socket becomes readable (data, or its writer gone)
/// within `wait`.
#[cfg(unix)]
fn wait_readable(file: &std::fs::File, wait: std::time::Duration) -> bool {
    use std::os::fd::AsRawFd as _;
    let mut poll = libc::pollfd {
        fd: file.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    };
    let ms = libc::c_int::try_from(wait.as_millis()).unwrap_or(libc::c_int::MAX);
    // SAFETY: one pollfd, owned here, for the length of the call.
    let ready = unsafe { libc::poll(&mut poll, 1, ms) };
    ready > 0 && poll.revents & libc::POLLIN != 0
}

/// The bytes of a regular file of at most `limit` bytes. A named pipe, a
/// device, a socket or a directory is refused before it is read (a pipe
/// would wait for a writer, `/dev/zero` would never end); a file larger
/// than `limit` by its metadata is refused before it is read, and one that
/// grows past it while it is read stops there, with the same error.
pub fn read_regular(path: &Path, limit: usize) -> Result<Vec<u8>, ReadError> {
    let (file, size) = open_sized(path, limit)?;
    read_opened(file, size, limit)
}

/// A regular file opened, with its size, refused as [`read_regular`]
/// refuses it before reading.
fn open_sized(path: &Path, limit: usize) -> Result<(std::fs::File, u64), ReadError> {
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
    Ok((file, size))
}

/// The bytes of a file [`open_sized`] opened.
fn read_opened(file: std::fs::File, size: u64, limit: usize) -> Result<Vec<u8>, ReadError> {
    if size >= READ_IN_HALVES {
        if let Some(bytes) = read_in_halves(&file, size) {
            return Ok(bytes);
        }
    }
    read_bounded(file, size, limit)
}

/// Files this large are read in two halves at once.
const READ_IN_HALVES: u64 = 16 << 20;

/// A large file read in two halves at once, on two cores: most of the
/// cost of reading a file the system has cached is bringing the memory it
/// goes to into being, and the two halves share it. The buffer is made
/// zeroed (pages the system gives zeroed as they are first written), after
/// an allocation of its size was tried, so that memory that cannot be had
/// is [`read_bounded`]'s error, not an abort. `None` when the file did not
/// read as its size said (it changed meanwhile), or anything failed:
/// [`read_bounded`] reads it then, as it reads any other.
#[cfg(unix)]
fn read_in_halves(file: &std::fs::File, size: u64) -> Option<Vec<u8>> {
    use std::os::unix::fs::FileExt as _;
    let size = usize::try_from(size).ok()?;
    let mut tried: Vec<u8> = Vec::new();
    tried.try_reserve_exact(size.checked_add(1)?).ok()?;
    drop(tried);
    let mut bytes = vec![0u8; size];
    let half = size / 2;
    let (first, second) = bytes.split_at_mut(half);
    let (a, b) = rayon::join(
        || file.read_exact_at(first, 0),
        || file.read_exact_at(second, half as u64),
    );
    // A file that grew while it was read is read again, whole.
    let mut more = [0u8; 1];
    let grew = file.read_at(&mut more, size as u64).map_or(true, |n| n > 0);
    (a.is_ok() && b.is_ok() && !grew).then_some(bytes)
}

#[cfg(not(unix))]
fn read_in_halves(_: &std::fs::File, _: u64) -> Option<Vec<u8>> {
    None
}

/// Why a file was not opened.
pub enum Opened {
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
pub fn open_regular(path: &Path) -> Result<std::fs::File, Opened> {
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

/// The work to be done on a file's text, for [`room_to_work`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Work {
    /// `check`: the syntax tables, the model and the findings.
    Check,
    /// `fmt` and `check --fix`: the formatted text too, and the check of it.
    Format,
}

impl Work {
    /// The memory the work on `text` takes beyond the text itself, in
    /// bytes, estimated from the text's size, its lines (a table row each)
    /// and its `[` and backticks (the markers, brackets and code spans that
    /// fill the inline table and the model). The weights are fitted to the
    /// peaks measured on two generated transcripts, one mostly prose and one
    /// with two markers on every line (docs/robustness.md), and estimate
    /// 1.2 to 1.5 times what `check`, `fmt` and `check --fix` took on them.
    /// The size alone cannot tell the two apart: beyond its text, the
    /// second takes 6.2 times its size and the first 1.6.
    pub fn peak(self, text: &str) -> usize {
        let [newlines, items] = crate::parallel::count(text.as_bytes(), [b"\n", b"[`"]);
        let lines = newlines + 1;
        let check = (text.len() / 2)
            .saturating_add(lines.saturating_mul(24))
            .saturating_add(items.saturating_mul(240));
        match self {
            Work::Check => check,
            // The formatted text, the second check, and their slack.
            Work::Format => check.saturating_add(text.len().saturating_mul(5) / 2),
        }
    }
}

/// Texts under this size are not probed: their work takes a few megabytes.
const PROBE_FROM: usize = 1 << 20;

/// Whether the memory to work on `text` can be had: a probe asks for the
/// estimate of [`Work::peak`] with `try_reserve` and gives it back at once.
/// Allocations in the model and the syntax tables abort the process when
/// they fail, so a file too large for the memory there is refused here,
/// with an error for it alone, before any of them. The probe is a measure
/// taken one file at a time: it cannot see what the files checked beside it
/// (one a core) will take.
pub fn room_to_work(work: Work, text: &str) -> Result<(), String> {
    if text.len() < PROBE_FROM || can_have(work.peak(text)) {
        return Ok(());
    }
    let verb = match work {
        Work::Check => "check",
        Work::Format => "format",
    };
    Err(format!(
        "not enough memory to {verb} this file ({} bytes)",
        text.len()
    ))
}

/// Whether `bytes` of memory can be had now: asked for, and given back.
fn can_have(bytes: usize) -> bool {
    let mut probe: Vec<u8> = Vec::new();
    let had = probe.try_reserve_exact(bytes).is_ok();
    // Keep the allocation from being optimised away.
    std::hint::black_box(probe.as_mut_ptr());
    had
}

/// A path as messages show it: as given, without a leading `./`, in the
/// lossless form of [`path_text`].
pub fn display_path(path: &Path) -> String {
    let s = path_text(path).into_owned();
    match s.strip_prefix("./") {
        Some(rest) => rest.to_string(),
        None => s,
    }
}

/// A path as text that names it exactly. A path that is UTF-8 and holds no
/// backslash is itself. Any other (on Unix, where a file name is any
/// bytes) is written with each backslash doubled and each byte that is not
/// part of UTF-8 as `\xHH`: `bad\xFFname.md` for the bytes
/// `bad<FF>name.md`, `a\\b.md` for the name `a\b.md`. So two paths never
/// show the same, and [`path_from_text`] gives the path back.
///
/// Elsewhere a path that is not Unicode is shown with U+FFFD where the
/// rest cannot be written.
pub fn path_text(path: &Path) -> std::borrow::Cow<'_, str> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bytes = path.as_os_str().as_bytes();
        match std::str::from_utf8(bytes) {
            Ok(text) if !text.contains('\\') => std::borrow::Cow::Borrowed(text),
            _ => std::borrow::Cow::Owned(escape_bytes(bytes)),
        }
    }
    #[cfg(not(unix))]
    {
        path.to_string_lossy()
    }
}

/// Bytes as text: UTF-8 as it is but for `\`, doubled; every other byte
/// as `\xHH`.
#[cfg(unix)]
fn escape_bytes(mut bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 8);
    while !bytes.is_empty() {
        let (good, bad) = match std::str::from_utf8(bytes) {
            Ok(all) => (all, &[][..]),
            Err(e) => {
                let (good, rest) = bytes.split_at(e.valid_up_to());
                let bad = e.error_len().unwrap_or(rest.len());
                (std::str::from_utf8(good).unwrap_or_default(), &rest[..bad])
            }
        };
        out.push_str(&good.replace('\\', "\\\\"));
        for b in bad {
            out.push_str(&format!("\\x{b:02X}"));
        }
        bytes = &bytes[good.len() + bad.len()..];
    }
    out
}

/// The path a text of [`path_text`] (or [`display_path`]) names.
pub fn path_from_text(text: &str) -> PathBuf {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        if !text.contains('\\') {
            return PathBuf::from(text);
        }
        let bytes = text.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            let hex = |at: usize| {
                bytes
                    .get(at..at + 2)
                    .filter(|h| h.iter().all(u8::is_ascii_hexdigit))
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
            };
            match (bytes[i], bytes.get(i + 1)) {
                (b'\\', Some(b'\\')) => {
                    out.push(b'\\');
                    i += 2;
                }
                (b'\\', Some(b'x')) if hex(i + 2).is_some() => {
                    out.extend(hex(i + 2));
                    i += 4;
                }
                (b, _) => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        PathBuf::from(std::ffi::OsString::from_vec(out))
    }
    #[cfg(not(unix))]
    {
        PathBuf::from(text)
    }
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
/// file beside it (`.NAME.boardlint-XXXXXX.tmp`, see `Temporary`), which
/// takes the original's permissions, owner and group, is synced to disk and
/// is then renamed over it. A symbolic link is followed: the file it points
/// to is rewritten, through a temporary file in that file's directory, and
/// the link stays a link. A read-only file is refused, and a file whose
/// content is no longer `read` (it changed on disk since it was read) is
/// left alone. On any failure the original is left untouched.
///
/// A file another process holds open for writing (a logger, a shell's
/// `exec 3>>notes.md`) is refused too: what that process writes after the
/// rename would go to the replaced file and be lost. On Linux a read lease
/// (`F_SETLEASE`) tells, and is held from the last look at the content to
/// the rename, so that no process opens the file for writing in between.
/// Where leases cannot be had (a file of another user's, a file system
/// without them), the replaced file's size is looked at after the rename:
/// if it grew, the file is put back as the other process left it (the
/// bytes it appended included) and the rewrite is reported as refused.
///
/// A file with several names (hard links) is rewritten the same way: the
/// name given then names the new file and the other names keep the old
/// content, as with any editor or formatter that writes atomically; the
/// `Ok` value is a note saying so.
pub fn write_atomic(path: &Path, read: &str, content: &str) -> Result<Option<String>, String> {
    use std::io::Write;
    let target = std::fs::canonicalize(path).map_err(|e| io_cause(&e))?;
    let original = std::fs::metadata(&target).map_err(|e| io_cause(&e))?;
    if let Some(what) = not_regular(&original.file_type()) {
        return Err(format!("{what}, not a regular file: not rewritten"));
    }
    if original.permissions().readonly() {
        return Err("the file is read-only: not rewritten".to_string());
    }
    let mut tmp = Temporary::beside(&target, None).map_err(|e| io_cause(&e))?;
    tmp.file()
        .write_all(content.as_bytes())
        .map_err(|e| io_cause(&e))?;
    tmp.file().sync_all().map_err(|e| io_cause(&e))?;
    keep_owner(tmp.file(), &original)?;
    // After the owner: changing it clears the set-user and set-group bits.
    tmp.file()
        .set_permissions(original.permissions())
        .map_err(|e| io_cause(&e))?;
    let changed =
        || "the file changed on disk while it was being formatted: left as it is".to_string();
    // The file as it is now, kept open past the rename to see what happens
    // to it.
    let mut old = match open_regular(&target) {
        Ok(file) => file,
        Err(Opened::NotRegular(_)) => return Err(changed()),
        Err(Opened::Io(e)) => return Err(io_cause(&e)),
    };
    let lease = match Lease::take(&old) {
        Lease::Busy => return Err(OPEN_FOR_WRITING.to_string()),
        lease => lease,
    };
    // The last moment before the rename: if someone else wrote the file
    // meanwhile, their version wins.
    if !holds(&old, read.as_bytes()).map_err(|e| io_cause(&e))? {
        return Err(changed());
    }
    #[cfg(test)]
    if let Some(meanwhile) = BEFORE_RENAME.with(|hook| hook.borrow_mut().take()) {
        meanwhile();
    }
    tmp.persist(&target).map_err(|e| io_cause(&e))?;
    drop(lease);
    // Written to between the last look and the rename, by a process no
    // lease could see: put back as that process left it.
    let size = old.metadata().map_err(|e| io_cause(&e))?.len();
    if size != read.len() as u64 {
        let grown = size.saturating_sub(read.len() as u64);
        put_back(&target, &original, &mut old)?;
        return Err(match grown {
            0 => changed(),
            n => format!("{OPEN_FOR_WRITING} ({n} bytes were appended while it was being formatted, and are kept)"),
        });
    }
    Ok(names(&original).filter(|&n| n > 1).map(|n| {
        let others = match n {
            2 => "the other keeps".to_string(),
            n => format!("the other {} keep", n - 1),
        };
        format!("the file had {n} names (hard links): this one now names the new content, {others} the old")
    }))
}

/// Why a file another process holds open for writing is not rewritten.
const OPEN_FOR_WRITING: &str = "the file is open for writing in another process, which would go on writing to the replaced file: left as it is";

/// A read lease on a file (Linux): granted only while no process has the
/// file open for writing, and while it is held, a process that opens the
/// file for writing waits (the kernel tells the holder with a signal, set
/// here to SIGURG, which is ignored unless handled, instead of SIGIO, which
/// would end the process). Released when dropped.
enum Lease<'a> {
    Held(&'a std::fs::File),
    /// Another process has the file open for writing.
    Busy,
    /// Leases cannot be had here: a file of another user's (`EACCES`), a
    /// file system or a system without them (`EINVAL`), or not Linux.
    Unavailable,
}

/// `fcntl`'s command that sets the signal a lease break sends (Linux's
/// `F_SETSIG`, which the libc crate does not name).
#[cfg(any(target_os = "linux", target_os = "android"))]
const F_SETSIG: libc::c_int = 10;

impl<'a> Lease<'a> {
    fn take(file: &'a std::fs::File) -> Lease<'a> {
        #[cfg(any(target_os = "linux", target_os = "android"))]
        {
            use std::os::fd::AsRawFd;
            if leases_off() {
                return Lease::Unavailable;
            }
            let fd = file.as_raw_fd();
            // SAFETY: fcntl on a descriptor this function borrows, with
            // integer arguments only.
            unsafe {
                if libc::fcntl(fd, F_SETSIG, libc::SIGURG) == -1 {
                    return Lease::Unavailable;
                }
                if libc::fcntl(fd, libc::F_SETLEASE, libc::F_RDLCK) == 0 {
                    return Lease::Held(file);
                }
            }
            match std::io::Error::last_os_error().raw_os_error() {
                Some(libc::EAGAIN) => Lease::Busy,
                _ => Lease::Unavailable,
            }
        }
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        {
            let _ = file;
            Lease::Unavailable
        }
    }
}

impl Drop for Lease<'_> {
    fn drop(&mut self) {
        #[cfg(any(target_os = "linux", target_os = "android"))]
        if let Lease::Held(file) = self {
            use std::os::fd::AsRawFd;
            // SAFETY: as in `take`.
            unsafe {
                libc::fcntl(file.as_raw_fd(), libc::F_SETLEASE, libc::F_UNLCK);
            }
        }
    }
}

#[cfg(test)]
thread_local! {
    /// Leases turned off on this thread, as on a system without them.
    static LEASES_OFF: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// What a test does between the last look at a file and its rename.
    static BEFORE_RENAME: std::cell::RefCell<Option<Box<dyn FnOnce()>>> = const { std::cell::RefCell::new(None) };
}

#[cfg(any(target_os = "linux", target_os = "android"))]
fn leases_off() -> bool {
    #[cfg(test)]
    return LEASES_OFF.with(|off| off.get());
    #[cfg(not(test))]
    false
}

/// Write what `old` (the file replaced at `target`) holds now back to
/// `target`, as [`write_atomic`] writes, with `original`'s permissions.
fn put_back(
    target: &Path,
    original: &std::fs::Metadata,
    old: &mut std::fs::File,
) -> Result<(), String> {
    use std::io::{Seek, Write};
    let lost = |e: std::io::Error| {
        format!(
            "the file was written to while it was being formatted, and what was written could not be put back ({})",
            io_cause(&e)
        )
    };
    old.seek(std::io::SeekFrom::Start(0)).map_err(lost)?;
    let size = old.metadata().map_err(lost)?.len();
    let bytes = read_bounded(&mut *old, size, usize::MAX)
        .map_err(|e| lost(std::io::Error::other(e.to_string())))?;
    let mut tmp = Temporary::beside(target, None).map_err(lost)?;
    tmp.file().write_all(&bytes).map_err(lost)?;
    tmp.file().sync_all().map_err(lost)?;
    keep_owner(tmp.file(), original)?;
    tmp.file()
        .set_permissions(original.permissions())
        .map_err(lost)?;
    tmp.persist(target).map_err(lost)
}

/// How many names (hard links) a file has, where that is known.
fn names(meta: &std::fs::Metadata) -> Option<u64> {
    #[cfg(unix)]
    {
        Some(std::os::unix::fs::MetadataExt::nlink(meta))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        None
    }
}

/// Give a new file the owner and group of the file it replaces. Only root
/// can give a file away; anyone can keep their own, so the change is made
/// only when the two differ, and a file whose owner or group cannot be kept
/// is not rewritten (the rename would hand it to whoever ran boardlint).
fn keep_owner(file: &std::fs::File, original: &std::fs::Metadata) -> Result<(), String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let made = file.metadata().map_err(|e| io_cause(&e))?;
        if (made.uid(), made.gid()) != (original.uid(), original.gid()) {
            std::os::unix::fs::fchown(file, Some(original.uid()), Some(original.gid())).map_err(
                |e| {
                    format!(
                        "the file belongs to user {} and group {}, which a rewritten file cannot keep ({}): not rewritten",
                        original.uid(),
                        original.gid(),
                        io_cause(&e)
                    )
                },
            )?;
        }
    }
    #[cfg(not(unix))]
    let _ = (file, original);
    Ok(())
}

/// Whether `file`, read from its start, holds exactly `expected`, compared
/// a block at a time (a second copy of a large file is never held).
fn holds(mut file: &std::fs::File, expected: &[u8]) -> std::io::Result<bool> {
    if file.metadata()?.len() != expected.len() as u64 {
        return Ok(false);
    }
    let mut block = vec![0; 64 * 1024];
    let mut at = 0;
    loop {
        let n = match file.read(&mut block) {
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if n == 0 {
            return Ok(at == expected.len());
        }
        if expected.get(at..at + n) != Some(&block[..n]) {
            return Ok(false);
        }
        at += n;
    }
}

/// Write a report file, created or replaced atomically, through a link as
/// [`write_atomic`] does. A report that exists keeps its permissions (and
/// owner); a new one is created as any new file is (0666 less the umask).
pub fn write_new(path: &Path, content: &str) -> Result<(), String> {
    use std::io::Write;
    let mut file = NewFile::create(path)?;
    file.write_all(content.as_bytes())
        .map_err(|e| io_cause(&e))?;
    file.commit()
}

/// A report file being written, as [`write_new`] writes it, a piece at a
/// time: to a temporary file beside it, renamed over it by
/// [`NewFile::commit`]; dropped before that, it leaves nothing.
pub struct NewFile {
    tmp: Temporary,
    target: PathBuf,
    original: Option<std::fs::Metadata>,
}

impl NewFile {
    pub fn create(path: &Path) -> Result<NewFile, String> {
        // A link (even a dangling one) is written through to its target.
        let target = match std::fs::read_link(path) {
            Ok(_) => std::fs::canonicalize(path).unwrap_or_else(|_| resolve_dangling(path)),
            Err(_) => path.to_path_buf(),
        };
        let original = std::fs::metadata(&target).ok();
        if let Some(what) = original.as_ref().and_then(|m| not_regular(&m.file_type())) {
            return Err(format!("{what}, not a regular file: not written"));
        }
        #[cfg(unix)]
        let fresh = {
            use std::os::unix::fs::PermissionsExt;
            original
                .is_none()
                .then(|| std::fs::Permissions::from_mode(0o666))
        };
        #[cfg(not(unix))]
        let fresh = None;
        let tmp = Temporary::beside(&target, fresh).map_err(|e| io_cause(&e))?;
        Ok(NewFile {
            tmp,
            target,
            original,
        })
    }

    /// Put the file written in place of the report.
    pub fn commit(mut self) -> Result<(), String> {
        if let Some(original) = &self.original {
            keep_owner(self.tmp.file(), original)?;
            self.tmp
                .file()
                .set_permissions(original.permissions())
                .map_err(|e| io_cause(&e))?;
        }
        self.tmp.persist(&self.target).map_err(|e| io_cause(&e))
    }
}

impl std::io::Write for NewFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.tmp.file().write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.tmp.file().flush()
    }
}

/// Where a dangling link points, read one link deep.
fn resolve_dangling(path: &Path) -> PathBuf {
    match std::fs::read_link(path) {
        Ok(to) if to.is_absolute() => to,
        Ok(to) => path.parent().unwrap_or(Path::new("")).join(to),
        Err(_) => path.to_path_buf(),
    }
}

/// A temporary file being written beside the file it will replace, named
/// `.NAME.boardlint-XXXXXX.tmp` so that a person who finds one knows what
/// left it. While it exists its path is in [`PENDING`], so that SIGINT,
/// SIGTERM or SIGHUP remove it before the process exits, and it is locked
/// (`flock`), so that another run knows it is being written; one left by a
/// run killed outright (SIGKILL, a crash) is removed by the next run that
/// writes in its directory (see [`tidy`]).
struct Temporary {
    file: Option<tempfile::NamedTempFile>,
    path: PathBuf,
}

/// The temporary files being written, removed when a signal ends the run.
static PENDING: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

fn pending() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

/// The part of a temporary file's name after the original's name.
const TEMPORARY_MARK: &str = ".boardlint-";
const TEMPORARY_SUFFIX: &str = ".tmp";
/// The random characters in a temporary file's name.
const TEMPORARY_RANDOM: usize = 6;
/// The longest part of the original's name a temporary file's name keeps,
/// so that it stays within the 255 bytes file systems allow.
const TEMPORARY_NAME_MAX: usize = 200;

impl Temporary {
    /// A new, empty temporary file in `target`'s directory, created with
    /// `permissions` (less the umask), or readable and writable by its
    /// owner only.
    fn beside(
        target: &Path,
        permissions: Option<std::fs::Permissions>,
    ) -> std::io::Result<Temporary> {
        let dir = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        tidy_dir(&dir);
        install_cleanup();
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default();
        let mut cut = name.len().min(TEMPORARY_NAME_MAX);
        while !name.is_char_boundary(cut) {
            cut -= 1;
        }
        let prefix = format!(".{}{TEMPORARY_MARK}", &name[..cut]);
        let mut builder = tempfile::Builder::new();
        builder
            .prefix(&prefix)
            .suffix(TEMPORARY_SUFFIX)
            .rand_bytes(TEMPORARY_RANDOM);
        if let Some(permissions) = permissions {
            builder.permissions(permissions);
        }
        // Made and listed under the lock, so that a signal finds every
        // temporary file that exists.
        let mut pending = pending();
        let file = builder.tempfile_in(&dir)?;
        // Locked while it is written: `tidy` in another run leaves it.
        let _ = file.as_file().try_lock();
        let path = file.path().to_path_buf();
        pending.push(path.clone());
        Ok(Temporary {
            file: Some(file),
            path,
        })
    }

    fn file(&mut self) -> &mut std::fs::File {
        self.file
            .as_mut()
            .expect("a temporary file is there until persisted")
            .as_file_mut()
    }

    /// Rename the temporary file over `to`.
    fn persist(mut self, to: &Path) -> std::io::Result<()> {
        let file = self
            .file
            .take()
            .expect("a temporary file is there until persisted");
        let mut pending = pending();
        // A failed rename gives the file back; dropped here, it is removed.
        let persisted = file.persist(to).map(drop).map_err(|e| e.error);
        unlist(&mut pending, &self.path);
        persisted
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if let Some(file) = self.file.take() {
            let mut pending = pending();
            // Removes the file.
            drop(file);
            unlist(&mut pending, &self.path);
        }
    }
}

fn unlist(pending: &mut Vec<PathBuf>, path: &Path) {
    if let Some(at) = pending.iter().position(|p| p == path) {
        pending.swap_remove(at);
    }
}

/// On SIGINT, SIGTERM or SIGHUP, remove the temporary files being written
/// and exit with 128 and the signal's number (130, 143, 129). Installed
/// once, when the first temporary file is made: until then a signal ends
/// the process as usual, with nothing to clean.
fn install_cleanup() {
    #[cfg(unix)]
    {
        static INSTALLED: std::sync::Once = std::sync::Once::new();
        INSTALLED.call_once(|| {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
            else {
                return;
            };
            let _ = std::thread::Builder::new()
                .name("boardlint-signals".to_string())
                .spawn(move || {
                    if let Some(signal) = signals.forever().next() {
                        // Held to the exit: no temporary file is made or
                        // renamed after the ones listed are removed.
                        let pending = pending();
                        for path in pending.iter() {
                            let _ = std::fs::remove_file(path);
                        }
                        std::process::exit(128 + signal);
                    }
                });
        });
    }
}

/// How old a temporary file left in a directory must be before [`tidy`]
/// removes it. A run that is still writing one holds a lock on it, which is
/// what tells; the age covers the instant between its creation and its
/// lock, and file systems where locks are not shared.
pub const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(60);

/// The directories tidied in this run.
static TIDIED: std::sync::Mutex<Option<std::collections::HashSet<PathBuf>>> =
    std::sync::Mutex::new(None);

/// Remove the temporary files (`.NAME.boardlint-XXXXXX.tmp`) that runs
/// killed outright left in the directory `path` is in (the directory of the
/// file it links to, for a link): those no run holds a lock on and that
/// were last written [`STALE_AFTER`] ago or more. Each directory is looked
/// at once a run; `fmt` and `check --fix` call this for every file they
/// may write, and every write calls it for its directory.
pub fn tidy(path: &Path) {
    let link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let target = match link {
        true => std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()),
        false => path.to_path_buf(),
    };
    if let Some(dir) = target.parent() {
        tidy_dir(dir);
    }
}

fn tidy_dir(dir: &Path) {
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let first = TIDIED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get_or_insert_with(Default::default)
        .insert(dir.to_path_buf());
    if !first {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let now = std::time::SystemTime::now();
    for entry in entries.flatten() {
        let name = entry.file_name();
        if !is_temporary_name(&name.to_string_lossy()) {
            continue;
        }
        let path = entry.path();
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        let old = meta
            .modified()
            .ok()
            .and_then(|at| now.duration_since(at).ok())
            .is_some_and(|age| age >= STALE_AFTER);
        if !meta.is_file() || !old {
            continue;
        }
        // A run still writing it holds the lock.
        let Ok(file) = std::fs::File::open(&path) else {
            continue;
        };
        if file.try_lock().is_ok() {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Whether a file name is that of a temporary file boardlint writes:
/// `.NAME.boardlint-XXXXXX.tmp`, six letters or digits for the X.
pub fn is_temporary_name(name: &str) -> bool {
    let Some(stem) = name
        .strip_prefix('.')
        .and_then(|n| n.strip_suffix(TEMPORARY_SUFFIX))
    else {
        return false;
    };
    let Some(cut) = stem.len().checked_sub(TEMPORARY_RANDOM) else {
        return false;
    };
    stem.is_char_boundary(cut)
        && stem[cut..].bytes().all(|b| b.is_ascii_alphanumeric())
        && stem[..cut].ends_with(TEMPORARY_MARK)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 300, failure_persistence: None, ..Default::default() })]

        /// Bytes are read as the text they are, or refused with the offset
        /// of the first byte that is not text.
        #[test]
        fn arbitrary_bytes_are_read_or_refused_with_the_offset(
            parts in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::sample::select(&["[INVOKE:cfo|q]", "CFO: ", "ação ✓\n", "\0"][..])
                        .prop_map(|p| p.as_bytes().to_vec()),
                    proptest::collection::vec(proptest::prelude::any::<u8>(), 0..8),
                ],
                0..40,
            )
        ) {
            let data = parts.concat();
            match decode(data.clone()) {
                Ok(text) => proptest::prop_assert_eq!(text.as_bytes(), &data[..]),
                Err(e) => {
                    let bad = std::str::from_utf8(&data).unwrap_err().valid_up_to();
                    let message = e.to_string();
                    match data.iter().position(|&b| b == 0) {
                        Some(nul) => proptest::prop_assert!(message.contains(&format!("NUL byte at byte offset {nul}")), "{}", message),
                        None => proptest::prop_assert!(message.contains(&format!("at byte offset {bad}")), "{}", message),
                    }
                }
            }
        }
    }

    /// Every path is shown as a text that names it alone, and read back
    /// from it.
    #[cfg(unix)]
    #[test]
    fn path_texts_name_every_path_exactly() {
        use std::os::unix::ffi::OsStrExt;
        let path = |b: &[u8]| PathBuf::from(std::ffi::OsStr::from_bytes(b));
        for (bytes, shown) in [
            (&b"bad\xffname.md"[..], "bad\\xFFname.md"),
            (&b"a\\b.md"[..], "a\\\\b.md"),
            (&b"bad\\xFFname.md"[..], "bad\\\\xFFname.md"),
            (&b"caf\xc3\xa9.md"[..], "caf\u{e9}.md"),
            (&b"caf\xc3.md"[..], "caf\\xC3.md"),
            (&b"./d/\xe9\x80.md"[..], "d/\\xE9\\x80.md"),
        ] {
            assert_eq!(display_path(&path(bytes)), shown);
            let back = path_from_text(shown);
            assert_eq!(back, path(bytes.strip_prefix(b"./").unwrap_or(bytes)));
        }
        proptest::proptest!(|(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..24))| {
            let p = path(&bytes);
            let shown = path_text(&p);
            proptest::prop_assert_eq!(path_from_text(&shown), p);
        });
    }

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

    #[test]
    fn a_large_file_read_in_two_halves_reads_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("large.jsonl");
        // Over the size read in halves, odd, with characters across the
        // middle: the halves are bytes, the text is checked whole.
        let line = "{\"text\":\"l\u{e9}ase \u{20ac}14K \u{2014} ok\"}\n";
        let mut text = line.repeat(READ_IN_HALVES as usize / line.len() + 3);
        text.push('x');
        std::fs::write(&path, &text).unwrap();
        let file = std::fs::File::open(&path).unwrap();
        let size = text.len() as u64;
        #[cfg(unix)]
        assert_eq!(
            read_in_halves(&file, size).as_deref(),
            Some(text.as_bytes())
        );
        // A size that no longer holds (the file grew or shrank since) is
        // read again, whole, as any file is.
        assert_eq!(read_in_halves(&file, size - 10), None);
        assert_eq!(read_in_halves(&file, size + 10), None);
        assert_eq!(read(&Input::File(path.clone())).unwrap(), text);
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
    fn temporary_names_are_recognised() {
        for name in [
            ".a.md.boardlint-Ab12Z9.tmp",
            ". x y.md.boardlint-000000.tmp",
        ] {
            assert!(is_temporary_name(name), "{name}");
        }
        for name in [
            "a.md.boardlint-Ab12Z9.tmp",
            ".a.md.boardlint-Ab12Z.tmp",
            ".a.md.boardlint-Ab12Z!.tmp",
            ".a.md.boardlint-Ab12Z9.tmp~",
            ".a.md.formatter-Ab12Z9.tmp",
            ".a.md.tmpAb12Z9",
            ".a.md",
        ] {
            assert!(!is_temporary_name(name), "{name}");
        }
    }

    #[test]
    fn temporary_files_are_named_after_their_file_and_listed_while_they_exist() {
        let dir = tempfile::tempdir().unwrap();
        let tmp = Temporary::beside(&dir.path().join("a.md"), None).unwrap();
        let path = tmp.path.clone();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        assert!(name.starts_with(".a.md.boardlint-"), "{name}");
        assert!(is_temporary_name(&name), "{name}");
        assert!(path.exists());
        assert!(pending().contains(&path));
        drop(tmp);
        assert!(!path.exists());
        assert!(!pending().contains(&path));
        // A name too long to take a suffix is cut.
        let long = "é".repeat(120);
        let tmp = Temporary::beside(&dir.path().join(&long), None).unwrap();
        let name = tmp.path.file_name().unwrap().to_string_lossy().to_string();
        assert!(name.len() <= 255 && is_temporary_name(&name), "{name}");
    }

    #[test]
    fn tidy_removes_only_old_temporary_files_no_run_is_writing() {
        let dir = tempfile::tempdir().unwrap();
        let at = |name: &str| dir.path().join(name);
        let make = |name: &str, age: u64| {
            let file = std::fs::File::create(at(name)).unwrap();
            let then = std::time::SystemTime::now() - std::time::Duration::from_secs(age);
            file.set_modified(then).unwrap();
            file
        };
        let old = ".a.md.boardlint-AAAAAA.tmp";
        let fresh = ".b.md.boardlint-BBBBBB.tmp";
        let locked = ".c.md.boardlint-CCCCCC.tmp";
        let other = ".d.md.keep-DDDDDD.tmp";
        drop(make(old, 600));
        drop(make(fresh, 0));
        let held = make(locked, 600);
        held.lock().unwrap();
        drop(make(other, 600));
        tidy(&at("a.md"));
        assert!(
            !at(old).exists(),
            "an old temporary file no one holds is removed"
        );
        for kept in [fresh, locked, other] {
            assert!(at(kept).exists(), "{kept} is kept");
        }
        // Once a run: the same directory is not read again.
        drop(make(old, 600));
        tidy(&at("b.md"));
        assert!(at(old).exists());
    }

    #[test]
    fn the_work_estimate_follows_the_lines_and_the_markers() {
        let prose = "Plain prose without markers, as long as a line. ".repeat(20_000);
        let marked = "[INVOKE:cfo|Why?] `x` [y]\n".repeat(40_000);
        assert_eq!(prose.len(), 960_000);
        assert_eq!(Work::Check.peak(&prose), 480_000 + 24);
        assert_eq!(
            Work::Check.peak(&marked),
            marked.len() / 2 + 24 * 40_001 + 240 * 4 * 40_000
        );
        assert_eq!(
            Work::Format.peak(&prose),
            Work::Check.peak(&prose) + 2_400_000
        );
        // A small text is not probed; a size no memory holds is refused.
        assert!(room_to_work(Work::Format, &marked).is_ok());
        assert!(can_have(64 << 20));
        assert!(!can_have(usize::MAX / 2));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn write_atomic_refuses_a_file_held_open_for_writing() {
        use std::io::Write;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("notes.md");
        std::fs::write(&path, "x\n").unwrap();
        let mut writer = std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap();
        let err = write_atomic(&path, "x\n", "y\n").unwrap_err();
        assert_eq!(err, OPEN_FOR_WRITING);
        writer.write_all(b"appended\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "x\nappended\n");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        // Closed, it is rewritten; held open for reading only, too.
        drop(writer);
        let _reader = std::fs::File::open(&path).unwrap();
        write_atomic(&path, "x\nappended\n", "y\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "y\n");
    }

    #[cfg(unix)]
    #[test]
    fn without_leases_bytes_appended_before_the_rename_are_put_back() {
        use std::io::Write;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("notes.md");
        std::fs::write(&path, "x\n").unwrap();
        let mut p = std::fs::metadata(&path).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut p, 0o640);
        std::fs::set_permissions(&path, p).unwrap();
        let writer = std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap();
        LEASES_OFF.with(|off| off.set(true));
        BEFORE_RENAME.with(|hook| {
            *hook.borrow_mut() = Some(Box::new(move || {
                let mut writer = writer;
                writer.write_all(b"appended\n").unwrap();
            }))
        });
        let err = write_atomic(&path, "x\n", "y\n").unwrap_err();
        LEASES_OFF.with(|off| off.set(false));
        assert_eq!(
            err,
            format!("{OPEN_FOR_WRITING} (9 bytes were appended while it was being formatted, and are kept)")
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "x\nappended\n");
        let mode = std::os::unix::fs::PermissionsExt::mode(
            &std::fs::metadata(&path).unwrap().permissions(),
        );
        assert_eq!(mode & 0o777, 0o640);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
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
