//! Property tests of `boardlint fmt` over generated messy founder-card
//! drafts (tests/format_drafts/drafts.rs): complete in content, messy in
//! form, the way models write them before formatting.
//!
//! Each property is its own test. The drafts are generated once from a base
//! seed (fixed, or `BOARDLINT_DRAFT_SEED`), `BOARDLINT_DRAFT_COUNT` of them
//! (2,000 by default), and formatted once; the tests share them.
//!
//! ```sh
//! cargo test --test format_drafts
//! BOARDLINT_DRAFT_SEED=7 cargo test --test format_drafts
//! BOARDLINT_DRAFT_SHOW=0x1234abcd cargo test --test format_drafts show_draft -- --ignored --nocapture
//! ```
//!
//! A failure prints how many drafts fail, the failures grouped by class, the
//! forms over-represented among them, and for each class its smallest draft
//! with its seed, its forms, the draft and `fmt`'s output.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;

mod common;
#[path = "format_drafts/drafts.rs"]
mod drafts;

use common::lost_words;
use drafts::{count_confidence_emojis, Draft};

const BASE_SEED: u64 = 0x5EED_D2AF_7C0D_E001;
const DEFAULT_COUNT: u64 = 2000;

fn env_u64(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let v = v.trim();
    if let Some(hex) = v.strip_prefix("0x") {
        u64::from_str_radix(hex, 16).ok()
    } else {
        v.parse().ok()
    }
}

fn fmt(source: &str) -> Result<String, String> {
    catch_unwind(AssertUnwindSafe(|| {
        boardlint::Engine::default().format(None, source)
    }))
    .map_err(|p| {
        p.downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "panic".into())
    })
    .and_then(|r| r.ok_or_else(|| "format returned None".to_string()))
}

fn check(source: &str) -> Vec<boardlint::Diagnostic> {
    boardlint::Engine::default().check(None, source)
}

struct Case {
    draft: Draft,
    /// `fmt(draft)`, or the panic / error.
    once: Result<String, String>,
}

fn base_seed() -> u64 {
    env_u64("BOARDLINT_DRAFT_SEED").unwrap_or(BASE_SEED)
}

fn cases() -> &'static [Case] {
    static CASES: OnceLock<Vec<Case>> = OnceLock::new();
    CASES.get_or_init(|| {
        let base = base_seed();
        let count = env_u64("BOARDLINT_DRAFT_COUNT").unwrap_or(DEFAULT_COUNT);
        (0..count)
            .map(|i| {
                let draft = drafts::generate(drafts::draft_seed(base, i));
                let once = fmt(&draft.text);
                Case { draft, once }
            })
            .collect()
    })
}

/// Show a string with its line endings visible where they are CRLF.
fn show(text: &str) -> String {
    text.replace("\r\n", "␍\n").replace('\t', "→tab→")
}

/// One failing draft: the classes of what went wrong in it (a draft may
/// fail in several ways) and the details.
struct Failure<'a> {
    case: &'a Case,
    classes: Vec<String>,
    detail: String,
}

impl<'a> Failure<'a> {
    fn new(case: &'a Case, class: impl Into<String>, detail: impl Into<String>) -> Self {
        Failure {
            case,
            classes: vec![class.into()],
            detail: detail.into(),
        }
    }
}

/// The forms most over-represented among `drafts` against all drafts:
/// (lift, form, drafts with it among these, drafts with it in all).
fn over_represented<'a>(
    drafts: &[&'a Draft],
    all: &'a [Case],
) -> Vec<(f64, &'a str, usize, usize)> {
    let mut in_all: BTreeMap<&str, usize> = BTreeMap::new();
    for c in all {
        for f in &c.draft.forms {
            *in_all.entry(f.as_str()).or_default() += 1;
        }
    }
    let mut here: BTreeMap<&str, usize> = BTreeMap::new();
    for d in drafts {
        for f in &d.forms {
            *here.entry(f.as_str()).or_default() += 1;
        }
    }
    let mut lift: Vec<(f64, &str, usize, usize)> = here
        .iter()
        .map(|(form, &n)| {
            let total = in_all[form];
            let l = (n as f64 / drafts.len() as f64) / (total as f64 / all.len() as f64);
            (l, *form, n, total)
        })
        .filter(|(l, _, n, _)| *l > 1.5 && *n >= 2.min(drafts.len()))
        .collect();
    lift.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap().then(b.2.cmp(&a.2)));
    lift
}

