//! Configuration errors: a bad configuration fails the files under it and
//! no others, every error of it is shown at once, in the user's terms.

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use predicates::prelude::*;

use crate::boardlint;
use crate::config_settings::{repo, write};
use crate::WITH_ERROR;

/// A tree of three parts: `bad/` under a configuration written as given,
/// `good/` under a valid one, and `top.md` under none.
fn three_parts(bad_config: &str) -> tempfile::TempDir {
    let root = repo();
    write(root.path(), "bad/.boardlint.yaml", bad_config);
    write(root.path(), "bad/a.md", WITH_ERROR);
    write(root.path(), "bad/b.md", WITH_ERROR);
    write(root.path(), "good/.boardlint.yaml", "ignore: [M]\n");
    write(root.path(), "good/c.md", WITH_ERROR);
    write(root.path(), "top.md", WITH_ERROR);
    root
}

fn run(root: &Path, args: &[&str]) -> (i32, String, String) {
    let out = boardlint()
        .current_dir(root)
        .args(args)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Bad configurations of every sort, each with the line and cause its
/// error names.
const BAD: &[(&str, &str, &str)] = &[
    ("syntax", "select: [L001\nignore: []\n", ".boardlint.yaml:2: "),
    (
        "unknown key",
        "max-depth: 2\nselec: [L]\n",
        ".boardlint.yaml:2: `selec`: unknown setting; did you mean `select`?",
    ),
    (
        "wrong type",
        "bullet-limit: many\n",
        ".boardlint.yaml:1: `bullet-limit`: expected a whole number of 0 or more, found the string `many`",
    ),
    (
        "bad value",
        "# limits\nmax-depth: -1\n",
        ".boardlint.yaml:2: `max-depth`: expected a whole number of 0 or more, found `-1`",
    ),
    (
        "unknown rule",
        "ignore: [L0001]\n",
        ".boardlint.yaml:1: `ignore`: `L0001` is not a rule code",
    ),
];

#[test]
fn a_bad_configuration_fails_only_the_files_under_it() {
    for (what, config, error) in BAD {
        let root = three_parts(config);
        let (code, stdout, stderr) = run(root.path(), &["check", "--format", "concise"]);
        assert_eq!(code, 2, "{what}: {stderr}");
        // The other files are checked and reported ...
        for file in ["good/c.md", "top.md"] {
            assert!(
                stdout.contains(&format!("{file}:2:1: error[L001]")),
                "{what}: {stdout}"
            );
        }
        assert!(!stdout.contains("bad/"), "{what}: {stdout}");
        assert!(stdout.contains("(2 files checked)"), "{what}: {stdout}");
        // ... and the configuration's error names its file, line and cause,
        // with the files it kept from being checked.
        assert!(
            stderr.contains(&format!("error: bad/{error}")),
            "{what}: {stderr}"
        );
        assert!(
            stderr.contains(
                "error: bad/.boardlint.yaml: 2 files not checked, as this configuration has errors: bad/a.md, bad/b.md"
            ),
            "{what}: {stderr}"
        );
    }
}

#[test]
fn a_bad_configuration_fails_only_the_files_under_it_in_fmt_and_check_fix() {
    // A response block `fmt` reorders, which `check --fix` fixes too.
    let draft = "CRO → [INVOKE:cfo|Budget?]\n\n[RESPONSE:CFO]\nConfidence: high\nKey finding: $1.2M.\nSupporting data:\n  - a\n  - b\nCaveat: c\n[/RESPONSE]\n";
    for (what, config, error) in BAD {
        for args in [
            &["fmt", "."][..],
            &["check", "--fix", "--format", "concise", "."][..],
        ] {
            let root = three_parts(config);
            for file in ["bad/a.md", "good/c.md", "top.md"] {
                write(root.path(), file, draft);
            }
            let (code, _, stderr) = run(root.path(), args);
            assert_eq!(code, 2, "{what} {args:?}: {stderr}");
            assert!(
                stderr.contains(&format!("error: bad/{error}")),
                "{what} {args:?}: {stderr}"
            );
            let done = if args[0] == "fmt" {
                "formatted"
            } else {
                "checked"
            };
            assert!(
                stderr.contains(&format!("error: bad/.boardlint.yaml: 2 files not {done}")),
                "{what} {args:?}: {stderr}"
            );
            // The files under the bad configuration are left alone, the
            // others are rewritten.
            let read = |f: &str| fs::read_to_string(root.path().join(f)).unwrap();
            assert_eq!(read("bad/a.md"), draft, "{what} {args:?}");
            assert_ne!(read("good/c.md"), draft, "{what} {args:?}");
            assert_ne!(read("top.md"), draft, "{what} {args:?}");
        }
    }
}

#[test]
fn a_configuration_error_is_printed_once_however_many_files_it_covers() {
    let root = three_parts("max-depth: -1\n");
    for i in 0..300 {
        write(root.path(), &format!("bad/many/{i:03}.md"), WITH_ERROR);
    }
    let (code, stdout, stderr) = run(
        root.path(),
        &["check", "--select", "L001", "--format", "json"],
    );
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(stderr.matches("`max-depth`").count(), 1, "{stderr}");
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
    assert!(
        stderr.contains(
            "error: bad/.boardlint.yaml: 302 files not checked, as this configuration has errors: bad/a.md, bad/b.md, bad/many/000.md and 299 more"
        ),
        "{stderr}"
    );
    // The files checked are in the report: their L001 findings.
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report.as_array().unwrap().len(), 2, "{stdout}");
}

