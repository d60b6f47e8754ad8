//! Which configuration governs each file, found one way for every command:
//! `--config FILE` for every file, the defaults with `--isolated`, else the
//! closest configuration file above the file (`find`), each with the
//! command line's settings over it. What is kept of what was read is a
//! policy ([`Keep`]): for the run (`check`, `fmt`, the hook), or while the
//! files it was read from are unchanged (the servers, which run for hours).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::SystemTime;

use super::{find, Config, ConfigError, FlagLayer};

/// A configuration file that could not be loaded: every error of it (and
/// of the files it extends). `path` is `command line` for errors of the
/// command line's settings over the defaults.
#[derive(Debug)]
pub struct ConfigFailure {
    pub path: PathBuf,
    pub errors: Vec<ConfigError>,
}

/// A configuration, or why it could not be loaded.
pub type Resolved = Result<Arc<Config>, Arc<ConfigFailure>>;

/// What a [`Resolver`] keeps of what it read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// Everything, for the run: each configuration is read once (its errors
    /// with it: they fail every file under it, reported once), and each
    /// directory's configuration file is looked for once.
    Run,
    /// A configuration while the files it was read from (its file and the
    /// files it extends) keep their modification time and size; one with
    /// errors is read again at each call until it loads, and the closest
    /// file is looked for at each call, so that a file added is seen.
    WhileUnchanged,
}

/// What tells a file's versions apart: its modification time and size
/// (`None` when it cannot be read).
type Stamp = Option<(SystemTime, u64)>;

/// A configuration read, with the stamps of the files it was read from.
struct Kept {
    stamps: Vec<(PathBuf, Stamp)>,
    resolved: Resolved,
}

impl Kept {
    fn is_current(&self) -> bool {
        self.stamps.iter().all(|(path, was)| stamp(path) == *was)
    }
}

/// Finds and reads the configuration of each path (see the module).
pub struct Resolver {
    /// `--config FILE`.
    fixed: Option<PathBuf>,
    /// `--isolated`: the defaults, whatever files there are.
    isolated: bool,
    /// The command line's settings, over every configuration.
    flags: Option<FlagLayer>,
    keep: Keep,
    /// Configuration file (none: the defaults) → what was read.
    loaded: Mutex<HashMap<Option<PathBuf>, Kept>>,
    /// Directory → the configuration file that governs the files in it
    /// ([`Keep::Run`] only).
    found: Mutex<HashMap<PathBuf, Option<PathBuf>>>,
}

impl Resolver {
    pub fn new(
        fixed: Option<PathBuf>,
        isolated: bool,
        flags: Option<FlagLayer>,
        keep: Keep,
    ) -> Resolver {
        Resolver {
            fixed: fixed.filter(|_| !isolated),
            isolated,
            flags,
            keep,
            loaded: Mutex::new(HashMap::new()),
            found: Mutex::new(HashMap::new()),
        }
    }

    /// The configuration file that governs `path` (a file, a directory, or
    /// a name standing for text that is no file), `None` for the defaults;
    /// and the directory whose configuration file was looked for now, for
    /// the first time in the run (for `-v` to tell).
    pub fn file_for<'p>(&self, path: &'p Path) -> (Option<PathBuf>, Option<&'p Path>) {
        if self.isolated {
            return (None, None);
        }
        if let Some(file) = &self.fixed {
            return (Some(file.clone()), None);
        }
        // A directory is looked up as itself; anything else by its
        // directory, once a directory for the run.
        let dir = match path.parent() {
            Some(parent) if self.keep == Keep::Run && !path.is_dir() => parent,
            _ => return (find(path), None),
        };
        let known = self
            .found
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(dir)
            .cloned();
        if let Some(found) = known {
            return (found, None);
        }
        let found = find(path);
        self.found
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(dir.to_path_buf(), found.clone());
        (found, Some(dir))
    }

    /// The configuration that governs `path` (see [`Resolver::file_for`]).
    pub fn config_for(&self, path: &Path) -> Resolved {
        self.config_of(self.file_for(path).0)
    }

    /// The configuration read from `file` (`None`: the defaults), with the
    /// command line's settings over it.
    pub fn config_of(&self, file: Option<PathBuf>) -> Resolved {
        let mut loaded = self.loaded.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(kept) = loaded.get(&file) {
            if self.keep == Keep::Run || kept.is_current() {
                return kept.resolved.clone();
            }
        }
        let Some(path) = &file else {
            let resolved = Config::defaults_with(self.flags.as_ref())
                .map(Arc::new)
                .map_err(|errors| {
                    Arc::new(ConfigFailure {
                        path: PathBuf::from("command line"),
                        errors,
                    })
                });
            let stamps = Vec::new();
            loaded.insert(
                None,
                Kept {
                    stamps,
                    resolved: resolved.clone(),
                },
            );
            return resolved;
        };
        let before = stamp(path);
        let resolved = Config::load_with(path, self.flags.as_ref())
            .map(Arc::new)
            .map_err(|errors| {
                Arc::new(ConfigFailure {
                    path: path.clone(),
                    errors,
                })
            });
        let stamps: Vec<(PathBuf, Stamp)> = match &resolved {
            Ok(config) => config.files.iter().map(|p| (p.clone(), stamp(p))).collect(),
            Err(_) => Vec::new(),
        };
        let keep = match self.keep {
            Keep::Run => true,
            // Kept while unchanged: not one with errors (read again next
            // time), nor one changed while it was read.
            Keep::WhileUnchanged => {
                resolved.is_ok() && stamps.first().is_some_and(|(_, s)| *s == before)
            }
        };
        match keep {
            true => {
                let kept = Kept {
                    stamps,
                    resolved: resolved.clone(),
                };
                loaded.insert(file, kept);
            }
            false => {
                loaded.remove(&file);
            }
        }
        resolved
    }

    /// Whether a configuration read so far has changed on disk since (its
    /// file, or a file it extends): the configurations changed are let go,
    /// to be read again by the next call under them, so a change is told
    /// once. A few `stat`s, cheap enough for every message.
    pub fn take_stale(&self) -> bool {
        let mut loaded = self.loaded.lock().unwrap_or_else(PoisonError::into_inner);
        let before = loaded.len();
        loaded.retain(|_, kept| kept.is_current());
        loaded.len() < before
    }

    /// Every file the configurations read so far were read from: each
    /// configuration file and the files it extends.
    pub fn watched(&self) -> Vec<PathBuf> {
        let loaded = self.loaded.lock().unwrap_or_else(PoisonError::into_inner);
        let mut files: Vec<PathBuf> = loaded
            .values()
            .flat_map(|kept| kept.stamps.iter().map(|(p, _)| p.clone()))
            .collect();
        files.sort();
        files.dedup();
        files
    }
}

