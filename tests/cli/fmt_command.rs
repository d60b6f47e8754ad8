use std::fs;

use predicates::prelude::*;

use crate::boardlint;

pub const DRAFT: &str = "Notes before.\n\n📊 CFO — Runway\n\n**Bottom Line:** Extend runway. — Confidence: 🟢 high\n**What:** Burn is $280K a month (from ledger) 🟢\n**Why:** Without it we raise on worse terms.\n**How to Act:** Cut two vendors (owner: COO, due: 2026-05-01)\n";

#[test]
fn stdin_is_formatted_to_stdout_only() {
    let out = boardlint().arg("fmt").write_stdin(DRAFT).assert().code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.starts_with("Notes before.\n\n━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n\n📊 CFO — Runway\n\nBOTTOM LINE\n"), "{text}");
    assert!(
        text.contains("1. Cut two vendors → COO → 2026-05-01"),
        "{text}"
    );
    assert!(out.get_output().stderr.is_empty());
    // The same with an explicit `-`.
    boardlint()
        .args(["fmt", "-"])
        .write_stdin(DRAFT)
        .assert()
        .code(0)
        .stdout(predicate::str::diff(text));
}

#[test]
fn check_writes_nothing_and_exits_one_when_a_file_would_change() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("card.md");
    fs::write(&path, DRAFT).unwrap();
    boardlint()
        .args(["fmt", "--check"])
        .arg(&path)
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("Would reformat:").and(predicate::str::contains("card.md")),
        );
    assert_eq!(fs::read_to_string(&path).unwrap(), DRAFT);
}

#[test]
fn check_exits_zero_on_formatted_input() {
    let formatted = boardlint()
        .arg("fmt")
        .write_stdin(DRAFT)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    boardlint()
        .args(["fmt", "--check", "-"])
        .write_stdin(formatted)
        .assert()
        .code(0)
        .stdout(predicate::str::is_empty());
}

#[test]
fn diff_prints_a_unified_diff_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("card.md");
    fs::write(&path, DRAFT).unwrap();
    boardlint()
        .args(["fmt", "--diff"])
        .arg(&path)
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("+BOTTOM LINE")
                .and(predicate::str::contains("-**Bottom Line:**")),
        );
    assert_eq!(fs::read_to_string(&path).unwrap(), DRAFT);
}

#[test]
fn write_rewrites_in_place_and_keeps_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("card.md");
    fs::write(&path, DRAFT).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
    boardlint()
        .arg("fmt")
        .arg(&path)
        .assert()
        .code(0)
        .stderr(predicate::str::contains("1 file reformatted"));
    let written = fs::read_to_string(&path).unwrap();
    assert!(written.contains("\nBOTTOM LINE\n"));
    assert_eq!(
        fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o640
    );
    // No temporary file is left behind.
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    // A second run changes nothing.
    boardlint()
        .arg("fmt")
        .arg(&path)
        .assert()
        .code(0)
        .stderr(predicate::str::contains(
            "0 files reformatted, 1 file left unchanged",
        ));
    assert_eq!(fs::read_to_string(&path).unwrap(), written);
}

#[test]
fn lang_pt_br_prints_portuguese_headings() {
    boardlint()
        .args(["fmt", "--lang", "pt-BR"])
        .write_stdin(DRAFT)
        .assert()
        .code(0)
        .stdout(
            predicate::str::contains("\nCONCLUSÃO\n")
                .and(predicate::str::contains("— Confiança: 🟢 Alta")),
        );
}

#[test]
fn a_draft_without_header_gets_frames_but_no_invented_header() {
    let draft = "BOTTOM LINE\nGo. — Confidence: 🟢 High\n\nWHAT\n- x (from ledger) 🟢\n";
    let out = boardlint().arg("fmt").write_stdin(draft).assert().code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        text.starts_with("━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n\nBOTTOM LINE\n"),
        "{text}"
    );
    assert!(!text.contains('📊'));
    boardlint()
        .args(["check", "-", "--format", "concise"])
        .write_stdin(text)
        .assert()
        .stdout(predicate::str::contains("C001").and(predicate::str::contains("no header line")));
}

