//! The YAML boundary of configuration: reading a file into typed values,
//! with errors that name the file, the line and the key, every error of a
//! file at once, in the user's terms. The document itself is parsed by
//! `crate::yaml`; this module reads its values as the settings table says,
//! each by the shape of its setting's type.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::layer::{locate, Given, Layer, Written};
use super::table::{self, Setting, Shape};
use super::ConfigError;
use crate::roles::edit_distance;
use crate::yaml::{self, Value};

/// Where the command line's settings say they come from.
pub const COMMAND_LINE: &str = "command line";

/// File names searched for, in order, in each directory.
pub const CONFIG_NAMES: [&str; 2] = [".boardlint.yaml", "boardlint.yaml"];

/// The largest configuration file read, in bytes.
const MAX_SIZE: u64 = 1 << 20;

/// The most errors reported for one file; the rest are counted.
const MAX_ERRORS: usize = 50;

/// Read and parse one configuration file. `Err` when it cannot be read as
/// YAML at all; errors in its settings are in the layer.
pub fn read(path: &Path) -> Result<Layer, Vec<ConfigError>> {
    parse(path, read_text(path)?)
}

/// Why a file named by `extends` is not read.
#[derive(Debug)]
pub enum NotRead {
    /// It cannot be read (missing, too large, a pipe, not UTF-8).
    Errors(Vec<ConfigError>),
    /// It is no boardlint configuration: why, in words that quote nothing
    /// of it.
    Foreign(String),
}

/// Read a file that another file's `extends` names. Such a path may name
/// any file on the machine, so the file is read only when it is a
/// boardlint configuration (empty, or a YAML mapping whose every key is a
/// setting or a section of settings); otherwise nothing of it is quoted.
pub fn read_extended(path: &Path) -> Result<Layer, NotRead> {
    let text = read_text(path).map_err(NotRead::Errors)?;
    if let Some(why) = foreign(&text) {
        return Err(NotRead::Foreign(why));
    }
    parse(path, text).map_err(NotRead::Errors)
}

/// Why a text is no boardlint configuration, quoting nothing of it; `None`
/// when it is one.
fn foreign(text: &str) -> Option<String> {
    if text.trim().is_empty() {
        return None;
    }
    let value = match yaml::parse(text) {
        Ok(value) => value,
        Err((Some(line), _)) => return Some(format!("it is not YAML (line {line})")),
        Err((None, _)) => return Some("it is not YAML".into()),
    };
    let map = match &value {
        Value::Null => return None,
        Value::Mapping(map) => map,
        other => return Some(format!("it is {}, not a mapping of settings", kind(other))),
    };
    let known = table::names(None);
    for (key, _) in map {
        let Value::String(name) = key else {
            return Some("it holds a key that is no setting's name".into());
        };
        if !known.contains(&name.as_str()) {
            return Some(match locate(text, &[name]) {
                Some((line, _)) => format!("line {} holds no boardlint setting", line + 1),
                None => "it holds a key that is no boardlint setting".into(),
            });
        }
    }
    None
}

/// A configuration file's text; the errors when it cannot be read.
fn read_text(path: &Path) -> Result<String, Vec<ConfigError>> {
    let error = |message: String| {
        vec![ConfigError {
            path: path.to_path_buf(),
            line: None,
            key: None,
            message,
        }]
    };
    // A named pipe or a device is refused before it is read, and the limit
    // holds while reading, should the file grow.
    let bytes = crate::files::read_regular(path, MAX_SIZE as usize).map_err(|e| {
        let message = match e {
            crate::files::ReadError::TooLarge { size, .. } => match size {
                Some(size) => {
                    format!("the file is {size} bytes; a configuration is at most {MAX_SIZE}")
                }
                None => format!(
                    "the file is more than {MAX_SIZE} bytes; a configuration is at most {MAX_SIZE}"
                ),
            },
            e => e.to_string(),
        };
        error(message)
    })?;
    crate::files::decode(bytes).map_err(|e| error(e.to_string()))
}