/// Panic with a report of the failures of `property`: how many drafts fail,
/// each class of failure with its count, the forms over-represented among
/// its drafts, and its smallest draft (seed, forms, draft, output).
fn report(property: &str, failures: Vec<Failure<'_>>) {
    if failures.is_empty() {
        return;
    }
    let all = cases();
    let mut msg = String::new();
    let _ = writeln!(
        msg,
        "{property}: {} of {} drafts fail (base seed {:#x}; set BOARDLINT_DRAFT_SEED to vary)",
        failures.len(),
        all.len(),
        base_seed()
    );
    let mut classes: BTreeMap<&str, Vec<&Failure>> = BTreeMap::new();
    for f in &failures {
        for c in &f.classes {
            classes.entry(c.as_str()).or_default().push(f);
        }
    }
    let mut classes: Vec<(&str, Vec<&Failure>)> = classes.into_iter().collect();
    classes.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(a.0.cmp(b.0)));
    let _ = writeln!(
        msg,
        "classes (drafts; forms over-represented among them, failing/with the form):"
    );
    for (class, fs) in &classes {
        let drafts: Vec<&Draft> = fs.iter().map(|f| &f.case.draft).collect();
        let lift = over_represented(&drafts, all);
        let forms: Vec<String> = lift
            .iter()
            .take(4)
            .map(|(l, form, n, total)| format!("{form} {n}/{total} ×{l:.0}"))
            .collect();
        let _ = writeln!(
            msg,
            "  {:>5} × {class}\n          {}",
            fs.len(),
            forms.join(", ")
        );
    }
    for (class, fs) in classes.iter().take(12) {
        let smallest = fs.iter().min_by_key(|f| f.case.draft.text.len()).unwrap();
        let d = &smallest.case.draft;
        let _ = writeln!(
            msg,
            "\n=== class `{class}` ({} drafts); smallest: seed {:#x} ({:?})\n{}\nforms: {}\n--- draft\n{}\n--- fmt(draft)\n{}\n---",
            fs.len(),
            d.seed,
            d.kind,
            smallest.detail,
            d.forms.join(" "),
            show(&d.text),
            show(smallest.case.once.as_deref().unwrap_or("<fmt failed>")),
        );
    }
    panic!("{msg}");
}

/// Every draft `fmt` formats without an error or a panic.
fn formatted() -> Vec<(&'static Case, &'static str)> {
    cases()
        .iter()
        .filter_map(|c| c.once.as_deref().ok().map(|o| (c, o)))
        .collect()
}

#[test]
fn fmt_formats_every_draft() {
    let failures = cases()
        .iter()
        .filter_map(|c| {
            c.once
                .as_ref()
                .err()
                .map(|e| Failure::new(c, "fmt fails", e.clone()))
        })
        .collect();
    report("fmt returns the text", failures);
}

/// 1. Lossless: every word of the draft is in the output.
#[test]
fn fmt_is_lossless_on_drafts() {
    let mut failures = Vec::new();
    for (c, once) in formatted() {
        let lost = lost_words(&c.draft.text, once);
        if !lost.is_empty() {
            failures.push(Failure::new(
                c,
                format!("lost {}", lost.join(" ")),
                format!("lost words: {lost:?}"),
            ));
        }
    }
    report("lossless", failures);
}

/// 1b. The other half of the guarantee ("no content lost or invented"): the
/// output holds no word more often than the draft (structural words, which
/// `fmt` may write, aside).
#[test]
fn fmt_invents_no_word_on_drafts() {
    let mut failures = Vec::new();
    for (c, once) in formatted() {
        let invented = lost_words(once, &c.draft.text);
        if !invented.is_empty() {
            failures.push(Failure::new(
                c,
                "a word written more often than in the draft",
                format!("words the output holds more often than the draft: {invented:?}"),
            ));
        }
    }
    report("invents nothing", failures);
}

/// The first line where two texts differ, for a failure message.
fn first_difference(a: &str, b: &str) -> String {
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    for i in 0..la.len().max(lb.len()) {
        let (x, y) = (la.get(i), lb.get(i));
        if x != y {
            return format!(
                "line {}: fmt(x) {:?}\n        fmt(fmt(x)) {:?}",
                i + 1,
                x,
                y
            );
        }
    }
    "line endings or final newline differ".into()
}

