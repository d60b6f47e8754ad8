//! Configuration: discovery, each setting, errors, `config` and `init`.

use std::fs;
use std::path::Path;

use predicates::prelude::*;

use crate::boardlint;

/// A throwaway repository (its `.git` bounds configuration discovery).
pub fn repo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join(".git")).unwrap();
    dir
}

pub fn write(root: &Path, rel: &str, text: &str) {
    let path = root.join(rel);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// Concise output of `check` in `root` with extra arguments.
pub fn check(root: &Path, args: &[&str]) -> (i32, String, String) {
    run_in(root, &[&["check", "--format", "concise"], args].concat())
}

/// `boardlint ARGS` in `root`: exit code, standard output, standard error.
pub fn run_in(root: &Path, args: &[&str]) -> (i32, String, String) {
    let out = boardlint().current_dir(root).args(args).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const SELF_INVOKE: &str = "CFO: checking\n[INVOKE:cfo|What is our burn?]\n";

#[test]
fn the_closest_config_applies_and_discovery_stops_at_the_repository_root() {
    let outer = tempfile::tempdir().unwrap();
    // Above the repository root: must not be read.
    write(outer.path(), ".boardlint.yaml", "ignore: [ALL]\n");
    let root = outer.path().join("repo");
    fs::create_dir_all(root.join(".git")).unwrap();
    write(&root, "a.md", SELF_INVOKE);
    write(&root, "sub/b.md", SELF_INVOKE);
    write(&root, "sub/.boardlint.yaml", "ignore: [L001]\n");
    let (code, out, _) = check(&root, &[]);
    assert_eq!(code, 1);
    assert!(out.contains("a.md:2:1: error[L001]"), "{out}");
    assert!(!out.contains("sub/b.md:2:1: error[L001]"), "{out}");
}

#[test]
fn boardlint_yaml_without_a_dot_is_found_too() {
    let root = repo();
    write(root.path(), "a.md", SELF_INVOKE);
    write(root.path(), "boardlint.yaml", "ignore: [self-invocation]\n");
    assert_eq!(check(root.path(), &[]).0, 0);
}

#[test]
fn select_ignore_and_extend_select_take_codes_prefixes_and_names() {
    let root = repo();
    write(
        root.path(),
        "a.md",
        "CFO: checking\n[INVOKE:cfo|What is our burn?]\n[INVOKE:board|x?]\n",
    );
    write(root.path(), ".boardlint.yaml", "select: [M]\n");
    let (_, out, _) = check(root.path(), &[]);
    assert!(out.contains("M002") && !out.contains("L001"), "{out}");
    write(
        root.path(),
        ".boardlint.yaml",
        "select: [M]\nextend-select: [self-invocation]\nignore: [M00]\n",
    );
    let (_, out, _) = check(root.path(), &[]);
    assert!(!out.contains("M002") && out.contains("L001"), "{out}");
}

#[test]
fn severity_changes_a_rules_level_or_turns_it_off() {
    let root = repo();
    write(root.path(), "a.md", SELF_INVOKE);
    write(
        root.path(),
        ".boardlint.yaml",
        "severity:\n  L001: warning\n",
    );
    let (code, out, _) = check(root.path(), &[]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("warning[L001]"), "{out}");
    write(root.path(), ".boardlint.yaml", "severity:\n  L001: off\n");
    let (code, out, _) = check(root.path(), &[]);
    assert_eq!(code, 0);
    assert!(!out.contains("L001"), "{out}");
}

#[test]
fn per_file_ignores_apply_to_matching_paths_only() {
    let root = repo();
    write(root.path(), "drafts/a.md", SELF_INVOKE);
    write(root.path(), "final/b.md", SELF_INVOKE);
    write(
        root.path(),
        ".boardlint.yaml",
        "per-file-ignores:\n  \"drafts/**\": [L001]\n",
    );
    let (_, out, _) = check(root.path(), &[]);
    assert!(
        !out.contains("drafts/a.md:2:1: error[L001]")
            && out.contains("final/b.md:2:1: error[L001]"),
        "{out}"
    );
}

#[test]
fn extends_inherits_and_the_extending_file_overrides() {
    let root = repo();
    write(
        root.path(),
        "a.md",
        "CFO: checking\n[INVOKE:cfo|What is our burn?]\n[INVOKE:board|x?]\n",
    );
    write(
        root.path(),
        "base.yaml",
        "ignore: [L001, M002]\nroles: [board]\n",
    );
    write(
        root.path(),
        ".boardlint.yaml",
        "extends: base.yaml\nignore: [M002]\n",
    );
    let (_, out, _) = check(root.path(), &[]);
    // `ignore` is replaced (L001 back on); `roles` is inherited (board is valid).
    assert!(out.contains("L001") && !out.contains("M002"), "{out}");
}

#[test]
fn roles_adds_role_tokens() {
    let root = repo();
    write(
        root.path(),
        "a.md",
        "[INVOKE:board|Should we raise a bridge?]\n",
    );
    assert!(check(root.path(), &[]).1.contains("M002"));
    write(root.path(), ".boardlint.yaml", "roles: [board]\n");
    assert!(!check(root.path(), &[]).1.contains("M002"));
}

#[test]
fn max_depth_bullet_limit_and_board_phases() {
    let root = repo();
    let deep = "[INVOKE:coo|x?]\n[CHAIN: cro → cfo → coo]\n";
    let board = "## Phase 4: Synthesis\nCEO: [INVOKE:cfo|x?]\n";
    // A draft card: BOTTOM LINE then WHAT (RISKS alone makes no draft).
    let bullets =
        "BOTTOM LINE\nGo. — Confidence: 🟢 High\n\nWHAT\n• a, 1 🟢\n• b, 2 🟢\n• c, 3 🟢\n";
    write(root.path(), "a.md", &format!("{deep}\n{board}\n{bullets}"));
    let (_, out, _) = check(root.path(), &[]);
    assert!(
        !out.contains("L002") && !out.contains("B00") && !out.contains("C004"),
        "{out}"
    );
    write(
        root.path(),
        ".boardlint.yaml",
        "max-depth: 1\nbullet-limit: 2\nboard:\n  isolation-phases: [4]\n  critique-phases: []\n",
    );
    let (_, out, _) = check(root.path(), &[]);
    assert!(
        out.contains("L002") && out.contains("B001") && out.contains("C004"),
        "{out}"
    );
}

#[test]
fn lint_code_blocks_lints_every_fence() {
    let root = repo();
    write(
        root.path(),
        "a.md",
        "```text\nCFO: x\n[INVOKE:cfo|y]\n```\n",
    );
    assert_eq!(check(root.path(), &[]).0, 0);
    write(root.path(), ".boardlint.yaml", "lint-code-blocks: true\n");
    assert!(check(root.path(), &[]).1.contains("L001"));
}

#[test]
fn lang_sets_the_headings_fmt_prints() {
    let root = repo();
    write(root.path(), ".boardlint.yaml", "lang: pt-BR\n");
    let out = boardlint()
        .current_dir(root.path())
        .args(["fmt", "-", "--stdin-filename", "card.md"])
        .write_stdin("BOTTOM LINE\nGo. — Confidence: 🟢 High\n\nWHAT\n• x (from ledger) 🟢\n")
        .assert()
        .code(0);
    assert!(String::from_utf8_lossy(&out.get_output().stdout).contains("\nCONCLUSÃO\n"));
}

#[test]
fn config_flag_and_isolated_override_discovery() {
    let root = repo();
    write(root.path(), "a.md", SELF_INVOKE);
    write(root.path(), ".boardlint.yaml", "ignore: [L001]\n");
    write(root.path(), "strict.yaml", "select: [ALL]\n");
    assert_eq!(check(root.path(), &[]).0, 0);
    assert_eq!(check(root.path(), &["--isolated"]).0, 1);
    assert_eq!(check(root.path(), &["--config", "strict.yaml"]).0, 1);
}

#[test]
fn an_unknown_key_is_an_error_with_file_line_key_and_suggestion() {
    let root = repo();
    write(root.path(), "a.md", SELF_INVOKE);
    write(root.path(), ".boardlint.yaml", "max-depth: 2\nselec: [L]\n");
    let (code, _, err) = check(root.path(), &[]);
    assert_eq!(code, 2);
    assert!(err.contains(".boardlint.yaml:2"), "{err}");
    assert!(
        err.contains("`selec`") && err.contains("did you mean `select`?"),
        "{err}"
    );
}

#[test]
fn a_wrong_type_and_an_unknown_code_are_errors() {
    let root = repo();
    write(root.path(), "a.md", SELF_INVOKE);
    write(root.path(), ".boardlint.yaml", "max-depth: deep\n");
    let (code, _, err) = check(root.path(), &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains(".boardlint.yaml:1") && err.contains("max-depth"),
        "{err}"
    );
    write(
        root.path(),
        ".boardlint.yaml",
        "select:\n  - L001\n  - L0002\n",
    );
    let (code, _, err) = check(root.path(), &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains(".boardlint.yaml:3") && err.contains("`select`") && err.contains("L0002"),
        "{err}"
    );
    write(root.path(), ".boardlint.yaml", "severity:\n  L001: loud\n");
    let (code, _, err) = check(root.path(), &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("loud") && err.contains("error`, `warning` or `off"),
        "{err}"
    );
}

#[test]
fn config_command_shows_values_and_their_sources() {
    let root = repo();
    write(
        root.path(),
        ".boardlint.yaml",
        "# team settings\nmax-depth: 1\n",
    );
    let out = boardlint()
        .current_dir(root.path())
        .args(["config", "."])
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        text.contains("max-depth") && text.contains("= 1") && text.contains(".boardlint.yaml:2"),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("bullet-limit") && l.contains("= 5") && l.contains("# default")),
        "{text}"
    );
}