#[test]
fn every_error_of_a_configuration_is_shown_at_once() {
    let root = repo();
    write(root.path(), "a.md", WITH_ERROR);
    write(
        root.path(),
        ".boardlint.yaml",
        "selec: [L]\nmax-depth: -1\nignore: [L0001, M]\nboard:\n  isolation-phase: [2]\nlang: fr\nseverity:\n  L001: loud\nfoo: 1\n",
    );
    let (code, _, stderr) = run(root.path(), &["check"]);
    assert_eq!(code, 2, "{stderr}");
    let expected = [
        "error: .boardlint.yaml:1: `selec`: unknown setting; did you mean `select`?",
        "error: .boardlint.yaml:2: `max-depth`: expected a whole number of 0 or more, found `-1`",
        "error: .boardlint.yaml:3: `ignore`: `L0001` is not a rule code, code prefix or rule name; did you mean `L001`?",
        "error: .boardlint.yaml:5: `board.isolation-phase`: unknown setting; did you mean `isolation-phases`?",
        "error: .boardlint.yaml:6: `lang`: `fr` is not a language: use `en` or `pt-BR`",
        "error: .boardlint.yaml:8: `severity.L001`: `loud` is not a severity: use `error`, `warning` or `off`",
        "error: .boardlint.yaml:9: `foo`: unknown setting",
        "error: .boardlint.yaml: 1 file not checked, as this configuration has errors: a.md",
    ];
    assert_eq!(stderr.lines().collect::<Vec<_>>(), expected, "{stderr}");
}

#[test]
fn no_rust_type_name_reaches_the_user() {
    let configs = [
        ("- L001\n", "expected a mapping of settings (`name: value` lines), found a list"),
        ("42\n", "expected a mapping of settings (`name: value` lines), found a number"),
        ("select: L001\n", "`select`: expected a list of strings, such as `[a, b]`, found the string `L001`"),
        ("roles: [board, 7]\n", "`roles`: expected a list of strings, found the number `7` in the list"),
        ("lang: 3\n", "`lang`: expected a string, found the number `3`"),
        ("max-depth: [2]\n", "`max-depth`: expected a whole number of 0 or more, found a list"),
        ("lint-code-blocks: yes\n", "`lint-code-blocks`: expected `true` or `false`, found the string `yes`"),
        ("severity: [L001]\n", "`severity`: expected a mapping (`key: value` lines), found a list"),
        ("per-file-ignores:\n  \"a/**\": L001\n", "`per-file-ignores.a/**`: expected a list of strings, such as `[a, b]`, found the string `L001`"),
        ("board: 2\n", "`board`: expected a mapping of settings (`name: value` lines), found the number `2`"),
        ("pipeline:\n  max-attempts: lots\n", "`pipeline.max-attempts`: expected a whole number of 0 or more, found the string `lots`"),
        ("session:\n  roles: [cfo]\n", "`session.roles`: expected a mapping (`key: value` lines), found a list"),
        ("kinds:\n  \"*.log\": 5\n", "`kinds.*.log`: expected a string, found the number `5`"),
        ("select: [L001]\nselect: [M]\n", "the key `select` is written twice"),
    ];
    for (config, message) in configs {
        let root = repo();
        write(root.path(), "a.md", WITH_ERROR);
        write(root.path(), ".boardlint.yaml", config);
        let (code, _, stderr) = run(root.path(), &["check"]);
        assert_eq!(code, 2, "{config:?}: {stderr}");
        assert!(stderr.contains(message), "{config:?}: {stderr}");
        for rust in [
            "struct",
            "RawConfig",
            "usize",
            "u32",
            "u64",
            "invalid type",
            "sequence",
            "map with",
            "enum",
            " at line ",
        ] {
            assert!(!stderr.contains(rust), "{config:?}: {stderr}");
        }
    }
}

#[test]
fn a_missing_config_file_is_worded_like_any_missing_path() {
    let root = repo();
    write(root.path(), "a.md", WITH_ERROR);
    for args in [
        &["check", "--config", "missing.yaml", "a.md"][..],
        &["fmt", "--config", "missing.yaml", "a.md"][..],
        &["config", "--config", "missing.yaml"][..],
    ] {
        boardlint()
            .current_dir(root.path())
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::eq(
                "error: missing.yaml: no such file or directory\n",
            ));
    }
    // As a missing path to check is worded.
    boardlint()
        .current_dir(root.path())
        .args(["check", "missing.md"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "error: missing.md: no such file or directory",
        ));
}

