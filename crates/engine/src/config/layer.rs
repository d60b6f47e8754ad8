//! One configuration file's values as read (a [`Layer`]), where each is
//! written ([`At`]), and the settings being resolved from them
//! ([`Resolution`]): what the settings table's rows read and write.

use std::collections::BTreeMap;
use std::path::PathBuf;

use globset::{Glob, GlobSet, GlobSetBuilder};

use super::ConfigError;
use crate::kinds::FileKind;
use crate::model::sections::Lang;
use crate::settings::Settings;

/// A value as one file writes it, of its setting's shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Written {
    Text(String),
    Texts(Vec<String>),
    Number(u64),
    Numbers(Vec<u64>),
    Flag(bool),
    TextMap(BTreeMap<String, String>),
    ListMap(BTreeMap<String, Vec<String>>),
}

impl Written {
    // A setting's `apply` receives only values of its type's shape (the
    // file reader makes them from it), so these never meet another shape.
    const SHAPE: &'static str = "a value of its setting's shape";

    pub fn text(&self) -> &str {
        match self {
            Written::Text(s) => s,
            _ => unreachable!("{}", Self::SHAPE),
        }
    }

    pub fn texts(&self) -> &[String] {
        match self {
            Written::Texts(v) => v,
            _ => unreachable!("{}", Self::SHAPE),
        }
    }

    pub fn number(&self) -> u64 {
        match self {
            Written::Number(n) => *n,
            _ => unreachable!("{}", Self::SHAPE),
        }
    }

    pub fn numbers(&self) -> &[u64] {
        match self {
            Written::Numbers(v) => v,
            _ => unreachable!("{}", Self::SHAPE),
        }
    }

    pub fn flag(&self) -> bool {
        match self {
            Written::Flag(b) => *b,
            _ => unreachable!("{}", Self::SHAPE),
        }
    }

    pub fn text_map(&self) -> &BTreeMap<String, String> {
        match self {
            Written::TextMap(m) => m,
            _ => unreachable!("{}", Self::SHAPE),
        }
    }

    pub fn list_map(&self) -> &BTreeMap<String, Vec<String>> {
        match self {
            Written::ListMap(m) => m,
            _ => unreachable!("{}", Self::SHAPE),
        }
    }

    /// The value as `boardlint config` shows it.
    pub fn show(&self) -> String {
        match self {
            Written::Text(s) => s.clone(),
            Written::Texts(v) => list(v),
            Written::Number(n) => n.to_string(),
            Written::Numbers(v) => format!("{v:?}"),
            Written::Flag(b) => b.to_string(),
            Written::TextMap(m) => {
                let shown: Vec<String> = m.iter().map(|(k, v)| format!("{k}: {v}")).collect();
                format!("{{{}}}", shown.join(", "))
            }
            Written::ListMap(m) => {
                let shown: Vec<String> =
                    m.iter().map(|(k, v)| format!("{k}: {}", list(v))).collect();
                format!("{{{}}}", shown.join(", "))
            }
        }
    }
}

/// `[a, b]`.
pub(super) fn list(v: &[String]) -> String {
    format!("[{}]", v.join(", "))
}

/// One configuration file, read: the settings it writes correctly, and an
/// error for each it writes wrong.
#[derive(Debug, Clone)]
pub struct Layer {
    pub path: PathBuf,
    /// The file's directory, as its path is written (`extends` is relative
    /// to it).
    pub dir: PathBuf,
    /// The same directory, absolute: the base of the file's globs.
    pub base: PathBuf,
    /// The settings the file writes, each with its value, in file order.
    pub values: Vec<(&'static str, Written)>,
    pub errors: Vec<ConfigError>,
    pub(super) text: String,
    /// Where the values were given: a layer of the command line names them
    /// by their flags, not by a file and line.
    pub(super) given: Given,
}

/// Where a layer's values were given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Given {
    /// A configuration file.
    File,
    /// The flags of the settings' names: `--select`, `--exclude`, ….
    Flags,
    /// `--config KEY=VALUE`.
    ConfigOption,
}

