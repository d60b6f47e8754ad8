//! Configuration: discovery of `.boardlint.yaml` / `boardlint.yaml`,
//! `extends`, rule selection, and the resolved settings of each file.
//!
//! The YAML itself is read in [`file`], the one module that knows the YAML
//! crate; this module works on the typed values.

mod file;

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use globset::{Glob, GlobSet, GlobSetBuilder};

pub use file::{RawConfig, CONFIG_NAMES, KEYS};

use crate::diagnostic::Severity;
use crate::kinds::FileKind;
use crate::model::sections::Lang;
use crate::roles::edit_distance;
use crate::settings::{RuleSelection, Settings};

/// An error in a configuration file: the file, the line, the key, and what
/// is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    pub path: PathBuf,
    pub line: Option<usize>,
    pub key: Option<String>,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, ": ")?;
        if let Some(key) = &self.key {
            write!(f, "`{key}`: ")?;
        }
        f.write_str(&self.message)
    }
}

/// Where a resolved value came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Default,
    File { path: PathBuf, line: Option<usize> },
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Default => f.write_str("default"),
            Source::File {
                path,
                line: Some(l),
            } => write!(f, "{}:{l}", path.display()),
            Source::File { path, line: None } => write!(f, "{}", path.display()),
        }
    }
}

/// Settings resolved from a configuration file and everything it extends.
#[derive(Debug, Clone)]
pub struct Config {
    /// The file found (or given), if any.
    pub path: Option<PathBuf>,
    pub settings: Settings,
    pub lang: Option<Lang>,
    /// Globs relative to the configuration's directory.
    exclude: Option<(GlobSet, PathBuf)>,
    per_file_ignores: Vec<(GlobSet, PathBuf, Vec<usize>)>,
    kinds: Vec<(GlobSet, PathBuf, FileKind)>,
    /// Each setting's value and where it came from, for `boardlint config`.
    pub report: Vec<(String, String, Source)>,
}

impl Default for Config {
    fn default() -> Self {
        Config::from_layers(Vec::new()).expect("the defaults are valid")
    }
}

