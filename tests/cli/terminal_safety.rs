//! Text from the input never reaches a terminal raw, whichever command
//! prints it.

use std::fs;

use crate::boardlint;

/// What must never be printed raw: ESC (every ANSI sequence, OSC 52 that
/// writes the clipboard), BEL, bidirectional controls, the Unicode line
/// and paragraph separators.
const RAW: &[char] = &[
    '\u{1b}', '\u{7}', '\u{202e}', '\u{2067}', '\u{200f}', '\u{061c}', '\u{2028}', '\u{2029}',
];

const HOSTILE: &str = "\u{1b}]52;c;ZWNobyBwd25lZA==\u{7} \u{1b}[2J \u{202e}txt.exe \u{200f}\u{061c}\u{2028}\u{2029}\u{2067}";

fn assert_safe(what: &str, out: &[u8]) {
    let out = String::from_utf8_lossy(out);
    for c in RAW {
        assert!(
            !out.contains(*c),
            "{what} prints U+{:04X} raw: {out:?}",
            *c as u32
        );
    }
}

#[test]
fn fmt_diff_escapes_what_the_content_and_the_name_hold() {
    let dir = tempfile::tempdir().unwrap();
    let name = "card\u{1b}[31m\u{202e}.md";
    let draft = format!(
        "Notes {HOSTILE}\n\n📊 CFO — Runway\n\n**Bottom Line:** Extend runway {HOSTILE}. — Confidence: 🟢 high\n\
         **What:** Burn is $280K a month (from ledger) 🟢\n**Why:** Without it we raise on worse terms.\n\
         **How to Act:** Cut two vendors (owner: COO, due: 2026-05-01)\n"
    );
    fs::write(dir.path().join(name), &draft).unwrap();
    let out = boardlint()
        .current_dir(dir.path())
        .args(["fmt", "--diff", name])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("+BOTTOM LINE"), "{stdout}");
    assert!(stdout.contains("\\u{1b}]52;c;"), "{stdout}");
    assert!(
        stdout.contains("--- a/card\\u{1b}[31m\\u{202e}.md"),
        "{stdout}"
    );
    assert_safe("fmt --diff", &out.stdout);
    assert_safe("fmt --diff (stderr)", &out.stderr);
    // The file is untouched, the hostile bytes still in it.
    assert_eq!(fs::read_to_string(dir.path().join(name)).unwrap(), draft);
    // Through standard input too.
    let out = boardlint()
        .args(["fmt", "--diff", "--stdin-filename", name, "-"])
        .write_stdin(draft.as_bytes())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_safe("fmt --diff -", &out.stdout);
}

#[test]
fn separators_and_bidi_marks_are_escaped_in_every_terminal_output() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join(".git")).unwrap();
    fs::write(
        dir.path().join("a.md"),
        format!("CFO: x {HOSTILE}\n[INVOKE:cfo|Why {HOSTILE}?]\n[INVOKE:ceo {HOSTILE}]\n"),
    )
    .unwrap();
    for format in ["human", "concise", "github"] {
        let out = boardlint()
            .current_dir(dir.path())
            .args(["check", "--color", "never", "--format", format, "a.md"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{format}");
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("L001"),
            "{format}"
        );
        assert_safe(format, &out.stdout);
        assert_safe(format, &out.stderr);
    }
}