#[test]
fn init_writes_a_default_config_and_refuses_to_overwrite() {
    let root = repo();
    boardlint()
        .current_dir(root.path())
        .arg("init")
        .assert()
        .code(0);
    let written = fs::read_to_string(root.path().join(".boardlint.yaml")).unwrap();
    assert!(written.contains("max-depth: 2"));
    fs::write(root.path().join(".boardlint.yaml"), "# mine\n").unwrap();
    boardlint()
        .current_dir(root.path())
        .arg("init")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("already exists"));
    assert_eq!(
        fs::read_to_string(root.path().join(".boardlint.yaml")).unwrap(),
        "# mine\n"
    );
}

#[test]
fn init_writes_into_an_existing_directory_and_still_refuses_to_overwrite() {
    let root = repo();
    fs::create_dir(root.path().join("team")).unwrap();
    boardlint()
        .current_dir(root.path())
        .args(["init", "team"])
        .assert()
        .code(0)
        .stderr(predicate::eq("wrote team/.boardlint.yaml\n"));
    let path = root.path().join("team/.boardlint.yaml");
    assert!(fs::read_to_string(&path).unwrap().contains("max-depth: 2"));
    fs::write(&path, "# mine\n").unwrap();
    boardlint()
        .current_dir(root.path())
        .args(["init", "team/"])
        .assert()
        .code(2)
        .stderr(predicate::eq(
            "error: team/.boardlint.yaml: already exists; not overwriting it\n",
        ));
    assert_eq!(fs::read_to_string(&path).unwrap(), "# mine\n");
    // A file name is still a file name.
    boardlint()
        .current_dir(root.path())
        .args(["init", "team/strict.yaml"])
        .assert()
        .code(0);
    assert!(root.path().join("team/strict.yaml").is_file());
}