#[test]
fn check_fix_applies_the_rewrite_and_reports_what_remains() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.md");
    let source = "CRO → [INVOKE:cfo|Budget?]\n\n[RESPONSE:CFO]\nConfidence: high\nKey finding: $1.2M.\nSupporting data:\n  - a\n  - b\nCaveat: c\n[/RESPONSE]\n";
    fs::write(&path, source).unwrap();
    boardlint()
        .args(["check", "--select", "R005", "--fix", "--format", "concise"])
        .arg(&path)
        .assert()
        .code(0)
        .stdout(
            predicate::str::contains("Fixed 1 problem in ")
                .and(predicate::str::contains("t.md."))
                .and(predicate::str::contains("No problems found")),
        );
    let fixed = fs::read_to_string(&path).unwrap();
    assert!(
        fixed.contains("[RESPONSE:cfo]\nKey finding: $1.2M.\n"),
        "{fixed}"
    );
}

/// `fmt` with no path on a terminal formats the current directory; through
/// a pipe it is a filter. The terminal comes from `script` (util-linux).
#[test]
fn fmt_with_no_path_on_a_terminal_formats_the_current_directory() {
    if std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("notice: `script` is not installed; the terminal case is not tested");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join(".git")).unwrap();
    let path = dir.path().join("card.md");
    fs::write(&path, DRAFT).unwrap();
    let bin = assert_cmd::cargo::cargo_bin("boardlint");
    let out = std::process::Command::new("timeout")
        .current_dir(dir.path())
        .args(["20", "script", "-qec"])
        .arg(format!("{} fmt", bin.display()))
        .arg("/dev/null")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let formatted = fs::read_to_string(&path).unwrap();
    assert!(formatted.contains("BOTTOM LINE"), "{formatted}");
    // A pipe with no path: standard input to standard output, no file touched.
    fs::write(&path, DRAFT).unwrap();
    let out = boardlint()
        .current_dir(dir.path())
        .arg("fmt")
        .write_stdin(DRAFT)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("BOTTOM LINE"));
    assert_eq!(fs::read_to_string(&path).unwrap(), DRAFT);
}

#[test]
fn diff_is_coloured_as_git_colours_one_when_colour_is_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("card.md");
    fs::write(&path, DRAFT).unwrap();
    let diff = |args: &[&str], env: &[(&str, &str)]| {
        let mut cmd = boardlint();
        for (k, v) in env {
            cmd.env(k, v);
        }
        let out = cmd
            .args(["fmt", "--diff"])
            .args(args)
            .arg(&path)
            .assert()
            .code(1);
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    // Piped: plain, as before.
    assert!(!diff(&[], &[]).contains('\u{1b}'));
    let painted = diff(&["--color", "always"], &[]);
    assert!(painted.contains("\u{1b}[31m-**Bottom Line:**"), "{painted}");
    assert!(painted.contains("\u{1b}[32m+BOTTOM LINE"), "{painted}");
    assert!(painted.contains("\u{1b}[36m@@"), "{painted}");
    assert!(painted.contains("\u{1b}[1m--- a/"), "{painted}");
    assert!(diff(&[], &[("FORCE_COLOR", "1")]).contains("\u{1b}[32m+BOTTOM LINE"));
    assert!(!diff(&["--color", "never"], &[("FORCE_COLOR", "1")]).contains('\u{1b}'));
    assert!(!diff(&[], &[("NO_COLOR", "1")]).contains('\u{1b}'));
    // Colour is only added: without it the text is the plain diff.
    let plain = diff(&[], &[]);
    let stripped: String = {
        let mut out = String::new();
        let mut rest = painted.as_str();
        while let Some(at) = rest.find('\u{1b}') {
            out.push_str(&rest[..at]);
            let end = rest[at..].find('m').map_or(rest.len(), |m| at + m + 1);
            rest = &rest[end..];
        }
        out.push_str(rest);
        out
    };
    assert_eq!(stripped, plain);
}