/// 2. Idempotent: `fmt(fmt(x)) == fmt(x)`.
#[test]
fn fmt_is_idempotent_on_drafts() {
    let mut failures = Vec::new();
    for (c, once) in formatted() {
        match fmt(once) {
            Ok(t) if t == once => {}
            Ok(t) => failures.push(Failure::new(
                c,
                "second pass changes the text",
                format!(
                    "{}\n--- fmt(fmt(draft))\n{}",
                    first_difference(once, &t),
                    show(&t)
                ),
            )),
            Err(e) => failures.push(Failure::new(c, "second pass fails", e)),
        }
    }
    report("idempotent", failures);
}

/// A line less its list number: the `)` of `1)` is markup, not a bracket.
fn without_list_number(line: &str) -> &str {
    let t = line.trim_start();
    let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && t[digits..].starts_with(')') {
        &t[digits + 1..]
    } else {
        line
    }
}

/// How many `open` and `close` brackets `text` holds, list numbers aside.
fn brackets(text: &str, open: char, close: char) -> (usize, usize) {
    text.lines()
        .map(without_list_number)
        .fold((0, 0), |(o, c), l| {
            (o + l.matches(open).count(), c + l.matches(close).count())
        })
}

fn balanced(text: &str, open: char, close: char) -> bool {
    let (o, c) = brackets(text, open, close);
    o == c
}

/// Property 3, brackets: `(`/`)` and `[`/`]` balanced in the draft are balanced in
/// the output. The generator never breaks a line inside brackets, so the
/// same holds line by line: a line of the output with unbalanced brackets,
/// when every line of the draft is balanced, is a bracket cut off (counted
/// over the whole text, one lost `(` can hide behind another rewrite).
#[test]
fn fmt_keeps_brackets_balanced_on_drafts() {
    let mut failures = Vec::new();
    for (c, once) in formatted() {
        let mut classes = Vec::new();
        let mut detail = Vec::new();
        for (o, cl) in [('(', ')'), ('[', ']')] {
            let text_ok = balanced(&c.draft.text, o, cl);
            if text_ok && !balanced(once, o, cl) {
                classes.push(format!("output unbalanced {o}{cl}"));
                let (d_o, d_c) = brackets(&c.draft.text, o, cl);
                let (o_o, o_c) = brackets(once, o, cl);
                detail.push(format!("{o}{cl}: draft {d_o}/{d_c}, output {o_o}/{o_c}"));
            }
            let lines_ok = c.draft.text.lines().all(|l| balanced(l, o, cl));
            let bad: Vec<&str> = once.lines().filter(|l| !balanced(l, o, cl)).collect();
            if lines_ok && !bad.is_empty() {
                classes.push(format!("line unbalanced {o}{cl}"));
                detail.push(format!("{o}{cl} unbalanced on: {bad:?}"));
            }
        }
        if !classes.is_empty() {
            failures.push(Failure {
                case: c,
                classes,
                detail: detail.join("\n"),
            });
        }
    }
    report("brackets balanced", failures);
}

/// Confidence labels on a line (`Confidence`, `Confiança`, any case).
fn confidence_labels(line: &str) -> usize {
    let l = line.to_lowercase();
    l.matches("confidence").count() + l.matches("confiança").count()
}

/// Property 4: `fmt` never duplicates a confidence emoji: no line of the output holds
/// more confidence emojis than confidence values (a line with a finding
/// holds one value; a line with `Confidence:` labels one per label), and the
/// output holds no more emojis than the draft plus one for each confidence
/// the draft wrote with a word only.
#[test]
fn fmt_never_duplicates_a_confidence_emoji() {
    let mut failures = Vec::new();
    for (c, once) in formatted() {
        let mut detail = Vec::new();
        let mut classes = Vec::new();
        for line in once.lines() {
            let emojis = count_confidence_emojis(line);
            let values = confidence_labels(line).max(1);
            if emojis > values {
                detail.push(format!(
                    "{emojis} emojis for {values} value(s) on: {line:?}"
                ));
                let class = if confidence_labels(line) > 0 {
                    "two emojis next to one confidence value"
                } else {
                    "two emojis on a finding's line"
                };
                if !classes.contains(&class.to_string()) {
                    classes.push(class.to_string());
                }
            }
        }
        let out = count_confidence_emojis(once);
        let allowed = c.draft.confidence_emojis + c.draft.word_only_confidences;
        if out > allowed {
            detail.push(format!(
                "{out} emojis in the output; the draft has {} and {} word-only confidence(s)",
                c.draft.confidence_emojis, c.draft.word_only_confidences
            ));
            classes.push("more emojis than the draft's plus its word-only values".into());
        }
        if !classes.is_empty() {
            failures.push(Failure {
                case: c,
                classes,
                detail: detail.join("\n"),
            });
        }
    }
    report("no duplicated confidence emoji", failures);
}

