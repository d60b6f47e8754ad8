//! The run of each command, and what they share: finding each file's
//! configuration and the files to work on.

pub mod check;
pub mod config;
pub mod fmt;
pub mod generate;
pub mod rule;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::cli::{ConfigFlags, WalkFlags};
use crate::config::{find as find_config, Config, ConfigError};
use crate::files::{self, Input};

/// Exit codes.
pub const EXIT_OK: i32 = 0;
pub const EXIT_FINDINGS: i32 = 1;
pub const EXIT_FAILURE: i32 = 2;

/// Resolves the configuration of each path, once per configuration file.
pub struct Workspace {
    fixed: Option<Arc<Config>>,
    /// Configuration file (or none) → loaded configuration.
    loaded: Mutex<HashMap<Option<PathBuf>, Arc<Config>>>,
    /// Directory → the configuration file that governs the files in it, so
    /// that the walk up the tree is made once a directory, not once a file.
    found: Mutex<HashMap<PathBuf, Option<PathBuf>>>,
}

impl Workspace {
    pub fn new(flags: &ConfigFlags) -> Result<Workspace, ConfigError> {
        let fixed = match (&flags.config, flags.isolated) {
            (_, true) => Some(Arc::new(Config::default())),
            (Some(path), false) => Some(Arc::new(Config::load(path)?)),
            (None, false) => None,
        };
        Ok(Workspace {
            fixed,
            loaded: Mutex::new(HashMap::new()),
            found: Mutex::new(HashMap::new()),
        })
    }

    /// The configuration that governs a file (or the path standing for
    /// standard input).
    pub fn config_for(&self, path: &Path) -> Result<Arc<Config>, ConfigError> {
        if let Some(c) = &self.fixed {
            return Ok(c.clone());
        }
        let found = self.find_config(path);
        if let Some(c) = self
            .loaded
            .lock()
            .expect("no panic while holding the lock")
            .get(&found)
        {
            return Ok(c.clone());
        }
        let config = Arc::new(match &found {
            Some(p) => Config::load(p)?,
            None => Config::default(),
        });
        self.loaded
            .lock()
            .expect("no panic while holding the lock")
            .insert(found, config.clone());
        Ok(config)
    }

    /// The configuration file for a path, looked up once per directory.
    fn find_config(&self, path: &Path) -> Option<PathBuf> {
        // A directory is looked up as itself; anything else (a file, or a
        // name standing for standard input) by its directory.
        let dir = match path.parent() {
            Some(parent) if !path.is_dir() => parent,
            _ => return find_config(path),
        };
        let cached = self
            .found
            .lock()
            .expect("no panic while holding the lock")
            .get(dir)
            .cloned();
        if let Some(found) = cached {
            return found;
        }
        let found = find_config(path);
        self.found
            .lock()
            .expect("no panic while holding the lock")
            .insert(dir.to_path_buf(), found.clone());
        found
    }

    /// The inputs to work on, with errors for paths that do not exist.
    /// Walked files are dropped when their configuration excludes them;
    /// explicit paths only with `--force-exclude`.
    pub fn inputs(
        &self,
        paths: &[PathBuf],
        walk: &WalkFlags,
    ) -> Result<(Vec<Input>, Vec<String>), ConfigError> {
        let (found, errors) = files::discover(paths, walk.no_ignore);
        let mut inputs = Vec::with_capacity(found.len());
        for f in found {
            let keep = match &f {
                files::Found::Stdin => true,
                files::Found::Walked(p) => !self.config_for(p)?.is_excluded(p),
                files::Found::Explicit(p) => {
                    !walk.force_exclude || !self.config_for(p)?.is_excluded(p)
                }
            };
            if keep {
                inputs.push(f.into_input());
            }
        }
        Ok((inputs, errors))
    }
}

/// Paths are shown as given, without a leading `./`.
pub fn display_path(path: &Path) -> String {
    let s = path.display().to_string();
    s.strip_prefix("./").map(str::to_string).unwrap_or(s)
}