/// Parse one configuration file's text, read from `path`.
pub fn parse(path: &Path, text: String) -> Result<Layer, Vec<ConfigError>> {
    let value = if text.trim().is_empty() {
        Value::Null
    } else {
        yaml::parse(&text).map_err(|(line, message)| {
            vec![ConfigError {
                path: path.to_path_buf(),
                line,
                key: None,
                message,
            }]
        })?
    };
    let mut reader = Reader {
        path,
        text: &text,
        errors: Vec::new(),
        more: 0,
    };
    let values = reader.config(&value);
    let mut errors = reader.errors;
    errors.sort_by_key(|e| e.line.unwrap_or(usize::MAX));
    if reader.more > 0 {
        errors.push(ConfigError {
            path: path.to_path_buf(),
            line: None,
            key: None,
            message: format!("{} more errors not shown", reader.more),
        });
    }
    let dir = path
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    let base = super::paths::absolute(&dir);
    Ok(Layer {
        path: path.to_path_buf(),
        dir,
        base,
        values: values.into_iter().map(|(s, w)| (s.key, w)).collect(),
        errors,
        text,
        given: Given::File,
    })
}

/// A setting given on the command line as `--config KEY=VALUE`: `key`
/// (dotted for a setting of a section: `pipeline.stages`) and its value,
/// in YAML, read and checked as a file's would be. Every error names the
/// option and the key (`--config lang`), under [`COMMAND_LINE`].
pub fn parse_setting(key: &str, value: &str) -> Result<Layer, Vec<ConfigError>> {
    let error = |keys: &str, message: String| ConfigError {
        path: PathBuf::from(COMMAND_LINE),
        line: None,
        key: Some(format!("--config {keys}")),
        message,
    };
    let path: Vec<&str> = key.split('.').collect();
    let known = table::names(None);
    let section = table::names(Some(path[0]));
    let wrong = match path.as_slice() {
        ["extends"] => Some("a configuration file is given as `--config FILE`; `extends` is for files".to_string()),
        [name] if !known.contains(name) => Some(unknown(name, &known, None)),
        [parent, leaf] if section.is_empty() => Some(match known.contains(parent) {
            true => format!("`{parent}` is a setting, not a section of settings: give `{parent}={leaf}…` as `--config {parent}=VALUE`"),
            false => unknown(parent, &known, None),
        }),
        [parent, leaf] if !section.contains(leaf) => Some(unknown(leaf, &section, Some(parent))),
        [_] | [_, _] => None,
        _ => Some("a setting's key is a name, or a section and a name (`pipeline.stages`)".into()),
    };
    if let Some(message) = wrong {
        return Err(vec![error(key, message)]);
    }
    if value.trim().is_empty() {
        return Err(vec![error(
            key,
            "no value given: write `KEY=VALUE`, the value in YAML".into(),
        )]);
    }
    let mut value = yaml::parse(value)
        .map_err(|(_, message)| vec![error(key, format!("the value is not YAML: {message}"))])?;
    for name in path.iter().rev() {
        let mut map = yaml::Mapping::new();
        map.insert(Value::String((*name).to_string()), value);
        value = Value::Mapping(map);
    }
    let mut reader = Reader {
        path: Path::new(COMMAND_LINE),
        text: "",
        errors: Vec::new(),
        more: 0,
    };
    let values = reader.config(&value);
    if !reader.errors.is_empty() {
        return Err(reader
            .errors
            .into_iter()
            .map(|e| ConfigError {
                message: e.message,
                ..error(e.key.as_deref().unwrap_or(key), String::new())
            })
            .collect());
    }
    let dir = PathBuf::from(".");
    Ok(Layer {
        path: PathBuf::from(COMMAND_LINE),
        base: super::paths::absolute(&dir),
        dir,
        values: values.into_iter().map(|(s, w)| (s.key, w)).collect(),
        errors: Vec::new(),
        text: String::new(),
        given: Given::ConfigOption,
    })
}

/// Turns a document's values into settings, keeping an error for each value
/// of the wrong shape.
struct Reader<'a> {
    path: &'a Path,
    text: &'a str,
    errors: Vec<ConfigError>,
    /// Errors past [`MAX_ERRORS`], counted only.
    more: usize,
}

