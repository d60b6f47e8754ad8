//! Every setting of a configuration file, described once: its key, type,
//! default and documentation, how it is read from the YAML and how it is
//! applied to the resolved settings. Reading (with its unknown-key errors),
//! `extends`, the `boardlint config` report and the reference in
//! `docs/configuration.md` all follow this table; a new setting is one row
//! here (and the field in `Settings` it sets).

use super::layer::{list, At, Resolution, Written};
use super::selectors;

/// One setting.
#[derive(Debug)]
pub struct Setting {
    /// As written in the file; a nested key with its section before a dot:
    /// `pipeline.stages`.
    pub key: &'static str,
    pub ty: Type,
    pub default: Default,
    /// What a file's value does to the value of a file it extends.
    pub merge: Merge,
    /// What the setting means, as the reference says it.
    pub doc: &'static str,
    /// Takes one file's value into the settings being resolved; a value
    /// that cannot be used is an error in `at`'s file.
    pub apply: fn(&mut Resolution, &Written, &At),
    /// The value `boardlint config` shows once every file is applied, given
    /// the last value a file wrote (`None`: the setting is not shown).
    pub show: Option<fn(&Resolution, Option<&Written>) -> String>,
}

/// A setting's type: its name in the reference, and the shape of YAML
/// value it is read from.
#[derive(Debug, Clone, Copy)]
pub struct Type {
    pub name: &'static str,
    pub shape: Shape,
}

/// The shapes of YAML value a setting is read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A string.
    Text,
    /// A list of strings.
    Texts,
    /// A whole number of 0 or more, at most `max`.
    Number { max: u64 },
    /// A list of whole numbers, each at most `max`.
    Numbers { max: u64 },
    /// `true` or `false`.
    Flag,
    /// A mapping of strings to strings.
    TextMap,
    /// A mapping of strings to lists of strings.
    ListMap,
}

