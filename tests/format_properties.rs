//! Property tests of `boardlint fmt` over generated cards: whatever form the
//! sections are written in, formatting is idempotent and loses no word.

use proptest::prelude::*;

mod common;
use common::lost_words;

fn fmt(source: &str) -> String {
    boardlint::Engine::default()
        .format(None, source)
        .expect("a text with no path is formatted")
}

const WORDS: &[&str] = &[
    "runway",
    "burn",
    "pipeline",
    "churn",
    "hire",
    "pilot",
    "renewal",
    "margin",
    "quota",
    "budget",
    "launch",
    "$12K",
    "14%",
    "3x",
    "9 months",
    "Madrid",
    "Q3",
    "2026-04-15",
    "[VERIFIED: ledger]",
    "[ASSUMED: benchmark]",
    "🟢",
    "🟡",
    "→",
    "—",
    "(from CRM)",
    "cash",
    "raise",
    "freeze",
    "vendor",
    "contract",
    "SSO",
    "EMEA",
];

const TITLES: &[&str] = &[
    "BOTTOM LINE",
    "WHAT",
    "WHY THIS MATTERS",
    "HOW TO ACT",
    "RISKS",
    "YOUR DECISION",
    "DETAIL",
    "WHAT I NOTICED",
    "WHY IT MATTERS",
    "RECOMMENDED ACTION",
    "URGENCY",
    "DECISION REQUIRED",
    "PERSPECTIVES",
    "WHERE THEY AGREE",
    "WHERE THEY DISAGREE",
    "CRITIC'S VIEW",
    "RECOMMENDED DECISION",
    "ACTION ITEMS",
    "YOUR CALL",
    "CONCLUSÃO",
    "O QUÊ",
    "POR QUE ISSO IMPORTA",
    "COMO AGIR",
    "RISCOS",
];

fn phrase() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(WORDS), 1..8).prop_map(|w| w.join(" "))
}

/// One line of a section's body, in one of the forms drafts write: a list
/// item, a line beside the list, an option or recommendation (with or
/// without a marker), a wrapped continuation (right after, or after a
/// blank line), a comment, a verified card's peer line.
fn body_line(bullet: &str, form: usize, line: &str) -> String {
    match form {
        0..=3 => format!("{bullet} {line}\n"),
        4 => format!("{line}\n"),
        5 => format!("{bullet} Option A: {line} — slower\n"),
        6 => format!("Option B: {line}\n"),
        7 => format!("{bullet} Recommendation: {line}\n"),
        8 => format!("  {line}\n"),
        9 => format!("\n  {line}\n"),
        10 => "<!-- a note -->\n".to_string(),
        _ => "PEER-VERIFIED BY: CFO (math ✅), CTO (timeline ⚠️)\n".to_string(),
    }
}

/// A section in one of the written forms a draft uses.
fn section() -> impl Strategy<Value = String> {
    (
        prop::sample::select(TITLES),
        0..5usize,
        prop::collection::vec((phrase(), 0..12usize), 0..8),
        prop::sample::select(&["-", "*", "•", "1."][..]),
    )
        .prop_map(|(title, form, lines, bullet)| {
            let lower = title.to_lowercase();
            let first = lines.first().map(|(l, _)| l.clone()).unwrap_or_default();
            let mut out = match form {
                0 => format!("{title}\n"),
                1 => format!("## {lower}\n"),
                2 => format!("**{title}:** {first}\n"),
                3 => format!("- **{lower}:** {first}\n"),
                _ => format!("⚠️ {title}\n"),
            };
            for (line, line_form) in lines.iter().skip(usize::from(form == 2 || form == 3)) {
                out.push_str(&body_line(bullet, *line_form, line));
            }
            out
        })
}