/// Confidence level words on a line, as whole words in any case.
fn level_words(line: &str) -> usize {
    const LEVELS: [&str; 6] = ["high", "medium", "low", "alta", "média", "baixa"];
    line.split(|c: char| !c.is_alphanumeric())
        .filter(|w| LEVELS.contains(&w.to_lowercase().as_str()))
        .count()
}

/// 4b. Beside the emoji, the word: no line of the output holds more
/// confidence level words than it has confidence labels (the drafts use no
/// level word outside a confidence value), so `fmt` never writes a value
/// twice (`— Confidence: 🟡 Medium ** Medium`).
#[test]
fn fmt_never_duplicates_a_confidence_word() {
    let mut failures = Vec::new();
    for (c, once) in formatted() {
        let bad: Vec<&str> = once
            .lines()
            .filter(|l| confidence_labels(l) > 0 && level_words(l) > confidence_labels(l))
            .collect();
        if !bad.is_empty() {
            failures.push(Failure::new(
                c,
                "a confidence level written twice beside one label",
                format!("on: {bad:?}"),
            ));
        }
    }
    report("no duplicated confidence word", failures);
}

/// A diagnostic's message with its quoted parts kept (they name sections)
/// and its numbers blurred, as a class.
fn message_class(d: &boardlint::Diagnostic) -> String {
    let m = d.message.to_string();
    let m: String = m
        .chars()
        .map(|c| if c.is_ascii_digit() { 'N' } else { c })
        .collect();
    format!("{} {m}", d.code)
}

/// The line of `text` a diagnostic starts on.
fn line_at(text: &str, at: usize) -> &str {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    text[start..end].trim_end_matches('\r')
}

/// Property 5: after fmt, a complete draft has no finding left. The one exception is
/// by design: a draft without a header keeps its C001 (fmt frames it but
/// never invents the header, docs/format.md "Guarantees").
#[test]
fn formatted_drafts_have_no_findings() {
    let mut failures = Vec::new();
    for (c, once) in formatted() {
        let remaining: Vec<boardlint::Diagnostic> = check(once)
            .into_iter()
            .filter(|d| c.draft.has_header || d.code != "C001")
            .collect();
        if !remaining.is_empty() {
            let mut classes: Vec<String> = remaining.iter().map(message_class).collect();
            classes.sort();
            classes.dedup();
            let detail = remaining
                .iter()
                .map(|d| {
                    format!(
                        "{}: {} — at {:?}",
                        d.code,
                        d.message,
                        line_at(once, d.span.start)
                    )
                })
                .collect::<Vec<_>>()
                .join("\n");
            failures.push(Failure {
                case: c,
                classes,
                detail,
            });
        }
    }
    report("no findings after fmt", failures);
}

/// Property 6: the `[*]` marks of C001 and R005 promise only what the fix delivers:
/// on each draft, no more findings marked fixable than `fmt` removes (the
/// pattern of tests/format_properties.rs).
#[test]
fn fixable_marks_promise_only_what_fmt_removes_on_drafts() {
    let mut failures = Vec::new();
    for (c, once) in formatted() {
        let before = check(&c.draft.text);
        let after = check(once);
        let mut classes = Vec::new();
        let mut detail = Vec::new();
        for code in ["C001", "R005"] {
            let count = |ds: &[boardlint::Diagnostic]| ds.iter().filter(|d| d.code == code).count();
            let marked = before
                .iter()
                .filter(|d| d.code == code && d.fixable)
                .count();
            let removed = count(&before).saturating_sub(count(&after));
            if marked > removed {
                classes.push(format!("{code} marked more than fmt removes"));
                detail.push(format!(
                    "{code}: marked {marked}, removed {removed} (before {}, after {})",
                    count(&before),
                    count(&after)
                ));
            }
        }
        if !classes.is_empty() {
            failures.push(Failure {
                case: c,
                classes,
                detail: detail.join("\n"),
            });
        }
    }
    report("fixable marks", failures);
}

