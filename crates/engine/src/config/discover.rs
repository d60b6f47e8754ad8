//! Finding a path's configuration file, and reading the chain of files it
//! `extends`.

use std::path::{Path, PathBuf};

use super::file::{self, CONFIG_NAMES};
use super::layer::Layer;
use super::paths::{absolute, tidy};
use super::{resolve, Config, ConfigError};

/// The closest configuration file walking up from `start`, up to the
/// repository root; relative to the current directory when inside it, so
/// that messages name it as they name the files checked.
pub fn find(start: &Path) -> Option<PathBuf> {
    let cwd = std::env::current_dir().unwrap_or_default();
    let start = absolute(start);
    let mut dir = if start.is_dir() {
        Some(start.as_path())
    } else {
        start.parent()
    };
    while let Some(d) = dir {
        for name in CONFIG_NAMES {
            let candidate = d.join(name);
            if candidate.is_file() {
                return Some(match candidate.strip_prefix(&cwd) {
                    Ok(relative) if !cwd.as_os_str().is_empty() => relative.to_path_buf(),
                    _ => candidate,
                });
            }
        }
        if d.join(".git").exists() {
            return None;
        }
        dir = d.parent();
    }
    None
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

    /// Load a configuration file and the chain of files it extends. The
    /// errors are every error of every file in the chain; a chain that
    /// comes back to a file it holds (by canonical path) is an error naming
    /// the cycle.
    pub fn load(path: &Path) -> Result<Config, Vec<ConfigError>> {
        Config::load_layers(path, Vec::new())
    }

    /// [`Config::load`], with last layers applied after the files'.
    pub(super) fn load_layers(path: &Path, last: Vec<Layer>) -> Result<Config, Vec<ConfigError>> {
        let mut layers: Vec<Layer> = Vec::new();
        let mut errors = Vec::new();
        // The files read so far: canonical path, and the path as shown.
        let mut chain: Vec<(PathBuf, PathBuf)> = Vec::new();
        let mut next = Some(path.to_path_buf());
        while let Some(p) = next.take() {
            let extender = layers.last();
            let canonical = match std::fs::canonicalize(&p) {
                Ok(c) => c,
                Err(e) => {
                    let cause = crate::files::io_cause(&e);
                    errors.push(match extender {
                        Some(layer) => {
                            layer.error(&["extends"], format!("{}: {cause}", p.display()))
                        }
                        None => ConfigError {
                            path: p.clone(),
                            line: None,
                            key: None,
                            message: cause,
                        },
                    });
                    break;
                }
            };
            if let Some(i) = chain.iter().position(|(c, _)| *c == canonical) {
                let cycle: Vec<String> = chain[i..]
                    .iter()
                    .map(|(_, shown)| shown.display().to_string())
                    .chain([chain[i].1.display().to_string()])
                    .collect();
                if let Some(layer) = extender {
                    errors.push(layer.error(
                        &["extends"],
                        format!(
                            "the files extend each other in a cycle: {}",
                            cycle.join(" → ")
                        ),
                    ));
                }
                break;
            }
            // Named without `..` where that names the same file (a link
            // on the way can make it another).
            let tidied = tidy(&p);
            let p = match std::fs::canonicalize(&tidied) {
                Ok(c) if c == canonical => tidied,
                _ => p,
            };
            chain.push((canonical, p.clone()));
            let read = match extender {
                None => file::read(&p),
                Some(extender) => file::read_extended(&p).map_err(|not| match not {
                    file::NotRead::Errors(e) => e,
                    file::NotRead::Foreign(why) => vec![extender.error(
                        &["extends"],
                        format!(
                            "`{}` is no boardlint configuration ({why}); nothing of it is read or shown",
                            p.display()
                        ),
                    )],
                }),
            };
            match read {
                Ok(mut layer) => {
                    errors.append(&mut layer.errors);
                    next = layer.written("extends").map(|e| {
                        // `./base.yaml` is `base.yaml`.
                        let e: PathBuf = Path::new(e.text())
                            .components()
                            .filter(|c| *c != std::path::Component::CurDir)
                            .collect();
                        layer.dir.join(e)
                    });
                    layers.push(layer);
                }
                Err(mut e) => {
                    errors.append(&mut e);
                    break;
                }
            }
        }
        let order: Vec<PathBuf> = layers.iter().map(|l| l.path.clone()).collect();
        // Base first, the file itself last: later layers override.
        layers.reverse();
        layers.extend(last);
        match resolve::resolve(layers) {
            Ok(mut config) if errors.is_empty() => {
                config.path = Some(path.to_path_buf());
                config.files = order;
                return Ok(config);
            }
            Ok(_) => {}
            Err(mut more) => errors.append(&mut more),
        }
        // File by file along the chain, each in line order.
        errors.sort_by_key(|e| {
            (
                order.iter().position(|p| *p == e.path),
                e.line.unwrap_or(usize::MAX),
            )
        });
        Err(errors)
    }
}
