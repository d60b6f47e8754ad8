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
    let (_, out, _) = check(root.path(), &[]);
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