fn card() -> impl Strategy<Value = String> {
    (
        prop::option::of(0..60usize),
        prop::option::of(prop::sample::select(
            &[
                "📊 CFO — Runway",
                "🚩 CRO — Proactive Alert",
                "📋 BOARD MEETING — 2026-03-05 — Pricing",
                "📊 cfo — x",
            ][..],
        )),
        prop::collection::vec(section(), 1..8),
        prop::bool::ANY,
        phrase(),
    )
        .prop_map(|(frame, header, sections, blank_between, tail)| {
            let mut out = String::from("Intro line.\n\n");
            if let Some(w) = frame {
                out.push_str(&"━".repeat(w.max(10)));
                out.push('\n');
            }
            if let Some(h) = header {
                out.push_str(h);
                out.push_str("\n\n");
            }
            for s in sections {
                out.push_str(&s);
                if blank_between {
                    out.push('\n');
                }
            }
            if let Some(w) = frame {
                out.push_str(&"━".repeat(w.max(10)));
                out.push('\n');
            }
            out.push_str(&format!("\n## After\n{tail}\n"));
            out
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn generated_cards_format_idempotently_without_losing_words(source in card()) {
        let once = fmt(&source);
        let twice = fmt(&once);
        prop_assert_eq!(&once, &twice, "not idempotent for:\n{}", source);
        let lost = lost_words(&source, &once);
        prop_assert!(lost.is_empty(), "lost {:?} from:\n{}\n---\n{}", lost, source, once);
    }
}

/// The rules `fmt` claims to fix: the card's frames and section order
/// (C001, C003), a RESPONSE's confidence spelling and field order (R002,
/// R005). Every other rule finds in `fmt(x)` what it finds in `x`.
const FMT_FIXES: &[&str] = &["C001", "C003", "R002", "R005"];

/// The codes of the findings of rules `fmt` does not fix, counted.
fn unfixed(source: &str) -> Vec<(&'static str, usize)> {
    let mut counts: std::collections::BTreeMap<&'static str, usize> = Default::default();
    for d in boardlint::Engine::default().check(None, source) {
        if !FMT_FIXES.contains(&d.code) {
            *counts.entry(d.code).or_default() += 1;
        }
    }
    counts.into_iter().collect()
}

/// Every transcript fixture and formatter example (`.md` under
/// tests/fixtures and tests/fmt), with its text.
fn fixtures() -> Vec<(std::path::PathBuf, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut dirs = vec![root.join("fixtures"), root.join("fmt")];
    let mut out = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                let source = std::fs::read_to_string(&path).unwrap();
                out.push((path, source));
            }
        }
    }
    out
}

/// Every transcript fixture and formatter example: `check` and
/// `check(fmt(…))` agree on every rule `fmt` does not fix.
#[test]
fn check_reads_what_fmt_reads_on_every_fixture() {
    let all = fixtures();
    for (path, source) in &all {
        assert_eq!(unfixed(source), unfixed(&fmt(source)), "{}", path.display());
    }
    assert!(all.len() > 400, "{} files", all.len());
}

/// A finding wrapped onto an indented next line, with its tag and emoji on
/// either line.
fn wrapped_finding() -> impl Strategy<Value = String> {
    (
        phrase(),
        phrase(),
        0..4usize,
        prop::sample::select(&["🟢", "🟡", "🔴", ""][..]),
    )
        .prop_map(|(first, second, tag, emoji)| {
            let tag = ["[VERIFIED: ledger]", "[ASSUMED: plan]", "", "(source: CRM)"][tag];
            format!("• {first} 12%\n  {second} {tag} {emoji}\n")
        })
}

