//! Reproducible benchmark inputs: realistic transcript corpora (speaker
//! lines, nested responses, chains, cards in English and Portuguese, board
//! meetings, decision logs and pipeline and handshake records, with a share of
//! violations) and the pathological shapes of docs/robustness.md.
//!
//! Everything is generated from a seed with a small fixed PRNG, so the same
//! arguments always give the same bytes.

#![allow(dead_code)]

use std::fmt::Write as _;

/// SplitMix64: small, fast and good enough to pick templates.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

const ROLES: &[&str] = &["cfo", "cro", "cto", "coo", "cmo", "cco", "chro", "cpo"];
const TOPICS: &[&str] = &[
    "Q3 net new ARR",
    "the Lisbon hub",
    "enterprise discount guardrails",
    "the renewal rescue campaign",
    "platform team staffing",
    "month-end close",
    "the pricing review",
    "SOC 2 readiness",
    "the partner channel",
    "hiring plan for H2",
];
const FINDINGS: &[&str] = &[
    "Runway holds at 14 months if burn stays at $410K a month",
    "Pipeline coverage is 2.8x for the quarter, below the 3x target",
    "Churn in the SMB segment rose from 2.1% to 2.9% since April",
    "Two senior hires would close the on-call gap by August",
    "Cost per opportunity fell from $2.4K to $2.1K since the spring",
    "The billing migration needs six more weeks of parallel running",
    "Gross margin is 71% after the hosting renegotiation",
    "Expansion revenue covers 38% of the new-business target",
];
const DATA: &[&str] = &[
    "Q2 sourced $2.3M on the same budget",
    "the payroll model v3 shows $1.6M a year fully loaded",
    "three of the last five quarters missed plan by under 5%",
    "the support backlog fell from 240 to 95 tickets",
    "two salary surveys agree within 4%",
    "the CRM export from Monday lists 412 open opportunities",
];
const PROSE: &[&str] = &[
    "We went through the numbers line by line before agreeing on the plan.",
    "The team asked for the assumptions to be written down next to each figure.",
    "Nothing here changes the annual plan, but it moves two milestones.",
    "The founder wants a single recommendation, not a menu of options.",
    "Finance and sales read the same data differently; the gap is timing.",
    "Legal reviewed the contract language and raised no blocking issue.",
];

/// A corpus of `files` transcripts and records totalling about `bytes`.
/// Returns (relative path, content) pairs.
pub fn corpus(files: usize, bytes: usize, seed: u64) -> Vec<(String, String)> {
    let mut rng = Rng::new(seed);
    let per_file = bytes / files.max(1);
    (0..files)
        .map(|i| {
            let dir = format!("team-{:02}", i % 40);
            match rng.below(20) {
                0 => (
                    format!("{dir}/pipeline/task-{i}.handoff.yaml"),
                    handoff(&mut rng, i),
                ),
                1 => (
                    format!("{dir}/pipeline/task-{i}.events.jsonl"),
                    transition_log(&mut rng, i, per_file),
                ),
                2 => (
                    format!("{dir}/.team/inbox/agent-{i}.jsonl"),
                    handshake_log(&mut rng, i, per_file),
                ),
                _ => (
                    format!("{dir}/session-{i:05}.md"),
                    transcript(&mut rng, per_file),
                ),
            }
        })
        .collect()
}

/// One transcript of about `bytes` bytes: threads, cards and board meetings.
pub fn transcript(rng: &mut Rng, bytes: usize) -> String {
    let mut out = String::with_capacity(bytes + 4096);
    let _ = writeln!(
        out,
        "# {} — working session\n\nParticipants: CEO, {}, {}.\n",
        rng.pick(TOPICS),
        rng.pick(ROLES).to_uppercase(),
        rng.pick(ROLES).to_uppercase()
    );
    while out.len() < bytes {
        match rng.below(10) {
            0..=4 => thread(rng, &mut out),
            5 | 6 => card(rng, &mut out),
            7 => board_contribution(rng, &mut out),
            _ => prose(rng, &mut out),
        }
    }
    out
}

fn prose(rng: &mut Rng, out: &mut String) {
    for _ in 0..1 + rng.below(4) {
        let _ = writeln!(out, "{} {}", rng.pick(PROSE), rng.pick(PROSE));
    }
    out.push('\n');
}

fn response(rng: &mut Rng, out: &mut String, role: &str, violate: bool) {
    let _ = writeln!(out, "[RESPONSE:{role}]");
    let _ = writeln!(out, "Key finding: {}.", rng.pick(FINDINGS));
    out.push_str("Supporting data:\n");
    for _ in 0..2 + rng.below(2) {
        let _ = writeln!(out, "  - {}", rng.pick(DATA));
    }
    let _ = writeln!(out, "Confidence: {}", rng.pick(&["high", "medium", "low"]));
    if !violate {
        out.push_str("Caveat: the figures are from last Monday's export.\n");
    }
    out.push_str("[/RESPONSE]\n");
}