#[test]
fn severity_error_promotes_a_warning_to_fail_the_run() {
    let root = repo();
    write(root.path(), "w.md", "[RESPONSE:cfo]\nKey finding: a\nSupporting data:\n  - one\nConfidence: low\nCaveat: c\n[/RESPONSE]\n");
    assert_eq!(check(root.path(), &[]).0, 0);
    write(
        root.path(),
        ".boardlint.yaml",
        "severity:\n  supporting-data-count: error\n",
    );
    let (code, out, _) = check(root.path(), &[]);
    assert_eq!(code, 1);
    assert!(out.contains("error[R003]"), "{out}");
}

#[test]
fn fmt_honours_quiet_and_force_exclude() {
    let root = repo();
    let draft = "BOTTOM LINE\nGo. — Confidence: 🟢 High\n\nWHAT\n• x (from ledger) 🟢\n";
    write(root.path(), "a.md", draft);
    write(root.path(), "archive/b.md", draft);
    write(
        root.path(),
        ".boardlint.yaml",
        "exclude: [\"archive/**\"]\n",
    );
    let out = boardlint()
        .current_dir(root.path())
        .args(["fmt", "--quiet", "."])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty() && out.stdout.is_empty(), "{out:?}");
    assert_ne!(fs::read_to_string(root.path().join("a.md")).unwrap(), draft);
    assert_eq!(
        fs::read_to_string(root.path().join("archive/b.md")).unwrap(),
        draft,
        "excluded from the walk"
    );
    boardlint()
        .current_dir(root.path())
        .args(["fmt", "--check", "--force-exclude", "archive/b.md"])
        .assert()
        .code(0);
    boardlint()
        .current_dir(root.path())
        .args(["fmt", "--check", "archive/b.md"])
        .assert()
        .code(1);
    // Standard input named into an excluded path comes back unchanged.
    boardlint()
        .current_dir(root.path())
        .args([
            "fmt",
            "-",
            "--stdin-filename",
            "archive/c.md",
            "--force-exclude",
        ])
        .write_stdin(draft)
        .assert()
        .code(0)
        .stdout(predicate::str::diff(draft));
}

