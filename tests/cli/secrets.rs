//! No output format ever shows a credential, whichever rule quotes it and
//! whichever kind of file it is in.

use crate::boardlint;
use crate::config_settings::{repo, write};

#[path = "../secrets/shapes.rs"]
mod shapes;
use shapes::{PRIVATE_KEY, PRIVATE_KEY_BODY, SHAPES};

/// Every `--format`.
pub const FORMATS: &[&str] = &[
    "human", "concise", "json", "jsonl", "sarif", "github", "junit", "gitlab", "rdjson", "pylint",
    "azure",
];

const HANDOFF: &str = "task_id: PAY-412\nattempt: 1\nstage: implement\nstatus: approved\n\
input_ref: 3f9c2ab\noutput_ref: 9b1e7c4\nchecks:\n  - name: unit\n    result: passed\n\
blocked_by: []\nnext_allowed: review\n";

const EVENT: &str = r#"{"at":"2026-03-05T14:00:00Z","task_id":"PAY-412","stage":"implement","attempt":1,"prev_state":null,"new_state":"queued","actor":"orchestrator","refs":{"input":"3f9c2ab","output":null}}"#;

/// A founder card whose WHY THIS MATTERS comes before WHAT (C003), with
/// the credential in it.
const CARD: &str = "━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n\n📊 CRO — Q2 pipeline coverage\n\n\
BOTTOM LINE\nPipeline already covers the Q2 target, so keep the current plan. — Confidence: 🟡 Medium\n\n\
WHY THIS MATTERS\nThe export ran as {S} for the quarter.\n\n\
WHAT\n• Open pipeline is $4.6M against a $1.5M target [VERIFIED: CRM export 2026-03-02] 🟢\n\n\
HOW TO ACT\n1. Run a deal review on the top five opportunities → CRO → 2026-03-13\n\n\
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n";

const CLAUDE_USER: &str = r#"{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s1","timestamp":"2026-03-05T14:00:00Z","isSidechain":false,"message":{"role":"user","content":"Plan the Q3 hiring budget."}}"#;

