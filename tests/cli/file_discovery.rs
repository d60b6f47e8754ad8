//! Which files a run sees.

use crate::boardlint;
use crate::config_settings::{check, repo, write};

const BAD: &str = "CFO: x\n[INVOKE:cfo|y]\n";

#[test]
fn walks_honour_gitignore_and_ignore_files_unless_no_ignore() {
    let root = repo();
    write(root.path(), "kept.md", BAD);
    write(root.path(), "generated/out.md", BAD);
    write(root.path(), "scratch/tmp.md", BAD);
    write(root.path(), ".gitignore", "generated/\n");
    write(root.path(), ".ignore", "scratch/\n");
    let (_, out, _) = check(root.path(), &[]);
    assert!(
        out.contains("kept.md") && !out.contains("generated") && !out.contains("scratch"),
        "{out}"
    );
    let (_, out, _) = check(root.path(), &["--no-ignore"]);
    assert!(
        out.contains("generated/out.md") && out.contains("scratch/tmp.md"),
        "{out}"
    );
}

#[test]
fn exclude_applies_to_walks_and_to_explicit_paths_only_when_forced() {
    let root = repo();
    write(root.path(), "archive/old.md", BAD);
    write(root.path(), "new.md", BAD);
    write(
        root.path(),
        ".boardlint.yaml",
        "exclude: [\"archive/**\"]\n",
    );
    let (_, out, _) = check(root.path(), &[]);
    assert!(out.contains("new.md") && !out.contains("archive"), "{out}");
    let (_, out, _) = check(root.path(), &["archive/old.md"]);
    assert!(
        out.contains("archive/old.md"),
        "explicit paths are checked: {out}"
    );
    let (code, out, _) = check(root.path(), &["--force-exclude", "archive/old.md"]);
    assert_eq!(code, 0);
    assert!(!out.contains("archive/old.md"), "{out}");
}

#[test]
fn output_order_is_sorted_by_path() {
    let root = repo();
    for name in ["c.md", "a.md", "b/z.md", "b/a.md"] {
        write(root.path(), name, BAD);
    }
    let (_, out, _) = check(root.path(), &["--select", "L001"]);
    let paths: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split(':').next())
        .filter(|p| p.ends_with(".md"))
        .collect();
    assert_eq!(paths, ["a.md", "b/a.md", "b/z.md", "c.md"], "{out}");
}

#[test]
fn stdin_filename_applies_config_per_file_ignores_and_excludes() {
    let root = repo();
    write(
        root.path(),
        "drafts/.boardlint.yaml",
        "per-file-ignores:\n  \"scratch/**\": [L001]\nexclude: [\"old/**\"]\n",
    );
    let run = |args: &[&str]| {
        let out = boardlint()
            .current_dir(root.path())
            .args(["check", "-", "--format", "concise"])
            .args(args)
            .write_stdin(BAD)
            .output()
            .unwrap();
        (
            out.status.code().unwrap(),
            String::from_utf8(out.stdout).unwrap(),
        )
    };
    assert_eq!(run(&["--stdin-filename", "drafts/a.md"]).0, 1);
    let (code, out) = run(&["--stdin-filename", "drafts/scratch/a.md"]);
    assert_eq!(code, 0, "{out}");
    let (code, out) = run(&["--stdin-filename", "drafts/old/a.md", "--force-exclude"]);
    assert_eq!(code, 0);
    assert!(!out.contains("L001"), "{out}");
}

#[test]
fn a_data_file_of_no_known_kind_named_explicitly_gets_a_note() {
    let root = repo();
    write(
        root.path(),
        "package.json",
        "{\"name\": \"x\", \"version\": \"1.0.0\"}\n",
    );
    write(
        root.path(),
        "compose.yaml",
        "services:\n  web:\n    image: nginx\n",
    );
    write(root.path(), "rows.jsonl", "{\"a\": 1}\n{\"a\": 2}\n");
    write(root.path(), "a.md", BAD);
    let (code, out, err) = check(
        root.path(),
        &["package.json", "compose.yaml", "rows.jsonl", "a.md"],
    );
    assert_eq!(code, 1, "{out}{err}");
    for name in ["package.json", "compose.yaml", "rows.jsonl"] {
        assert!(
            err.contains(&format!("note: {name}: not a file boardlint reads (no record or session log of a known shape): not checked")),
            "{err}"
        );
    }
    assert!(out.contains("(1 file checked)"), "{out}");
    // Walked, the same files are skipped without a word.
    let (_, out, err) = check(root.path(), &["."]);
    assert!(!err.contains("note:"), "{err}");
    assert!(out.contains("(1 file checked)"), "{out}");
}