/// A setting's default, as the reference writes it.
#[derive(Debug, Clone, Copy)]
pub enum Default {
    /// A value, written as in the file.
    Yaml(&'static str),
    /// No value: what applies instead, in words.
    Words(&'static str),
}

/// What a file's value does to the one it inherits through `extends`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Merge {
    /// The file's value replaces the inherited one.
    Replaces,
    /// The file's value adds to the inherited one.
    AddsTo,
    /// Each file's own, not inherited.
    OwnFile,
}

const PATH: Type = Type {
    name: "path",
    shape: Shape::Text,
};
const SELECTORS: Type = Type {
    name: "list of rule selectors",
    shape: Shape::Texts,
};
const SEVERITY_MAP: Type = Type {
    name: "selector → severity",
    shape: Shape::TextMap,
};
const GLOB_SELECTORS: Type = Type {
    name: "glob → list of rule selectors",
    shape: Shape::ListMap,
};
const GLOBS: Type = Type {
    name: "list of globs",
    shape: Shape::Texts,
};
const ROLES: Type = Type {
    name: "list of role tokens",
    shape: Shape::Texts,
};
const COUNT: Type = Type {
    name: "whole number",
    shape: Shape::Number {
        max: usize::MAX as u64,
    },
};
const PHASES: Type = Type {
    name: "list of phases",
    shape: Shape::Numbers {
        max: u32::MAX as u64,
    },
};
const LANGUAGE: Type = Type {
    name: "language",
    shape: Shape::Text,
};
const BOOL: Type = Type {
    name: "`true` or `false`",
    shape: Shape::Flag,
};
const KIND_MAP: Type = Type {
    name: "glob → file kind",
    shape: Shape::TextMap,
};
const STAGES: Type = Type {
    name: "list of stage names",
    shape: Shape::Texts,
};
const ATTEMPTS: Type = Type {
    name: "whole number",
    shape: Shape::Number {
        max: u32::MAX as u64,
    },
};
const STAGE: Type = Type {
    name: "stage name",
    shape: Shape::Text,
};
const BYTES: Type = Type {
    name: "number of bytes",
    shape: Shape::Number { max: u64::MAX },
};
const MILLISECONDS: Type = Type {
    name: "milliseconds",
    shape: Shape::Number { max: 600_000 },
};
const ROLE_MAP: Type = Type {
    name: "name → role token",
    shape: Shape::TextMap,
};

/// Every setting, in the order they are read, applied and documented.
pub const SETTINGS: &[Setting] = &[
    Setting {
        key: "extends",
        ty: PATH,
        default: Default::Words("none"),
        merge: Merge::OwnFile,
        doc: "another configuration file to inherit from; a file that is no boardlint configuration (not a mapping of settings) is refused, and nothing of it is shown",
        // Followed when the files are read; the files read are named on the
        // first line of `boardlint config`.
        apply: |_, _, _| {},
        show: None,
    },
    Setting {
        key: "select",
        ty: SELECTORS,
        default: Default::Yaml("[ALL]"),
        merge: Merge::Replaces,
        doc: "the rules to run: codes (`L001`), code prefixes (`L`, `C00`), rule names (`self-invocation`), or `ALL`",
        apply: |r, v, at| {
            selectors::check(at, v.texts(), &mut r.errors);
            r.select = v.texts().to_vec();
        },
        show: Some(|r, _| list(&r.select)),
    },
    Setting {
        key: "ignore",
        ty: SELECTORS,
        default: Default::Yaml("[]"),
        merge: Merge::Replaces,
        doc: "rules not to run (applied after `select` and `extend-select`)",
        apply: |r, v, at| {
            selectors::check(at, v.texts(), &mut r.errors);
            r.ignore = v.texts().to_vec();
        },
        show: Some(|r, _| list(&r.ignore)),
    },
    Setting {
        key: "extend-select",
        ty: SELECTORS,
        default: Default::Yaml("[]"),
        merge: Merge::AddsTo,
        doc: "rules to run in addition to `select`",
        apply: |r, v, at| {
            selectors::check(at, v.texts(), &mut r.errors);
            r.extend_select.extend(v.texts().iter().cloned());
        },
        show: Some(|r, _| list(&r.extend_select)),
    },
    Setting {
        key: "extend-ignore",
        ty: SELECTORS,
        default: Default::Yaml("[]"),
        merge: Merge::AddsTo,
        doc: "rules not to run in addition to `ignore`",
        apply: |r, v, at| {
            selectors::check(at, v.texts(), &mut r.errors);
            r.extend_ignore.extend(v.texts().iter().cloned());
        },
        show: Some(|r, _| list(&r.extend_ignore)),
    },
    Setting {
        key: "severity",
        ty: SEVERITY_MAP,
        default: Default::Yaml("{}"),
        merge: Merge::AddsTo,
        doc: "a severity per rule or selector: `error`, `warning` or `off`",
        apply: selectors::apply_severity,
        show: Some(|r, _| {
            let shown: Vec<String> = r
                .severity
                .iter()
                .map(|(k, (v, _, _))| format!("{k}: {v}"))
                .collect();
            format!("{{{}}}", shown.join(", "))
        }),
    },
    Setting {
        key: "exclude",
        ty: GLOBS,
        default: Default::Yaml("[]"),
        merge: Merge::Replaces,
        doc: "globs (relative to the configuration file) never checked or formatted when walking directories (and for explicit paths with `--force-exclude`)",
        apply: |r, v, at| {
            let set = r.glob_set(at, v.texts());
            r.exclude = Some((set, at.layer.base.clone()));
        },
        show: Some(|_, w| written_or(w, "[]")),
    },
    Setting {
        key: "extend-exclude",
        ty: GLOBS,
        default: Default::Yaml("[]"),
        merge: Merge::AddsTo,
        doc: "globs excluded in addition to `exclude`, each relative to the configuration file that writes it (a file it extends keeps its own directory); an `exclude` or `--exclude` does not replace them",
        apply: |r, v, at| {
            let set = r.glob_set(at, v.texts());
            r.extend_exclude.push((set, at.layer.base.clone()));
            r.extend_exclude_globs.extend(v.texts().iter().cloned());
        },
        show: Some(|r, _| list(&r.extend_exclude_globs)),
    },
    Setting {
        key: "per-file-ignores",
        ty: GLOB_SELECTORS,
        default: Default::Yaml("{}"),
        merge: Merge::AddsTo,
        doc: "globs (relative to the configuration file) mapped to the rules not run on matching files",
        apply: selectors::apply_per_file_ignores,
        show: Some(|_, w| written_or(w, "{}")),
    },
    Setting {
        key: "roles",
        ty: ROLES,
        default: Default::Yaml("[]"),
        merge: Merge::AddsTo,
        doc: "role tokens accepted besides `ceo cfo cro cmo cpo cto chro coo ciso gc cdo caio cco vpe` (for example `board`)",
        apply: |r, v, _| {
            for role in v.texts() {
                r.settings.roles.add(role);
            }
        },
        show: Some(|r, _| {
            list(
                &r.settings
                    .roles
                    .names()
                    .map(str::to_string)
                    .collect::<Vec<_>>(),
            )
        }),
    },
    Setting {
        key: "max-depth",
        ty: COUNT,
        default: Default::Yaml("2"),
        merge: Merge::Replaces,
        doc: "the deepest call chain allowed, in hops (L002)",
        apply: |r, v, _| r.settings.max_depth = v.number() as usize,
        show: Some(|r, _| r.settings.max_depth.to_string()),
    },
    Setting {
        key: "bullet-limit",
        ty: COUNT,
        default: Default::Yaml("5"),
        merge: Merge::Replaces,
        doc: "the most bullets a card section may hold (C004)",
        apply: |r, v, _| r.settings.bullet_limit = v.number() as usize,
        show: Some(|r, _| r.settings.bullet_limit.to_string()),
    },
    Setting {
        key: "board.isolation-phases",
        ty: PHASES,
        default: Default::Yaml("[2]"),
        merge: Merge::Replaces,
        doc: "board-meeting phases with no invocations (B001)",
        apply: |r, v, _| r.settings.isolation_phases = phases(v),
        show: Some(|r, _| format!("{:?}", r.settings.isolation_phases)),
    },
    Setting {
        key: "board.critique-phases",
        ty: PHASES,
        default: Default::Yaml("[3]"),
        merge: Merge::Replaces,
        doc: "board-meeting phases of the critic (B002)",
        apply: |r, v, _| r.settings.critique_phases = phases(v),
        show: Some(|r, _| format!("{:?}", r.settings.critique_phases)),
    },
    Setting {
        key: "lang",
        ty: LANGUAGE,
        default: Default::Words("each card's own"),
        merge: Merge::Replaces,
        doc: "the headings `boardlint fmt` prints: `en` or `pt-BR` (`--lang` overrides it)",
        apply: |r, v, at| {
            use crate::model::sections::Lang;
            r.lang = match v.text() {
                "en" => Some(Lang::En),
                "pt-BR" | "pt" => Some(Lang::Pt),
                other => {
                    r.errors.push(
                        at.error(format!("`{other}` is not a language: use `en` or `pt-BR`")),
                    );
                    None
                }
            }
            .or(r.lang);
        },
        show: Some(|_, w| written_or(w, "auto")),
    },
    Setting {
        key: "lint-code-blocks",
        ty: BOOL,
        default: Default::Yaml("false"),
        merge: Merge::Replaces,
        doc: "lint markers inside every fenced code block, not only `transcript` and `boardlint` fences",
        apply: |r, v, _| r.settings.lint_code_blocks = v.flag(),
        show: Some(|r, _| r.settings.lint_code_blocks.to_string()),
    },
    Setting {
        key: "kinds",
        ty: KIND_MAP,
        default: Default::Yaml("{}"),
        merge: Merge::AddsTo,
        doc: "globs (relative to the configuration file) mapped to a file kind, overriding detection: `transcript`, `decision-log`, `handoff`, `transition-log`, `handshake-log` or `session-log`",
        apply: |r, v, at| {
            for (glob, kind) in v.text_map() {
                let Some(k) = crate::kinds::FileKind::from_name(kind) else {
                    r.errors.push(at.under(glob).error(
                        format!("`{kind}` is not a file kind: use transcript, decision-log, handoff, transition-log, handshake-log or session-log"),
                    ));
                    continue;
                };
                let set = r.glob_set(&at.under(glob), std::slice::from_ref(glob));
                r.kinds.push((set, at.layer.base.clone(), k));
            }
        },
        show: Some(|_, w| written_or(w, "{}")),
    },
    Setting {
        key: "pipeline.stages",
        ty: STAGES,
        default: Default::Yaml("[implement, review, browser_qa, human_merge]"),
        merge: Merge::Replaces,
        doc: "the pipeline's stages, in order (handoff records)",
        apply: |r, v, at| {
            if v.texts().is_empty() {
                r.errors
                    .push(at.error("the pipeline needs at least one stage".into()));
            } else {
                r.settings.pipeline.stages = v.texts().to_vec();
            }
        },
        show: Some(|r, _| format!("{:?}", r.settings.pipeline.stages)),
    },
    Setting {
        key: "pipeline.entry-stages",
        ty: STAGES,
        default: Default::Yaml("[]"),
        merge: Merge::Replaces,
        doc: "the stages a task may enter the pipeline at (T010); empty: any",
        apply: |r, v, _| r.settings.pipeline.entry_stages = v.texts().to_vec(),
        show: Some(|r, _| format!("{:?}", r.settings.pipeline.entry_stages)),
    },
    Setting {
        key: "pipeline.max-attempts",
        ty: ATTEMPTS,
        default: Default::Yaml("3"),
        merge: Merge::Replaces,
        doc: "the most attempts a stage may take (P003)",
        apply: |r, v, _| r.settings.pipeline.max_attempts = v.number() as u32,
        show: Some(|r, _| r.settings.pipeline.max_attempts.to_string()),
    },
    Setting {
        key: "pipeline.review-stage",
        ty: STAGE,
        default: Default::Yaml("review"),
        merge: Merge::Replaces,
        doc: "the stage a ready-for-review record hands over to (P009)",
        apply: |r, v, _| r.settings.pipeline.review_stage = v.text().to_string(),
        show: Some(|r, _| r.settings.pipeline.review_stage.clone()),
    },
    Setting {
        key: "pipeline.max-log-bytes",
        ty: BYTES,
        default: Default::Yaml("67108864"),
        merge: Merge::Replaces,
        doc: "the largest transition log expected, 64 MiB by default (T012)",
        apply: |r, v, _| r.settings.pipeline.max_log_bytes = v.number(),
        show: Some(|r, _| r.settings.pipeline.max_log_bytes.to_string()),
    },
    Setting {
        key: "pipeline.max-event-bytes",
        ty: BYTES,
        default: Default::Yaml("65536"),
        merge: Merge::Replaces,
        doc: "the largest transition event expected, 64 KiB by default (T012)",
        apply: |r, v, _| r.settings.pipeline.max_event_bytes = v.number(),
        show: Some(|r, _| r.settings.pipeline.max_event_bytes.to_string()),
    },
    Setting {
        key: "hook.max-retries",
        ty: COUNT,
        default: Default::Yaml("2"),
        merge: Merge::Replaces,
        doc: "`boardlint hook`: how many times one turn's answer is sent back to the model before the turn is let end, with a warning to the user",
        apply: |r, v, _| r.settings.hook_max_retries = v.number() as usize,
        show: Some(|r, _| r.settings.hook_max_retries.to_string()),
    },
    Setting {
        key: "hook.timeout-ms",
        ty: MILLISECONDS,
        default: Default::Yaml("5000"),
        merge: Merge::Replaces,
        doc: "`boardlint hook`: how long one call may take; past it the turn is let end unchecked (or blocked with `--fail-closed`) with a line on standard error. Well inside the agent tools' own hook timeouts (60 s and more)",
        apply: |r, v, _| r.settings.hook_timeout_ms = v.number(),
        show: Some(|r, _| r.settings.hook_timeout_ms.to_string()),
    },
    Setting {
        key: "session.roles",
        ty: ROLE_MAP,
        default: Default::Yaml("{}"),
        merge: Merge::Replaces,
        doc: "session logs: agent or sub-agent names (OpenAI `name`, Claude Code `agentName` / `agentId`) mapped to role tokens, so that each message's speaker is known",
        apply: |r, v, _| {
            r.settings.session_roles = v
                .text_map()
                .iter()
                .map(|(k, v)| (k.clone(), v.to_ascii_lowercase()))
                .collect();
        },
        show: Some(|_, w| written_or(w, "{}")),
    },
];

/// The setting written as `key` (dotted for a nested one).
pub fn find(key: &str) -> Option<&'static Setting> {
    SETTINGS.iter().find(|s| s.key == key)
}