/// Every rule that quotes its input: the rule, the file, and its text with
/// `{S}` where the credential goes.
fn cases() -> Vec<(&'static str, &'static str, String)> {
    let handoff = |from: &str, to: &str| HANDOFF.replacen(from, to, 1);
    vec![
        ("P002", "p002.handoff.yaml", handoff("status: approved", "status: {S}")),
        ("P004", "p004.handoff.yaml", handoff("stage: implement", "stage: {S}")),
        ("P006", "p006.handoff.yaml", handoff("output_ref: 9b1e7c4", "output_ref: {S}")),
        ("P009", "p009.handoff.yaml", handoff("next_allowed: review", "next_allowed: [{S}]")),
        ("P010", "p010.handoff.yaml", handoff("result: passed", "result: {S}")),
        ("P011", "p011.handoff.yaml", handoff("blocked_by: []", "blocked_by: []\nexecutor: {S}")),
        ("P012", "p012.handoff.yaml", handoff("blocked_by: []", "blocked_by: []\n{S}: impl-agent")),
        (
            "T001",
            "t001.events.jsonl",
            format!("{EVENT}\n{{\"at\":\"2026-03-05T14:01:00Z\",\"actor\":\"{{S}}\n"),
        ),
        (
            "T013",
            "t013.events.jsonl",
            format!("{}\n", EVENT.replace("\"orchestrator\"", "\"orchestrator\",\"note\":\"{S}\"")),
        ),
        (
            "T100",
            "t100/PAY-412.handoff.yaml",
            handoff("output_ref: 9b1e7c4", "output_ref: {S}").replacen("approved", "ready_for_review", 1),
        ),
        ("T100", "t100/_PAY-412.events.jsonl", format!(
            "{EVENT}\n{}\n",
            EVENT.replace(r#""prev_state":null,"new_state":"queued""#, r#""prev_state":"queued","new_state":"running""#)
        )),
        (
            "R002",
            "r002.md",
            "CRO → [INVOKE:cfo|What is the Q3 budget?]\n\n[RESPONSE:cfo]\nKey finding: The budget is $1.2M.\n\
             Supporting data:\n  - Burn is $180K/month\n  - Runway is 14 months\nConfidence: {S}\n\
             Caveat: Assumes no new hires.\n[/RESPONSE]\n"
                .to_string(),
        ),
        ("M001", "m001.md", "CRO: planning.\n\n[INVOKE {S}|How much?]\n".to_string()),
        ("M002", "m002.md", "CRO: planning.\n\n[INVOKE:{S}|How much?]\n".to_string()),
        (
            "A003",
            "a003.jsonl",
            format!(
                "{CLAUDE_USER}\n{}\n",
                r#"{"type":"user","uuid":"u2","parentUuid":"u1","sessionId":"s1","timestamp":"2026-03-05T14:00:06Z","isSidechain":false,"message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"{S}","content":"q3"}]}}"#
            ),
        ),
        // `fmt` moves WHY THIS MATTERS after WHAT: SARIF's fix replaces
        // the lines around the credential, never writes it out.
        ("C003", "c003.md", CARD.to_string()),
        (
            "A004",
            "a004.jsonl",
            format!(
                "{CLAUDE_USER}\n{}\n",
                r#"{"type":"assistant","uuid":"a1","parentUuid":"{S}","sessionId":"s1","timestamp":"2026-03-05T14:00:05Z","isSidechain":false,"message":{"id":"msg_1","role":"assistant","content":[{"type":"text","text":"CFO: Budget covers two hires."}]}}"#
            ),
        ),
        (
            "M002",
            "m002-session.jsonl",
            format!(
                "{CLAUDE_USER}\n{}\n",
                r#"{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"s1","timestamp":"2026-03-05T14:00:05Z","isSidechain":false,"message":{"id":"msg_1","role":"assistant","content":[{"type":"text","text":"CFO: asking.\n[INVOKE:{S}|How much?]"}]}}"#
            ),
        ),
    ]
}

fn run(root: &std::path::Path, format: &str) -> String {
    let out = boardlint()
        .current_dir(root)
        .args(["check", "--color", "never", "--format", format, "."])
        .output()
        .unwrap();
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn no_rule_and_no_format_shows_a_credential() {
    let mut shapes: Vec<(&str, &str)> = SHAPES.to_vec();
    shapes.push((PRIVATE_KEY, PRIVATE_KEY_BODY));
    for (secret, shown) in shapes {
        let root = repo();
        for (_, file, text) in cases() {
            // JSON strings hold the credential as JSON writes it.
            let quoted = match file.ends_with("jsonl") {
                true => serde_json::to_string(secret)
                    .unwrap()
                    .trim_matches('"')
                    .to_string(),
                false => secret.to_string(),
            };
            write(root.path(), file, &text.replace("{S}", &quoted));
        }
        // Each rule fires on the credential, so each had the chance to quote it.
        let json = run(root.path(), "json");
        let found: serde_json::Value =
            serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
        let single_line = secret != PRIVATE_KEY;
        for (code, file, _) in cases() {
            // A role token with `/`, `.` or `:` in it is a malformed marker.
            let codes: &[&str] = match code {
                "M002" => &["M002", "M001"],
                _ => &[code],
            };
            let fired = found.as_array().unwrap().iter().any(|d| {
                codes.iter().any(|c| d["code"] == *c)
                    && d["path"]
                        .as_str()
                        .unwrap()
                        .ends_with(file.trim_start_matches("t100/"))
            }) || code == "T100" && file.ends_with("jsonl");
            // A private key with spaces is no role or marker; the other
            // shapes fire the rule the case is for.
            assert!(
                fired || !single_line,
                "{code} did not fire on {secret}: {json}"
            );
        }
        // A credential written as a key is found by P011 too.
        if single_line {
            let p011_on_key = found.as_array().unwrap().iter().any(|d| {
                d["code"] == "P011" && d["path"].as_str().unwrap().ends_with("p012.handoff.yaml")
            });
            assert!(p011_on_key, "P011 misses {secret} as a key: {json}");
        }
        for format in FORMATS {
            let out = run(root.path(), format);
            assert!(
                out.contains("[redacted, ") || *format == "human",
                "{format} redacts: {out}"
            );
            assert!(!out.contains(shown), "{format} shows {shown}:\n{out}");
        }
        // SARIF offers the card's fix, cut around the credential.
        let sarif: serde_json::Value = serde_json::from_str(&run(root.path(), "sarif")).unwrap();
        let fixes = sarif["runs"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["ruleId"] == "C003")
            .filter_map(|r| r["fixes"][0]["artifactChanges"][0]["replacements"].as_array())
            .next()
            .unwrap_or_else(|| panic!("no fix for C003 with {secret}"));
        assert!(fixes.len() >= 2, "{fixes:?}");
    }
}

/// The source excerpt hides a credential on a line another rule points at,
/// and on the lines shown around it, in each shape.
#[test]
fn an_excerpt_never_shows_a_credential_near_a_finding() {
    for (secret, shown) in SHAPES {
        let root = repo();
        write(
            root.path(),
            "a.md",
            &format!("CFO: the deploy key is {secret}\n[INVOKE:cfo|Why?]\n"),
        );
        let out = run(root.path(), "human");
        assert!(out.contains("L001"), "{out}");
        let stars = "*".repeat(shown.len());
        assert!(out.contains(&stars), "{secret}: {out}");
        assert!(!out.contains(shown), "{out}");
    }
}

/// The same on a long line, shown clipped around the finding, and across
/// many findings, rendered in batches on several cores: each excerpt hides
/// the credential beside it, and the findings come out in order.
#[test]
fn a_clipped_excerpt_among_many_never_shows_a_credential() {
    const FINDINGS: usize = 80;
    for (secret, shown) in SHAPES {
        let root = repo();
        let filler = "word ".repeat(100);
        let text: String = (0..FINDINGS)
            .map(|i| format!("CFO: note {i} {filler} key {secret} then [INVOKE:cfo|Why {i}?]\n"))
            .collect();
        write(root.path(), "a.md", &text);
        let out = run(root.path(), "human");
        assert!(!out.contains(shown), "{out}");
        // Every line of every excerpt shows the key starred.
        let shown_lines: Vec<&str> = out
            .lines()
            .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
            .collect();
        assert!(shown_lines.len() >= FINDINGS, "{out}");
        for line in shown_lines {
            assert!(line.contains("*****"), "{secret}: {line}");
        }
        // The findings in the order of their lines, each line's there.
        let lines: Vec<usize> = out
            .match_indices("[a.md:")
            .filter_map(|(at, _)| out[at + 6..].split(':').next()?.parse().ok())
            .collect();
        assert!(lines.is_sorted(), "{lines:?}");
        lines
            .iter()
            .for_each(|&n| assert!((1..=FINDINGS).contains(&n)));
        assert_eq!(lines.first(), Some(&1));
        assert_eq!(lines.last(), Some(&FINDINGS));
    }
}

/// A configuration error quotes the value it refuses: not a credential,
/// in any shape.
#[test]
fn a_configuration_error_never_shows_a_credential() {
    for (secret, shown) in SHAPES {
        let root = repo();
        write(
            root.path(),
            ".boardlint.yaml",
            &format!("max-depth: {secret}\n"),
        );
        write(root.path(), "a.md", "CFO: x\n");
        let out = run(root.path(), "concise");
        assert!(out.contains(".boardlint.yaml"), "{out}");
        assert!(out.contains("[redacted, "), "{secret}: {out}");
        assert!(!out.contains(shown), "{out}");
    }
}
