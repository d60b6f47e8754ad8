//! `--config KEY=VALUE`: a setting given on the command line, over every
//! file's configuration, as ruff's `--config` takes one.

use crate::config_settings::{check, repo, run_in, write};

/// L001 on line 2, and an R003 warning on line 3.
const TWO: &str = "CFO: x\n[INVOKE:cfo|y]\n[RESPONSE:cfo]\nKey finding: a\nSupporting data:\n  - one\nConfidence: low\nCaveat: c\n[/RESPONSE]\n";

/// The codes a concise report names, in order, of the two rules `TWO`
/// breaks: which of them the settings leave on.
fn codes(out: &str) -> Vec<&str> {
    out.lines()
        .filter_map(|l| l.split_once('[')?.1.split_once(']'))
        .map(|(code, _)| code)
        .filter(|c| ["L001", "R003"].contains(c))
        .collect()
}

#[test]
fn a_setting_given_inline_applies_over_every_files_configuration() {
    let root = repo();
    write(root.path(), "a.md", TWO);
    write(root.path(), "sub/b.md", TWO);
    write(root.path(), ".boardlint.yaml", "ignore: [L001]\n");
    write(root.path(), "sub/.boardlint.yaml", "ignore: [L001, R003]\n");
    assert_eq!(codes(&check(root.path(), &[]).1), ["R003"]);
    let (code, out, err) = check(root.path(), &["--config", "ignore=[]"]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(codes(&out), ["L001", "R003", "L001", "R003"]);
    // `KEY: VALUE` too; a later one over an earlier; a dotted key for a
    // setting of a section.
    let (_, out, _) = check(
        root.path(),
        &["--config", "ignore: [R]", "--config", "select: [L, R003]"],
    );
    assert_eq!(codes(&out), ["L001", "L001"]);
    let (_, out, _) = check(
        root.path(),
        &[
            "--config",
            "select=[R003]",
            "--config",
            "ignore=[]",
            "--config",
            "select=[L001]",
        ],
    );
    assert_eq!(codes(&out), ["L001", "L001"]);
    // The rule flags come after: `--select` wins over `--config select`.
    let (_, out, _) = check(
        root.path(),
        &[
            "--config",
            "select=[L001]",
            "--select",
            "R003",
            "--config",
            "ignore=[]",
        ],
    );
    assert_eq!(codes(&out), ["R003", "R003"]);
    // `boardlint config` says where a value came from.
    let (code, out, _) = run_in(
        root.path(),
        &["config", "a.md", "--config", "pipeline.max-attempts=5"],
    );
    assert_eq!(code, 0);
    assert!(
        out.lines().any(|l| l.starts_with("pipeline.max-attempts")
            && l.contains("= 5  # command line (--config pipeline.max-attempts)")),
        "{out}"
    );
}

#[test]
fn an_existing_file_wins_and_isolated_keeps_the_inline_settings() {
    let root = repo();
    write(root.path(), "a.md", TWO);
    write(root.path(), ".boardlint.yaml", "ignore: [R003]\n");
    // A file named like a setting is that file.
    write(root.path(), "select=[R003]", "select: [L001]\n");
    let (_, out, _) = check(root.path(), &["--config", "select=[R003]"]);
    assert_eq!(codes(&out), ["L001"]);
    // `--isolated` with settings: the defaults and those settings.
    let (_, out, _) = check(root.path(), &["--isolated"]);
    assert_eq!(codes(&out), ["L001", "R003"]);
    let (_, out, _) = check(root.path(), &["--isolated", "--config", "ignore=[L001]"]);
    assert_eq!(codes(&out), ["R003"]);
    // A file with `--isolated`, or two files: refused, as ruff refuses them.
    write(root.path(), "strict.yaml", "select: [ALL]\n");
    let (code, _, err) = check(root.path(), &["--isolated", "--config", "strict.yaml"]);
    assert_eq!(code, 2);
    assert_eq!(err, "error: command line: `--config`: `strict.yaml` cannot be used with `--isolated`, which reads no configuration file; give settings as `--config KEY=VALUE`\n");
    let (code, _, err) = check(
        root.path(),
        &["--config", "strict.yaml", "--config", "select=[R003]"],
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("two configuration files given (`strict.yaml` and `select=[R003]`)"),
        "{err}"
    );
    // A file and settings: the settings over the file.
    let (_, out, _) = check(
        root.path(),
        &["--config", "strict.yaml", "--config", "ignore=[L]"],
    );
    assert_eq!(codes(&out), ["R003"]);
}

#[test]
fn a_bad_inline_setting_is_an_error_naming_the_option_and_the_cause() {
    let root = repo();
    write(root.path(), "a.md", TWO);
    for (given, error) in [
        ("selec=[L]", "`--config selec`: unknown setting; did you mean `select`?"),
        ("lang=xx", "`--config lang`: `xx` is not a language: use `en` or `pt-BR`"),
        ("max-depth=-1", "`--config max-depth`: expected a whole number of 0 or more, found `-1`"),
        ("select=L001", "`--config select`: expected a list of strings, such as `[a, b]`, found the string `L001`"),
        ("select=[L0001]", "`--config select`: `L0001` is not a rule code, code prefix or rule name; did you mean `L001`?"),
        ("select=[L001", "`--config select`: the value is not YAML:"),
        ("lang=", "`--config lang`: no value given: write `KEY=VALUE`, the value in YAML"),
        ("pipeline.colour=1", "`--config pipeline.colour`: unknown setting in `pipeline`: it holds `stages`"),
        ("pipeline.stages=[]", "`--config pipeline.stages`: the pipeline needs at least one stage"),
        ("max-depth.x=1", "`--config max-depth.x`: `max-depth` is a setting, not a section of settings"),
        ("extends=base.yaml", "`--config extends`: a configuration file is given as `--config FILE`; `extends` is for files"),
    ] {
        for command in [&["check", "a.md"][..], &["fmt", "--check", "a.md"], &["config", "a.md"]] {
            let (code, out, err) = run_in(root.path(), &[command, &["--config", given]].concat());
            assert_eq!(code, 2, "{command:?} {given}: {out}{err}");
            assert!(out.is_empty(), "{command:?} {given}: {out}");
            assert!(
                err.starts_with(&format!("error: command line: {error}")),
                "{command:?} {given}: {err}"
            );
        }
    }
    // A path that names no file, and is no `KEY=VALUE`: a missing file.
    let (code, _, err) = check(root.path(), &["--config", "missing.yaml"]);
    assert_eq!(code, 2);
    assert_eq!(err, "error: missing.yaml: no such file or directory\n");
}

#[test]
fn the_servers_take_inline_settings_and_refuse_bad_ones_at_start() {
    let root = repo();
    for server in ["mcp", "server"] {
        let (code, out, err) = run_in(root.path(), &[server, "--config", "selec=[L]"]);
        assert_eq!(code, 2, "{server}: {out}{err}");
        assert_eq!(
            err, "error: command line: `--config selec`: unknown setting; did you mean `select`?\n",
            "{server}"
        );
    }
}
