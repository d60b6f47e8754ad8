//! Rule selection on the command line: `--select`, `--extend-select`,
//! `--ignore`, `--extend-ignore` and `--per-file-ignores`, layered over the
//! configuration as the settings of the same names are.

use crate::boardlint;
use crate::config_settings::{check, repo, write};

/// L001 (self-invocation) and M002 (unknown role) on lines 2 and 3.
const TWO_RULES: &str = "CFO: checking\n[INVOKE:cfo|What is our burn?]\n[INVOKE:board|x?]\n";

/// Of the two rules `TWO_RULES` breaks, those a report names: which of
/// them the selection leaves on.
fn codes(out: &str) -> Vec<&str> {
    let mut codes: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_once("[")?.1.split_once(']').map(|(c, _)| c))
        .filter(|c| ["L001", "M002"].contains(c))
        .collect();
    codes.sort_unstable();
    codes.dedup();
    codes
}

#[test]
fn select_replaces_the_configurations_select_and_takes_codes_prefixes_names_and_all() {
    let root = repo();
    write(root.path(), "a.md", TWO_RULES);
    write(root.path(), ".boardlint.yaml", "select: [M]\n");
    assert_eq!(codes(&check(root.path(), &[]).1), ["M002"]);
    assert_eq!(
        codes(&check(root.path(), &["--select", "L001"]).1),
        ["L001"]
    );
    assert_eq!(
        codes(&check(root.path(), &["--select", "self-invocation"]).1),
        ["L001"]
    );
    assert_eq!(
        codes(&check(root.path(), &["--select", "L,M"]).1),
        ["L001", "M002"]
    );
    assert_eq!(
        codes(&check(root.path(), &["--select", "L", "--select", "M00"]).1),
        ["L001", "M002"]
    );
    assert_eq!(
        codes(&check(root.path(), &["--select", "ALL"]).1),
        ["L001", "M002"]
    );
}

#[test]
fn extend_select_adds_and_ignore_and_extend_ignore_remove() {
    let root = repo();
    write(root.path(), "a.md", TWO_RULES);
    write(root.path(), ".boardlint.yaml", "select: [M]\nignore: [C]\n");
    assert_eq!(
        codes(&check(root.path(), &["--extend-select", "L001"]).1),
        ["L001", "M002"]
    );
    // --ignore replaces the file's `ignore`; --extend-ignore adds to it.
    assert_eq!(
        codes(&check(root.path(), &["--select", "ALL", "--ignore", "M002"]).1),
        ["L001"]
    );
    assert_eq!(
        codes(
            &check(
                root.path(),
                &["--select", "ALL", "--extend-ignore", "unknown-role"]
            )
            .1
        ),
        ["L001"]
    );
    let (code, out, _) = check(root.path(), &["--select", "ALL", "--ignore", "L001,M002"]);
    assert_eq!((code, codes(&out).len()), (0, 0), "{out}");
}

#[test]
fn extend_ignore_is_a_setting_too() {
    let root = repo();
    write(root.path(), "a.md", TWO_RULES);
    write(root.path(), "base.yaml", "extend-ignore: [L001]\n");
    write(
        root.path(),
        ".boardlint.yaml",
        "extends: base.yaml\nextend-ignore: [M002]\n",
    );
    let (code, out, _) = check(root.path(), &[]);
    assert_eq!((code, codes(&out).len()), (0, 0), "{out}");
}

#[test]
fn per_file_ignores_flag_applies_to_matching_paths_only() {
    let root = repo();
    write(root.path(), "drafts/a.md", TWO_RULES);
    write(root.path(), "final/b.md", TWO_RULES);
    let (_, out, _) = check(root.path(), &["--per-file-ignores", "drafts/**:L001,M002"]);
    assert!(
        codes(
            &out.lines()
                .filter(|l| l.starts_with("drafts/"))
                .collect::<Vec<_>>()
                .join("\n")
        )
        .is_empty()
            && codes(&out) == ["L001", "M002"],
        "{out}"
    );
    let (_, out, _) = check(
        root.path(),
        &[
            "--per-file-ignores",
            "drafts/**:L001",
            "--per-file-ignores",
            "final/**:M",
        ],
    );
    assert!(
        out.contains("drafts/a.md:3:9: error[M002]")
            && !out.contains("drafts/a.md:2:1: error[L001]"),
        "{out}"
    );
    assert!(
        out.contains("final/b.md:2:1: error[L001]") && !out.contains("final/b.md:3:9: error[M002]"),
        "{out}"
    );
}

#[test]
fn a_flag_naming_no_rule_fails_the_run_with_a_suggestion() {
    let root = repo();
    write(root.path(), "a.md", TWO_RULES);
    let (code, out, err) = check(root.path(), &["--select", "L0001"]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("command line")
            && err.contains("--select")
            && err.contains("L0001")
            && err.contains("did you mean"),
        "{err}"
    );
    let (code, _, err) = check(root.path(), &["--extend-ignore", "self-invocatoin"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--extend-ignore") && err.contains("self-invocation"),
        "{err}"
    );
    let (code, _, err) = check(root.path(), &["--per-file-ignores", "drafts/**"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--per-file-ignores") && err.contains("GLOB:CODES"),
        "{err}"
    );
}

#[test]
fn config_shows_a_flags_value_and_names_the_flag() {
    let root = repo();
    write(root.path(), ".boardlint.yaml", "select: [M]\nignore: [C]\n");
    let out = boardlint()
        .current_dir(root.path())
        .args(["config", ".", "--select", "L001", "--extend-ignore", "M002"])
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let line = |key: &str| {
        text.lines()
            .find(|l| l.split_whitespace().next() == Some(key))
            .unwrap_or_else(|| panic!("no `{key}` in:\n{text}"))
            .to_string()
    };
    assert!(
        line("select").contains("[L001]") && line("select").contains("command line (--select)"),
        "{text}"
    );
    assert!(
        line("ignore").contains("[C]") && line("ignore").contains(".boardlint.yaml:2"),
        "{text}"
    );
    assert!(
        line("extend-ignore").contains("command line (--extend-ignore)"),
        "{text}"
    );
    assert!(
        text.contains("(1 of") && text.contains(": L001\n"),
        "{text}"
    );
}