impl Reader<'_> {
    fn fail(&mut self, keys: &[&str], message: String) {
        if self.errors.len() == MAX_ERRORS {
            self.more += 1;
            return;
        }
        self.errors.push(ConfigError {
            path: self.path.to_path_buf(),
            line: match keys {
                [] => Some(1),
                _ => locate(self.text, keys).map(|(line, _)| line + 1),
            },
            key: (!keys.is_empty()).then(|| keys.join(".")),
            message,
        });
    }

    /// Every setting a document writes, with its value; a setting left
    /// empty (`select:`) is not written.
    fn config(&mut self, value: &Value) -> Vec<(&'static Setting, Written)> {
        let mut out = Vec::new();
        if value.is_null() {
            return out;
        }
        for (name, v) in self.settings(&[], value, &table::names(None)) {
            if let Some(setting) = table::find(&name) {
                self.setting(setting, v, &mut out);
            } else if !v.is_null() {
                // A section: `board`, `pipeline`, `session`.
                let known = table::names(Some(&name));
                for (leaf, v) in self.settings(&[name.as_str()], v, &known) {
                    if let Some(setting) = table::find(&format!("{name}.{leaf}")) {
                        self.setting(setting, v, &mut out);
                    }
                }
            }
        }
        out
    }

    /// One setting's value, read by its type's shape.
    fn setting(
        &mut self,
        setting: &'static Setting,
        value: &Value,
        out: &mut Vec<(&'static Setting, Written)>,
    ) {
        let keys = setting.path();
        let written = match setting.ty.shape {
            Shape::Text => self.string(&keys, value).map(Written::Text),
            Shape::Texts => self.strings(&keys, value).map(Written::Texts),
            Shape::Number { max } => self.number(&keys, value, max).map(Written::Number),
            Shape::Numbers { max } => self.numbers(&keys, value, max).map(Written::Numbers),
            Shape::Flag => self.boolean(&keys, value).map(Written::Flag),
            Shape::TextMap => self.string_map(&keys, value).map(Written::TextMap),
            Shape::ListMap => self.list_map(&keys, value).map(Written::ListMap),
        };
        if let Some(w) = written {
            out.push((setting, w));
        }
    }

    /// A mapping of settings: its known keys, each with its value; an error
    /// for each unknown key and for anything else.
    fn settings<'v>(
        &mut self,
        keys: &[&str],
        value: &'v Value,
        known: &[&str],
    ) -> Vec<(String, &'v Value)> {
        let Value::Mapping(map) = value else {
            // The whole file is not quoted: it may be any file a link names.
            let found = match keys {
                [] => kind(value).to_string(),
                _ => describe(value),
            };
            self.fail(
                keys,
                format!("expected a mapping of settings (`name: value` lines), found {found}"),
            );
            return Vec::new();
        };
        if keys.is_empty() && !map.is_empty() && map.iter().all(|(k, _)| alien(k, known)) {
            self.fail(
                keys,
                format!(
                    "no key of it is a boardlint setting ({} keys): this file is no boardlint configuration",
                    map.len()
                ),
            );
            return Vec::new();
        }
        let mut out = Vec::new();
        for (k, v) in map {
            let Value::String(name) = k else {
                self.fail(
                    keys,
                    format!("expected a setting's name, found {}", describe(k)),
                );
                continue;
            };
            if known.contains(&name.as_str()) {
                out.push((name.clone(), v));
                continue;
            }
            let mut path: Vec<&str> = keys.to_vec();
            path.push(name);
            let message = unknown(name, known, keys.last().copied());
            self.fail(&path, message);
        }
        out
    }

    fn string(&mut self, keys: &[&str], value: &Value) -> Option<String> {
        match value {
            Value::String(s) => Some(s.clone()),
            Value::Null => None,
            other => {
                self.fail(
                    keys,
                    format!("expected a string, found {}", describe(other)),
                );
                None
            }
        }
    }

    fn strings(&mut self, keys: &[&str], value: &Value) -> Option<Vec<String>> {
        let items = match value {
            Value::Sequence(items) => items,
            Value::Null => return None,
            other => {
                self.fail(
                    keys,
                    format!(
                        "expected a list of strings, such as `[a, b]`, found {}",
                        describe(other)
                    ),
                );
                return None;
            }
        };
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            match item {
                Value::String(s) => out.push(s.clone()),
                other => self.fail(
                    keys,
                    format!(
                        "expected a list of strings, found {} in the list",
                        describe(other)
                    ),
                ),
            }
        }
        (out.len() == items.len()).then_some(out)
    }

    /// A whole number of 0 or more, at most `max`.
    fn number(&mut self, keys: &[&str], value: &Value, max: u64) -> Option<u64> {
        match value {
            Value::Null => None,
            Value::Number(n) => match n.as_u64() {
                Some(u) if u <= max => Some(u),
                Some(u) => {
                    self.fail(keys, format!("`{u}` is too large: at most {max}"));
                    None
                }
                None => {
                    self.fail(
                        keys,
                        format!("expected a whole number of 0 or more, found `{n}`"),
                    );
                    None
                }
            },
            other => {
                self.fail(
                    keys,
                    format!(
                        "expected a whole number of 0 or more, found {}",
                        describe(other)
                    ),
                );
                None
            }
        }
    }

    fn numbers(&mut self, keys: &[&str], value: &Value, max: u64) -> Option<Vec<u64>> {
        let items = match value {
            Value::Sequence(items) => items,
            Value::Null => return None,
            other => {
                self.fail(
                    keys,
                    format!(
                        "expected a list of whole numbers, such as `[2, 3]`, found {}",
                        describe(other)
                    ),
                );
                return None;
            }
        };
        let out: Vec<u64> = items
            .iter()
            .filter_map(|v| self.number(keys, v, max))
            .collect();
        (out.len() == items.len()).then_some(out)
    }

    fn boolean(&mut self, keys: &[&str], value: &Value) -> Option<bool> {
        match value {
            Value::Bool(b) => Some(*b),
            Value::Null => None,
            other => {
                self.fail(
                    keys,
                    format!("expected `true` or `false`, found {}", describe(other)),
                );
                None
            }
        }
    }

    /// A mapping whose keys are strings (globs, selectors, agent names).
    fn entries<'v>(&mut self, keys: &[&str], value: &'v Value) -> Option<Vec<(String, &'v Value)>> {
        let map = match value {
            Value::Mapping(map) => map,
            Value::Null => return None,
            other => {
                self.fail(
                    keys,
                    format!(
                        "expected a mapping (`key: value` lines), found {}",
                        describe(other)
                    ),
                );
                return None;
            }
        };
        let mut out = Vec::with_capacity(map.len());
        for (k, v) in map {
            match k {
                Value::String(s) => out.push((s.clone(), v)),
                other => self.fail(
                    keys,
                    format!("expected a string as a key, found {}", describe(other)),
                ),
            }
        }
        (out.len() == map.len()).then_some(out)
    }

    fn string_map(&mut self, keys: &[&str], value: &Value) -> Option<BTreeMap<String, String>> {
        let entries = self.entries(keys, value)?;
        let mut out = BTreeMap::new();
        let mut ok = true;
        for (k, v) in entries {
            let mut path = keys.to_vec();
            path.push(&k);
            match v {
                Value::String(s) => {
                    out.insert(k.clone(), s.clone());
                }
                other => {
                    ok = false;
                    self.fail(
                        &path,
                        format!("expected a string, found {}", describe(other)),
                    );
                }
            }
        }
        ok.then_some(out)
    }

    fn list_map(&mut self, keys: &[&str], value: &Value) -> Option<BTreeMap<String, Vec<String>>> {
        let entries = self.entries(keys, value)?;
        let mut out = BTreeMap::new();
        let mut ok = true;
        for (k, v) in entries {
            let mut path = keys.to_vec();
            path.push(&k);
            match self.strings(&path, v) {
                Some(list) => {
                    out.insert(k.clone(), list);
                }
                None => ok &= v.is_null(),
            }
        }
        ok.then_some(out)
    }
}

