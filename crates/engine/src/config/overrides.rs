//! The command line's rule and exclude flags (`--select`,
//! `--extend-select`, `--ignore`, `--extend-ignore`, `--per-file-ignores`,
//! `--exclude`, `--extend-exclude`) as one more layer, applied after every
//! file's: the settings of the same names, resolved by the same resolver,
//! with the same "did you mean" for a selector that names no rule, and
//! globs relative to the current directory. `boardlint config` names the
//! flag a value came from. Before them come the settings given as
//! `--config KEY=VALUE`, one layer each, in the order given.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::file::{parse_setting, COMMAND_LINE};
use super::layer::{Given, Layer, Written};
use super::{resolve, Config, ConfigError};

/// The rule flags as given.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    /// `--config KEY=VALUE` (or `KEY: VALUE`), in the order given: each
    /// over the files' settings, the later over the earlier.
    pub settings: Vec<String>,
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

/// The layers the flags make, checked: each `--config KEY=VALUE`, then
/// the other flags.
#[derive(Debug, Clone)]
pub struct FlagLayer(Vec<Layer>);

/// A `--config` value that is a setting, `KEY=VALUE` or `KEY: VALUE` (a
/// key is letters, digits, `-` and `.`): its key and value. `None` for
/// anything else, which is a file's path.
pub fn inline_setting(text: &str) -> Option<(&str, &str)> {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.' || c == '_'))
        .unwrap_or(text.len());
    let (key, rest) = text.split_at(end);
    let rest = rest.trim_start();
    let value = rest.strip_prefix('=').or_else(|| rest.strip_prefix(':'))?;
    (!key.is_empty()).then_some((key, value.trim()))
}

impl Overrides {
    /// No rule flag is given.
    pub fn is_empty(&self) -> bool {
        self.settings.is_empty() && self.flags_are_empty()
    }

    /// No flag is given but `--config KEY=VALUE`.
    fn flags_are_empty(&self) -> bool {
        self.select.is_none()
            && self.extend_select.is_empty()
            && self.ignore.is_none()
            && self.extend_ignore.is_empty()
            && self.per_file_ignores.is_empty()
            && self.exclude.is_none()
            && self.extend_exclude.is_empty()
    }

    /// The flags as layers, every value checked as a file's would be:
    /// `None` when no flag is given.
    pub fn layer(&self) -> Result<Option<FlagLayer>, Vec<ConfigError>> {
        if self.is_empty() {
            return Ok(None);
        }
        let mut layers = Vec::new();
        let mut errors = Vec::new();
        for text in &self.settings {
            let parsed = match inline_setting(text) {
                Some((key, value)) => parse_setting(key, value),
                None => Err(vec![ConfigError {
                    path: PathBuf::from(COMMAND_LINE),
                    line: None,
                    key: Some("--config".into()),
                    message: format!("`{text}` is not `KEY=VALUE` (e.g. `lang=pt-BR`)"),
                }]),
            };
            match parsed.map(|layer| checked(layer, &mut errors)) {
                Ok(layer) => layers.push(layer),
                Err(mut more) => errors.append(&mut more),
            }
        }
        if !self.flags_are_empty() {
            let layer = self.flags_layer(&mut errors);
            layers.push(checked(layer, &mut errors));
        }
        if errors.is_empty() {
            Ok(Some(FlagLayer(layers)))
        } else {
            Err(errors)
        }
    }

    /// The rule and exclude flags as one layer; an error for each
    /// `--per-file-ignores` that is no `GLOB:CODES`.
    fn flags_layer(&self, errors: &mut Vec<ConfigError>) -> Layer {
        let mut values: Vec<(&'static str, Written)> = Vec::new();
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
        Layer {
            path: PathBuf::from(COMMAND_LINE),
            base: super::paths::absolute(&dir),
            dir,
            values,
            errors: Vec::new(),
            text: String::new(),
            given: Given::Flags,
        }
    }
}

/// A layer of the command line, with the errors of its values applied on
/// their own (a selector that names no rule, a glob that does not parse, a
/// language that is none).
fn checked(layer: Layer, errors: &mut Vec<ConfigError>) -> Layer {
    if let Err(mut more) = resolve::resolve(vec![layer.clone()]) {
        errors.append(&mut more);
    }
    layer
}

impl Config {
    /// The configuration of a file (see [`Config::load`]) with the command
    /// line's rule flags applied after it.
    pub fn load_with(path: &Path, flags: Option<&FlagLayer>) -> Result<Config, Vec<ConfigError>> {
        Config::load_layers(path, flags.map(|f| f.0.clone()).unwrap_or_default())
    }

    /// The defaults with the command line's flags applied. Each layer was
    /// checked on its own when it was made; the errors of resolving them
    /// together are returned all the same, rather than assumed away.
    pub fn defaults_with(flags: Option<&FlagLayer>) -> Result<Config, Vec<ConfigError>> {
        match flags {
            Some(f) => resolve::resolve(f.0.clone()),
            None => Ok(Config::default()),
        }
    }
}
