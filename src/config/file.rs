//! The YAML boundary: reading a configuration file into typed values, with
//! errors that name the file, the line and the key. The only module that
//! knows the YAML crate.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::ConfigError;
use crate::roles::edit_distance;

/// File names searched for, in order, in each directory.
pub const CONFIG_NAMES: [&str; 2] = [".boardlint.yaml", "boardlint.yaml"];

/// Every top-level key, for "did you mean" and the docs test.
pub const KEYS: &[&str] = &[
    "extends",
    "select",
    "ignore",
    "extend-select",
    "severity",
    "per-file-ignores",
    "exclude",
    "roles",
    "max-depth",
    "bullet-limit",
    "board",
    "lang",
    "lint-code-blocks",
    "kinds",
    "pipeline",
    "session",
];

const BOARD_KEYS: &[&str] = &["isolation-phases", "critique-phases"];
const PIPELINE_KEYS: &[&str] = &[
    "stages",
    "max-attempts",
    "review-stage",
    "max-log-bytes",
    "max-event-bytes",
];

/// The largest configuration file read, in bytes.
const MAX_SIZE: u64 = 1 << 20;

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RawConfig {
    pub extends: Option<String>,
    pub select: Option<Vec<String>>,
    pub ignore: Option<Vec<String>>,
    pub extend_select: Option<Vec<String>>,
    pub severity: Option<BTreeMap<String, String>>,
    pub per_file_ignores: Option<BTreeMap<String, Vec<String>>>,
    pub exclude: Option<Vec<String>>,
    pub roles: Option<Vec<String>>,
    pub max_depth: Option<usize>,
    pub bullet_limit: Option<usize>,
    pub board: Option<RawBoard>,
    pub lang: Option<String>,
    pub lint_code_blocks: Option<bool>,
    pub kinds: Option<BTreeMap<String, String>>,
    pub pipeline: Option<RawPipeline>,
    pub session: Option<RawSession>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RawSession {
    pub roles: Option<BTreeMap<String, String>>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RawPipeline {
    pub stages: Option<Vec<String>>,
    pub max_attempts: Option<u32>,
    pub review_stage: Option<String>,
    pub max_log_bytes: Option<u64>,
    pub max_event_bytes: Option<u64>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RawBoard {
    pub isolation_phases: Option<Vec<u32>>,
    pub critique_phases: Option<Vec<u32>>,
}

/// One configuration file, read.
#[derive(Debug, Clone)]
pub struct Layer {
    pub path: PathBuf,
    pub dir: PathBuf,
    pub raw: RawConfig,
    text: String,
}

impl Layer {
    /// The line a key is written on (1-based), found in the file's text.
    pub fn line_of(&self, key: &str) -> Option<usize> {
        self.text
            .lines()
            .position(|l| {
                let t = l.trim_start().trim_start_matches("- ");
                t.strip_prefix(key)
                    .is_some_and(|rest| rest.trim_start().starts_with(':'))
            })
            .map(|i| i + 1)
    }

    /// The line of a value under a key: the first line at or after the key
    /// that holds the value.
    pub fn line_of_value(&self, key: &str, value: &str) -> Option<usize> {
        let start = self.line_of(key)?;
        self.text
            .lines()
            .enumerate()
            .skip(start - 1)
            .find(|(_, l)| l.contains(value))
            .map(|(i, _)| i + 1)
            .or(Some(start))
    }

    pub fn error(&self, key: &str, message: String) -> ConfigError {
        ConfigError {
            path: self.path.clone(),
            line: self.line_of(key),
            key: Some(key.to_string()),
            message,
        }
    }
}

/// Read and parse one configuration file.
pub fn read(path: &Path) -> Result<Layer, ConfigError> {
    let error = |line: Option<usize>, key: Option<String>, message: String| ConfigError {
        path: path.to_path_buf(),
        line,
        key,
        message,
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
        error(None, None, message)
    })?;
    let text = String::from_utf8(bytes)
        .map_err(|_| error(None, None, "stream did not contain valid UTF-8".to_string()))?;
    parse(path, text)
}

/// Parse one configuration file's text, read from `path`.
pub fn parse(path: &Path, text: String) -> Result<Layer, ConfigError> {
    let error = |line: Option<usize>, key: Option<String>, message: String| ConfigError {
        path: path.to_path_buf(),
        line,
        key,
        message,
    };
    let raw: RawConfig = if text.trim().is_empty() {
        RawConfig::default()
    } else {
        serde_yaml::from_str(&text).map_err(|e| {
            let line = e.location().map(|l| l.line());
            let (key, message) = explain(&e.to_string());
            error(line, key, message)
        })?
    };
    let dir = path
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    Ok(Layer {
        path: path.to_path_buf(),
        dir,
        raw,
        text,
    })
}

/// Turn the YAML library's message into the key and a message with a "did
/// you mean" where a known key is close.
fn explain(message: &str) -> (Option<String>, String) {
    // Drop the library's own "at line N column M": the line is reported apart.
    let message = match message.rfind(" at line ") {
        Some(i) => &message[..i],
        None => message,
    };
    if let Some(rest) = message.split("unknown field `").nth(1) {
        let field = rest.split('`').next().unwrap_or_default().to_string();
        let nested = |keys: &[&str]| {
            keys.iter().any(|k| message.contains(&format!("`{k}`")))
                && !message.contains("`select`")
        };
        let keys = if nested(BOARD_KEYS) {
            BOARD_KEYS
        } else if nested(PIPELINE_KEYS) {
            PIPELINE_KEYS
        } else {
            KEYS
        };
        let hint = keys
            .iter()
            .map(|k| (edit_distance(&field, k), k))
            .filter(|(d, _)| *d <= 3)
            .min_by_key(|(d, _)| *d)
            .map(|(_, k)| format!("; did you mean `{k}`?"))
            .unwrap_or_default();
        return (
            Some(field.clone()),
            format!("unknown setting `{field}`{hint}"),
        );
    }
    // Type errors are prefixed with the key's path: `max-depth: invalid type: …`.
    if let Some((key, rest)) = message.split_once(": ") {
        if key.chars().all(|c| {
            c.is_ascii_alphanumeric() || c == '-' || c == '.' || c == '_' || c == '[' || c == ']'
        }) {
            return (Some(key.to_string()), rest.to_string());
        }
    }
    (None, message.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explains_unknown_keys_with_a_suggestion() {
        let (key, message) = explain(
            "unknown field `selec`, expected one of `extends`, `select` at line 2 column 1",
        );
        assert_eq!(key.as_deref(), Some("selec"));
        assert!(message.contains("did you mean `select`?"), "{message}");
        let (key, message) = explain("board: unknown field `isolation-phase`, expected `isolation-phases` or `critique-phases` at line 3 column 3");
        assert_eq!(key.as_deref(), Some("isolation-phase"));
        assert!(
            message.contains("did you mean `isolation-phases`?"),
            "{message}"
        );
    }
}
