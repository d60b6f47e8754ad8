//! Configuration: the resolved settings of a configuration file and the
//! files it extends, and what they say of each path.
//!
//! Every setting is one row of [`table`]; a file's YAML is read in [`file`],
//! the one module that knows the YAML crate; [`discover`] finds a path's
//! file and follows `extends`; [`resolve`] applies the files' values, base
//! first; [`selectors`] holds what rule selectors name.

mod discover;
mod file;
mod layer;
mod paths;
mod resolve;
mod selectors;
mod table;

use std::fmt;
use std::path::{Path, PathBuf};

use globset::GlobSet;

pub use discover::find;
pub use file::CONFIG_NAMES;
pub use selectors::resolve_selector;
pub use table::reference_markdown;

use crate::kinds::FileKind;
use crate::model::sections::Lang;
use crate::settings::Settings;

/// An error in a configuration file: the file, the line, the key, and what
/// is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    pub path: PathBuf,
    pub line: Option<usize>,
    pub key: Option<String>,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, ": ")?;
        if let Some(key) = &self.key {
            write!(f, "`{key}`: ")?;
        }
        f.write_str(&self.message)
    }
}

/// Where a resolved value came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Default,
    File { path: PathBuf, line: Option<usize> },
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Default => f.write_str("default"),
            Source::File {
                path,
                line: Some(l),
            } => write!(f, "{}:{l}", path.display()),
            Source::File { path, line: None } => write!(f, "{}", path.display()),
        }
    }
}

/// Settings resolved from a configuration file and everything it extends.
#[derive(Debug, Clone)]
pub struct Config {
    /// The file found (or given), if any.
    pub(crate) path: Option<PathBuf>,
    pub(crate) settings: Settings,
    pub(crate) lang: Option<Lang>,
    /// Globs relative to the configuration's directory.
    exclude: Option<(GlobSet, PathBuf)>,
    per_file_ignores: Vec<(GlobSet, PathBuf, Vec<usize>)>,
    kinds: Vec<(GlobSet, PathBuf, FileKind)>,
    /// Each setting's value and where it came from, for `boardlint config`.
    pub(crate) report: Vec<(String, String, Source)>,
}

impl Default for Config {
    fn default() -> Self {
        resolve::resolve(Vec::new()).expect("the defaults are valid")
    }
}

impl Config {
    /// The configuration that governs a path: the nearest `.boardlint.yaml`
    /// or `boardlint.yaml` in its directory or above (and what it extends),
    /// or the defaults when there is none.
    pub fn discover(start: &Path) -> Result<Config, Vec<ConfigError>> {
        match find(start) {
            Some(path) => Config::load(&path),
            None => Ok(Config::default()),
        }
    }

    /// The configuration file this was read from, if any.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// One configuration file's text, as if read from `path`, without
    /// following `extends` (for callers that hold the text already).
    pub fn from_text(path: &Path, text: String) -> Result<Config, Vec<ConfigError>> {
        let mut layer = file::parse(path, text)?;
        let mut errors = std::mem::take(&mut layer.errors);
        match resolve::resolve(vec![layer]) {
            Ok(mut config) if errors.is_empty() => {
                config.path = Some(path.to_path_buf());
                Ok(config)
            }
            Ok(_) => Err(errors),
            Err(mut more) => {
                errors.append(&mut more);
                errors.sort_by_key(|e| e.line.unwrap_or(usize::MAX));
                Err(errors)
            }
        }
    }

    /// The settings for one file: the configuration's, less the rules its
    /// `per-file-ignores` turn off for that path.
    pub(crate) fn settings_for(&self, path: &Path) -> Settings {
        let mut settings = self.settings.clone();
        for (set, base, indices) in &self.per_file_ignores {
            if matches(set, base, path) {
                for &i in indices {
                    settings.rules.set(i, false);
                }
            }
        }
        settings
    }

    /// The kind the `kinds` setting forces for a path, if any: the last
    /// matching glob wins.
    pub(crate) fn kind_for(&self, path: &Path) -> Option<FileKind> {
        self.kinds
            .iter()
            .rev()
            .find(|(set, base, _)| matches(set, base, path))
            .map(|(_, _, k)| *k)
    }

    /// Whether `exclude` matches a path.
    pub(crate) fn is_excluded(&self, path: &Path) -> bool {
        self.exclude
            .as_ref()
            .is_some_and(|(set, base)| matches(set, base, path))
    }
}

/// Match a path against globs relative to a base directory. A glob also
/// matches the path's parents, so `archive/**` and `archive` exclude a
/// whole directory.
fn matches(set: &GlobSet, base: &Path, path: &Path) -> bool {
    let abs = paths::absolute(path);
    let rel = abs.strip_prefix(paths::absolute(base)).unwrap_or(&abs);
    rel.ancestors()
        .filter(|p| !p.as_os_str().is_empty())
        .any(|p| set.is_match(p))
}

/// The commented default configuration `boardlint init` writes.
pub const DEFAULT_CONFIG: &str = include_str!("default.boardlint.yaml");
