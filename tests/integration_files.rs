//! The integration files parse and hang together: the pre-commit hook
//! manifest (`.pre-commit-hooks.yaml`), the GitHub Action
//! (`.github/actions/boardlint/action.yml`) and the CI workflow
//! (`.github/workflows/ci.yml`). `scripts/test-pre-commit.sh` exercises the
//! hooks with the real pre-commit; this test only checks the files.

use serde_yaml::Value;

const HOOKS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/.pre-commit-hooks.yaml");
const ACTION: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/.github/actions/boardlint/action.yml"
);
const CI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/.github/workflows/ci.yml");
const PRE_COMMIT_SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/test-pre-commit.sh");

fn load(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{path} is not valid YAML: {e}"))
}

/// The hook with this id in the manifest.
fn hook<'a>(hooks: &'a [Value], id: &str) -> &'a Value {
    hooks
        .iter()
        .find(|h| h["id"].as_str() == Some(id))
        .unwrap_or_else(|| panic!("{HOOKS} has no hook with id `{id}`"))
}

/// Whether `text` mentions `name` as a whole identifier: `inputs.arg` is not
/// mentioned by `inputs.args`.
fn mentions(text: &str, name: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    text.match_indices(name).any(|(at, _)| {
        let before_ok = !text[..at].ends_with(|c: char| ident(c) || c == '.');
        let after_ok = !text[at + name.len()..].starts_with(ident);
        before_ok && after_ok
    })
}

/// Every string in `value` (mapping keys and values, sequence items), in
/// document order.
fn collect_strings<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
    match value {
        Value::String(s) => out.push(s),
        Value::Sequence(items) => items.iter().for_each(|v| collect_strings(v, out)),
        Value::Mapping(map) => map.iter().for_each(|(k, v)| {
            collect_strings(k, out);
            collect_strings(v, out);
        }),
        Value::Tagged(tagged) => collect_strings(&tagged.value, out),
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

#[test]
fn pre_commit_manifest_declares_check_and_fmt_hooks() {
    let manifest = load(HOOKS);
    let hooks = manifest
        .as_sequence()
        .unwrap_or_else(|| panic!("{HOOKS} must be a list of hooks"));
    assert!(!hooks.is_empty(), "{HOOKS} declares no hook");

    for (id, command) in [
        ("boardlint", ["boardlint", "check"]),
        ("boardlint-fmt", ["boardlint", "fmt"]),
    ] {
        let h = hook(hooks, id);
        for key in ["name", "description"] {
            assert!(
                h[key].as_str().is_some_and(|s| !s.trim().is_empty()),
                "hook `{id}` needs a non-empty `{key}`"
            );
        }
        assert_eq!(
            h["language"].as_str(),
            Some("rust"),
            "hook `{id}` must use `language: rust`"
        );
        assert_eq!(
            h["require_serial"].as_bool(),
            Some(true),
            "hook `{id}` must set `require_serial: true`"
        );

        let entry = h["entry"]
            .as_str()
            .unwrap_or_else(|| panic!("hook `{id}` has no `entry`"));
        let words: Vec<&str> = entry.split_whitespace().collect();
        assert!(
            words.starts_with(&command),
            "the entry of hook `{id}` must start with `{}`, found `{entry}`",
            command.join(" ")
        );
        assert!(
            words.contains(&"--force-exclude"),
            "the entry of hook `{id}` must pass `--force-exclude`, found `{entry}`"
        );

        let types: Vec<&str> = h["types_or"]
            .as_sequence()
            .unwrap_or_else(|| panic!("hook `{id}` has no `types_or` list"))
            .iter()
            .filter_map(Value::as_str)
            .collect();
        for wanted in ["markdown", "text"] {
            assert!(
                types.contains(&wanted),
                "hook `{id}` must list `{wanted}` in `types_or`, found {types:?}"
            );
        }
    }
}

#[test]
fn action_is_composite_and_uses_every_input() {
    let action = load(ACTION);
    assert_eq!(
        action["runs"]["using"].as_str(),
        Some("composite"),
        "{ACTION} must be a composite action"
    );
    let steps = &action["runs"]["steps"];
    assert!(
        steps.as_sequence().is_some_and(|s| !s.is_empty()),
        "{ACTION} has no steps"
    );
    let mut strings = Vec::new();
    collect_strings(steps, &mut strings);
    let steps_text = strings.join("\n");

    let inputs = action["inputs"]
        .as_mapping()
        .unwrap_or_else(|| panic!("{ACTION} has no `inputs` mapping"));
    for expected in ["paths", "args", "version", "sarif"] {
        assert!(
            action["inputs"].get(expected).is_some(),
            "{ACTION} has no input `{expected}`"
        );
    }
    for (name, spec) in inputs {
        let name = name
            .as_str()
            .unwrap_or_else(|| panic!("{ACTION}: input names must be strings, found {name:?}"));
        assert!(
            spec["description"]
                .as_str()
                .is_some_and(|d| !d.trim().is_empty()),
            "{ACTION}: input `{name}` has no description"
        );
        assert!(
            mentions(&steps_text, &format!("inputs.{name}")),
            "{ACTION}: input `{name}` is declared but no step uses `inputs.{name}`"
        );
    }

    assert!(
        steps_text.contains("boardlint check --format github"),
        "{ACTION} must run `boardlint check --format github`"
    );
    assert!(
        steps_text.contains("github/codeql-action/upload-sarif"),
        "{ACTION} must be able to upload SARIF"
    );
}

#[test]
fn ci_workflow_runs_the_tests_the_hooks_and_the_action() {
    let ci = load(CI);
    let jobs = ci["jobs"]
        .as_mapping()
        .unwrap_or_else(|| panic!("{CI} has no `jobs` mapping"));
    assert!(!jobs.is_empty(), "{CI} declares no job");

    let steps: Vec<&Value> = jobs
        .iter()
        .flat_map(|(_, job)| job["steps"].as_sequence().into_iter().flatten())
        .collect();
    let runs_line = |line: &str| {
        steps.iter().any(|step| {
            step["run"]
                .as_str()
                .is_some_and(|run| run.lines().any(|l| l.trim().starts_with(line)))
        })
    };
    assert!(
        runs_line("bash .ci/run"),
        "no step of {CI} runs `bash .ci/run`"
    );
    assert!(
        runs_line("bash scripts/test-pre-commit.sh"),
        "no step of {CI} runs `bash scripts/test-pre-commit.sh`"
    );
    assert!(
        steps
            .iter()
            .any(|step| step["uses"].as_str() == Some("./.github/actions/boardlint")),
        "no step of {CI} uses the local action `./.github/actions/boardlint`"
    );
}

#[test]
fn pre_commit_script_is_a_strict_bash_script() {
    let text = std::fs::read_to_string(PRE_COMMIT_SCRIPT)
        .unwrap_or_else(|e| panic!("cannot read {PRE_COMMIT_SCRIPT}: {e}"));
    assert!(
        text.starts_with("#!/usr/bin/env bash\n"),
        "{PRE_COMMIT_SCRIPT} must start with a bash shebang"
    );
    assert!(
        text.contains("set -euo pipefail"),
        "{PRE_COMMIT_SCRIPT} must `set -euo pipefail`"
    );
    assert!(
        text.contains("pre-commit") && text.contains("try-repo"),
        "{PRE_COMMIT_SCRIPT} must run `pre-commit try-repo`"
    );
}

#[cfg(unix)]
#[test]
fn pre_commit_script_is_executable() {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(PRE_COMMIT_SCRIPT)
        .unwrap_or_else(|e| panic!("cannot stat {PRE_COMMIT_SCRIPT}: {e}"))
        .permissions()
        .mode();
    assert!(mode & 0o111 != 0, "{PRE_COMMIT_SCRIPT} must be executable");
}

const MIRROR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/integrations/pre-commit-mirror"
);