/// The generator writes what it says: enough drafts of each kind, and the
/// forms the properties are meant to cover.
#[test]
fn the_generator_covers_the_forms() {
    let all = cases();
    assert!(all.len() >= 2000 || env_u64("BOARDLINT_DRAFT_COUNT").is_some());
    let forms: BTreeSet<&str> = all
        .iter()
        .flat_map(|c| c.draft.forms.iter().map(String::as_str))
        .collect();
    for expected in [
        "kind:standard",
        "kind:alert",
        "kind:board",
        "hstyle:bold-label",
        "hstyle:md2",
        "hstyle:bullet-bold",
        "marker:tab-",
        "marker:1)",
        "wrapped:what",
        "finding:sub-bullets",
        "conf:bracket-word",
        "conf:own-line-dash-word-emoji",
        "conf-lang:pt",
        "action:paren-owner-by",
        "action:responsavel-prazo",
        "action:em-dashes-ate",
        "option:double-dash",
        "crlf",
        "order:shuffled",
        "gap:none",
        "gap:double",
        "prelude:response",
        "header:absent",
        "header-sep:-",
        "finding-sep:->",
        "option:ascii-arrow",
        "wrapped:bottom-line",
        "framed:blank-after-heading",
        "framed:loose-list",
        "peer:attached",
    ] {
        assert!(forms.contains(expected), "no draft uses {expected}");
    }
    // Every draft differs: the seed reaches the text.
    let distinct: BTreeSet<&str> = all.iter().map(|c| c.draft.text.as_str()).collect();
    assert!(
        distinct.len() * 10 >= all.len() * 9,
        "{} distinct drafts",
        distinct.len()
    );
}

/// Print one draft (`BOARDLINT_DRAFT_SHOW=<seed>`) or a file
/// (`BOARDLINT_DRAFT_FILE=<path>`) and what `fmt` and `check` make of it:
/// `BOARDLINT_DRAFT_SHOW=0x… cargo test --test format_drafts show_draft -- --ignored --nocapture`.
#[test]
#[ignore]
fn show_draft() {
    let text = if let Ok(path) = std::env::var("BOARDLINT_DRAFT_FILE") {
        std::fs::read_to_string(path).unwrap()
    } else if let Some(seed) = env_u64("BOARDLINT_DRAFT_SHOW") {
        let d = drafts::generate(seed);
        println!("forms: {}", d.forms.join(" "));
        d.text
    } else {
        eprintln!("set BOARDLINT_DRAFT_SHOW to a draft's seed or BOARDLINT_DRAFT_FILE to a file");
        return;
    };
    println!("--- draft\n{}", show(&text));
    let once = fmt(&text).unwrap();
    println!("--- fmt\n{}", show(&once));
    let twice = fmt(&once).unwrap();
    if twice != once {
        println!("--- fmt(fmt) differs\n{}", show(&twice));
    }
    for d in check(&text) {
        println!(
            "draft: {} fixable={} {} — at {:?}",
            d.code,
            d.fixable,
            d.message,
            line_at(&text, d.span.start)
        );
    }
    for d in check(&once) {
        println!(
            "fmt:   {} {} — at {:?}",
            d.code,
            d.message,
            line_at(&once, d.span.start)
        );
    }
}

/// Write every draft, its output and the findings left to the directory
/// `BOARDLINT_DRAFT_DUMP` (one JSON object a line), for studying failures.
#[test]
#[ignore]
fn dump_drafts() {
    let Ok(dir) = std::env::var("BOARDLINT_DRAFT_DUMP") else {
        eprintln!("set BOARDLINT_DRAFT_DUMP to a directory");
        return;
    };
    let mut out = String::new();
    for c in cases() {
        let once = c.once.clone().unwrap_or_default();
        let twice = fmt(&once).unwrap_or_default();
        let diag = |ds: Vec<boardlint::Diagnostic>, text: &str| -> Vec<serde_json::Value> {
            ds.iter()
                .map(|d| {
                    let start = text[..d.span.start].rfind('\n').map_or(0, |i| i + 1);
                    let end = text[d.span.start..].find('\n').map_or(text.len(), |i| d.span.start + i);
                    serde_json::json!({"code": d.code, "message": d.message.to_string(), "fixable": d.fixable, "line": &text[start..end]})
                })
                .collect()
        };
        let v = serde_json::json!({
            "seed": format!("{:#x}", c.draft.seed),
            "kind": format!("{:?}", c.draft.kind),
            "forms": c.draft.forms,
            "text": c.draft.text,
            "once": once,
            "twice": twice,
            "has_header": c.draft.has_header,
            "has_response": c.draft.has_response,
            "emojis": c.draft.confidence_emojis,
            "word_only": c.draft.word_only_confidences,
            "before": diag(check(&c.draft.text), &c.draft.text),
            "after": diag(check(&once), &once),
        });
        out.push_str(&v.to_string());
        out.push('\n');
    }
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(std::path::Path::new(&dir).join("drafts.jsonl"), out).unwrap();
}