/// `pipeline.entry-stages`: a task that first appears at another stage has
/// skipped the pipeline's entry; by default any stage is an entry.
#[test]
fn entry_stages_restrict_where_a_task_enters() {
    let event = |task: &str, stage: &str| {
        format!(
            "{{\"at\":\"2026-03-05T09:00:00Z\",\"task_id\":\"{task}\",\"stage\":\"{stage}\",\"attempt\":1,\"prev_state\":null,\"new_state\":\"queued\",\"actor\":\"orchestrator\",\"refs\":{{\"input\":\"3f9c2ab\",\"output\":null}},\"event_id\":\"{task}-1\"}}\n"
        )
    };
    let dir = repo();
    write(
        dir.path(),
        "runs.events.jsonl",
        &(event("PAY-1", "implement") + &event("PAY-2", "review")),
    );
    let (code, out, _) = check(dir.path(), &["runs.events.jsonl"]);
    assert_eq!(code, 0, "{out}");
    write(
        dir.path(),
        ".boardlint.yaml",
        "pipeline:\n  entry-stages: [implement]\n",
    );
    let (code, out, _) = check(dir.path(), &["runs.events.jsonl"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("runs.events.jsonl:2:")
            && out.contains("T010")
            && out.contains("`PAY-2` enters the pipeline at `review`, which is not an entry stage"),
        "{out}"
    );
    assert!(!out.contains(":1:"), "{out}");
}

#[test]
fn init_creates_a_directory_that_does_not_exist_and_writes_in_it() {
    let root = repo();
    for (given, written) in [
        ("newdir", "newdir/.boardlint.yaml"),
        ("new2/", "new2/.boardlint.yaml"),
        ("deep/er/dir", "deep/er/dir/.boardlint.yaml"),
        ("configs/strict.yaml", "configs/strict.yaml"),
    ] {
        boardlint()
            .current_dir(root.path())
            .args(["init", given])
            .assert()
            .code(0)
            .stderr(predicate::eq(format!("wrote {written}\n")));
        let text = fs::read_to_string(root.path().join(written)).unwrap();
        assert!(text.contains("max-depth: 2"), "{given}");
    }
    // An existing file is refused, as before.
    fs::write(root.path().join("notes"), "# mine\n").unwrap();
    boardlint()
        .current_dir(root.path())
        .args(["init", "notes"])
        .assert()
        .code(2)
        .stderr(predicate::eq(
            "error: notes: already exists; not overwriting it\n",
        ));
    assert_eq!(
        fs::read_to_string(root.path().join("notes")).unwrap(),
        "# mine\n"
    );
    // A directory that cannot be made: the cause, and exit code 2.
    boardlint()
        .current_dir(root.path())
        .args(["init", "notes/sub"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "error: notes/sub: cannot create the directory:",
        ));
}

#[test]
fn the_file_init_writes_names_every_file_kind() {
    let root = repo();
    // The kinds there are, as the configuration's error lists them.
    write(root.path(), ".boardlint.yaml", "kinds: {\"a.md\": nope}\n");
    let out = boardlint()
        .current_dir(root.path())
        .arg("config")
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    let listed = err
        .split("is not a file kind: use ")
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .unwrap_or_else(|| panic!("{err}"));
    let kinds: Vec<&str> = listed
        .split(", ")
        .flat_map(|k| k.split(" or "))
        .map(str::trim)
        .collect();
    assert!(kinds.len() >= 6, "{kinds:?}");
    fs::remove_file(root.path().join(".boardlint.yaml")).unwrap();
    boardlint()
        .current_dir(root.path())
        .arg("init")
        .assert()
        .code(0);
    let written = fs::read_to_string(root.path().join(".boardlint.yaml")).unwrap();
    let comment: String = written
        .lines()
        .skip_while(|l| !l.starts_with("# Force a file kind"))
        .take_while(|l| l.starts_with('#'))
        .collect::<Vec<_>>()
        .join(" ");
    for kind in kinds {
        assert!(comment.contains(kind), "`{kind}` missing from: {comment}");
    }
}
