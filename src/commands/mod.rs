//! The run of each command, and what they share: finding each file's
//! configuration and the files to work on.

pub mod check;
pub mod config;
pub mod engines;
pub mod failing;
mod fix;
pub mod fmt;
pub mod generate;
pub mod hook;
mod jsonrpc;
pub mod mcp;
mod noqa;
mod prepare;
pub mod rule;
pub mod server;
mod shown_settings;
pub mod watch;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::config::{inline_setting, ConfigError, FlagLayer, Keep, Overrides, Resolved, Resolver};
use crate::files::{self, Input};
use crate::kinds::FileKind;
use clap::Args;

/// How configuration files are found, and settings given on the command
/// line.
#[derive(Debug, Clone, Default, Args)]
pub struct ConfigFlags {
    /// A configuration file to use for every path instead of discovering
    /// one, or a setting `KEY=VALUE` (or `KEY: VALUE`), its value in YAML
    /// (`lang=pt-BR`, `'select=[L, C001]'`, `pipeline.max-attempts=5`),
    /// applied over every file's configuration. Repeatable; a path that
    /// names an existing file is that file.
    #[arg(long, value_name = "FILE|KEY=VALUE", global = true)]
    pub config: Vec<PathBuf>,
    /// Ignore every configuration file; use the defaults (and the settings
    /// given with `--config KEY=VALUE`).
    #[arg(long, global = true)]
    pub isolated: bool,
}

impl ConfigFlags {
    /// The configuration file given, if any: a `--config` that names an
    /// existing file, or that is no `KEY=VALUE` (and so a file that is
    /// missing, to be reported as such).
    pub fn file(&self) -> Option<&PathBuf> {
        self.config.iter().find(|c| is_file_given(c))
    }

    /// The settings given as `--config KEY=VALUE`, in order; an error when
    /// two files are given, or a file with `--isolated`.
    pub fn settings(&self) -> Result<Vec<String>, ConfigFailure> {
        let files: Vec<&PathBuf> = self.config.iter().filter(|c| is_file_given(c)).collect();
        let wrong = match (files.as_slice(), self.isolated) {
            ([a, b, ..], _) => Some(format!(
                "two configuration files given (`{}` and `{}`): one applies to every path; give settings as `--config KEY=VALUE`",
                display_path(a),
                display_path(b)
            )),
            ([file], true) => Some(format!(
                "`{}` cannot be used with `--isolated`, which reads no configuration file; give settings as `--config KEY=VALUE`",
                display_path(file)
            )),
            _ => None,
        };
        if let Some(message) = wrong {
            return Err(ConfigFailure {
                path: PathBuf::from("command line"),
                errors: vec![ConfigError {
                    path: PathBuf::from("command line"),
                    line: None,
                    key: Some("--config".into()),
                    message,
                }],
            });
        }
        Ok(self
            .config
            .iter()
            .filter(|c| !is_file_given(c))
            .map(|c| files::path_text(c).into_owned())
            .collect())
    }

    /// The command line's flags, with the settings given as `--config
    /// KEY=VALUE` first, as one more layer (or none) over every
    /// configuration.
    pub fn layer(&self, flags: &Overrides) -> Result<Option<FlagLayer>, ConfigFailure> {
        let flags = Overrides {
            settings: self.settings()?,
            ..flags.clone()
        };
        flags.layer().map_err(|errors| ConfigFailure {
            path: PathBuf::from("command line"),
            errors,
        })
    }
}

/// Whether a `--config` value is a file's path: one that exists, or one
/// that is no `KEY=VALUE`.
fn is_file_given(value: &Path) -> bool {
    value.exists() || value.to_str().and_then(inline_setting).is_none()
}

/// A rule selector on the command line: any text (a code, a prefix, a
/// name, `ALL`; the configuration's resolver judges it), offering every
/// rule's code and name and `ALL` to shell completion.
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleSelector;

impl clap::builder::TypedValueParser for RuleSelector {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        use clap::builder::PossibleValue;
        let rules = crate::rules::all().iter().flat_map(|r| {
            let m = r.meta();
            [
                PossibleValue::new(m.code).help(m.name),
                PossibleValue::new(m.name).help(m.code),
            ]
        });
        Some(Box::new(
            std::iter::once(PossibleValue::new("ALL").help("every rule")).chain(rules),
        ))
    }
}

