//! `check --add-noqa`: a suppression comment above each finding's line,
//! written once, merged into a comment already there, and never into a
//! file a comment would break. Each test runs the rules its text breaks.

use std::fs;

use crate::config_settings::{check, repo, run_in, write};

/// A card with short frames (C001) and BOTTOM LINE after WHAT (C003), a
/// self-invocation (L001) and a RESPONSE with its fields out of order
/// (R005).
const TEXT: &str = "━━━━━━━━━━━━\n\n📊 CFO — Runway\n\nWHAT\n• Burn is $280K a month [VERIFIED: Q4 actuals] 🟢\n\nBOTTOM LINE\nWe hold. — Confidence: 🟢 High\n\nWHY THIS MATTERS\nThe board asks.\n\nHOW TO ACT\n1. Keep the plan → CEO → 2026-04-10\n\n━━━━━━━━━━━━\n\nCFO: checking\n[INVOKE:cfo|What is our burn?]\n\n[RESPONSE:cfo]\nConfidence: high\nKey finding: Burn is flat at $280K.\nSupporting data:\n  - Payroll is $190K a month\n  - Cloud is $40K a month\nCaveat: Excludes the Q3 hires.\n[/RESPONSE]\n";

fn read(root: &std::path::Path, name: &str) -> String {
    fs::read_to_string(root.join(name)).unwrap()
}

#[test]
fn add_noqa_writes_a_comment_above_each_finding_and_the_file_then_checks_clean() {
    let root = repo();
    write(root.path(), "a.md", TEXT);
    let (code, out, err) = run_in(
        root.path(),
        &[
            "check",
            "--select",
            "C001,C003,L001,R005",
            "--add-noqa",
            "a.md",
        ],
    );
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    assert_eq!(err, "Added 4 noqa directives.\n");
    let text = read(root.path(), "a.md");
    for (comment, line) in [
        ("C001", "━━━━━━━━━━━━\n\n📊"),
        ("C003", "BOTTOM LINE\n"),
        ("L001", "[INVOKE:cfo|"),
        ("R005", "[RESPONSE:cfo]\n"),
    ] {
        let expected = format!("<!-- boardlint-disable-next-line {comment} -->\n{line}");
        assert!(text.contains(&expected), "{expected}:\n{text}");
    }
    // Nothing but the comments was added.
    let without: String = text
        .split_inclusive('\n')
        .filter(|l| !l.starts_with("<!-- boardlint-disable-next-line"))
        .collect();
    assert_eq!(without, TEXT);
    let (code, out, _) = check(root.path(), &["--select", "C001,C003,L001,R005", "a.md"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("No problems found"), "{out}");
}

#[test]
fn a_second_add_noqa_changes_nothing() {
    let root = repo();
    write(root.path(), "a.md", TEXT);
    run_in(root.path(), &["check", "--add-noqa", "a.md"]);
    let once = read(root.path(), "a.md");
    let (code, out, err) = run_in(root.path(), &["check", "--add-noqa", "a.md"]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""));
    assert_eq!(read(root.path(), "a.md"), once);
}

/// Codes found on a line whose line above is a suppression comment already
/// go into that comment, before its reason; findings of one line share one
/// comment; an indented line's comment is indented as it is.
#[test]
fn add_noqa_merges_codes_into_a_comment_already_there() {
    let root = repo();
    write(
        root.path(),
        "a.md",
        "CFO: x\n<!-- boardlint-disable-next-line M002 -- quoted -->\n[INVOKE:cfo|a]\n\nCFO: y\n  [INVOKE:cfo|b] [INVOKE:board|c]\n",
    );
    let (code, _, err) = run_in(
        root.path(),
        &["check", "--select", "L001,M002,R006", "--add-noqa", "a.md"],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "Added 2 noqa directives.\n");
    assert_eq!(
        read(root.path(), "a.md"),
        "CFO: x\n<!-- boardlint-disable-next-line M002 L001 R006 -- quoted -->\n[INVOKE:cfo|a]\n\nCFO: y\n  <!-- boardlint-disable-next-line L001 M002 -->\n  [INVOKE:cfo|b] [INVOKE:board|c]\n"
    );
    let (code, out, _) = check(root.path(), &["--select", "L001,M002,R006", "a.md"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("No problems found"), "{out}");
}

/// A CHAIN marker must follow its invocation: no comment can go between
/// them. That finding is left, with a note; the others get their comments.
/// So it is with any selection, though what shows the comment would change
/// the text (X001: it would suppress nothing) is not among the rules run.
#[test]
fn a_finding_no_comment_can_silence_is_left_with_a_note() {
    let root = repo();
    let text = "CRO: Preparing the pricing proposal.\n\nCRO → [INVOKE:cfo|What gross margin floor should the tier keep?]\n[CHAIN: cro → cmo]\n\nCFO: checking\n[INVOKE:cfo|What is our burn?]\n";
    write(root.path(), "a.md", text);
    let (code, _, err) = run_in(
        root.path(),
        &["check", "--select", "L001,L004", "--add-noqa", "a.md"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("note: a.md: 1 finding left as it is: a comment above its line would change how the text around it reads"),
        "{err}"
    );
    assert!(err.contains("Added 1 noqa directive.\n"), "{err}");
    let (_, out, _) = check(root.path(), &["--select", "L001,L004", "a.md"]);
    assert!(
        out.contains("error[L004]") && !out.contains("L001"),
        "{out}"
    );
    // Run again: nothing changes.
    let once = read(root.path(), "a.md");
    let (_, _, err) = run_in(
        root.path(),
        &["check", "--select", "L001,L004", "--add-noqa", "a.md"],
    );
    assert!(!err.contains("Added"), "{err}");
    assert_eq!(read(root.path(), "a.md"), once);
}

/// A handoff record, a session log: a comment would break them.
#[test]
fn add_noqa_never_writes_in_a_record_or_a_session_log() {
    let root = repo();
    let record = fs::read_to_string(crate::fixture(
        "P001/trigger/02-missing-several-fields.handoff.yaml",
    ))
    .unwrap();
    write(root.path(), "t.handoff.yaml", &record);
    let session = "{\"type\":\"assistant\",\"uuid\":\"a1\",\"parentUuid\":null,\"sessionId\":\"s1\",\"timestamp\":\"2026-03-05T14:00:05Z\",\"isSidechain\":false,\"message\":{\"id\":\"msg_1\",\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"CFO: checking\\n[INVOKE:cfo|What is our burn?]\"}]}}\n";
    write(root.path(), "s.jsonl", session);
    let (code, out, err) = run_in(
        root.path(),
        &["check", "--select", "P,L001", "--add-noqa", "."],
    );
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    assert!(
        err.contains("note: t.handoff.yaml: ")
            && err.contains("a suppression comment would break a handoff file"),
        "{err}"
    );
    assert!(
        err.contains("note: s.jsonl: 1 finding left as it is: a suppression comment would break a session-log file"),
        "{err}"
    );
    assert!(!err.contains("Added"), "{err}");
    assert_eq!(read(root.path(), "t.handoff.yaml"), record);
    assert_eq!(read(root.path(), "s.jsonl"), session);
    // Standard input has no file to write.
    let (code, _, err) = run_in(root.path(), &["check", "--add-noqa", "-"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("standard input"), "{err}");
}