/// An invocation thread, sometimes nested, sometimes with a violation.
fn thread(rng: &mut Rng, out: &mut String) {
    let lead = rng.pick(ROLES);
    let mut callee = rng.pick(ROLES);
    while callee == lead {
        callee = rng.pick(ROLES);
    }
    let violate = rng.chance(10);
    let _ = writeln!(out, "## {}\n", rng.pick(TOPICS));
    let _ = writeln!(
        out,
        "{} initiates:\n\"I need a read on {} before I commit numbers.\"\n",
        lead.to_uppercase(),
        rng.pick(TOPICS)
    );
    let target = if violate && rng.chance(30) {
        lead
    } else {
        callee
    };
    let _ = writeln!(
        out,
        "{} → [INVOKE:{target}|What does {} look like for next quarter?]\n",
        lead.to_uppercase(),
        rng.pick(TOPICS)
    );
    let _ = writeln!(out, "{} responds:", target.to_uppercase());
    if rng.chance(30) {
        let mut third = rng.pick(ROLES);
        while third == lead || third == target {
            third = rng.pick(ROLES);
        }
        let _ = writeln!(out, "[RESPONSE:{target}]");
        let _ = writeln!(out, "[INVOKE:{third}|Can you confirm {}?]", rng.pick(DATA));
        let _ = writeln!(out, "[CHAIN: {lead} → {target} → {third}]");
        response(rng, out, third, false);
        let _ = writeln!(out, "Key finding: {}.", rng.pick(FINDINGS));
        out.push_str("Supporting data:\n");
        let _ = writeln!(out, "  - {}", rng.pick(DATA));
        let _ = writeln!(out, "  - {}", rng.pick(DATA));
        out.push_str("Confidence: medium\nCaveat: depends on the nested answer.\n[/RESPONSE]\n");
    } else {
        response(rng, out, target, violate);
    }
    if rng.chance(20) {
        let _ = writeln!(
            out,
            "\n[ASSUMPTION: {} — not verified with {}]",
            rng.pick(DATA),
            rng.pick(ROLES).to_uppercase()
        );
    }
    out.push('\n');
}

const FRAME: &str = "━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━";

/// A founder card in its canonical layout, in English or Portuguese; a tenth
/// break a card rule (too many bullets, an action without owner, a vague
/// risk).
fn card(rng: &mut Rng, out: &mut String) {
    let pt = rng.chance(25);
    let violate = rng.chance(10);
    let role = rng.pick(ROLES).to_uppercase();
    let [bl, what, why, how, risks, decision, conf, verified, rec] = if pt {
        [
            "CONCLUSÃO",
            "O QUÊ",
            "POR QUE ISSO IMPORTA",
            "COMO AGIR",
            "⚠️ RISCOS",
            "🔑 SUA DECISÃO",
            "Confiança: 🟡 Média",
            "VERIFIED",
            "Recomendação",
        ]
    } else {
        [
            "BOTTOM LINE",
            "WHAT",
            "WHY THIS MATTERS",
            "HOW TO ACT",
            "⚠️ RISKS",
            "🔑 YOUR DECISION",
            "Confidence: 🟡 Medium",
            "VERIFIED",
            "Recommendation",
        ]
    };
    let _ = writeln!(out, "{FRAME}\n\n📊 {role} — {}\n", rng.pick(TOPICS));
    let _ = writeln!(out, "{bl}\n{}. — {conf}\n", rng.pick(FINDINGS));
    let _ = writeln!(out, "{what}");
    let bullets = if violate && rng.chance(50) {
        7
    } else {
        2 + rng.below(3)
    };
    for _ in 0..bullets {
        let _ = writeln!(
            out,
            "• {} [{verified}: {}] 🟢",
            rng.pick(FINDINGS),
            rng.pick(&["CRM export", "payroll model v3", "bank statements"])
        );
    }
    let _ = writeln!(out, "\n{why}\n{}\n", rng.pick(PROSE));
    let _ = writeln!(out, "{how}");
    for n in 1..=2 {
        let action = rng.pick(&[
            "Freeze the two open requisitions",
            "Renegotiate the hosting contract",
            "Ship the pricing page update",
        ]);
        if violate && n == 2 {
            let _ = writeln!(out, "{n}. {action}");
        } else {
            let _ = writeln!(
                out,
                "{n}. {action} → {} → 2026-0{}-1{}",
                rng.pick(ROLES).to_uppercase(),
                1 + rng.below(9),
                rng.below(10)
            );
        }
    }
    let _ = writeln!(
        out,
        "\n{risks}\n• If churn passes 3% a month, the plan slips by a quarter\n"
    );
    let _ = writeln!(
        out,
        "{decision}\nOption A: Act now — faster, costs $40K more\nOption B: Wait a quarter — cheaper, slower\n{rec}: Option A, because the window closes in June.\n\n{FRAME}\n"
    );
}