/// Rule selection on the command line, layered over the configuration as
/// the settings of the same names are (docs/configuration.md).
#[derive(Debug, Clone, Args, Default)]
pub struct RuleFlags {
    /// Rules to run instead of the configuration's `select`: codes, code
    /// prefixes, rule names or `ALL`, comma-separated or repeated.
    #[arg(long, value_name = "RULES", value_delimiter = ',', value_parser = RuleSelector, hide_possible_values = true)]
    pub select: Option<Vec<String>>,
    /// Rules to run in addition to `select`.
    #[arg(long, value_name = "RULES", value_delimiter = ',', value_parser = RuleSelector, hide_possible_values = true)]
    pub extend_select: Vec<String>,
    /// Rules not to run, instead of the configuration's `ignore`.
    #[arg(long, value_name = "RULES", value_delimiter = ',', value_parser = RuleSelector, hide_possible_values = true)]
    pub ignore: Option<Vec<String>>,
    /// Rules not to run, in addition to `ignore`.
    #[arg(long, value_name = "RULES", value_delimiter = ',', value_parser = RuleSelector, hide_possible_values = true)]
    pub extend_ignore: Vec<String>,
    /// `GLOB:RULES`: rules not to run on the files the glob (relative to the
    /// current directory) matches, in addition to `per-file-ignores`.
    /// Repeatable.
    #[arg(long, value_name = "GLOB:RULES")]
    pub per_file_ignores: Vec<String>,
}

impl RuleFlags {
    pub fn overrides(&self) -> Overrides {
        Overrides {
            select: self.select.clone(),
            extend_select: self.extend_select.clone(),
            ignore: self.ignore.clone(),
            extend_ignore: self.extend_ignore.clone(),
            per_file_ignores: self.per_file_ignores.clone(),
            ..Overrides::default()
        }
    }
}

