//! Where the hook keeps what it needs between calls: the retry budget of
//! each agent and the cut of each session log (`budget.rs`,
//! `history.rs`), as small JSON files that hold counts, offsets and hashes,
//! never an answer's text.
//!
//! The directory is `$BOARDLINT_CACHE_DIR`, else `$XDG_CACHE_HOME/boardlint`,
//! else `~/.cache/boardlint`, then `hook/`. It is created owner-only
//! (0700) and its files are written owner-only (0600) through a temporary
//! file and a rename, so a link planted among them is replaced, never
//! written through. A directory owned by another user, or reached through a
//! link to one, is refused: nothing is kept, and the hook works on as it
//! does without a cache. Files of sessions not seen for [`EXPIRY`] are
//! removed.

use std::fs::File;
use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

/// Files not touched for this long belong to sessions that ended.
pub const EXPIRY: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// The largest state file read.
const MAX_STATE: u64 = 1 << 20;

/// The hook's state directory, checked.
pub struct Store {
    dir: PathBuf,
}

/// The base directory the state goes under, by the environment.
fn base() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    var("BOARDLINT_CACHE_DIR")
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("boardlint")))
        .or_else(|| var("HOME").map(|d| d.join(".cache").join("boardlint")))
}

impl Store {
    /// The state directory, created when missing; `Err` says why none can
    /// be used (no home, another user's directory, a link to one).
    pub fn open() -> Result<Store, String> {
        let base = base().ok_or("no cache directory (HOME is not set)")?;
        let dir = base.join("hook");
        create_private(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        // The directory that holds it must be the user's (or root's):
        // whoever owns it can swap `hook/` for another.
        if let Some(parent) = dir.parent() {
            owned(parent, true).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        owned(&dir, false).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(Store { dir })
    }

    #[cfg(test)]
    pub fn at(dir: &Path) -> Store {
        Store {
            dir: dir.to_path_buf(),
        }
    }

    /// A state file's text; `None` when there is none or it is not a
    /// regular file of the user's, at most [`MAX_STATE`] bytes.
    pub fn read(&self, name: &str) -> Option<String> {
        let file = open_plain(&self.dir.join(name), false).ok()?;
        let meta = file.metadata().ok()?;
        if !meta.is_file() || meta.len() > MAX_STATE || !mine(&meta) {
            return None;
        }
        let mut text = String::new();
        file.take(MAX_STATE).read_to_string(&mut text).ok()?;
        Some(text)
    }

    /// Write a state file whole (0600, through a rename); false when it
    /// could not be written.
    pub fn write(&self, name: &str, text: &str) -> bool {
        let Ok(mut tmp) = tempfile::Builder::new()
            .prefix(".tmp-")
            .tempfile_in(&self.dir)
        else {
            return false;
        };
        if tmp.write_all(text.as_bytes()).is_err() {
            return false;
        }
        tmp.persist(self.dir.join(name)).is_ok()
    }

    pub fn remove(&self, name: &str) {
        let _ = std::fs::remove_file(self.dir.join(name));
    }

    /// Hold `name`'s lock until the value is dropped, waiting at most
    /// until `until`; `None` when it cannot be had (the caller then counts
    /// as when no state can be kept).
    pub fn lock(&self, name: &str, until: Instant) -> Option<Lock> {
        let file = open_plain(&self.dir.join(name), true).ok()?;
        loop {
            match file.try_lock() {
                Ok(()) => {
                    // In use: not expired.
                    let _ = file.set_modified(SystemTime::now());
                    return Some(Lock { _file: file });
                }
                Err(std::fs::TryLockError::WouldBlock) if Instant::now() < until => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                Err(_) => return None,
            }
        }
    }

    /// Remove the files of sessions not seen for [`EXPIRY`].
    pub fn expire(&self) {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return;
        };
        let now = SystemTime::now();
        for entry in entries.flatten() {
            let Ok(meta) = entry.metadata() else {
                continue;
            };
            let old = meta
                .modified()
                .ok()
                .and_then(|m| now.duration_since(m).ok())
                .is_some_and(|age| age > EXPIRY);
            if old && !meta.is_dir() {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// A held lock; dropping it releases it.
pub struct Lock {
    _file: File,
}

/// Open a file in the state directory without following a link and
/// without waiting on a pipe; `create` makes it (0600) when missing.
fn open_plain(path: &Path, create: bool) -> std::io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    if create {
        options.write(true).create(true).truncate(false);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options
            .mode(0o600)
            .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    Ok(file)
}

/// Create `dir` and what leads to it, the new directories owner-only.
fn create_private(dir: &Path) -> Result<(), String> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir).map_err(|e| crate::files::io_cause(&e))
}

#[cfg(unix)]
fn mine(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    // SAFETY: geteuid has no preconditions and cannot fail.
    meta.uid() == unsafe { libc::geteuid() }
}

#[cfg(not(unix))]
fn mine(_: &std::fs::Metadata) -> bool {
    true
}

/// `Ok` when `dir` (followed through links) is a directory of the user's
/// (or, for a directory that only holds the state directory, of root's),
/// and no link on the way to it is another user's. The state directory
/// itself is made owner-only.
#[cfg(unix)]
fn owned(dir: &Path, root_may_own: bool) -> Result<(), String> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    // SAFETY: geteuid has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    let link = std::fs::symlink_metadata(dir).map_err(|e| crate::files::io_cause(&e))?;
    if link.file_type().is_symlink() && link.uid() != me && link.uid() != 0 {
        return Err(format!(
            "a link of another user's (uid {}); nothing is kept",
            link.uid()
        ));
    }
    let meta = std::fs::metadata(dir).map_err(|e| crate::files::io_cause(&e))?;
    if !meta.is_dir() {
        return Err("not a directory; nothing is kept".into());
    }
    let ok = meta.uid() == me || (root_may_own && meta.uid() == 0);
    if !ok {
        return Err(format!(
            "owned by another user (uid {}); nothing is kept",
            meta.uid()
        ));
    }
    if !root_may_own && meta.mode() & 0o077 != 0 {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
            .map_err(|e| crate::files::io_cause(&e))?;
    }
    Ok(())
}

#[cfg(not(unix))]
fn owned(dir: &Path, _: bool) -> Result<(), String> {
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        _ => Err("not a directory; nothing is kept".into()),
    }
}

/// The hash state files keep of a text (an answer, the bytes before a cut).
pub fn hash(bytes: &[u8]) -> u64 {
    use std::hash::Hasher;
    let mut hasher = std::hash::DefaultHasher::new();
    hasher.write(bytes);
    hasher.finish()
}

/// A name made of a key's letters, digits, `-` and `_`, at most 128 of
/// them (ids are UUIDs; nothing else can reach outside the directory).
pub fn stem(key: &str) -> Option<String> {
    let name: String = key
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .take(128)
        .collect();
    (!name.is_empty()).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_a_file_name_that_stays_in_its_directory() {
        assert_eq!(stem("3f2a-b_9").as_deref(), Some("3f2a-b_9"));
        assert_eq!(stem("../../etc/passwd").as_deref(), Some("etcpasswd"));
        assert_eq!(stem("/.."), None);
    }

    #[cfg(unix)]
    #[test]
    fn state_is_written_owner_only_and_a_planted_link_is_replaced_not_followed() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let store = Store::at(dir.path());
        assert!(store.write("a.json", "{}"));
        let mode = std::fs::metadata(dir.path().join("a.json"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        let target = dir.path().join("elsewhere");
        std::fs::write(&target, "keep").unwrap();
        std::os::unix::fs::symlink(&target, dir.path().join("b.json")).unwrap();
        assert_eq!(store.read("b.json"), None, "a link is not read through");
        assert!(store.write("b.json", "{}"));
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep");
    }

    #[test]
    fn old_state_expires_and_new_state_stays() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::at(dir.path());
        assert!(store.write("old.json", "{}"));
        assert!(store.write("new.json", "{}"));
        let old = File::options()
            .write(true)
            .open(dir.path().join("old.json"))
            .unwrap();
        old.set_modified(SystemTime::now() - EXPIRY - Duration::from_secs(60))
            .unwrap();
        store.expire();
        assert!(!dir.path().join("old.json").exists());
        assert!(dir.path().join("new.json").exists());
    }

    #[test]
    fn a_lock_is_held_until_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::at(dir.path());
        let held = store.lock("s.lock", Instant::now()).unwrap();
        let soon = Instant::now() + Duration::from_millis(50);
        assert!(store.lock("s.lock", soon).is_none());
        drop(held);
        assert!(store.lock("s.lock", Instant::now()).is_some());
    }
}