/// The files `check --show-files` lists in `dir` with these arguments.
fn shown(dir: &std::path::Path, args: &[&str]) -> Vec<String> {
    let out = boardlint()
        .current_dir(dir)
        .args(["check", "--show-files"])
        .args(args)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let mut names: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect();
    names.sort();
    names
}

#[test]
fn exclude_on_the_command_line_replaces_the_configurations_and_extend_exclude_adds() {
    let root = repo();
    for name in ["archive/old.md", "drafts/d.md", "tmp/t.md", "new.md"] {
        write(root.path(), name, BAD);
    }
    write(
        root.path(),
        ".boardlint.yaml",
        "exclude: [\"archive/**\"]\n",
    );
    assert_eq!(
        shown(root.path(), &[]),
        ["drafts/d.md", "new.md", "tmp/t.md"]
    );
    assert_eq!(
        shown(root.path(), &["--exclude", "drafts/**"]),
        ["archive/old.md", "new.md", "tmp/t.md"]
    );
    assert_eq!(
        shown(root.path(), &["--extend-exclude", "drafts/**,tmp"]),
        ["new.md"]
    );
    assert_eq!(
        shown(
            root.path(),
            &["--exclude", "drafts", "--extend-exclude", "tmp/**"]
        ),
        ["archive/old.md", "new.md"]
    );
    // `fmt` takes them too; the files it leaves out are not formatted.
    let out = boardlint()
        .current_dir(root.path())
        .args([
            "fmt",
            "--check",
            "--extend-exclude",
            "drafts/**,tmp/**",
            ".",
        ])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "0 files would be reformatted, 1 file already formatted\n"
    );
    // A glob that does not parse stops the run, naming the flag.
    let (code, _, err) = check(root.path(), &["--exclude", "a/[b"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: command line: `--exclude`: `a/[b` is not a valid glob"),
        "{err}"
    );
}

#[test]
fn command_line_excludes_are_relative_to_the_current_directory() {
    let root = repo();
    write(root.path(), "sub/a/f.md", BAD);
    write(root.path(), "sub/b.md", BAD);
    assert_eq!(
        shown(root.path(), &["--exclude", "a/**", "sub"]),
        ["sub/a/f.md", "sub/b.md"]
    );
    assert_eq!(
        shown(root.path(), &["--exclude", "sub/a/**", "sub"]),
        ["sub/b.md"]
    );
    assert_eq!(
        shown(&root.path().join("sub"), &["--extend-exclude", "a/**"]),
        ["b.md"]
    );
}

#[test]
fn extend_exclude_is_relative_to_the_file_that_writes_it_also_through_extends() {
    let root = repo();
    for name in [
        "generated/g.md",
        "shared/generated/g.md",
        "tmp/t.md",
        "archive/old.md",
        "new.md",
    ] {
        write(root.path(), name, BAD);
    }
    write(
        root.path(),
        "shared/base.yaml",
        "extend-exclude: [\"generated/**\"]\nexclude: [\"new.md\"]\n",
    );
    write(
        root.path(),
        ".boardlint.yaml",
        "extends: shared/base.yaml\nexclude: [\"archive/**\"]\nextend-exclude: [\"tmp/**\"]\n",
    );
    // The base's `generated/**` is under `shared/`; its `exclude` is
    // replaced, its `extend-exclude` kept; and `--exclude` keeps both
    // files' `extend-exclude`.
    assert_eq!(shown(root.path(), &[]), ["generated/g.md", "new.md"]);
    assert_eq!(
        shown(root.path(), &["--exclude", "new.md"]),
        ["archive/old.md", "generated/g.md"]
    );
    // `boardlint config` shows every glob and where the last came from.
    let (_, out, _) = crate::config_settings::run_in(root.path(), &["config", "new.md"]);
    assert!(
        out.lines()
            .any(|l| l.starts_with("extend-exclude") && l.contains("[generated/**, tmp/**]")),
        "{out}"
    );
}
