//! Suppression comments, each form, with the rules each test's text
//! breaks selected.

use crate::config_settings::{check, repo, write};

fn codes(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| {
            l.split_once("[")
                .and_then(|(_, r)| r.split_once(']'))
                .map(|(c, _)| c.to_string())
        })
        .collect()
}

#[test]
fn disable_next_line_by_code_and_by_name() {
    let root = repo();
    write(root.path(), "a.md", "CFO: x\n<!-- boardlint-disable-next-line L001 -->\n[INVOKE:cfo|a]\n<!-- boardlint-disable-next-line self-invocation -- quoted -->\n[INVOKE:cfo|b]\n[INVOKE:cfo|c]\n");
    let (_, out, _) = check(root.path(), &["--select", "L001"]);
    assert_eq!(codes(&out), ["L001"], "{out}");
    assert!(out.contains("a.md:6:1"), "{out}");
}

#[test]
fn disable_and_enable_make_a_range() {
    let root = repo();
    write(root.path(), "a.md", "CFO: x\n<!-- boardlint-disable L001 -->\n[INVOKE:cfo|a]\n[INVOKE:cfo|b]\n<!-- boardlint-enable L001 -->\n[INVOKE:cfo|c]\n");
    let (_, out, _) = check(root.path(), &["--select", "L001"]);
    assert_eq!(codes(&out), ["L001"], "{out}");
    assert!(out.contains("a.md:6:1"), "{out}");
}

#[test]
fn disable_with_no_code_covers_every_rule_until_enable() {
    let root = repo();
    write(root.path(), "a.md", "CFO: x\n<!-- boardlint-disable -->\n[INVOKE:cfo|a]\n[INVOKE:board|b]\n<!-- boardlint-enable -->\n[INVOKE:board|c]\n");
    let (_, out, _) = check(root.path(), &["--select", "L001,M002"]);
    assert_eq!(codes(&out), ["M002"], "{out}");
}

#[test]
fn disable_file_covers_the_whole_file() {
    let root = repo();
    write(
        root.path(),
        "a.md",
        "CFO: x\n[INVOKE:cfo|a]\n\n<!-- boardlint-disable-file L001 -->\n[INVOKE:cfo|b]\n",
    );
    let (code, out, _) = check(root.path(), &["--select", "L001"]);
    assert_eq!(code, 0, "{out}");
    assert!(codes(&out).is_empty(), "{out}");
}

#[test]
fn an_unused_suppression_is_x001_and_x001_can_be_ignored() {
    let root = repo();
    write(
        root.path(),
        "a.md",
        "<!-- boardlint-disable-next-line L001 -->\nCFO: fine.\n",
    );
    let (code, out, _) = check(root.path(), &[]);
    assert_eq!(code, 0);
    assert_eq!(codes(&out), ["X001"], "{out}");
    write(root.path(), ".boardlint.yaml", "ignore: [X001]\n");
    assert!(codes(&check(root.path(), &[]).1).is_empty());
}

#[test]
fn a_suppression_naming_no_rule_hides_nothing_and_says_what_it_meant() {
    let root = repo();
    write(
        root.path(),
        "a.md",
        "<!-- boardlint-disable-file not-a-rule-at-all -->\nCFO: x\n[INVOKE:cfo|a]\n",
    );
    write(
        root.path(),
        "b.md",
        "CFO: x\n<!-- boardlint-disable-next-line L01 -->\n[INVOKE:cfo|b]\n",
    );
    write(
        root.path(),
        "c.md",
        "<!-- boardlint-disable self-invocaton -->\nCFO: x\n[INVOKE:cfo|c]\n<!-- boardlint-enable X9 -->\n[INVOKE:cfo|d]\n",
    );
    write(
        root.path(),
        "d.md",
        "CFO: x\n<!-- boardlint-disable-next-line L001 X998 -->\n[INVOKE:cfo|e]\n",
    );
    let (code, out, _) = check(root.path(), &[]);
    assert_eq!(code, 1, "{out}");
    // The rule a comment names beside a typo is suppressed; the typo is
    // reported as the part that does nothing.
    assert!(!out.contains("d.md:3:1: error[L001]"), "{out}");
    assert!(
        out.contains("d.md:2:1: warning[X001] unused-suppression: part of this suppression names no rule, and suppresses nothing: `X998`"),
        "{out}"
    );
    for (file, line) in [("a.md", 3), ("b.md", 3), ("c.md", 3), ("c.md", 5)] {
        assert!(
            out.contains(&format!("{file}:{line}:1: error[L001]")),
            "{out}"
        );
    }
    assert!(
        out.contains("a.md:1:1: warning[X001] unused-suppression: this suppression names no rule, and suppresses nothing: `not-a-rule-at-all` is not a rule code, code prefix or rule name\n"),
        "{out}"
    );
    assert!(out.contains("did you mean `L001`?"), "{out}");
    assert!(out.contains("did you mean `self-invocation`?"), "{out}");
    assert!(out.contains("c.md:4:1: warning[X001]"), "{out}");
}
