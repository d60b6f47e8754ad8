//! Resolving a chain of files into one [`Config`]: each file's values, base
//! first, applied as the settings table says, with where each came from.

use std::collections::BTreeMap;
use std::path::PathBuf;

use globset::{Glob, GlobSet, GlobSetBuilder};

use super::file::Layer;
use super::table::{Written, SETTINGS};
use super::{selectors, Config, ConfigError, Source};
use crate::kinds::FileKind;
use crate::model::sections::Lang;
use crate::settings::Settings;

/// The settings being resolved, as the files applied so far leave them.
pub struct Resolution {
    pub settings: Settings,
    pub select: Vec<String>,
    pub ignore: Vec<String>,
    pub extend_select: Vec<String>,
    /// Selector → level, with the file and line that wrote it.
    pub severity: BTreeMap<String, (String, PathBuf, Option<usize>)>,
    pub exclude: Option<(GlobSet, PathBuf)>,
    pub per_file: Vec<(GlobSet, PathBuf, Vec<usize>)>,
    pub lang: Option<Lang>,
    pub kinds: Vec<(GlobSet, PathBuf, FileKind)>,
    /// Every value that cannot be used.
    pub errors: Vec<ConfigError>,
}

/// Where a value is written: its file, and its key with its parents.
pub struct At<'a> {
    pub layer: &'a Layer,
    pub keys: Vec<&'a str>,
}

impl<'a> At<'a> {
    /// The same place, one key deeper (an entry of a mapping).
    pub fn under<'b>(&self, key: &'b str) -> At<'b>
    where
        'a: 'b,
    {
        let mut keys = self.keys.clone();
        keys.push(key);
        At {
            layer: self.layer,
            keys,
        }
    }

    pub fn error(&self, message: String) -> ConfigError {
        self.layer.error(&self.keys, message)
    }

    /// The line of a value in the key's block.
    pub fn line_of_value(&self, value: &str) -> Option<usize> {
        self.layer.line_of_value(&self.keys, value)
    }
}

impl Resolution {
    fn new() -> Resolution {
        Resolution {
            settings: Settings::default(),
            select: vec!["ALL".into()],
            ignore: Vec::new(),
            extend_select: Vec::new(),
            severity: BTreeMap::new(),
            exclude: None,
            per_file: Vec::new(),
            lang: None,
            kinds: Vec::new(),
            errors: Vec::new(),
        }
    }

    /// Globs relative to the file that writes them; an error for each that
    /// does not parse.
    pub fn glob_set(&mut self, at: &At, globs: &[String]) -> GlobSet {
        let mut builder = GlobSetBuilder::new();
        for g in globs {
            match Glob::new(g) {
                Ok(glob) => {
                    builder.add(glob);
                }
                Err(e) => self.errors.push(ConfigError {
                    line: at.line_of_value(g),
                    ..at.error(format!("`{g}` is not a valid glob: {}", e.kind()))
                }),
            }
        }
        builder.build().unwrap_or_else(|e| {
            self.errors.push(at.error(e.to_string()));
            GlobSet::empty()
        })
    }
}

/// The settings of a chain of layers, base first; every value a layer
/// writes that cannot be used is an error, and all are returned.
pub fn resolve(layers: Vec<Layer>) -> Result<Config, Vec<ConfigError>> {
    let mut r = Resolution::new();
    // Each setting's last value written, and where.
    let mut last: BTreeMap<&'static str, (&Written, Source)> = BTreeMap::new();
    for layer in &layers {
        for setting in SETTINGS {
            let Some(value) = layer.written(setting.key) else {
                continue;
            };
            let at = At {
                layer,
                keys: setting.path(),
            };
            (setting.apply)(&mut r, value, &at);
            let source = Source::File {
                path: layer.path.clone(),
                line: layer.line_of(&at.keys),
            };
            last.insert(setting.key, (value, source));
        }
    }
    let mut errors = std::mem::take(&mut r.errors);
    let selection = selectors::rule_selection(
        &r.select,
        &r.extend_select,
        &r.ignore,
        &r.severity,
        &mut errors,
    );
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut report: Vec<(String, String, Source)> = SETTINGS
        .iter()
        .filter_map(|setting| {
            let show = setting.show?;
            let written = last.get(setting.key);
            let source = written.map_or(Source::Default, |(_, s)| s.clone());
            Some((
                setting.key.to_string(),
                show(&r, written.map(|(v, _)| *v)),
                source,
            ))
        })
        .collect();
    report.sort_by(|a, b| a.0.cmp(&b.0));
    let Resolution {
        mut settings,
        exclude,
        per_file,
        lang,
        kinds,
        ..
    } = r;
    settings.rules = selection;
    Ok(Config {
        path: None,
        settings,
        lang,
        exclude,
        per_file_ignores: per_file,
        kinds,
        report,
    })
}