fn board_contribution(rng: &mut Rng, out: &mut String) {
    let role = rng.pick(ROLES).to_uppercase();
    let _ = writeln!(out, "## {role} — 2026-03-05\n\nKey points (max 5):");
    for _ in 0..2 + rng.below(3) {
        let _ = writeln!(
            out,
            "• {} — VERIFIED ({}) — 🟢",
            rng.pick(FINDINGS),
            rng.pick(DATA)
        );
    }
    let _ = writeln!(
        out,
        "\nRecommendation: {}\nConfidence: Medium\nSource: {}\nWhat would change my mind: {}\n",
        rng.pick(PROSE),
        rng.pick(DATA),
        rng.pick(PROSE)
    );
}

fn handoff(rng: &mut Rng, i: usize) -> String {
    format!(
        "task_id: PAY-{i}\nattempt: 1\nstage: implement\nstatus: approved\ninput_ref: 3f9c2ab\noutput_ref: 9b1e7c4\nchecks:\n  - name: unit\n    result: passed\nblocked_by: []\nnext_allowed: {}\n",
        // One in ten routes a task past review.
        if rng.chance(10) { "browser_qa" } else { "review" }
    )
}

fn transition_log(rng: &mut Rng, i: usize, bytes: usize) -> String {
    let mut out = String::new();
    let mut n = 0;
    while out.len() < bytes.min(64 * 1024) {
        n += 1;
        let (prev, new) = match n % 3 {
            1 => ("null".to_string(), "\"queued\""),
            2 => ("\"queued\"".to_string(), "\"running\""),
            _ => ("\"running\"".to_string(), "\"ready_for_review\""),
        };
        let _ = writeln!(
            out,
            "{{\"at\":\"2026-03-05T14:{:02}:00Z\",\"task_id\":\"PAY-{i}-{}\",\"stage\":\"implement\",\"attempt\":1,\"prev_state\":{prev},\"new_state\":{new},\"actor\":\"impl-agent\",\"refs\":{{\"input\":\"3f9c2ab\",\"output\":null}},\"event_id\":\"ev-{n:03}\"}}",
            n % 60,
            (n - 1) / 3
        );
        if rng.chance(2) {
            out.push_str("{\"at\":\"not a time\"}\n");
        }
    }
    out
}

fn handshake_log(rng: &mut Rng, i: usize, bytes: usize) -> String {
    let mut out = String::new();
    let mut n = 0;
    while out.len() < bytes.min(64 * 1024) {
        n += 1;
        let _ = writeln!(
            out,
            "{{\"type\": \"message\", \"from\": \"lead\", \"to\": \"agent-{i}\", \"content\": \"{}\", \"timestamp\": {}.0}}",
            rng.pick(PROSE),
            1_741_183_320 + n
        );
    }
    out
}

/// The pathological shapes of docs/robustness.md, `n` units each.
pub fn shape(name: &str, n: usize) -> Option<String> {
    Some(match name {
        // `n` nested RESPONSE blocks, each closed.
        "nested" => {
            let mut s = String::with_capacity(n * 32);
            for i in 0..n {
                let _ = writeln!(s, "[RESPONSE:{}]", ROLES[i % ROLES.len()]);
            }
            for _ in 0..n {
                s.push_str("[/RESPONSE]\n");
            }
            s
        }
        // `n` bytes of `[`.
        "brackets" => "[".repeat(n),
        // `n` bytes of `[INVOKE:` without a closing bracket.
        "invokes" => "[INVOKE:".repeat(n / 8 + 1)[..n].to_string(),
        // One line of `n` bytes of prose with markers in it.
        "long-line" => {
            let unit = "the CFO asked [INVOKE:cfo|why?] and `code` then [x] ";
            let mut s = unit.repeat(n / unit.len() + 1);
            s.truncate(n);
            s
        }
        // One card section with `n` bullets.
        "bullets" => {
            let mut s =
                format!("{FRAME}\n\n📊 CFO — Runway\n\nBOTTOM LINE\nRunway is fine.\n\nWHAT\n");
            for i in 0..n {
                let _ = writeln!(s, "• Finding {i} — VERIFIED (ledger) — 🟢");
            }
            s.push('\n');
            s.push_str(FRAME);
            s.push('\n');
            s
        }
        // One CHAIN of `n` roles.
        "chain" => {
            let roles: Vec<String> = (0..n).map(|i| format!("r{i}")).collect();
            format!("[CHAIN: {}]\n", roles.join(" → "))
        }
        _ => return None,
    })
}

/// The shapes, with the unit the size counts.
pub const SHAPES: &[(&str, &str)] = &[
    ("nested", "nested blocks"),
    ("brackets", "bytes"),
    ("invokes", "bytes"),
    ("long-line", "bytes"),
    ("bullets", "bullets"),
    ("chain", "roles"),
];
