//! The engine for each call of a server (`boardlint mcp`, `boardlint
//! server`): the configuration that governs the call's path (found from
//! the path, or from the server's working directory, as `boardlint check`
//! finds it), or `--config FILE`, or none with `--isolated`, with the
//! settings given as `--config KEY=VALUE` over it. A
//! configuration is read again when the modification time or size of its
//! file, or of a file it extends, changes, so an edit applies from the next
//! call without a restart.

use std::path::{Path, PathBuf};

use crate::commands::{ConfigFailure, ConfigFlags};
use crate::config::{Config, Keep, Overrides, Resolver};
use crate::engine::Engine;

/// The largest text a server checks or formats in one call, in bytes
/// (16 MiB): larger files are for `boardlint check`.
pub const MAX_TEXT: usize = 16 * 1024 * 1024;

/// How many checks a server runs at once: one a core, at most four. A
/// check takes many times its text in memory (a 256 KB transcript dense
/// with markers, about 120 MB at its peak), so requests that arrive
/// together wait their turn rather than all run at once.
pub fn checks_at_once() -> usize {
    std::thread::available_parallelism()
        .map_or(1, std::num::NonZeroUsize::get)
        .clamp(1, 4)
}

pub struct Engines {
    /// Each configuration kept while its files are unchanged.
    configs: Resolver,
}

impl Engines {
    /// The defaults, whatever files there are (`--isolated`), for tests
    /// and the fuzz targets.
    #[cfg(any(test, feature = "internals"))]
    pub fn isolated() -> Engines {
        Engines {
            configs: Resolver::new(None, true, None, Keep::WhileUnchanged),
        }
    }

    /// The engines the flags ask for; an error when their settings have
    /// errors (two files, a `KEY=VALUE` that names no setting, a value
    /// that is no use).
    pub fn new(flags: &ConfigFlags) -> Result<Engines, ConfigFailure> {
        let settings = flags.layer(&Overrides::default())?;
        if flags.isolated {
            // Checked together at once, as `check` checks them.
            Config::defaults_with(settings.as_ref()).map_err(|errors| ConfigFailure {
                path: PathBuf::from("command line"),
                errors,
            })?;
        }
        let configs = Resolver::new(
            flags.file().cloned(),
            flags.isolated,
            settings,
            Keep::WhileUnchanged,
        );
        Ok(Engines { configs })
    }

    /// The engine for a file at `path` (real or not), or for text that is
    /// no file: the configuration of the server's working directory.
    pub fn for_path(&self, path: Option<&Path>) -> Result<Engine, String> {
        self.configs
            .config_for(path.unwrap_or(Path::new(".")))
            .map(Engine::shared)
            .map_err(|failure| config_errors(&failure.path, &failure.errors))
    }

    /// Whether a configuration loaded so far has changed on disk since (its
    /// file, or a file it extends): what was checked under it may now read
    /// differently. The configurations changed are let go, to be read
    /// again by the next check under them, so a change is told once,
    /// however long that check takes to come. A few `stat`s, cheap enough
    /// for every message.
    pub fn take_stale(&self) -> bool {
        self.configs.take_stale()
    }

    /// Every file the configurations loaded so far were read from: each
    /// configuration file and the files it extends.
    pub fn watched(&self) -> Vec<PathBuf> {
        self.configs.watched()
    }
}