/// The names a mapping of settings holds, in table order: the top-level
/// keys and sections (`section` `None`), or the keys inside a section.
pub fn names(section: Option<&str>) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for s in SETTINGS {
        let name = match (section, s.key.split_once('.')) {
            (None, Some((parent, _))) => parent,
            (None, None) => s.key,
            (Some(wanted), Some((parent, leaf))) if parent == wanted => leaf,
            (Some(_), _) => continue,
        };
        if !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

impl Setting {
    /// The key as a path of names: `["pipeline", "stages"]`.
    pub fn path(&self) -> Vec<&'static str> {
        self.key.split('.').collect()
    }
}

fn written_or(w: Option<&Written>, default: &str) -> String {
    w.map_or_else(|| default.to_string(), Written::show)
}

fn phases(v: &Written) -> Vec<u32> {
    // Read as numbers of at most `u32::MAX`.
    v.numbers().iter().map(|&n| n as u32).collect()
}

/// Where the reference begins and ends in `docs/configuration.md`.
pub const REFERENCE_BEGIN: &str = "<!-- settings reference: generated from the settings table by `boardlint config --reference-markdown`; edit the table, not this section -->";
pub const REFERENCE_END: &str = "<!-- end of settings reference -->";

/// The reference of every setting, as `docs/configuration.md` holds it
/// between [`REFERENCE_BEGIN`] and [`REFERENCE_END`] (the markers
/// included).
pub fn reference_markdown() -> String {
    let mut out = format!("{REFERENCE_BEGIN}\n\n");
    out.push_str("| setting | type | default | with `extends` | meaning |\n");
    out.push_str("| --- | --- | --- | --- | --- |\n");
    for s in SETTINGS {
        let default = match s.default {
            Default::Yaml(v) => format!("`{v}`"),
            Default::Words(w) => w.to_string(),
        };
        let merge = match s.merge {
            Merge::Replaces => "replaces the inherited",
            Merge::AddsTo => "adds to the inherited",
            Merge::OwnFile => "not inherited",
        };
        out.push_str(&format!(
            "| `{}` | {} | {default} | {merge} | {} |\n",
            s.key, s.ty.name, s.doc
        ));
    }
    out.push_str(&format!("\n{REFERENCE_END}\n"));
    out
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::config::{Config, DEFAULT_CONFIG};

    /// A file writing one setting: `pipeline.stages` is written under
    /// `pipeline:`.
    fn file_writing(key: &str, value: &str) -> String {
        match key.split_once('.') {
            Some((section, leaf)) => format!("{section}:\n  {leaf}: {value}\n"),
            None => format!("{key}: {value}\n"),
        }
    }

    fn shown(config: &Config, key: &str) -> String {
        let (_, value, _) = config
            .report
            .iter()
            .find(|(k, _, _)| k == key)
            .unwrap_or_else(|| panic!("{key} is not in the report"));
        value.clone()
    }

    #[test]
    fn every_shown_setting_is_in_the_report_once_in_key_order() {
        let config = Config::default();
        let keys: Vec<&str> = config.report.iter().map(|(k, _, _)| k.as_str()).collect();
        let mut expected: Vec<&str> = SETTINGS
            .iter()
            .filter(|s| s.show.is_some())
            .map(|s| s.key)
            .collect();
        expected.sort();
        assert_eq!(keys, expected);
        assert!(keys.contains(&"pipeline.max-log-bytes"));
        assert!(keys.contains(&"pipeline.max-event-bytes"));
    }

    #[test]
    fn each_documented_default_is_the_default() {
        let defaults = Config::default();
        for s in SETTINGS {
            let (Default::Yaml(value), Some(_)) = (s.default, s.show) else {
                continue;
            };
            let text = file_writing(s.key, value);
            let config = Config::from_text(Path::new("c.yaml"), text.clone())
                .unwrap_or_else(|e| panic!("{text:?}: {e:?}"));
            assert_eq!(shown(&config, s.key), shown(&defaults, s.key), "{text:?}");
        }
    }

    /// Another value of each setting than its default, as a file writes it.
    fn example(s: &Setting) -> &'static str {
        match s.key {
            "select" | "ignore" | "extend-select" | "extend-ignore" => "[L001]",
            "severity" => "{L001: warning}",
            "exclude" | "extend-exclude" => "[\"a/**\"]",
            "per-file-ignores" => "{\"a/**\": [L001]}",
            "roles" => "[board]",
            "lang" => "pt-BR",
            "kinds" => "{\"a/*.md\": handoff}",
            "pipeline.stages" => "[a, b]",
            "pipeline.entry-stages" => "[implement]",
            "pipeline.review-stage" => "b",
            "session.roles" => "{bot: cfo}",
            _ => match s.ty.shape {
                Shape::Number { .. } => "7",
                Shape::Numbers { .. } => "[7]",
                Shape::Flag => "true",
                _ => panic!("{}: no example", s.key),
            },
        }
    }

    /// What a configuration resolves to, with no word of where from.
    fn resolved(config: &Config) -> String {
        format!(
            "{:?} {:?} {:?} {:?} {:?} {:?}",
            config.settings,
            config.lang,
            config.exclude,
            config.extend_exclude,
            config.per_file_ignores,
            config.kinds
        )
    }

    #[test]
    fn the_extends_column_says_what_a_file_does_to_what_it_inherits() {
        let dir = tempfile::tempdir().unwrap();
        for s in SETTINGS {
            let Default::Yaml(default) = s.default else {
                continue;
            };
            std::fs::write(
                dir.path().join("base.yaml"),
                file_writing(s.key, example(s)),
            )
            .unwrap();
            let file = dir.path().join("c.yaml");
            std::fs::write(&file, file_writing(s.key, default)).unwrap();
            // The settings, and the value `boardlint config` shows.
            let outcome = |c: &Config| (resolved(c), s.show.map(|_| shown(c, s.key)));
            let alone = outcome(&Config::load(&file).unwrap());
            let mut text = file_writing(s.key, default);
            text.push_str("extends: base.yaml\n");
            std::fs::write(&file, text).unwrap();
            let extending = outcome(&Config::load(&file).unwrap());
            match s.merge {
                Merge::Replaces => assert_eq!(extending, alone, "{}", s.key),
                Merge::AddsTo => assert_ne!(extending, alone, "{}", s.key),
                Merge::OwnFile => {}
            }
        }
    }

    #[test]
    fn every_setting_reads_and_applies_a_value_of_its_shape() {
        for s in SETTINGS {
            let value = match s.ty.shape {
                Shape::Text => "x",
                Shape::Texts => "[x]",
                Shape::Number { .. } => "1",
                Shape::Numbers { .. } => "[1]",
                Shape::Flag => "true",
                Shape::TextMap => "{x: y}",
                Shape::ListMap => "{x: [y]}",
            };
            let text = file_writing(s.key, value);
            let layer = super::super::file::parse(Path::new("c.yaml"), text.clone()).unwrap();
            assert!(layer.errors.is_empty(), "{text:?}: {:?}", layer.errors);
            assert!(layer.written(s.key).is_some(), "{text:?}");
            // The value may be of no use (`lang: x`), but applying it
            // never meets a shape it does not expect.
            let _ = Config::from_text(Path::new("c.yaml"), text);
        }
    }

    #[test]
    fn unknown_keys_are_known_from_the_table() {
        assert_eq!(
            names(None),
            [
                "extends",
                "select",
                "ignore",
                "extend-select",
                "extend-ignore",
                "severity",
                "exclude",
                "extend-exclude",
                "per-file-ignores",
                "roles",
                "max-depth",
                "bullet-limit",
                "board",
                "lang",
                "lint-code-blocks",
                "kinds",
                "pipeline",
                "hook",
                "session",
            ]
        );
        assert_eq!(names(Some("session")), ["roles"]);
        assert_eq!(names(Some("hook")), ["max-retries", "timeout-ms"]);
        assert!(find("pipeline").is_none());
        assert_eq!(
            find("pipeline.stages").map(|s| s.key),
            Some("pipeline.stages")
        );
    }

    #[test]
    fn the_default_file_written_by_init_names_every_setting() {
        for s in SETTINGS {
            let mut lines = DEFAULT_CONFIG.lines();
            for (depth, name) in s.path().iter().enumerate() {
                let written = format!("{}{name}:", "  ".repeat(depth));
                assert!(
                    lines.any(|l| l.trim_start_matches("# ").starts_with(&written)),
                    "{}: no `{written}` line",
                    s.key
                );
            }
        }
    }

    #[test]
    fn the_default_file_written_by_init_parses_to_the_defaults() {
        let config =
            Config::from_text(Path::new(".boardlint.yaml"), DEFAULT_CONFIG.into()).unwrap();
        let defaults = Config::default();
        assert_eq!(
            format!("{:?}", config.settings),
            format!("{:?}", defaults.settings)
        );
        assert_eq!(config.settings.max_depth, 2);
    }
}