/// A value as a message names it.
/// What a value is, quoting nothing of it.
fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "nothing",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Sequence(_) => "a list",
        Value::Mapping(_) => "a mapping",
        Value::Tagged(_) => "a tagged value",
    }
}

/// A key that is no setting and close to none: a file all of whose keys
/// are such is another kind of file, and its keys are not quoted.
fn alien(key: &Value, known: &[&str]) -> bool {
    match key {
        Value::String(name) => {
            !known.contains(&name.as_str()) && unknown(name, known, None) == "unknown setting"
        }
        _ => false,
    }
}

fn describe(value: &Value) -> String {
    match value {
        Value::Null => "nothing".into(),
        Value::Bool(b) => format!("`{b}`"),
        Value::Number(n) => format!("the number `{n}`"),
        Value::String(s) => {
            // Hidden whole before it is cut short: a cut credential may no
            // longer look like one.
            let s = crate::secrets::scrub(s);
            let shown: String = s.chars().take(40).collect();
            let more = if shown.len() < s.len() { "…" } else { "" };
            format!("the string `{shown}{more}`")
        }
        Value::Sequence(_) => "a list".into(),
        Value::Mapping(_) => "a mapping".into(),
        Value::Tagged(t) => format!("a value tagged `{}`", t.tag),
    }
}