/// The value of `key = "…"` on its own line in a TOML file's text.
fn toml_string<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines().find_map(|line| {
        let (k, v) = line.split_once('=')?;
        (k.trim() == key).then(|| v.trim().trim_matches('"'))
    })
}

#[test]
fn pre_commit_mirror_hooks_are_the_rust_hooks_installed_from_this_version() {
    let rust = load(HOOKS);
    let mirror = load(&format!("{MIRROR}/.pre-commit-hooks.yaml"));
    let (rust, mirror) = (rust.as_sequence().unwrap(), mirror.as_sequence().unwrap());
    assert_eq!(rust.len(), mirror.len(), "the mirror declares other hooks");
    for (r, m) in rust.iter().zip(mirror) {
        let id = r["id"].as_str().unwrap();
        assert_eq!(m["language"].as_str(), Some("python"), "mirror hook `{id}`");
        let mut r = r.as_mapping().unwrap().clone();
        let mut m = m.as_mapping().unwrap().clone();
        r.remove("language");
        m.remove("language");
        assert_eq!(
            r, m,
            "mirror hook `{id}` differs from the rust hook beyond its language"
        );
    }
    let project = std::fs::read_to_string(format!("{MIRROR}/pyproject.toml")).unwrap();
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(
        toml_string(&project, "version"),
        Some(version),
        "set the mirror's version to {version}"
    );
    assert!(
        project.contains(&format!("dependencies = [\"boardlint=={version}\"]")),
        "the mirror must depend on boardlint=={version} and nothing else"
    );
}

#[test]
fn python_package_is_the_binary_with_cargo_metadata() {
    let project =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/pyproject.toml")).unwrap();
    assert_eq!(toml_string(&project, "build-backend"), Some("maturin"));
    assert_eq!(toml_string(&project, "bindings"), Some("bin"));
    assert_eq!(toml_string(&project, "name"), Some(env!("CARGO_PKG_NAME")));
    // Everything Cargo.toml has a place for is taken from it.
    for field in [
        "version",
        "description",
        "license",
        "keywords",
        "readme",
        "urls",
    ] {
        assert!(
            project.contains(&format!("\"{field}\"")) && project.contains("dynamic = ["),
            "pyproject.toml should take `{field}` from Cargo.toml (dynamic)"
        );
    }
    assert!(
        toml_string(&project, "version").is_none(),
        "the version is Cargo.toml's"
    );
}
