//! A resolved configuration, and what it says of each path: its settings,
//! the kind its `kinds` force, whether `exclude` leaves it out.

use std::path::{Path, PathBuf};

use globset::GlobSet;

use super::error::Source;
use super::paths;
use crate::kinds::FileKind;
use crate::model::sections::Lang;
use crate::settings::Settings;

/// Settings resolved from a configuration file and everything it extends.
#[derive(Debug, Clone)]
pub struct Config {
    /// The file found (or given), if any.
    pub(crate) path: Option<PathBuf>,
    /// The files it was read from: the one found (or given) first, then
    /// each it extends. Empty when it was read from no file.
    pub(crate) files: Vec<PathBuf>,
    #[doc(hidden)]
    pub settings: Settings,
    #[doc(hidden)]
    pub lang: Option<Lang>,
    /// Globs relative to the configuration's directory.
    pub(super) exclude: Option<(GlobSet, PathBuf)>,
    /// `extend-exclude`: globs relative to the directory of the file (or
    /// the command line's) that wrote each.
    pub(super) extend_exclude: Vec<(GlobSet, PathBuf)>,
    pub(super) per_file_ignores: Vec<(GlobSet, PathBuf, Vec<usize>)>,
    pub(super) kinds: Vec<(GlobSet, PathBuf, FileKind)>,
    /// Each setting's value and where it came from, for `boardlint config`.
    #[doc(hidden)]
    pub report: Vec<(String, String, Source)>,
}

impl Config {
    /// The configuration file this was read from, if any.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The settings for one file: the configuration's, less the rules its
    /// `per-file-ignores` turn off for that path.
    pub fn settings_for(&self, path: &Path) -> Settings {
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

    /// Whether `exclude` or `extend-exclude` matches a path.
    pub fn is_excluded(&self, path: &Path) -> bool {
        self.exclude
            .iter()
            .chain(&self.extend_exclude)
            .any(|(set, base)| matches(set, base, path))
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