/// A card with one section of five to eight body lines in mixed forms,
/// around the item limit C004 counts against.
fn dense_section() -> impl Strategy<Value = String> {
    (
        // A title of each shape `fmt` prints (bullets, numbers, paragraph,
        // options, perspectives, one sentence, one value), in both languages.
        prop::sample::select(
            &[
                "WHAT",
                "HOW TO ACT",
                "WHY THIS MATTERS",
                "YOUR DECISION",
                "PERSPECTIVES",
                "YOUR CALL",
                "BOTTOM LINE",
                "URGENCY",
                "O QUÊ",
                "SUA DECISÃO",
                "RISCOS",
            ][..],
        ),
        // Most lines list items, so that a section often passes the limit.
        prop::collection::vec(
            (
                phrase(),
                prop::sample::select(&[0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11][..]),
            ),
            6..11,
        ),
        prop::sample::select(&["-", "*", "•", "1."][..]),
    )
        .prop_map(|(title, lines, bullet)| {
            let mut out = format!("\n{}\n\n📊 CFO — Plan\n\n{title}\n", "━".repeat(40));
            for (line, form) in &lines {
                out.push_str(&body_line(bullet, *form, line));
            }
            out.push_str(&format!("\n{}\n", "━".repeat(40)));
            out
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    /// Generated cards, some with wrapped findings: `check` and
    /// `check(fmt(…))` agree on every rule `fmt` does not fix.
    #[test]
    fn check_reads_what_fmt_reads_on_generated_cards(
        source in card(),
        wrapped in prop::collection::vec(wrapped_finding(), 0..3),
        dense in dense_section(),
    ) {
        let mut source = source;
        source.push_str(&dense);
        if !wrapped.is_empty() {
            let what = format!(
                "📊 CFO — Runway\n\nBOTTOM LINE\nWe hold. — Confidence: 🟡 Medium\n\nWHAT\n{}\nWHY THIS MATTERS\nThe board asks.\n\n",
                wrapped.concat()
            );
            source.push_str(&what);
        }
        prop_assert_eq!(
            unfixed(&source),
            unfixed(&fmt(&source)),
            "for:\n{}\n---\n{}",
            source,
            fmt(&source)
        );
    }
}

/// For each rule, how many findings `check` marks fixable, and how many
/// `fmt`'s rewrite removes.
fn fixable_and_removed(source: &str) -> Vec<(&'static str, usize, usize)> {
    let engine = boardlint::Engine::default();
    let before = engine.check(None, source);
    let after = engine.check(None, &fmt(source));
    let mut codes: Vec<&'static str> = before.iter().map(|d| d.code).collect();
    codes.sort_unstable();
    codes.dedup();
    codes
        .into_iter()
        .map(|code| {
            let count = |ds: &[boardlint::Diagnostic]| ds.iter().filter(|d| d.code == code).count();
            let marked = before
                .iter()
                .filter(|d| d.code == code && d.fixable)
                .count();
            (code, marked, count(&before).saturating_sub(count(&after)))
        })
        .collect()
}

/// A finding marked fixable is one `fmt`'s rewrite removes: never more
/// marks than removals, for any rule, and for the card rules (C001, C003)
/// and the field order (R005) exactly as many, on every fixture.
#[test]
fn fixable_marks_are_what_fmt_removes_on_every_fixture() {
    let mut marked_total = 0;
    for (path, source) in fixtures() {
        for (code, marked, removed) in fixable_and_removed(&source) {
            assert!(
                marked <= removed,
                "{}: {code} marked {marked}, removed {removed}",
                path.display()
            );
            if ["C001", "C003", "R005"].contains(&code) {
                assert_eq!(marked, removed, "{}: {code}", path.display());
            }
            marked_total += marked;
        }
    }
    assert!(
        marked_total > 20,
        "only {marked_total} fixable findings in the fixtures"
    );
}

/// A fixable finding is exactly one with a fix, and the fixes of one
/// rule's findings, made alone (as `check --fix --select CODE` makes them),
/// remove every finding of that rule they are for, on every fixture.
#[test]
fn each_rule_s_fixes_alone_remove_its_fixable_findings() {
    let engine = boardlint::Engine::default();
    let mut fixed = 0;
    for (path, source) in fixtures() {
        let before = engine.check(None, &source);
        for d in &before {
            assert_eq!(d.fixable, d.fix.is_some(), "{}: {d:?}", path.display());
        }
        for code in ["C001", "C003", "R005"] {
            let mut fixes: Vec<&boardlint::Fix> = before
                .iter()
                .filter(|d| d.code == code)
                .filter_map(|d| d.fix.as_deref())
                .collect();
            if fixes.is_empty() {
                continue;
            }
            fixes.sort_by_key(|f| f.span.start);
            fixes.dedup();
            let mut text = source.clone();
            for f in fixes.iter().rev() {
                text.replace_range(f.span.clone(), &f.text);
            }
            let count = |ds: &[boardlint::Diagnostic]| ds.iter().filter(|d| d.code == code).count();
            let marked = before
                .iter()
                .filter(|d| d.code == code && d.fixable)
                .count();
            let after = engine.check(None, &text);
            assert_eq!(
                count(&after),
                count(&before) - marked,
                "{}: {code}",
                path.display()
            );
            fixed += marked;
        }
    }
    assert!(fixed > 20, "only {fixed} findings fixed");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    /// The same on generated cards.
    #[test]
    fn fixable_marks_are_what_fmt_removes_on_generated_cards(source in card(), dense in dense_section()) {
        let source = format!("{source}{dense}");
        for (code, marked, removed) in fixable_and_removed(&source) {
            prop_assert!(marked <= removed, "{code} marked {marked}, removed {removed} in:\n{source}");
        }
    }
}
