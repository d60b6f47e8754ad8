//! What is wrong in a configuration file, and where a resolved value came
//! from.

use std::fmt;
use std::path::PathBuf;

/// An error in a configuration file: the file, the line, the key, and what
/// is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    pub path: PathBuf,
    pub line: Option<usize>,
    pub key: Option<String>,
    pub message: String,
}

/// Every surface (standard error, the hook's reason, MCP results, LSP
/// diagnostics) shows an error through this, so none shows a credential
/// the file holds: a value quoted in a message passes the credential filter.
impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = self.path.display().to_string();
        if let Some(line) = self.line {
            text.push_str(&format!(":{line}"));
        }
        text.push_str(": ");
        if let Some(key) = &self.key {
            text.push_str(&format!("`{key}`: "));
        }
        text.push_str(&self.message);
        f.write_str(&crate::secrets::scrub(&text))
    }
}

/// Where a resolved value came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Default,
    File {
        path: PathBuf,
        line: Option<usize>,
    },
    /// A flag of the command line (`--select`).
    CommandLine {
        flag: String,
    },
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Default => f.write_str("default"),
            Source::CommandLine { flag } => write!(f, "command line ({flag})"),
            Source::File {
                path,
                line: Some(l),
            } => write!(f, "{}:{l}", path.display()),
            Source::File { path, line: None } => write!(f, "{}", path.display()),
        }
    }
}
