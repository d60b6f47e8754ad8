//! `boardlint fmt` on the golden drafts in `tests/fmt/` (each `NAME.md` has
//! its canonical output pinned in `NAME.formatted`; `BOARDLINT_BLESS=1`
//! rewrites them), and the formatter's guarantees on every golden draft and
//! every rule fixture: formatting twice gives the same bytes as formatting
//! once, and no word of the input is lost.

use std::fs;
use std::path::{Path, PathBuf};

use boardlint::{Config, Engine};

mod common;
mod reference;
use common::lost_words;

fn files_under(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fmt(source: &str) -> String {
    Engine::default()
        .format(None, source)
        .expect("a text with no path is formatted")
}

/// The codes of the findings `check` reports in `text` that `keep` keeps.
fn codes_where(text: &str, keep: impl Fn(&boardlint::Diagnostic) -> bool) -> Vec<&'static str> {
    Engine::default()
        .check(None, text)
        .into_iter()
        .filter(|d| keep(d))
        .map(|d| d.code)
        .collect()
}

#[test]
fn golden_drafts_format_to_their_pinned_output() {
    let bless = std::env::var_os("BOARDLINT_BLESS").is_some();
    let mut failures = Vec::new();
    let drafts = files_under(&root().join("tests/fmt"), "md");
    assert!(!drafts.is_empty());
    for path in drafts {
        let source = fs::read_to_string(&path).unwrap();
        let formatted = fmt(&source);
        let expected_path = path.with_extension("formatted");
        if bless {
            fs::write(&expected_path, &formatted).unwrap();
            continue;
        }
        match fs::read_to_string(&expected_path) {
            Ok(expected) if expected == formatted => {}
            Ok(expected) => failures.push(format!(
                "{}:\n--- expected\n{expected}\n--- actual\n{formatted}",
                path.display()
            )),
            Err(_) => failures.push(format!(
                "{}: no `.formatted` snapshot (BOARDLINT_BLESS=1)",
                path.display()
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn golden_output_is_a_canonical_card() {
    let mut failures = Vec::new();
    for path in files_under(&root().join("tests/fmt"), "md") {
        let formatted = fmt(&fs::read_to_string(&path).unwrap());
        let layout = codes_where(&formatted, |d| {
            ["C001", "C002", "C003", "C005"].contains(&d.code)
        });
        if !layout.is_empty() {
            failures.push(format!("{}: {layout:?}", path.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "formatted drafts still break the card layout:\n{}",
        failures.join("\n")
    );
}

/// The golden drafts named `*-draft-*` are written as models write a card
/// before formatting: complete in what they say, loose in how. `fmt` makes
/// each a card `check` finds nothing in, and the draft's only findings are
/// the ones `--fix` can mend.
#[test]
fn a_complete_draft_formats_to_a_card_with_no_finding() {
    let mut failures = Vec::new();
    let drafts: Vec<PathBuf> = files_under(&root().join("tests/fmt"), "md")
        .into_iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().contains("-draft-"))
        })
        .collect();
    assert!(drafts.len() >= 10, "the drafts are found");
    for path in drafts {
        let source = fs::read_to_string(&path).unwrap();
        let formatted = fmt(&source);
        let left: Vec<String> = Engine::default()
            .check(None, &formatted)
            .into_iter()
            .map(|d| format!("{} {}", d.code, d.message))
            .collect();
        if !left.is_empty() {
            failures.push(format!("{}: after fmt {left:?}", path.display()));
        }
        let before = codes_where(&source, |d| d.fix.is_none());
        if !before.is_empty() {
            failures.push(format!(
                "{}: findings --fix cannot mend {before:?}",
                path.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Brackets a text holds, `(`/`)` and `[`/`]` counted apart, list numbers
/// (`1)`) aside.
fn bracket_counts(text: &str) -> [(usize, usize); 2] {
    let lines: Vec<&str> = text
        .lines()
        .map(|l| {
            let t = l.trim_start();
            let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            if digits > 0 && t[digits..].starts_with(')') {
                &t[digits + 1..]
            } else {
                l
            }
        })
        .collect();
    let count = |c: char| lines.iter().map(|l| l.matches(c).count()).sum::<usize>();
    [(count('('), count(')')), (count('['), count(']'))]
}

/// The confidence emojis a text holds.
fn confidence_emojis(text: &str) -> usize {
    ["🟢", "🟡", "🔴"]
        .iter()
        .map(|e| text.matches(e).count())
        .sum()
}

/// On every golden draft, rule fixture and example: brackets balanced in
/// the input stay balanced, no confidence emoji is added where the input
/// had one for the level already, and what `fmt` prints leaves no finding
/// that `--fix` could still mend (one it marks fixable).
#[test]
fn formatting_keeps_brackets_and_emojis_and_leaves_nothing_fixable() {
    let mut failures = Vec::new();
    let mut inputs = files_under(&root().join("tests/fmt"), "md");
    inputs.extend(files_under(&root().join("tests/fixtures"), "md"));
    inputs.extend(files_under(&root().join("examples"), "md"));
    for path in inputs {
        let source = fs::read_to_string(&path).unwrap();
        let once = fmt(&source);
        for ((o, c), (fo, fc)) in bracket_counts(&source)
            .into_iter()
            .zip(bracket_counts(&once))
        {
            if o == c && fo != fc {
                failures.push(format!(
                    "{}: brackets {o}/{c} became {fo}/{fc}",
                    path.display()
                ));
            }
        }
        // A bottom line written with a level word only gains its emoji;
        // nothing else gains one.
        let words_only = source
            .lines()
            .filter(|l| {
                let lower = l.to_lowercase();
                (lower.contains("confidence") || lower.contains("confiança"))
                    && confidence_emojis(l) == 0
            })
            .count();
        if confidence_emojis(&once) > confidence_emojis(&source) + words_only {
            failures.push(format!("{}: a confidence emoji was added", path.display()));
        }
        let fixable = codes_where(&once, |d| d.fix.is_some());
        if !fixable.is_empty() {
            failures.push(format!("{}: fixable after fmt {fixable:?}", path.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn formatting_is_idempotent_and_loses_no_word() {
    let mut failures = Vec::new();
    let mut inputs = files_under(&root().join("tests/fmt"), "md");
    inputs.extend(files_under(&root().join("tests/fixtures"), "md"));
    inputs.extend(files_under(&root().join("examples"), "md"));
    for path in inputs {
        let source = fs::read_to_string(&path).unwrap();
        let once = fmt(&source);
        let twice = fmt(&once);
        if once != twice {
            failures.push(format!(
                "{}: not idempotent\n--- once\n{once}\n--- twice\n{twice}",
                path.display()
            ));
        }
        let lost = lost_words(&source, &once);
        if !lost.is_empty() {
            failures.push(format!("{}: lost {lost:?}", path.display()));
        }
        if source.ends_with('\n') != once.ends_with('\n') {
            failures.push(format!("{}: final newline changed", path.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn text_outside_cards_and_blocks_is_kept_byte_for_byte() {
    let source = "# Notes\r\n\r\nSome  prose   with odd spacing\r\n- a list [x] item\r\n\r\n```text\n[CHAIN: a->b]\n```\n";
    assert_eq!(fmt(source), source);
}

#[test]
fn a_card_with_a_heading_after_a_comment_is_left_as_written() {
    let source =
        "📊 CFO — T\n<!-- boardlint-disable C003 -->**BOTTOM LINE:** Go.\n**WHAT:**\n-   kept\n";
    assert_eq!(fmt(source), source);
    // Without the comment the same card is rewritten.
    let plain = source.replace("<!-- boardlint-disable C003 -->", "");
    assert_ne!(fmt(&plain), plain);
}

#[test]
fn a_phase_line_naming_a_section_is_not_a_heading() {
    // Found by the property tests: the phase lead was dropped when the rest
    // of the line read as a heading.
    for source in [
        "📊 CFO — T\n\n\nPhase 2:BOTTOM LINE\n",
        "Phase 2:**Bottom Line:** Go.\nWHAT\n",
    ] {
        let out = fmt(source);
        assert!(out.contains("Phase 2:"), "{source:?} -> {out:?}");
        assert!(lost_words(source, &out).is_empty(), "{source:?} -> {out:?}");
    }
}

#[test]
fn fuzz_regression_a_card_emoji_line_inside_a_block_is_kept() {
    // Found by the `fmt` fuzz target: a field's continuation line starting
    // with a card emoji lost the emoji, and what was left (a ``` run) read
    // as a fence opener the second time, so fmt was not idempotent.
    let source = "<\n[RESPONSE:cfo]\nKey finding:to\n📊``` \n[/RESPONSE]\n```\n[/RESPONSE]\n";
    let once = fmt(source);
    assert!(once.contains("📊```"), "{once}");
    assert_eq!(fmt(&once), once);
    // In a card section too.
    let card = "📊 CFO — T\nBOTTOM LINE\nGo.\n🚩 also noted\n";
    let once = fmt(card);
    assert!(once.contains("🚩 also noted"), "{once}");
    assert_eq!(fmt(&once), once);
}

#[test]
fn fuzz_regression_a_block_closed_inside_a_fence_is_left_as_written() {
    // Found by the `fmt` fuzz target: a RESPONSE block whose closer sits in a
    // `transcript` fence was rewritten from its lines, and the fence's
    // opening line (not a line of the block) was lost.
    let source = "\r\n[RESPONSE:cfo]\r\nKey finding:\0\n\n```transcript\n[/RESPONSE]\n```\nea\n\n```\n[CHAIN: cfo>coo]\n`";
    let once = fmt(source);
    assert!(once.contains("```transcript"), "{once:?}");
    assert_eq!(fmt(&once), once);
}

#[test]
fn fuzz_regression_a_header_ended_by_a_block_on_the_next_line_is_left_as_written() {
    // Found by the `fmt` fuzz target: a card header whose next line opens a
    // block (so the card is the header alone) was framed, and the closing
    // frame then read as the opening of a card holding the lines after it.
    let source = "Notes from the Monday review.\n\n📊 CFO — Runway review\n\
        **BOTTOM LINE:**[PEER-VERIFY:cfo] Runway is 14 months. Confidence: high\n\
        <!-━━━━━━- checked against the ledger -->\n**WHY THIS MATTERS:** the raise moves to Q3\n";
    let once = fmt(source);
    assert_eq!(once, source);
    assert_eq!(fmt(&once), once);
    // A header with no section after it is a title, not a card
    // (docs/transcript-format.md, "Founder cards"): it is left as written.
    let alone = "📊 CFO — Runway review\n\nLater notes.\n";
    assert_eq!(fmt(alone), alone);
}

#[test]
fn fuzz_regression_a_block_opener_normalised_only_on_the_second_pass_settles_in_one() {
    // Found by the `fmt` fuzz target: a RESPONSE block with a card and a
    // comment running through it was left as written on the first pass,
    // whose rewritten cards then let the second pass lower-case the block's
    // `[RESPONSE:CTO]`. `fmt` now formats again what does not settle.
    let source = include_str!("format_regressions/fuzz-block-opener-settles-on-the-second-pass.md");
    let once = fmt(source);
    assert_eq!(fmt(&once), once);
    assert!(lost_words(source, &once).is_empty(), "{once}");
}

#[test]
fn a_card_holding_a_fenced_block_is_left_as_written() {
    let source = "📊 CFO — T\nBOTTOM LINE\nGo.\nWHAT\n- a\n```\ncode here\n```\n- b\n";
    assert_eq!(fmt(source), source);
}

#[test]
fn comment_lines_in_a_card_are_kept() {
    // Found by the property tests: a comment line in a section was dropped.
    let source = "📊 CFO — T\nBOTTOM LINE\nGo.\n<!-- boardlint-disable L001 -->\n";
    let out = fmt(source);
    assert!(
        out.contains("Go.\n<!-- boardlint-disable L001 -->\n"),
        "{out}"
    );
    assert_eq!(fmt(&out), out);
}

#[test]
fn suppression_comments_keep_covering_their_lines_after_fmt() {
    let source = fs::read_to_string(root().join("tests/fmt/mixed-card-comments.md")).unwrap();
    let engine = Engine::default();
    let codes = |text: &str| -> Vec<String> {
        let mut c: Vec<String> = engine
            .check(None, text)
            .into_iter()
            .map(|d| d.code.to_string())
            .collect();
        c.sort();
        c
    };
    let before = codes(&source);
    assert!(!before.contains(&"X001".to_string()), "{before:?}");
    let once = fmt(&source);
    // The same findings, less the layout ones fmt fixed; no suppression
    // became unused and none stopped covering its line.
    let after = codes(&once);
    let expected: Vec<String> = before
        .into_iter()
        .filter(|c| c != "C001" && c != "C003")
        .collect();
    assert_eq!(after, expected, "{once}");
    // The C007 pair still encloses the first action, and only it.
    let disable = once.find("boardlint-disable C007").unwrap();
    let enable = once.find("boardlint-enable C007").unwrap();
    let between = &once[disable..enable];
    assert!(
        between.contains("Freeze two hires") && !between.contains("Review burn"),
        "{once}"
    );
}

#[test]
fn crlf_is_kept_in_rewritten_cards() {
    let source =
        "BOTTOM LINE\r\nGo. — Confidence: 🟢 high\r\n\r\nWHAT\r\n- one (from ledger) 🟢\r\n";
    let out = fmt(source);
    assert!(out.contains("━\r\n"), "{out:?}");
    assert!(!out.replace("\r\n", "").contains('\n'), "{out:?}");
}

#[test]
fn pt_br_headings_on_request() {
    let source = "📊 CFO — Caixa\n\nBOTTOM LINE\nManter o caixa. — Confidence: 🟢 High\n\nWHAT\n• Caixa de R$ 2M (fonte: extrato) 🟢\n";
    let config = Config::from_text(Path::new(".boardlint.yaml"), "lang: pt\n".to_string())
        .expect("`lang: pt` is a configuration");
    let out = Engine::new(config)
        .format(None, source)
        .expect("a text with no path is formatted");
    assert!(out.contains("\nCONCLUSÃO\n"), "{out}");
    assert!(out.contains("— Confiança: 🟢 Alta"), "{out}");
    assert!(out.contains("\nO QUÊ\n"), "{out}");
}

#[test]
fn the_upstream_bullet_list_draft_comes_out_as_a_canonical_card() {
    let Some(path) = reference::path(
        "claude-skills/examples/cls-02-strategic-question-output.txt",
        "the_upstream_bullet_list_draft_comes_out_as_a_canonical_card",
    ) else {
        return;
    };
    let source = fs::read_to_string(&path).unwrap();
    let out = fmt(&source);
    for heading in [
        "\nBOTTOM LINE\n",
        "\nWHAT\n",
        "\nWHY THIS MATTERS\n",
        "\nHOW TO ACT\n",
        "\n🔑 YOUR DECISION\n",
    ] {
        assert!(out.contains(heading), "{heading:?} missing from:\n{out}");
    }
    assert_eq!(
        out.matches("━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n")
            .count(),
        2,
        "{out}"
    );
    assert!(lost_words(&source, &out).is_empty());
    let codes = codes_where(&out, |_| true);
    // The header is not invented, so C001 stays; the layout is otherwise canonical.
    assert!(codes.contains(&"C001"), "{codes:?}");
    for code in ["C002", "C003", "C005"] {
        assert!(!codes.contains(&code), "{code} in {codes:?}\n{out}");
    }
}
