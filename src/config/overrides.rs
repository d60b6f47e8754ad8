//! The command line's rule and exclude flags (`--select`,
//! `--extend-select`, `--ignore`, `--extend-ignore`, `--per-file-ignores`,
//! `--exclude`, `--extend-exclude`) as one more layer, applied after every
//! file's: the settings of the same names, resolved by the same resolver,
//! with the same "did you mean" for a selector that names no rule, and
//! globs relative to the current directory. `boardlint config` names the
//! flag a value came from.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::layer::{Layer, Written};
use super::{resolve, Config, ConfigError};

/// The rule flags as given.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    /// `--select`: replaces the files' `select`.
    pub select: Option<Vec<String>>,
    /// `--extend-select`: adds to it.
    pub extend_select: Vec<String>,
    /// `--ignore`: replaces the files' `ignore`.
    pub ignore: Option<Vec<String>>,
    /// `--extend-ignore`: adds to it.
    pub extend_ignore: Vec<String>,
    /// `--per-file-ignores GLOB:CODES`, globs relative to the current
    /// directory: added to the files' `per-file-ignores`.
    pub per_file_ignores: Vec<String>,
    /// `--exclude`: replaces the files' `exclude`.
    pub exclude: Option<Vec<String>>,
    /// `--extend-exclude`: added to the files' `exclude` and
    /// `extend-exclude`.
    pub extend_exclude: Vec<String>,
}

/// The layer the flags make, checked.
#[derive(Debug, Clone)]
pub struct FlagLayer(Layer);

/// Where the flags' errors say they come from.
const COMMAND_LINE: &str = "command line";

impl Overrides {
    /// No rule flag is given.
    pub fn is_empty(&self) -> bool {
        self.select.is_none()
            && self.extend_select.is_empty()
            && self.ignore.is_none()
            && self.extend_ignore.is_empty()
            && self.per_file_ignores.is_empty()
            && self.exclude.is_none()
            && self.extend_exclude.is_empty()
    }

    /// The flags as a layer, every value checked as a file's would be:
    /// `None` when no flag is given.
    pub fn layer(&self) -> Result<Option<FlagLayer>, Vec<ConfigError>> {
        if self.is_empty() {
            return Ok(None);
        }
        let mut values: Vec<(&'static str, Written)> = Vec::new();
        let mut errors = Vec::new();
        if let Some(select) = &self.select {
            values.push(("select", Written::Texts(select.clone())));
        }
        if !self.extend_select.is_empty() {
            values.push(("extend-select", Written::Texts(self.extend_select.clone())));
        }
        if let Some(ignore) = &self.ignore {
            values.push(("ignore", Written::Texts(ignore.clone())));
        }
        if !self.extend_ignore.is_empty() {
            values.push(("extend-ignore", Written::Texts(self.extend_ignore.clone())));
        }
        let mut per_file: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for entry in &self.per_file_ignores {
            match entry.rsplit_once(':') {
                Some((glob, codes)) if !glob.trim().is_empty() && !codes.trim().is_empty() => {
                    per_file.entry(glob.trim().to_string()).or_default().extend(
                        codes
                            .split(',')
                            .map(|c| c.trim().to_string())
                            .filter(|c| !c.is_empty()),
                    );
                }
                _ => errors.push(ConfigError {
                    path: PathBuf::from(COMMAND_LINE),
                    line: None,
                    key: Some("--per-file-ignores".to_string()),
                    message: format!("`{entry}` is not `GLOB:CODES` (e.g. `drafts/**:C001,C002`)"),
                }),
            }
        }
        if !per_file.is_empty() {
            values.push(("per-file-ignores", Written::ListMap(per_file)));
        }
        if let Some(exclude) = &self.exclude {
            values.push(("exclude", Written::Texts(exclude.clone())));
        }
        if !self.extend_exclude.is_empty() {
            values.push((
                "extend-exclude",
                Written::Texts(self.extend_exclude.clone()),
            ));
        }
        let dir = PathBuf::from(".");
        let layer = Layer {
            path: PathBuf::from(COMMAND_LINE),
            base: super::paths::absolute(&dir),
            dir,
            values,
            errors: Vec::new(),
            text: String::new(),
            command_line: true,
        };
        if let Err(mut more) = resolve::resolve(vec![layer.clone()]) {
            errors.append(&mut more);
        }
        if errors.is_empty() {
            Ok(Some(FlagLayer(layer)))
        } else {
            Err(errors)
        }
    }
}

impl Config {
    /// The configuration of a file (see [`Config::load`]) with the command
    /// line's rule flags applied after it.
    pub fn load_with(path: &Path, flags: Option<&FlagLayer>) -> Result<Config, Vec<ConfigError>> {
        Config::load_layers(path, flags.map(|f| f.0.clone()))
    }

    /// The defaults with the command line's rule flags applied.
    pub fn defaults_with(flags: Option<&FlagLayer>) -> Config {
        match flags {
            // The layer was resolved on its own when it was made.
            Some(f) => resolve::resolve(vec![f.0.clone()]).expect("checked when made"),
            None => Config::default(),
        }
    }
}