fn stamp(path: &Path) -> Stamp {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ignores(resolved: &Resolved) -> Vec<String> {
        let config = resolved.as_ref().expect("it loads");
        let mut codes: Vec<String> = (0..crate::rules::all().len())
            .filter(|&i| !config.settings.rules.is_on(i))
            .map(|i| crate::rules::all()[i].meta().code.to_string())
            .collect();
        codes.sort();
        codes
    }

    #[test]
    fn a_run_keeps_what_it_read_and_a_server_reads_a_changed_file_again() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("notes");
        std::fs::create_dir(&sub).unwrap();
        std::fs::write(dir.path().join(".git"), "").unwrap();
        let file = dir.path().join(".boardlint.yaml");
        std::fs::write(&file, "ignore: [L001]\n").unwrap();
        let a = sub.join("a.md");
        let run = Resolver::new(None, false, None, Keep::Run);
        let live = Resolver::new(None, false, None, Keep::WhileUnchanged);
        // A directory is looked for once in a run, and told the first time.
        let (found, told) = run.file_for(&a);
        assert!(found.is_some_and(|f| f.ends_with(".boardlint.yaml")));
        assert_eq!(told, Some(sub.as_path()));
        assert_eq!(run.file_for(&sub.join("b.md")).1, None);
        assert_eq!(ignores(&run.config_for(&a)), ["L001"]);
        assert_eq!(ignores(&live.config_for(&a)), ["L001"]);
        // Changed (another size): the run keeps what it read; the server
        // reads it again, and says once that it is stale.
        std::fs::write(&file, "ignore: [L002, L003]\n").unwrap();
        assert_eq!(ignores(&run.config_for(&a)), ["L001"]);
        assert!(live.take_stale());
        assert!(!live.take_stale());
        assert_eq!(ignores(&live.config_for(&a)), ["L002", "L003"]);
        assert_eq!(live.watched(), std::slice::from_ref(&file));
        // Errors: the run's are kept with the file; the server's are read
        // again until the file loads.
        std::fs::write(&file, "ignore: [L001\n").unwrap();
        let run = Resolver::new(None, false, None, Keep::Run);
        assert!(run.config_for(&a).is_err());
        assert!(live.config_for(&a).is_err());
        std::fs::write(&file, "ignore: [L004]\n").unwrap();
        assert!(run.config_for(&a).is_err());
        assert_eq!(ignores(&live.config_for(&a)), ["L004"]);
        // `--isolated` and `--config FILE` govern every path.
        let isolated = Resolver::new(Some(file.clone()), true, None, Keep::Run);
        assert_eq!(isolated.file_for(&a), (None, None));
        assert!(ignores(&isolated.config_for(&a)).is_empty());
        let fixed = Resolver::new(Some(file.clone()), false, None, Keep::Run);
        assert_eq!(fixed.file_for(Path::new("/elsewhere/x.md")).0, Some(file));
    }
}
