//! The commands the docs show, run. Every fenced block of README.md,
//! examples/README.md and docs/*.md opened with ```` ```sh runnable ```` is a
//! list of shell commands (one a line, `\` continuing a line, `#` lines
//! skipped), run in order with `sh` in a scratch directory that holds a copy
//! of `examples/`, with this build's `boardlint` first on PATH. Each must
//! exit 0 or 1 (findings), or the status the block names (`exit=2`). Where
//! the block is followed, past blank lines only, by a ```` ```text output ````
//! block, that block is what its last command prints (standard output and
//! standard error together), line for line, trailing spaces aside; a line
//! `...` there stands for any number of lines.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A runnable block: where it is, its commands, the exit status they may
/// end with, and the output its last command shows, if the doc shows one.
#[derive(Debug)]
struct Block {
    at: String,
    commands: Vec<String>,
    statuses: Vec<i32>,
    output: Option<String>,
}

/// The runnable blocks of one markdown document.
fn blocks(name: &str, doc: &str) -> Vec<Block> {
    let lines: Vec<&str> = doc.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let info = lines[i].trim_start();
        let Some(info) = info.strip_prefix("```sh") else {
            i += 1;
            continue;
        };
        let words: Vec<&str> = info.split_whitespace().collect();
        let opener = i;
        let close = (i + 1..lines.len())
            .find(|&j| lines[j].trim_start().starts_with("```"))
            .unwrap_or(lines.len());
        i = close + 1;
        if !words.contains(&"runnable") {
            continue;
        }
        let statuses = words
            .iter()
            .find_map(|w| w.strip_prefix("exit="))
            .map_or(vec![0, 1], |n| {
                vec![n.parse().expect("exit=N takes a number")]
            });
        let mut commands = Vec::new();
        let mut pending = String::new();
        for line in &lines[opener + 1..close] {
            let t = line.trim();
            if pending.is_empty() && (t.is_empty() || t.starts_with('#')) {
                continue;
            }
            match t.strip_suffix('\\') {
                Some(head) => {
                    pending.push_str(head);
                    pending.push(' ');
                }
                None => {
                    pending.push_str(t);
                    commands.push(std::mem::take(&mut pending));
                }
            }
        }
        // The output block, if the next thing past blank lines is one.
        let mut j = i;
        while j < lines.len() && lines[j].trim().is_empty() {
            j += 1;
        }
        let mut output = None;
        if j < lines.len() {
            let next: Vec<&str> = lines[j].split_whitespace().collect();
            if next.first() == Some(&"```text") && next.contains(&"output") {
                let end = (j + 1..lines.len())
                    .find(|&k| lines[k].trim_start().starts_with("```"))
                    .unwrap_or(lines.len());
                output = Some(lines[j + 1..end].join("\n"));
                i = end + 1;
            }
        }
        out.push(Block {
            at: format!("{name}:{}", opener + 1),
            commands,
            statuses,
            output,
        });
    }
    out
}

/// Whether `actual` is what `expected` shows: line for line, trailing
/// spaces aside, a `...` line standing for any number of lines.
fn matches(expected: &[&str], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((&"...", rest)) => (0..=actual.len()).any(|skip| matches(rest, &actual[skip..])),
        Some((line, rest)) => actual
            .split_first()
            .is_some_and(|(a, tail)| a.trim_end() == line.trim_end() && matches(rest, tail)),
    }
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The documents whose blocks are run.
fn documents() -> Vec<PathBuf> {
    let mut docs = vec![root().join("README.md"), root().join("examples/README.md")];
    let mut pages: Vec<PathBuf> = fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    docs.extend(pages);
    docs
}

/// Run one block's commands; what went wrong, if anything.
fn run(block: &Block) -> Result<(), String> {
    let scratch = tempfile::tempdir().unwrap();
    copy_dir(&root().join("examples"), &scratch.path().join("examples"));
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_boardlint"));
    let path = std::env::join_paths(std::iter::once(bin.parent().unwrap().to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let mut last = String::new();
    for command in &block.commands {
        let mut sh = Command::new("sh");
        sh.arg("-c")
            .arg(format!("{{ {command}\n}} 2>&1"))
            .current_dir(scratch.path())
            .env("PATH", &path)
            .env("HOME", scratch.path())
            .env("NO_COLOR", "1");
        for var in [
            "FORCE_COLOR",
            "CLICOLOR_FORCE",
            "BOARDLINT_OUTPUT_FORMAT",
            "CI",
        ] {
            sh.env_remove(var);
        }
        let done = sh.output().map_err(|e| format!("{command}: {e}"))?;
        last = String::from_utf8_lossy(&done.stdout).into_owned();
        let status = done.status.code().unwrap_or(-1);
        if !block.statuses.contains(&status) {
            return Err(format!(
                "`{command}` exited {status} (expected {:?}):\n{last}",
                block.statuses
            ));
        }
    }
    if let Some(expected) = &block.output {
        let expected: Vec<&str> = expected.lines().collect();
        let actual: Vec<&str> = last.lines().collect();
        if !matches(&expected, &actual) {
            return Err(format!(
                "`{}` printed:\n{last}\nwhere the doc shows:\n{}",
                block.commands.last().map_or("", String::as_str),
                expected.join("\n")
            ));
        }
    }
    Ok(())
}

#[test]
fn every_runnable_block_runs_and_prints_what_the_doc_shows() {
    let mut failures = Vec::new();
    let mut shown = 0;
    let mut count = 0;
    for doc in documents() {
        let name = doc.strip_prefix(root()).unwrap().display().to_string();
        for block in blocks(&name, &fs::read_to_string(&doc).unwrap()) {
            count += 1;
            shown += usize::from(block.output.is_some());
            if let Err(why) = run(&block) {
                failures.push(format!("{}: {why}", block.at));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The docs keep runnable blocks, and show what some of them print.
    assert!(count >= 8, "only {count} runnable blocks");
    assert!(shown >= 6, "only {shown} runnable blocks show their output");
}

#[test]
fn a_block_is_read_with_its_commands_status_and_output() {
    let doc = "text\n\n```sh runnable exit=2\n# a comment\nboardlint check \\\n  a.md\n\nboardlint x\n```\n\n```text output\nerror: a\n...\nend\n```\n\n```sh\nnot run\n```\n";
    let found = blocks("d.md", doc);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].at, "d.md:3");
    assert_eq!(found[0].commands, ["boardlint check  a.md", "boardlint x"]);
    assert_eq!(found[0].statuses, [2]);
    assert_eq!(found[0].output.as_deref(), Some("error: a\n...\nend"));
}

#[test]
fn an_elision_stands_for_any_lines_and_nothing_else_differs() {
    assert!(matches(&["a", "...", "d"], &["a", "b", "c", "d"]));
    assert!(matches(&["a", "...", "d"], &["a", "d"]));
    assert!(matches(&["a  "], &["a"]));
    assert!(!matches(&["a", "d"], &["a", "b", "d"]));
    assert!(!matches(&["a", "...", "d"], &["a", "b"]));
    assert!(!matches(&["a"], &["a", "b"]));
}