/// The message for an unknown key, with a "did you mean" where a known key
/// is close: at most one edit in three characters of the key (as cargo
/// suggests), so that `selec` finds `select` but `foo` finds nothing.
fn unknown(name: &str, known: &[&str], parent: Option<&str>) -> String {
    let most = (name.chars().count().max(3) / 3).min(3);
    let close = known
        .iter()
        .map(|k| (edit_distance(name, k), k))
        .filter(|(d, _)| *d <= most)
        .min_by_key(|(d, _)| *d);
    match (close, parent) {
        (Some((_, k)), _) => format!("unknown setting; did you mean `{k}`?"),
        (None, Some(parent)) => {
            let names: Vec<String> = known.iter().map(|k| format!("`{k}`")).collect();
            format!(
                "unknown setting in `{parent}`: it holds {}",
                names.join(", ")
            )
        }
        (None, None) => "unknown setting".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(text: &str) -> Vec<String> {
        let layer = parse(Path::new("c.yaml"), text.to_string()).unwrap();
        layer.errors.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn every_error_of_a_file_is_reported_at_once() {
        let found = errors(
            "selec: [L]\nmax-depth: -1\nboard:\n  isolation-phase: [2]\n  critique-phases: x\nlint-code-blocks: yes\nzzzzzzzz: 1\n",
        );
        assert_eq!(
            found,
            [
                "c.yaml:1: `selec`: unknown setting; did you mean `select`?",
                "c.yaml:2: `max-depth`: expected a whole number of 0 or more, found `-1`",
                "c.yaml:4: `board.isolation-phase`: unknown setting; did you mean `isolation-phases`?",
                "c.yaml:5: `board.critique-phases`: expected a list of whole numbers, such as `[2, 3]`, found the string `x`",
                "c.yaml:6: `lint-code-blocks`: expected `true` or `false`, found the string `yes`",
                "c.yaml:7: `zzzzzzzz`: unknown setting",
            ]
        );
    }

    #[test]
    fn wrong_shapes_are_worded_for_the_user() {
        let cases = [
            ("- a\n", "c.yaml:1: expected a mapping of settings (`name: value` lines), found a list"),
            // A whole file is never quoted: a link may make it any file.
            ("just text\n", "c.yaml:1: expected a mapping of settings (`name: value` lines), found a string"),
            ("select: L001\n", "c.yaml:1: `select`: expected a list of strings, such as `[a, b]`, found the string `L001`"),
            ("select: [L001, 5]\n", "c.yaml:1: `select`: expected a list of strings, found the number `5` in the list"),
            ("select: {a: b}\n", "c.yaml:1: `select`: expected a list of strings, such as `[a, b]`, found a mapping"),
            ("lang: 3\n", "c.yaml:1: `lang`: expected a string, found the number `3`"),
            ("lang: [en]\n", "c.yaml:1: `lang`: expected a string, found a list"),
            ("extends: true\n", "c.yaml:1: `extends`: expected a string, found `true`"),
            ("max-depth: deep\n", "c.yaml:1: `max-depth`: expected a whole number of 0 or more, found the string `deep`"),
            ("max-depth: 1.5\n", "c.yaml:1: `max-depth`: expected a whole number of 0 or more, found `1.5`"),
            ("bullet-limit: [1]\n", "c.yaml:1: `bullet-limit`: expected a whole number of 0 or more, found a list"),
            ("severity: [L001]\n", "c.yaml:1: `severity`: expected a mapping (`key: value` lines), found a list"),
            ("severity:\n  L001: 1\n", "c.yaml:2: `severity.L001`: expected a string, found the number `1`"),
            ("per-file-ignores:\n  \"a/**\": L001\n", "c.yaml:2: `per-file-ignores.a/**`: expected a list of strings, such as `[a, b]`, found the string `L001`"),
            ("per-file-ignores: [a]\n", "c.yaml:1: `per-file-ignores`: expected a mapping (`key: value` lines), found a list"),
            ("kinds:\n  1: handoff\n", "c.yaml:1: `kinds`: expected a string as a key, found the number `1`"),
            ("board: [2]\n", "c.yaml:1: `board`: expected a mapping of settings (`name: value` lines), found a list"),
            ("board:\n  isolation-phases: [-2]\n", "c.yaml:2: `board.isolation-phases`: expected a whole number of 0 or more, found `-2`"),
            ("pipeline:\n  max-attempts: 99999999999\n", "c.yaml:2: `pipeline.max-attempts`: `99999999999` is too large: at most 4294967295"),
            ("pipeline:\n  stages: implement\n", "c.yaml:2: `pipeline.stages`: expected a list of strings, such as `[a, b]`, found the string `implement`"),
            ("pipeline:\n  colour: 1\n", "c.yaml:2: `pipeline.colour`: unknown setting in `pipeline`: it holds `stages`, `entry-stages`, `max-attempts`, `review-stage`, `max-log-bytes`, `max-event-bytes`"),
            ("session: roles\n", "c.yaml:1: `session`: expected a mapping of settings (`name: value` lines), found the string `roles`"),
            ("session:\n  roles:\n    bot: [cfo]\n", "c.yaml:3: `session.roles.bot`: expected a string, found a list"),
            ("lint-code-blocks: 1\n", "c.yaml:1: `lint-code-blocks`: expected `true` or `false`, found the number `1`"),
            ("roles: !custom [a]\n", "c.yaml:1: `roles`: expected a list of strings, such as `[a, b]`, found a value tagged `!custom`"),
            ("1: x\n", "c.yaml:1: expected a setting's name, found the number `1`"),
        ];
        for (text, expected) in cases {
            let found = errors(text);
            assert_eq!(found, [expected], "{text:?}");
            for message in &found {
                for rust in [
                    "struct",
                    "usize",
                    "u32",
                    "u64",
                    "Raw",
                    "invalid type",
                    "sequence",
                ] {
                    assert!(!message.contains(rust), "{text:?}: {message}");
                }
            }
        }
    }

    #[test]
    fn errors_past_fifty_are_counted_not_listed() {
        let text = format!("select:\n{}", "  - 5\n".repeat(10_000));
        let found = errors(&text);
        assert_eq!(found.len(), MAX_ERRORS + 1);
        assert_eq!(found[MAX_ERRORS], "c.yaml: 9950 more errors not shown");
    }

    #[test]
    fn an_empty_value_leaves_a_setting_unset() {
        assert!(errors("select:\nboard:\nsession:\n  roles:\n").is_empty());
        let layer = parse(Path::new("c.yaml"), "select:\n".into()).unwrap();
        assert!(layer.written("select").is_none());
    }

    #[test]
    fn nested_keys_are_found_under_their_parent() {
        let text = "roles: [board]\nkinds: {}\nsession:\n  # agents\n  roles:\n    bot: cfo\npipeline:\n  stages: [a]\nboard: {isolation-phases: [2]}\n";
        let layer = parse(Path::new("c.yaml"), text.into()).unwrap();
        assert_eq!(layer.line_of(&["roles"]), Some(1));
        assert_eq!(layer.line_of(&["session", "roles"]), Some(5));
        assert_eq!(layer.line_of(&["session", "roles", "bot"]), Some(6));
        assert_eq!(layer.line_of(&["pipeline", "stages"]), Some(8));
        // Inside a flow mapping: the parent's line.
        assert_eq!(layer.line_of(&["board", "isolation-phases"]), Some(9));
        assert_eq!(layer.line_of(&["stages"]), None);
        assert_eq!(layer.line_of_value(&["session", "roles"], "cfo"), Some(6));
    }
}
