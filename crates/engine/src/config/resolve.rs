//! Resolving a chain of files into one [`Config`]: each file's values, base
//! first, applied as the settings table says, with where each came from.

use std::collections::BTreeMap;
use std::path::Path;

use super::file;
use super::layer::{At, Layer, Resolution, Written};
use super::table::SETTINGS;
use super::{selectors, Config, ConfigError, Source};

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
            let source = match layer.flag(&[setting.key]) {
                Some(flag) => Source::CommandLine { flag },
                None => Source::File {
                    path: layer.path.clone(),
                    line: layer.line_of(&at.keys),
                },
            };
            last.insert(setting.key, (value, source));
        }
    }
    let mut errors = std::mem::take(&mut r.errors);
    let ignore: Vec<String> = r.ignore.iter().chain(&r.extend_ignore).cloned().collect();
    let selection = selectors::rule_selection(
        &r.select,
        &r.extend_select,
        &ignore,
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
        extend_exclude,
        per_file,
        lang,
        kinds,
        ..
    } = r;
    settings.rules = selection;
    Ok(Config {
        path: None,
        files: Vec::new(),
        settings,
        lang,
        exclude,
        extend_exclude,
        per_file_ignores: per_file,
        kinds,
        report,
    })
}

impl Default for Config {
    fn default() -> Self {
        resolve(Vec::new()).expect("the defaults are valid")
    }
}

impl Config {
    /// One configuration file's text, as if read from `path`, without
    /// following `extends` (for callers that hold the text already).
    pub fn from_text(path: &Path, text: String) -> Result<Config, Vec<ConfigError>> {
        let mut layer = file::parse(path, text)?;
        let mut errors = std::mem::take(&mut layer.errors);
        match resolve(vec![layer]) {
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
}