/// A configuration's errors, each on a line of its own.
fn config_errors(path: &Path, errors: &[crate::config::ConfigError]) -> String {
    let mut out = format!(
        "the configuration {} has errors; fix them to check or format here:",
        crate::files::display_path(path)
    );
    for e in errors {
        out.push_str("\n  ");
        out.push_str(&e.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(config: Option<PathBuf>, isolated: bool) -> ConfigFlags {
        ConfigFlags {
            config: config.into_iter().collect(),
            isolated,
        }
    }

    fn ignores_l001(engine: &Engine) -> bool {
        let text = "CFO: [INVOKE:cfo|What is our runway?]\n";
        !engine.check(None, text).iter().any(|d| d.code == "L001")
    }

    #[test]
    fn a_configuration_file_is_read_again_once_it_changes() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(".boardlint.yaml");
        std::fs::write(&file, "ignore: [L001]\n").unwrap();
        let engines = Engines::new(&flags(Some(file.clone()), false)).unwrap();
        assert!(ignores_l001(&engines.for_path(None).unwrap()));
        // A different size is a different version, whatever the clock says.
        std::fs::write(&file, "ignore: [L002, L003]\n").unwrap();
        assert!(!ignores_l001(&engines.for_path(None).unwrap()));
        std::fs::write(&file, "ignore: L001: oops\n").unwrap();
        let error = engines.for_path(None).unwrap_err();
        assert!(error.contains("has errors"), "{error}");
        assert!(error.contains(".boardlint.yaml"), "{error}");
        // Fixed, it loads again.
        std::fs::write(&file, "ignore: [L001]\n").unwrap();
        assert!(ignores_l001(&engines.for_path(None).unwrap()));
    }

    #[test]
    fn a_file_it_extends_is_watched_too() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(".boardlint.yaml");
        let base = dir.path().join("base.yaml");
        std::fs::write(&file, "extends: base.yaml\n").unwrap();
        std::fs::write(&base, "ignore: [L001]\n").unwrap();
        let engines = Engines::new(&flags(Some(file.clone()), false)).unwrap();
        assert!(ignores_l001(&engines.for_path(None).unwrap()));
        std::fs::write(&base, "ignore: [L002, L003]\n").unwrap();
        assert!(!ignores_l001(&engines.for_path(None).unwrap()));
        // An error in the file extended, then its fix, with the file that
        // extends it untouched.
        std::fs::write(&base, "ignore: [L001\n").unwrap();
        let error = engines.for_path(None).unwrap_err();
        assert!(error.contains("base.yaml"), "{error}");
        std::fs::write(&base, "ignore: [L001]\n").unwrap();
        assert!(ignores_l001(&engines.for_path(None).unwrap()));
    }

    #[test]
    fn a_change_to_a_file_loaded_makes_the_engines_stale() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(".boardlint.yaml");
        let base = dir.path().join("base.yaml");
        std::fs::write(&file, "extends: base.yaml\n").unwrap();
        std::fs::write(&base, "ignore: [L001]\n").unwrap();
        let engines = Engines::new(&flags(Some(file.clone()), false)).unwrap();
        assert!(!engines.take_stale());
        assert!(engines.watched().is_empty());
        engines.for_path(None).unwrap();
        assert!(!engines.take_stale());
        let watched = engines.watched();
        assert_eq!(watched.len(), 2, "{watched:?}");
        assert!(
            watched.iter().any(|p| p.ends_with("base.yaml")),
            "{watched:?}"
        );
        std::fs::write(&base, "ignore: [L002, L003]\n").unwrap();
        assert!(engines.take_stale());
        // Told once: until it is read again, nothing is loaded to be stale.
        assert!(!engines.take_stale());
        assert!(!ignores_l001(&engines.for_path(None).unwrap()));
        assert!(!engines.take_stale());
    }

    #[test]
    fn isolated_uses_the_defaults() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(".boardlint.yaml");
        std::fs::write(&file, "ignore: [L001]\n").unwrap();
        let engines = Engines::new(&flags(None, true)).unwrap();
        assert!(!ignores_l001(&engines.for_path(Some(&file)).unwrap()));
    }

    #[test]
    fn a_path_finds_the_configuration_above_it() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(".git")).unwrap();
        std::fs::write(dir.path().join(".boardlint.yaml"), "ignore: [L001]\n").unwrap();
        let engines = Engines::new(&flags(None, false)).unwrap();
        // A virtual path: nothing exists under `drafts/`.
        let draft = dir.path().join("drafts/q3.md");
        assert!(ignores_l001(&engines.for_path(Some(&draft)).unwrap()));
        let elsewhere = tempfile::tempdir().unwrap();
        std::fs::create_dir(elsewhere.path().join(".git")).unwrap();
        let other = elsewhere.path().join("q3.md");
        assert!(!ignores_l001(&engines.for_path(Some(&other)).unwrap()));
    }
}