impl Layer {
    /// The value the file writes for a setting (dotted key), if any.
    pub fn written(&self, key: &str) -> Option<&Written> {
        self.values.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    /// The line (1-based) a key is written on, the key given with its
    /// parents: `["session", "roles"]`.
    pub fn line_of(&self, keys: &[&str]) -> Option<usize> {
        locate(&self.text, keys).map(|(line, _)| line + 1)
    }

    /// The line of a value under a key: the first line of the key's block
    /// that holds the value, else the key's line.
    pub fn line_of_value(&self, keys: &[&str], value: &str) -> Option<usize> {
        let (start, end) = locate(&self.text, keys)?;
        self.text
            .lines()
            .enumerate()
            .take(end)
            .skip(start)
            .find(|(_, l)| l.contains(value))
            .map_or(Some(start + 1), |(i, _)| Some(i + 1))
    }

    pub fn error(&self, keys: &[&str], message: String) -> ConfigError {
        match self.flag(keys) {
            Some(flag) => ConfigError {
                path: self.path.clone(),
                line: None,
                key: Some(flag),
                message,
            },
            None => ConfigError {
                path: self.path.clone(),
                line: self.line_of(keys),
                key: Some(keys.join(".")),
                message,
            },
        }
    }

    /// The flag that gave a key, on a layer of the command line:
    /// `--per-file-ignores drafts/**`, `--config pipeline.stages`.
    pub fn flag(&self, keys: &[&str]) -> Option<String> {
        match self.given {
            Given::File => None,
            Given::Flags => {
                let (flag, rest) = keys.split_first().map_or(("", &[][..]), |(f, r)| (*f, r));
                let mut key = format!("--{flag}");
                for k in rest {
                    key.push_str(&format!(" {k}"));
                }
                Some(key)
            }
            Given::ConfigOption => Some(format!("--config {}", keys.join("."))),
        }
    }
}

/// Where a key is written: the 0-based index of its line, and the end of
/// its block (the index of the first line after it). Each key is looked for
/// among the lines of its parent's block, at that block's indentation; a
/// key not written on a line of its own (inside a flow mapping) is found
/// at its parent's line.
pub(super) fn locate(text: &str, keys: &[&str]) -> Option<(usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let content = |l: &str| {
        let t = l.trim_start();
        !t.is_empty() && !t.starts_with('#')
    };
    let indent = |l: &str| l.len() - l.trim_start_matches(' ').len();
    let (mut from, mut to) = (0, lines.len());
    let mut parent: Option<usize> = None;
    let mut found = None;
    for key in keys {
        let Some(first) = (from..to).find(|&i| content(lines[i])) else {
            break;
        };
        let level = indent(lines[first]);
        if parent.is_some_and(|p| level <= p) {
            break;
        }
        let Some(at) = (from..to).find(|&i| {
            content(lines[i]) && indent(lines[i]) == level && is_key(lines[i].trim_start(), key)
        }) else {
            break;
        };
        let end = (at + 1..to)
            .find(|&i| content(lines[i]) && indent(lines[i]) <= level)
            .unwrap_or(to);
        found = Some((at, end));
        (from, to, parent) = (at + 1, end, Some(level));
    }
    found
}

/// Whether a line (its indentation removed) writes a key, plain or quoted.
fn is_key(line: &str, key: &str) -> bool {
    let rest = line.strip_prefix(key).or_else(|| {
        ['"', '\'']
            .iter()
            .find_map(|&q| line.strip_prefix(q)?.strip_prefix(key)?.strip_prefix(q))
    });
    rest.is_some_and(|r| r.trim_start().starts_with(':'))
}

/// The settings being resolved, as the files applied so far leave them.
pub struct Resolution {
    pub settings: Settings,
    pub select: Vec<String>,
    pub ignore: Vec<String>,
    pub extend_select: Vec<String>,
    pub extend_ignore: Vec<String>,
    /// Selector → level, with the file and line that wrote it.
    pub severity: BTreeMap<String, (String, PathBuf, Option<usize>)>,
    pub exclude: Option<(GlobSet, PathBuf)>,
    /// `extend-exclude` of every layer, each with its own base, and the
    /// globs as written, for `boardlint config`.
    pub extend_exclude: Vec<(GlobSet, PathBuf)>,
    pub extend_exclude_globs: Vec<String>,
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
    pub(super) fn new() -> Resolution {
        Resolution {
            settings: Settings::default(),
            select: vec!["ALL".into()],
            ignore: Vec::new(),
            extend_select: Vec::new(),
            extend_ignore: Vec::new(),
            severity: BTreeMap::new(),
            exclude: None,
            extend_exclude: Vec::new(),
            extend_exclude_globs: Vec::new(),
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