/// When to use colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// Whether to colour standard output.
    pub fn enabled(self) -> bool {
        use std::io::IsTerminal as _;
        self.enabled_for(std::io::stdout().is_terminal(), |k| std::env::var_os(k))
    }

    /// `always` and `never` decide. `auto` colours a terminal, unless
    /// NO_COLOR is set (to anything but the empty string); FORCE_COLOR or
    /// CLICOLOR_FORCE set (to anything but empty or `0`) colour any output,
    /// NO_COLOR or not, as ruff does.
    pub fn enabled_for(
        self,
        terminal: bool,
        env: impl Fn(&str) -> Option<std::ffi::OsString>,
    ) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                let forced = |k: &str| env(k).is_some_and(|v| !v.is_empty() && v != "0");
                if forced("FORCE_COLOR") || forced("CLICOLOR_FORCE") {
                    return true;
                }
                terminal && env("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

/// How directories are walked.
#[derive(Debug, Clone, Args)]
pub struct WalkFlags {
    /// Apply `exclude` to paths given explicitly too (for pre-commit, which
    /// passes every staged file).
    #[arg(long)]
    pub force_exclude: bool,
    /// Do not honour `.gitignore`, `.ignore` and git's exclude files.
    #[arg(long)]
    pub no_ignore: bool,
    /// Globs (relative to the current directory) of files never checked or
    /// formatted, instead of the configuration's `exclude` (its
    /// `extend-exclude` still applies): comma-separated or repeated.
    #[arg(long, value_name = "GLOBS", value_delimiter = ',')]
    pub exclude: Option<Vec<String>>,
    /// Globs (relative to the current directory) of files never checked or
    /// formatted, in addition to `exclude` and `extend-exclude`.
    #[arg(long, value_name = "GLOBS", value_delimiter = ',')]
    pub extend_exclude: Vec<String>,
}

impl WalkFlags {
    /// The command line's other flags, with `--exclude` and
    /// `--extend-exclude`.
    pub fn with_excludes(&self, rules: Overrides) -> Overrides {
        Overrides {
            exclude: self.exclude.clone(),
            extend_exclude: self.extend_exclude.clone(),
            ..rules
        }
    }
}

/// The paths to work on. With `--stdin-filename`, standard input is read
/// whatever the paths, as ruff reads it: each path but `-` is ignored, with
/// a warning (unless `quiet`).
pub fn stdin_or_paths(paths: &[PathBuf], stdin_filename: bool, quiet: bool) -> Vec<PathBuf> {
    if !stdin_filename {
        return paths.to_vec();
    }
    for path in paths.iter().filter(|p| p.as_os_str() != "-") {
        if !quiet {
            eprintln!(
                "warning: {}: ignored: with --stdin-filename, standard input is read instead",
                crate::output::safe::text(&display_path(path))
            );
        }
    }
    vec![PathBuf::from("-")]
}

/// Exit codes.
pub const EXIT_OK: i32 = 0;
pub const EXIT_FINDINGS: i32 = 1;
pub const EXIT_FAILURE: i32 = 2;

/// Let a closed standard output end the run quietly, as Unix tools do
/// (`boardlint check | head -1`). Rust's runtime ignores SIGPIPE, so that
/// each write past the reader's end fails with an error instead; on Unix
/// the signal gets its default disposition back and the process ends at
/// the first such write, with no message. For the commands that write a
/// report or text to standard output; not `hook`, `mcp` and `server`,
/// which own their streams, nor `check --fix`, whose files are rewritten
/// while the report is written: there the report stops, quietly, and the
/// run goes on ([`is_closed_pipe`]).
pub fn end_quietly_when_stdout_closes() {
    #[cfg(unix)]
    // SAFETY: restores the default disposition of one signal, before any
    // other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Whether a write failed because the reader of the pipe has gone: the end
/// of the output, not an error of the run (where no signal ended it).
pub fn is_closed_pipe(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::BrokenPipe
}

/// Write a command's text to standard output: exit code 0, or 2 with
/// `error: standard output: CAUSE`. A reader that has gone ends the text
/// quietly.
pub fn print_out(text: &[u8]) -> i32 {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    match out.write_all(text).and_then(|()| out.flush()) {
        Ok(()) => EXIT_OK,
        Err(e) if is_closed_pipe(&e) => EXIT_OK,
        Err(e) => {
            eprintln!("error: standard output: {e}");
            EXIT_FAILURE
        }
    }
}

pub use crate::config::ConfigFailure;

/// Why a file was not checked or formatted.
pub enum Failure {
    /// Its configuration has errors: reported once for all its files.
    Config(Arc<ConfigFailure>),
    /// Anything else: reported for the file.
    File(String),
}

/// A configuration, or why it could not be loaded.
type Loaded = Resolved;

/// Resolves the configuration of each path, once per configuration file
/// ([`Keep::Run`]). A configuration with errors fails only the files under
/// it.
pub struct Workspace {
    configs: Resolver,
    /// `-v`: say on standard error which configuration each directory
    /// gets, once, as it is found.
    verbose: bool,
}

impl Workspace {
    /// A workspace whose configurations all end with the command line's
    /// rule and exclude flags (`--select`, `--exclude`, …); a flag that
    /// names no rule, or a glob that does not parse, fails it. `--config
    /// FILE` is loaded at once: every file would be under it.
    pub fn with_rules(flags: &ConfigFlags, rules: &Overrides) -> Result<Workspace, ConfigFailure> {
        let rule_flags = flags.layer(rules)?;
        let configs = Resolver::new(flags.file().cloned(), flags.isolated, rule_flags, Keep::Run);
        if flags.isolated || flags.file().is_some() {
            let every = configs.file_for(Path::new(".")).0;
            configs.config_of(every).map_err(|f| ConfigFailure {
                path: f.path.clone(),
                errors: f.errors.clone(),
            })?;
        }
        Ok(Workspace {
            configs,
            verbose: false,
        })
    }

    /// Log configuration discovery to standard error (`-v`).
    pub fn verbose(mut self, on: bool) -> Workspace {
        self.verbose = on;
        self
    }

    /// The configuration that governs a file (or the path standing for
    /// standard input).
    pub fn config_for(&self, path: &Path) -> Loaded {
        let (file, looked_in) = self.configs.file_for(path);
        if let (true, Some(dir)) = (self.verbose, looked_in) {
            let dir = if dir.as_os_str().is_empty() {
                Path::new(".")
            } else {
                dir
            };
            eprintln!(
                "boardlint: {}: {}",
                crate::output::safe::text(&display_path(dir)),
                file.as_ref().map_or_else(
                    || "no configuration file (defaults)".to_string(),
                    |p| format!(
                        "configuration {}",
                        crate::output::safe::text(&display_path(p))
                    )
                )
            );
        }
        self.configs.config_of(file)
    }

    /// The inputs to work on, with errors for paths that do not exist.
    /// Walked files are dropped when their configuration excludes them;
    /// explicit paths only with `--force-exclude`. A file whose
    /// configuration has errors is kept, to be reported as not checked.
    pub fn inputs(&self, paths: &[PathBuf], walk: &WalkFlags) -> (Vec<Input>, Vec<String>) {
        let (found, errors) = files::discover(paths, walk.no_ignore);
        let excluded = |p: &Path| self.config_for(p).is_ok_and(|c| c.is_excluded(p));
        let mut inputs = Vec::with_capacity(found.len());
        for f in found {
            let keep = match &f {
                files::Found::Stdin => true,
                files::Found::Walked(p) => !excluded(p),
                files::Found::ToolFile(p, tool) => {
                    if self.verbose {
                        eprintln!(
                            "boardlint: {}: skipped, a working file in {tool}'s log directory, not a log",
                            crate::output::safe::text(&display_path(p))
                        );
                    }
                    false
                }
                files::Found::Explicit(p) => !walk.force_exclude || !excluded(p),
            };
            if keep {
                inputs.push(f.into_input());
            }
        }
        (inputs, errors)
    }
}

/// The files left unchecked by configurations with errors, by
/// configuration: each configuration's errors are printed once, with how
/// many files they kept from being checked and the first few names.
#[derive(Default)]
pub struct Unchecked {
    by_config: BTreeMap<PathBuf, (Arc<ConfigFailure>, usize, Vec<String>)>,
}

/// The names listed after a configuration's errors.
const UNCHECKED_NAMES: usize = 3;

impl Unchecked {
    pub fn add(&mut self, failure: &Arc<ConfigFailure>, name: &str) {
        let (_, count, names) = self
            .by_config
            .entry(failure.path.clone())
            .or_insert_with(|| (failure.clone(), 0, Vec::new()));
        *count += 1;
        if names.len() < UNCHECKED_NAMES {
            names.push(name.to_string());
        }
    }

    pub fn is_empty(&self) -> bool {
        self.by_config.is_empty()
    }

    /// How many files were not checked.
    pub fn count(&self) -> usize {
        self.by_config.values().map(|(_, n, _)| n).sum()
    }

    /// Print to standard error; `done` is what was not done to the files
    /// (`checked`, `formatted`).
    pub fn report(&self, done: &str) {
        for (path, (failure, count, names)) in &self.by_config {
            failing::print_config_errors(&failure.errors);
            let files = if *count == 1 { "file" } else { "files" };
            let mut listed = names.join(", ");
            if *count > names.len() {
                listed.push_str(&format!(" and {} more", count - names.len()));
            }
            eprintln!(
                "error: {}: {count} {files} not {done}, as this configuration has errors: {}",
                crate::output::safe::text(&display_path(path)),
                crate::output::safe::text(&listed)
            );
        }
    }
}

/// The kind a file met while walking has by detection alone, for a file
/// whose configuration has errors: a file no command would have worked on
/// (a YAML file that is no record, the configuration file itself, a binary
/// file: `Other`) is then left out of the files reported unchecked. `None`
/// for files named on the command line, which are always reported, and for
/// files that cannot be read.
pub fn walked_kind(input: &Input) -> Option<FileKind> {
    let Input::Walked(path) = input else {
        return None;
    };
    match files::read(input) {
        Ok(text) => Some(crate::engine::detect(Some(path), &text)),
        Err(files::ReadError::Binary { .. }) => Some(FileKind::Other),
        Err(_) => None,
    }
}

pub use crate::files::display_path;

#[cfg(test)]
mod color_tests {
    use super::ColorChoice;
    use std::ffi::OsString;

    fn with<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<OsString> + 'a {
        move |k| {
            vars.iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| OsString::from(v))
        }
    }

    #[test]
    fn auto_colours_a_terminal_unless_no_color_and_forced_colour_wins() {
        let auto = ColorChoice::Auto;
        assert!(auto.enabled_for(true, with(&[])));
        assert!(!auto.enabled_for(false, with(&[])));
        assert!(!auto.enabled_for(true, with(&[("NO_COLOR", "1")])));
        assert!(auto.enabled_for(true, with(&[("NO_COLOR", "")])));
        assert!(auto.enabled_for(false, with(&[("FORCE_COLOR", "1")])));
        assert!(auto.enabled_for(false, with(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")])));
        assert!(!auto.enabled_for(false, with(&[("CLICOLOR_FORCE", "0")])));
        assert!(!auto.enabled_for(false, with(&[("FORCE_COLOR", "")])));
        assert!(!ColorChoice::Never.enabled_for(true, with(&[("FORCE_COLOR", "1")])));
        assert!(ColorChoice::Always.enabled_for(false, with(&[("NO_COLOR", "1")])));
    }
}