impl Config {
    /// The configuration of a file or directory: the closest
    /// `.boardlint.yaml` or `boardlint.yaml` walking up from it, stopping at
    /// the repository root (the directory holding `.git`); none: defaults.
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
        let mut layers: Vec<file::Layer> = Vec::new();
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
            match file::read(&p) {
                Ok(mut layer) => {
                    errors.append(&mut layer.errors);
                    next = layer.raw.extends.as_ref().map(|e| {
                        // `./base.yaml` is `base.yaml`.
                        let e: PathBuf = Path::new(e)
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
        match Config::from_layers(layers) {
            Ok(mut config) if errors.is_empty() => {
                config.path = Some(path.to_path_buf());
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

    /// One configuration file's text, as if read from `path`, without
    /// following `extends` (for callers that hold the text already).
    pub fn from_text(path: &Path, text: String) -> Result<Config, Vec<ConfigError>> {
        let mut layer = file::parse(path, text)?;
        let mut errors = std::mem::take(&mut layer.errors);
        match Config::from_layers(vec![layer]) {
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

    /// The settings of a chain of layers, base first; every value a layer
    /// writes that cannot be used is an error, and all are returned.
    fn from_layers(layers: Vec<file::Layer>) -> Result<Config, Vec<ConfigError>> {
        let mut errors: Vec<ConfigError> = Vec::new();
        let mut settings = Settings::default();
        let mut report: BTreeMap<&'static str, (String, Source)> = BTreeMap::new();
        let d = Settings::default();
        let show = |v: &[String]| format!("[{}]", v.join(", "));
        report.insert("select", ("[ALL]".into(), Source::Default));
        report.insert("ignore", ("[]".into(), Source::Default));
        report.insert("extend-select", ("[]".into(), Source::Default));
        report.insert("severity", ("{}".into(), Source::Default));
        report.insert("per-file-ignores", ("{}".into(), Source::Default));
        report.insert("exclude", ("[]".into(), Source::Default));
        report.insert(
            "roles",
            (
                show(&d.roles.names().map(str::to_string).collect::<Vec<_>>()),
                Source::Default,
            ),
        );
        report.insert("max-depth", (d.max_depth.to_string(), Source::Default));
        report.insert(
            "bullet-limit",
            (d.bullet_limit.to_string(), Source::Default),
        );
        report.insert(
            "board.isolation-phases",
            (format!("{:?}", d.isolation_phases), Source::Default),
        );
        report.insert(
            "board.critique-phases",
            (format!("{:?}", d.critique_phases), Source::Default),
        );
        report.insert("lang", ("auto".into(), Source::Default));
        report.insert("lint-code-blocks", ("false".into(), Source::Default));
        report.insert("kinds", ("{}".into(), Source::Default));
        report.insert("session.roles", ("{}".into(), Source::Default));
        report.insert(
            "pipeline.stages",
            (format!("{:?}", d.pipeline.stages), Source::Default),
        );
        report.insert(
            "pipeline.max-attempts",
            (d.pipeline.max_attempts.to_string(), Source::Default),
        );
        report.insert(
            "pipeline.review-stage",
            (d.pipeline.review_stage.clone(), Source::Default),
        );

        let mut select: Vec<String> = vec!["ALL".into()];
        let mut ignore: Vec<String> = Vec::new();
        let mut extend_select: Vec<String> = Vec::new();
        let mut severity: BTreeMap<String, (String, PathBuf, Option<usize>)> = BTreeMap::new();
        let mut exclude = None;
        let mut per_file = Vec::new();
        let mut lang = None;
        let mut kinds = Vec::new();
        for layer in &layers {
            let raw = &layer.raw;
            let src = |keys: &[&str]| Source::File {
                path: layer.path.clone(),
                line: layer.line_of(keys),
            };
            if let Some(v) = &raw.select {
                check_selectors(layer, &["select"], v, &mut errors);
                select = v.clone();
                report.insert("select", (show(v), src(&["select"])));
            }
            if let Some(v) = &raw.ignore {
                check_selectors(layer, &["ignore"], v, &mut errors);
                ignore = v.clone();
                report.insert("ignore", (show(v), src(&["ignore"])));
            }
            if let Some(v) = &raw.extend_select {
                check_selectors(layer, &["extend-select"], v, &mut errors);
                extend_select.extend(v.iter().cloned());
                report.insert(
                    "extend-select",
                    (show(&extend_select), src(&["extend-select"])),
                );
            }
            if let Some(map) = &raw.severity {
                for (k, level) in map {
                    check_selectors(layer, &["severity"], std::slice::from_ref(k), &mut errors);
                    severity.insert(
                        k.clone(),
                        (
                            level.clone(),
                            layer.path.clone(),
                            layer.line_of(&["severity", k]),
                        ),
                    );
                }
                let shown: Vec<String> = severity
                    .iter()
                    .map(|(k, (v, _, _))| format!("{k}: {v}"))
                    .collect();
                report.insert(
                    "severity",
                    (format!("{{{}}}", shown.join(", ")), src(&["severity"])),
                );
            }
            if let Some(globs) = &raw.exclude {
                exclude = Some((
                    glob_set(layer, &["exclude"], globs, &mut errors),
                    layer.base.clone(),
                ));
                report.insert("exclude", (show(globs), src(&["exclude"])));
            }
            if let Some(map) = &raw.per_file_ignores {
                for (glob, codes) in map {
                    check_selectors(layer, &["per-file-ignores", glob], codes, &mut errors);
                    let set = glob_set(
                        layer,
                        &["per-file-ignores", glob],
                        std::slice::from_ref(glob),
                        &mut errors,
                    );
                    let mut indices = Vec::new();
                    for c in codes {
                        indices.extend(resolve_selector(c).unwrap_or_default());
                    }
                    per_file.push((set, layer.base.clone(), indices));
                }
                let shown: Vec<String> = map
                    .iter()
                    .map(|(k, v)| format!("{k}: {}", show(v)))
                    .collect();
                report.insert(
                    "per-file-ignores",
                    (
                        format!("{{{}}}", shown.join(", ")),
                        src(&["per-file-ignores"]),
                    ),
                );
            }
            if let Some(roles) = &raw.roles {
                for r in roles {
                    settings.roles.add(r);
                }
                report.insert(
                    "roles",
                    (
                        show(
                            &settings
                                .roles
                                .names()
                                .map(str::to_string)
                                .collect::<Vec<_>>(),
                        ),
                        src(&["roles"]),
                    ),
                );
            }
            if let Some(v) = raw.max_depth {
                settings.max_depth = v;
                report.insert("max-depth", (v.to_string(), src(&["max-depth"])));
            }
            if let Some(v) = raw.bullet_limit {
                settings.bullet_limit = v;
                report.insert("bullet-limit", (v.to_string(), src(&["bullet-limit"])));
            }
            if let Some(board) = &raw.board {
                if let Some(v) = &board.isolation_phases {
                    settings.isolation_phases = v.clone();
                    report.insert(
                        "board.isolation-phases",
                        (format!("{v:?}"), src(&["board", "isolation-phases"])),
                    );
                }
                if let Some(v) = &board.critique_phases {
                    settings.critique_phases = v.clone();
                    report.insert(
                        "board.critique-phases",
                        (format!("{v:?}"), src(&["board", "critique-phases"])),
                    );
                }
            }
            if let Some(l) = &raw.lang {
                lang = match l.as_str() {
                    "en" => Some(Lang::En),
                    "pt-BR" | "pt" => Some(Lang::Pt),
                    other => {
                        errors.push(layer.error(
                            &["lang"],
                            format!("`{other}` is not a language: use `en` or `pt-BR`"),
                        ));
                        None
                    }
                }
                .or(lang);
                report.insert("lang", (l.clone(), src(&["lang"])));
            }
            if let Some(v) = raw.lint_code_blocks {
                settings.lint_code_blocks = v;
                report.insert(
                    "lint-code-blocks",
                    (v.to_string(), src(&["lint-code-blocks"])),
                );
            }
            if let Some(map) = &raw.kinds {
                for (glob, kind) in map {
                    let Some(k) = crate::kinds::FileKind::from_name(kind) else {
                        errors.push(layer.error(
                            &["kinds", glob],
                            format!("`{kind}` is not a file kind: use transcript, decision-log, handoff, transition-log, handshake-log or session-log"),
                        ));
                        continue;
                    };
                    let set = glob_set(
                        layer,
                        &["kinds", glob],
                        std::slice::from_ref(glob),
                        &mut errors,
                    );
                    kinds.push((set, layer.base.clone(), k));
                }
                let shown: Vec<String> = map.iter().map(|(k, v)| format!("{k}: {v}")).collect();
                report.insert(
                    "kinds",
                    (format!("{{{}}}", shown.join(", ")), src(&["kinds"])),
                );
            }
            if let Some(map) = raw.session.as_ref().and_then(|s| s.roles.as_ref()) {
                settings.session_roles = map
                    .iter()
                    .map(|(k, v)| (k.clone(), v.to_ascii_lowercase()))
                    .collect();
                let shown: Vec<String> = map.iter().map(|(k, v)| format!("{k}: {v}")).collect();
                report.insert(
                    "session.roles",
                    (
                        format!("{{{}}}", shown.join(", ")),
                        src(&["session", "roles"]),
                    ),
                );
            }
            if let Some(p) = &raw.pipeline {
                if let Some(v) = &p.stages {
                    if v.is_empty() {
                        errors.push(layer.error(
                            &["pipeline", "stages"],
                            "the pipeline needs at least one stage".into(),
                        ));
                    } else {
                        settings.pipeline.stages = v.clone();
                    }
                    report.insert(
                        "pipeline.stages",
                        (format!("{v:?}"), src(&["pipeline", "stages"])),
                    );
                }
                if let Some(v) = p.max_attempts {
                    settings.pipeline.max_attempts = v;
                    report.insert(
                        "pipeline.max-attempts",
                        (v.to_string(), src(&["pipeline", "max-attempts"])),
                    );
                }
                if let Some(v) = &p.review_stage {
                    settings.pipeline.review_stage = v.clone();
                    report.insert(
                        "pipeline.review-stage",
                        (v.clone(), src(&["pipeline", "review-stage"])),
                    );
                }
                if let Some(v) = p.max_log_bytes {
                    settings.pipeline.max_log_bytes = v;
                    report.insert(
                        "pipeline.max-log-bytes",
                        (v.to_string(), src(&["pipeline", "max-log-bytes"])),
                    );
                }
                if let Some(v) = p.max_event_bytes {
                    settings.pipeline.max_event_bytes = v;
                    report.insert(
                        "pipeline.max-event-bytes",
                        (v.to_string(), src(&["pipeline", "max-event-bytes"])),
                    );
                }
            }
        }

        // select, then extend-select, minus ignore; `severity: off` disables.
        let mut selection = RuleSelection::none(crate::rules::all().len());
        for s in select.iter().chain(&extend_select) {
            for i in resolve_selector(s).unwrap_or_default() {
                selection.set(i, true);
            }
        }
        for s in &ignore {
            for i in resolve_selector(s).unwrap_or_default() {
                selection.set(i, false);
            }
        }
        for (selector, (level, path, line)) in &severity {
            let level = match level.as_str() {
                "error" => Some(Severity::Error),
                "warning" => Some(Severity::Warning),
                "off" => None,
                other => {
                    errors.push(ConfigError {
                        path: path.clone(),
                        line: *line,
                        key: Some(format!("severity.{selector}")),
                        message: format!(
                            "`{other}` is not a severity: use `error`, `warning` or `off`"
                        ),
                    });
                    continue;
                }
            };
            for i in resolve_selector(selector).unwrap_or_default() {
                match level {
                    Some(l) => selection.set_severity(i, l),
                    None => selection.set(i, false),
                }
            }
        }
        settings.rules = selection;
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Config {
            path: None,
            settings,
            lang,
            exclude,
            per_file_ignores: per_file,
            kinds,
            report: report
                .into_iter()
                .map(|(k, (v, s))| (k.to_string(), v, s))
                .collect(),
        })
    }

    /// The settings for one file: the configuration's, less the rules its
    /// `per-file-ignores` turn off for that path.
    pub fn settings_for(&self, path: &Path) -> Settings {
        let mut settings = self.settings.clone();
        for (set, base, indices) in &self.per_file_ignores {
            if matches(set, base, path) {
                for &i in indices {
                    settings.rules.set(i, false);
                }
            }
        }
        settings
    }

    /// The kind the `kinds` setting forces for a path, if any: the last
    /// matching glob wins.
    pub fn kind_for(&self, path: &Path) -> Option<FileKind> {
        self.kinds
            .iter()
            .rev()
            .find(|(set, base, _)| matches(set, base, path))
            .map(|(_, _, k)| *k)
    }

    /// Whether `exclude` matches a path.
    pub fn is_excluded(&self, path: &Path) -> bool {
        self.exclude
            .as_ref()
            .is_some_and(|(set, base)| matches(set, base, path))
    }
}

/// Match a path against globs relative to a base directory. A glob also
/// matches the path's parents, so `archive/**` and `archive` exclude a
/// whole directory.
fn matches(set: &GlobSet, base: &Path, path: &Path) -> bool {
    let abs = absolute(path);
    let rel = abs.strip_prefix(absolute(base)).unwrap_or(&abs);
    rel.ancestors()
        .filter(|p| !p.as_os_str().is_empty())
        .any(|p| set.is_match(p))
}

fn absolute(path: &Path) -> PathBuf {
    if path.is_absolute() {
        tidy(path)
    } else {
        tidy(&std::env::current_dir().unwrap_or_default().join(path))
    }
}

/// A path with `.` and `..` resolved by its text alone, without touching the
/// file system.
fn tidy(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir
                if matches!(
                    out.components().next_back(),
                    Some(std::path::Component::Normal(_))
                ) =>
            {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

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

fn glob_set(
    layer: &file::Layer,
    keys: &[&str],
    globs: &[String],
    errors: &mut Vec<ConfigError>,
) -> GlobSet {
    let mut builder = GlobSetBuilder::new();
    for g in globs {
        match Glob::new(g) {
            Ok(glob) => {
                builder.add(glob);
            }
            Err(e) => errors.push(ConfigError {
                line: layer.line_of_value(keys, g),
                ..layer.error(keys, format!("`{g}` is not a valid glob: {}", e.kind()))
            }),
        }
    }
    builder.build().unwrap_or_else(|e| {
        errors.push(layer.error(keys, e.to_string()));
        GlobSet::empty()
    })
}

/// The rules a selector names: `ALL`, a code (`L001`), a code prefix (`L`,
/// `C00`) or a rule name (`self-invocation`), in any case.
pub fn resolve_selector(selector: &str) -> Result<Vec<usize>, String> {
    let all = crate::rules::all();
    let s = selector.trim();
    if s.eq_ignore_ascii_case("ALL") {
        return Ok((0..all.len()).collect());
    }
    if let Some(i) = all
        .iter()
        .position(|r| r.meta().name.eq_ignore_ascii_case(s))
    {
        return Ok(vec![i]);
    }
    let upper = s.to_ascii_uppercase();
    let prefix = upper.len() <= 4
        && upper.chars().next().is_some_and(|c| c.is_ascii_uppercase())
        && upper[1..].chars().all(|c| c.is_ascii_digit());
    if prefix {
        let found: Vec<usize> = (0..all.len())
            .filter(|&i| all[i].meta().code.starts_with(&upper))
            .collect();
        if !found.is_empty() {
            return Ok(found);
        }
    }
    let candidates = all.iter().flat_map(|r| [r.meta().code, r.meta().name]);
    let best = candidates
        .map(|c| {
            (
                edit_distance(&s.to_ascii_lowercase(), &c.to_ascii_lowercase()),
                c,
            )
        })
        .min_by_key(|(d, _)| *d);
    let hint = match best {
        Some((d, c)) if d <= 2 => format!("; did you mean `{c}`?"),
        _ => String::new(),
    };
    Err(format!(
        "`{s}` is not a rule code, code prefix or rule name{hint}"
    ))
}

fn check_selectors(
    layer: &file::Layer,
    keys: &[&str],
    selectors: &[String],
    errors: &mut Vec<ConfigError>,
) {
    for s in selectors {
        if let Err(message) = resolve_selector(s) {
            errors.push(ConfigError {
                line: layer.line_of_value(keys, s),
                ..layer.error(keys, message)
            });
        }
    }
}

/// The commented default configuration `boardlint init` writes.
pub const DEFAULT_CONFIG: &str = include_str!("default.boardlint.yaml");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selectors_resolve_codes_prefixes_names_and_all() {
        assert_eq!(
            resolve_selector("ALL").unwrap().len(),
            crate::rules::all().len()
        );
        assert_eq!(resolve_selector("l001").unwrap().len(), 1);
        assert_eq!(
            resolve_selector("self-invocation").unwrap(),
            resolve_selector("L001").unwrap()
        );
        assert_eq!(resolve_selector("L").unwrap().len(), 6);
        assert_eq!(resolve_selector("C00").unwrap().len(), 9);
        let err = resolve_selector("L0001").unwrap_err();
        assert!(err.contains("did you mean"), "{err}");
        assert!(resolve_selector("Z").is_err());
    }

    #[test]
    fn the_default_config_parses_to_the_defaults() {
        let dir = std::env::temp_dir().join(format!("boardlint-default-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(".boardlint.yaml");
        std::fs::write(&path, DEFAULT_CONFIG).unwrap();
        let config = Config::load(&path).unwrap();
        assert_eq!(config.settings.rules, Settings::default().rules);
        assert_eq!(config.settings.max_depth, 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
