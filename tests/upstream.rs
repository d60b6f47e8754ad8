//! `check` over every protocol example of the upstream claude-skills project
//! (`../shared/reference/claude-skills/examples/`, read in place, never
//! copied). Each file's diagnostics are pinned, with the reasoning for any
//! finding next to it. `INDEX.md` is the notes on the examples, not one.

use std::fs;

use boardlint::{Engine, LineIndex};

mod reference;

/// (file, expected `line:column CODE` diagnostics, why).
const EXPECTED: &[(&str, &[&str], &str)] = &[
    ("ap-01-invoke-examples.txt", &[], "valid: four invocations and no RESPONSE after them, so R006 has no evidence an answer was due"),
    ("ap-02-response-cfo.txt", &[], "valid: the canonical response; no invocation precedes it, so R007 stays silent"),
    (
        "ap-03-rule1-self-invoke.txt",
        &[],
        "a diagram: the line starts with ❌, so `CFO →` is not a speaker line and the speaker is unknown; no L001 by guessing",
    ),
    ("ap-04-rule2-depth.txt", &[], "arrow diagrams in prose, no markers"),
    ("ap-05-rule3-circular.txt", &[], "arrow diagrams in prose, no markers"),
    ("ap-06-chain-marker.txt", &[], "a standalone chain of depth 2 with no speaker: nothing to report"),
    ("ap-07-blocked.txt", &[], "BLOCKED followed by a non-empty `State assumption used instead:` line"),
    ("ap-08-assumption.txt", &[], "valid"),
    (
        "ap-09-conflict-inline.txt",
        &["1:1 Q004"],
        "the excerpt is step 1 of Conflict Resolution (flag the conflict) without step 2 (state the resolution approach: \
         conservative, probabilistic or escalate), which the protocol requires and the excerpt cuts off",
    ),
    ("ap-10-broadcast.txt", &[], "valid: the speaker is unknown, so B003 stays silent"),
    ("ap-11-peer-verify-cfo.txt", &[], "valid"),
    (
        "ap-12-verified-output-snippet.txt",
        &["1:1 C001", "1:1 C002", "2:1 M004", "5:5 M004", "6:5 M004", "7:5 M004"],
        "a template excerpt: BOTTOM LINE followed by WHAT is a draft card, so it has no frame or header (C001) and lacks \
         WHY THIS MATTERS and HOW TO ACT (C002); `[Answer]`, `[Finding 1..3]` are placeholders left in it. Its confidence \
         tags are complete, so Q001/Q002 stay silent",
    ),
    ("bm-01-founder-review-gate.txt", &[], "not in a card or a response, so `[Paste synthesis]` is not reported"),
    ("cls-01-direct-role-address.txt", &[], "speaker lines only"),
    (
        "cls-02-strategic-question-output.txt",
        &["4:1 C001", "4:1 Q002", "5:13 Q001", "7:19 C007", "8:3 C008"],
        "a bold-label draft card (the older output format): no frame or header (C001), no confidence anywhere, neither \
         on the bottom line nor on the finding (Q002, once for the card, at its first line), `$800K ARR` with no source \
         (Q001), an action with no owner or deadline (C007), and a decision that is not framed as options with a \
         recommendation (C008)",
    ),
    ("cos-01-invoke-examples.txt", &["2:9 M002"], "`board` is not a valid role (the chief-of-staff text uses it loosely)"),
    (
        "cos-02-board-meeting-template.txt",
        &["5:9 M002", "6:9 M002", "7:9 M002"],
        "a template: `role1`..`role3` are not role tokens; `[Topic]` is outside any card or response",
    ),
    ("da-01-devils-advocate-output.txt", &[], "`[CRITICAL]`, `[HIGH]` are outside cards and responses (and are ALL-CAPS tags)"),
    (
        "dl-01-sample-decisions.md.fstring.txt",
        &["23:3 D007", "24:3 D007", "47:3 D007", "48:3 D007", "72:3 D007", "73:3 D007", "74:3 D007"],
        "a decision log (recognised by its `## YYYY-MM-DD — Title` entries with `**Decision:**`): the seven `Due:` values \
         are unevaluated Python f-string expressions, not dates, so those action items are not in the logged format",
    ),
    (
        "dl-02-sample-decisions.rendered-2026-03-05.md",
        &[],
        "the same log with its dates rendered: every entry, owner, date and action item is well formed",
    ),
    (
        "ip-01-revenue-planning-chain.txt",
        &[],
        "sibling calls written `[CHAIN: cro → cfo → cmo]` after CRO invokes CMO: ends in the invoked role and contains the speaker, so accepted",
    ),
    ("ip-02-hiring-decision-chain.txt", &[], "as ip-01"),
    ("ip-03-product-launch-chain.txt", &[], "as ip-01"),
    (
        "ip-04-crisis-broadcast.txt",
        &["41:55 M004"],
        "five responses answer the two-line broadcast; `[list from account data]` is a placeholder inside the CPO's response",
    ),
    ("ip-05-assumptions.txt", &[], "valid"),
    ("ip-06-conflict-detected-block.txt", &[], "`CFO says:` inside the CONFLICT block is content, not a speaker line"),
];

fn diagnostics(source: &str) -> Vec<String> {
    let index = LineIndex::new(source);
    Engine::default()
        .check(None, source)
        .iter()
        .map(|d| {
            let p = index.position(d.span.start);
            format!("{}:{} {}", p.line, p.column, d.code)
        })
        .collect()
}

#[test]
fn upstream_examples_give_the_pinned_diagnostics() {
    let Some(dir) = reference::path(
        "claude-skills/examples",
        "upstream_examples_give_the_pinned_diagnostics",
    ) else {
        return;
    };
    let mut failures = Vec::new();
    let mut seen = Vec::new();
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name == "INDEX.md" {
            continue;
        }
        seen.push(name.clone());
        let Some((_, expected, why)) = EXPECTED.iter().find(|(f, _, _)| *f == name) else {
            failures.push(format!(
                "{name}: a new upstream example; pin its diagnostics here"
            ));
            continue;
        };
        let source = fs::read_to_string(&path).unwrap();
        let actual = diagnostics(&source);
        if actual != *expected {
            failures.push(format!(
                "{name}: expected {expected:?} ({why}), got {actual:?}"
            ));
        }
    }
    for (file, _, _) in EXPECTED {
        if !seen.iter().any(|s| s == file) {
            failures.push(format!("{file}: pinned here but no longer upstream"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