#[test]
fn extends_cycles_of_any_length_are_found_at_once_and_named() {
    let cycles: &[(&[(&str, &str)], &str)] = &[
        (
            &[("x/.boardlint.yaml", "extends: .boardlint.yaml\n")],
            "error: x/.boardlint.yaml:1: `extends`: the files extend each other in a cycle: x/.boardlint.yaml → x/.boardlint.yaml",
        ),
        (
            &[
                ("x/.boardlint.yaml", "extends: ./b.yaml\n"),
                ("x/b.yaml", "# back\nextends: ../x/.boardlint.yaml\n"),
            ],
            "error: x/b.yaml:2: `extends`: the files extend each other in a cycle: x/.boardlint.yaml → x/b.yaml → x/.boardlint.yaml",
        ),
        (
            &[
                ("x/.boardlint.yaml", "extends: ../y/b.yaml\n"),
                ("y/b.yaml", "extends: ./c.yaml\n"),
                ("y/c.yaml", "extends: ../x/./.boardlint.yaml\n"),
            ],
            "error: y/c.yaml:1: `extends`: the files extend each other in a cycle: x/.boardlint.yaml → y/b.yaml → y/c.yaml → x/.boardlint.yaml",
        ),
        (
            // Into a cycle that does not come back to the first file.
            &[
                ("x/.boardlint.yaml", "extends: b.yaml\n"),
                ("x/b.yaml", "extends: c.yaml\n"),
                ("x/c.yaml", "extends: b.yaml\n"),
            ],
            "error: x/c.yaml:1: `extends`: the files extend each other in a cycle: x/b.yaml → x/c.yaml → x/b.yaml",
        ),
    ];
    for (files, error) in cycles {
        let root = repo();
        for (path, text) in *files {
            write(root.path(), path, text);
        }
        write(root.path(), "x/a.md", WITH_ERROR);
        write(root.path(), "top.md", WITH_ERROR);
        let start = Instant::now();
        let (code, stdout, stderr) = run(root.path(), &["check", "--format", "concise"]);
        assert!(start.elapsed() < Duration::from_secs(5), "{error}");
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains(error), "{error}\n{stderr}");
        assert!(stdout.contains("top.md:2:1: error[L001]"), "{stdout}");
    }
}

#[test]
fn an_extends_that_names_no_file_is_an_error_at_its_line() {
    let root = repo();
    write(
        root.path(),
        ".boardlint.yaml",
        "# base\nextends: ../nothere.yaml\n",
    );
    write(root.path(), "a.md", WITH_ERROR);
    let (code, _, stderr) = run(root.path(), &["check"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains(
            "error: .boardlint.yaml:2: `extends`: ../nothere.yaml: no such file or directory"
        ),
        "{stderr}"
    );
}

/// 80,000 levels took the YAML library 37 s; nesting is counted first.
#[test]
fn a_deeply_nested_configuration_is_refused_before_parsing() {
    for config in [
        format!("exclude: {}\n", "[".repeat(80_000)),
        format!("exclude: {}x\n", "{a: ".repeat(80_000)),
        "[".repeat((1 << 20) - 1),
    ] {
        let root = three_parts(&config);
        let start = Instant::now();
        let (code, stdout, stderr) = run(root.path(), &["check", "--format", "concise"]);
        assert!(start.elapsed() < Duration::from_secs(5), "{stderr}");
        assert_eq!(code, 2, "{stderr}");
        assert!(
            stderr.contains("error: bad/.boardlint.yaml:1: nested more than 64 levels deep"),
            "{stderr}"
        );
        assert!(stdout.contains("top.md:2:1: error[L001]"), "{stdout}");
    }
}

#[test]
fn config_names_the_line_of_a_nested_key_under_its_parent() {
    let root = repo();
    write(
        root.path(),
        ".boardlint.yaml",
        "roles: [board]\npipeline:\n  stages: [a, review]\nsession:\n  # agents\n  roles:\n    finance-agent: cfo\nboard:\n  critique-phases: [3]\n",
    );
    let out = boardlint()
        .current_dir(root.path())
        .args(["config", "."])
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let line = |key: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("{key} ")))
            .unwrap_or_else(|| panic!("{key}: {text}"))
            .to_string()
    };
    assert!(line("roles").ends_with("# .boardlint.yaml:1"), "{text}");
    assert!(
        line("session.roles").ends_with("# .boardlint.yaml:6"),
        "{text}"
    );
    assert!(
        line("pipeline.stages").ends_with("# .boardlint.yaml:3"),
        "{text}"
    );
    assert!(
        line("board.critique-phases").ends_with("# .boardlint.yaml:9"),
        "{text}"
    );
}
