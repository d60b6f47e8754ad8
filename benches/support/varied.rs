//! Transcripts of varied shape. A shape fixes how a transcript is written:
//! how speakers are named (`**CFO:**`, `### CFO`, `[RESPONSE:cfo]` blocks,
//! `cfo:` prose, `CFO → [INVOKE:…]`, a front-matter speaker, table rows),
//! which headings it uses, its mix of threads, cards (complete and broken),
//! PEER-VERIFY, CRITIC-SCREEN, CHAIN, BLOCKED, CONFLICT and BROADCAST,
//! its line lengths (short chat lines to paragraphs of several KB on one
//! line), how often it breaks a rule, how many code fences it holds, its
//! language (English, Portuguese section names, or both), its script (ASCII,
//! accented Latin, or wide: CJK, Cyrillic, emoji) and its line endings.
//!
//! `Style::named` gives the named shapes; `Style::seeded` lets a seed pick
//! every choice. The shape `baseline` is the transcript of `gen::transcript`,
//! byte for byte. The same shape, seed and size always give the same bytes.

#![allow(dead_code)]

use super::gen::{self, Rng};
use std::fmt::Write as _;

/// How a speaker is named.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Speaker {
    /// `**CFO:** text`
    Bold,
    /// `### CFO` (or `## CFO — date`) above the speaker's lines
    Heading,
    /// the speaker answers in a `[RESPONSE:cfo]` block
    Block,
    /// `cfo: text`
    Prose,
    /// `CFO responds:` on a line of its own
    Verb,
    /// `CFO → [INVOKE:cro|…]`
    Arrow,
    /// `speaker: cfo` in the front matter, no speaker lines
    FrontMatter,
    /// one markdown table row a turn: `| CFO | text |`
    Table,
}

const SPEAKERS: &[Speaker] = &[
    Speaker::Bold,
    Speaker::Heading,
    Speaker::Block,
    Speaker::Prose,
    Speaker::Verb,
    Speaker::Arrow,
    Speaker::FrontMatter,
    Speaker::Table,
];

/// How topic headings are written.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Heading {
    /// `## Topic` (ATX, levels 1–4)
    Atx,
    /// `**Topic**` on a line of its own
    Bold,
    /// `Topic` then a `---` line (not a heading for boardlint: prose)
    Setext,
    /// no headings
    None,
}

const HEADINGS: &[Heading] = &[Heading::Atx, Heading::Bold, Heading::Setext, Heading::None];

/// Line lengths.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Lines {
    /// 10–60 bytes a line
    Chat,
    /// 40–160 bytes
    Normal,
    /// paragraphs of 0.5–6 KB on one line
    Paragraphs,
    /// any of the three, paragraph by paragraph
    Mixed,
}

const LINES: &[Lines] = &[Lines::Chat, Lines::Normal, Lines::Paragraphs, Lines::Mixed];

/// The characters of the prose.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Script {
    Ascii,
    /// accented Latin (Portuguese, French words)
    Latin,
    /// CJK, Cyrillic, Greek and emoji among the words
    Wide,
}

const SCRIPTS: &[Script] = &[Script::Ascii, Script::Latin, Script::Wide];

/// The parts a transcript is made of.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Part {
    /// an invocation and its response, sometimes nested with a CHAIN
    Thread,
    /// a standard founder card, complete
    Card,
    /// a card with a rule broken or a section missing, or an unframed draft
    BrokenCard,
    /// a proactive alert card
    Alert,
    /// a board-meeting card
    BoardCard,
    /// a PEER-VERIFY block
    PeerVerify,
    /// a CRITIC-SCREEN block
    Critic,
    /// a standalone CHAIN marker in prose
    Chain,
    /// a BLOCKED note with (or without) its assumption
    Blocked,
    /// a CONFLICT note or a CONFLICT DETECTED block
    Conflict,
    /// a BROADCAST and the responses to it
    Broadcast,
    /// a board meeting with its phases
    Meeting,
    /// turns of speakers without markers
    Chat,
    /// a markdown table
    Table,
    /// a code fence (plain, or a `transcript` fence holding markers)
    Fence,
    /// prose paragraphs
    Prose,
}

const PARTS: &[Part] = &[
    Part::Thread,
    Part::Card,
    Part::BrokenCard,
    Part::Alert,
    Part::BoardCard,
    Part::PeerVerify,
    Part::Critic,
    Part::Chain,
    Part::Blocked,
    Part::Conflict,
    Part::Broadcast,
    Part::Meeting,
    Part::Chat,
    Part::Table,
    Part::Fence,
    Part::Prose,
];

/// A transcript's shape.
#[derive(Clone, Debug)]
pub struct Style {
    pub name: String,
    /// the speaker styles used, each turn picking one
    pub speakers: Vec<Speaker>,
    pub heading: Heading,
    /// (part, weight)
    pub parts: Vec<(Part, usize)>,
    pub lines: Lines,
    /// percent of parts that break a rule
    pub violations: usize,
    /// percent of Portuguese cards and section names
    pub pt: usize,
    pub script: Script,
    pub crlf: bool,
}

/// The named shapes, with what each stresses.
pub const NAMES: &[(&str, &str)] = &[
    (
        "baseline",
        "the corpus transcript of gen::transcript (the default)",
    ),
    (
        "chat",
        "short chat lines, bold and prose speakers, few markers",
    ),
    (
        "paragraphs",
        "multi-KB lines of prose with inline markers, heading speakers",
    ),
    (
        "blocks",
        "RESPONSE, PEER-VERIFY, CRITIC-SCREEN, CONFLICT and BROADCAST blocks",
    ),
    (
        "cards",
        "founder cards, alerts and board cards in both languages, a third broken",
    ),
    ("dense", "every part, eight in ten breaking a rule"),
    ("fenced", "code fences, plain and linted, between threads"),
    (
        "unicode",
        "wide scripts and emoji, Portuguese, CRLF line endings",
    ),
    ("tables", "speakers in table rows, tables among threads"),
    ("random", "every choice picked by the seed"),
];

fn all_parts(weight: usize) -> Vec<(Part, usize)> {
    PARTS.iter().map(|&p| (p, weight)).collect()
}

impl Style {
    /// A named shape; `random` lets the seed pick (see `seeded`).
    pub fn named(name: &str, seed: u64) -> Option<Style> {
        use Part::*;
        let base = Style {
            name: name.to_string(),
            speakers: vec![Speaker::Verb, Speaker::Arrow, Speaker::Block],
            heading: Heading::Atx,
            parts: all_parts(1),
            lines: Lines::Normal,
            violations: 10,
            pt: 25,
            script: Script::Ascii,
            crlf: false,
        };
        Some(match name {
            "baseline" => Style {
                parts: Vec::new(),
                ..base
            },
            "chat" => Style {
                speakers: vec![Speaker::Bold, Speaker::Prose],
                heading: Heading::None,
                parts: vec![(Chat, 12), (Thread, 2), (Prose, 2), (Card, 1), (Blocked, 1)],
                lines: Lines::Chat,
                violations: 5,
                ..base
            },
            "paragraphs" => Style {
                speakers: vec![Speaker::Heading, Speaker::Verb],
                parts: vec![(Prose, 6), (Chat, 3), (Thread, 2), (Card, 1), (Conflict, 1)],
                lines: Lines::Paragraphs,
                script: Script::Latin,
                ..base
            },
            "blocks" => Style {
                speakers: vec![Speaker::Block, Speaker::Arrow],
                parts: vec![
                    (Thread, 5),
                    (PeerVerify, 3),
                    (Critic, 3),
                    (Conflict, 3),
                    (Broadcast, 3),
                    (Chain, 2),
                    (Blocked, 2),
                ],
                lines: Lines::Normal,
                violations: 15,
                ..base
            },
            "cards" => Style {
                parts: vec![
                    (Card, 4),
                    (BrokenCard, 3),
                    (Alert, 2),
                    (BoardCard, 2),
                    (Prose, 1),
                ],
                violations: 30,
                pt: 50,
                script: Script::Latin,
                ..base
            },
            "dense" => Style {
                speakers: SPEAKERS.to_vec(),
                parts: all_parts(1),
                lines: Lines::Mixed,
                violations: 80,
                pt: 30,
                ..base
            },
            "fenced" => Style {
                speakers: vec![Speaker::Bold, Speaker::Arrow, Speaker::Block],
                parts: vec![(Fence, 4), (Thread, 3), (Prose, 2), (Card, 1), (Chat, 1)],
                ..base
            },
            "unicode" => Style {
                speakers: vec![Speaker::Bold, Speaker::Heading, Speaker::Block],
                parts: all_parts(1),
                script: Script::Wide,
                pt: 60,
                crlf: true,
                ..base
            },
            "tables" => Style {
                speakers: vec![Speaker::Table, Speaker::FrontMatter],
                parts: vec![(Table, 5), (Chat, 3), (Thread, 2), (Card, 1), (Prose, 1)],
                heading: Heading::Atx,
                ..base
            },
            "random" => Style::seeded(seed),
            _ => return None,
        })
    }

    /// Every choice picked by the seed.
    pub fn seeded(seed: u64) -> Style {
        // Its own stream, so that the text drawn later does not depend on
        // how many draws the shape took.
        let mut rng = Rng::new(seed ^ 0x5EED_5EED_5EED_5EED);
        let mut speakers: Vec<Speaker> = SPEAKERS
            .iter()
            .copied()
            .filter(|_| rng.chance(40))
            .collect();
        if speakers.is_empty() {
            speakers.push(SPEAKERS[rng.below(SPEAKERS.len())]);
        }
        let mut parts: Vec<(Part, usize)> = Vec::new();
        for &p in PARTS {
            if rng.chance(60) {
                parts.push((p, 1 + rng.below(8)));
            }
        }
        if parts.is_empty() {
            parts.push((Part::Thread, 1));
        }
        let violations = [0, 2, 10, 25, 50, 90][rng.below(6)];
        Style {
            name: format!("random:{seed}"),
            speakers,
            heading: HEADINGS[rng.below(HEADINGS.len())],
            parts,
            lines: LINES[rng.below(LINES.len())],
            violations,
            pt: [0, 0, 25, 50, 100][rng.below(5)],
            script: SCRIPTS[rng.below(SCRIPTS.len())],
            crlf: rng.chance(15),
        }
    }

    /// One line saying what the shape is.
    pub fn describe(&self) -> String {
        if self.parts.is_empty() {
            return format!("{}: the corpus transcript", self.name);
        }
        let parts: Vec<String> = self
            .parts
            .iter()
            .map(|(p, w)| format!("{p:?}×{w}"))
            .collect();
        format!(
            "{}: speakers {:?}, headings {:?}, lines {:?}, violations {}%, pt {}%, script {:?}{}; parts {}",
            self.name,
            self.speakers,
            self.heading,
            self.lines,
            self.violations,
            self.pt,
            self.script,
            if self.crlf { ", CRLF" } else { "" },
            parts.join(" ")
        )
    }
}

/// One transcript of about `bytes` bytes in the given shape.
pub fn transcript(style: &Style, seed: u64, bytes: usize) -> String {
    let mut rng = Rng::new(seed);
    if style.parts.is_empty() {
        return gen::transcript(&mut rng, bytes);
    }
    let mut w = W {
        rng,
        out: String::with_capacity(bytes + 8192),
        style,
    };
    w.front();
    let total: usize = style.parts.iter().map(|p| p.1).sum();
    while w.out.len() < bytes {
        let mut k = w.rng.below(total);
        let mut part = style.parts[0].0;
        for &(p, weight) in &style.parts {
            if k < weight {
                part = p;
                break;
            }
            k -= weight;
        }
        w.part(part);
    }
    if style.crlf {
        w.out.replace('\n', "\r\n")
    } else {
        w.out
    }
}

const ROLES: &[&str] = &[
    "cfo", "cro", "cto", "coo", "cmo", "cco", "chro", "cpo", "ciso", "gc", "cdo", "vpe",
];

const WORDS_EN: &[&str] = &[
    "pipeline",
    "runway",
    "burn",
    "quarter",
    "renewal",
    "forecast",
    "margin",
    "hiring",
    "budget",
    "churn",
    "expansion",
    "segment",
    "launch",
    "pricing",
    "contract",
    "backlog",
    "headcount",
    "vendor",
    "audit",
    "roadmap",
    "the",
    "a",
    "our",
    "this",
    "next",
    "last",
    "slipped",
    "holds",
    "grew",
    "fell",
    "by",
    "since",
    "before",
    "after",
    "for",
    "with",
    "and",
    "but",
    "so",
    "if",
    "covers",
    "needs",
    "keeps",
    "moves",
    "board",
    "team",
    "region",
    "account",
    "plan",
    "target",
    "week",
    "month",
    "review",
    "cohort",
    "ledger",
    "invoice",
    "cash",
    "deal",
    "close",
    "risk",
];
const WORDS_LATIN: &[&str] = &[
    "previsão",
    "orçamento",
    "receita",
    "ação",
    "decisão",
    "não",
    "também",
    "é",
    "está",
    "próximo",
    "trimestre",
    "contratação",
    "negócio",
    "café",
    "naïve",
    "déjà",
    "façade",
    "über",
    "señal",
    "économie",
    "região",
    "reunião",
    "conselho",
    "crítico",
    "análise",
];
const WORDS_WIDE: &[&str] = &[
    "收入",
    "预算",
    "季度",
    "風險",
    "計画",
    "売上",
    "выручка",
    "бюджет",
    "квартал",
    "риск",
    "κίνδυνος",
    "σχέδιο",
    "🚀",
    "📈",
    "💸",
    "✅",
    "🔥",
    "👀",
    "데이터",
    "계획",
    "🧮",
    "€",
    "¥",
    "→",
    "—",
];
const FIGURES: &[&str] = &[
    "$2.3M",
    "14 months",
    "2.8x",
    "31%",
    "$410K",
    "6 weeks",
    "412 deals",
    "71%",
    "Q3",
    "H2",
    "3 hires",
    "$40K a month",
    "9 of 12",
    "R$ 1,2 mi",
    "€380K",
];
const CODE: &[&str] = &[
    "let burn = ledger.monthly_burn();",
    "SELECT region, sum(arr) FROM deals GROUP BY region;",
    "if runway < 12 { alert(\"cfo\") }",
    "curl -s https://api.example.test/v1/forecast | jq .q3",
    "for deal in pipeline: print(deal.stage, deal.amount)",
    "# [INVOKE:cfo|inside a fence, not a marker]",
    "assert margin >= 0.70, \"margin below plan\"",
];
const HEDGES: &[&str] = &[
    "We should consider",
    "You might want to consider",
    "It may be worth considering",
];
const NARRATION: &[&str] = &[
    "First I analyzed the export, and",
    "Let me walk through it:",
    "I looked at the numbers and",
];

/// Section names of the three card layouts, English then Portuguese.
struct Names {
    bl: &'static str,
    what: &'static str,
    why: &'static str,
    how: &'static str,
    risks: &'static str,
    decision: &'static str,
    detail: &'static str,
    conf: &'static str,
    levels: [&'static str; 3],
    rec: &'static str,
    noticed: &'static str,
    matters: &'static str,
    action: &'static str,
    urgency: &'static str,
    urgencies: [&'static str; 3],
    meeting: &'static str,
    required: &'static str,
    perspectives: &'static str,
    agree: &'static str,
    disagree: &'static str,
    critic: &'static str,
    recommended: &'static str,
    items: &'static str,
    call: &'static str,
}

const EN: Names = Names {
    bl: "BOTTOM LINE",
    what: "WHAT",
    why: "WHY THIS MATTERS",
    how: "HOW TO ACT",
    risks: "⚠️ RISKS",
    decision: "🔑 YOUR DECISION",
    detail: "📎 DETAIL",
    conf: "Confidence",
    levels: ["🟢 High", "🟡 Medium", "🔴 Low"],
    rec: "Recommendation",
    noticed: "WHAT I NOTICED",
    matters: "WHY IT MATTERS",
    action: "RECOMMENDED ACTION",
    urgency: "URGENCY",
    urgencies: ["🔴 Act today", "🟡 This week", "⚪ Next review"],
    meeting: "BOARD MEETING",
    required: "DECISION REQUIRED",
    perspectives: "PERSPECTIVES",
    agree: "WHERE THEY AGREE",
    disagree: "WHERE THEY DISAGREE",
    critic: "CRITIC'S VIEW",
    recommended: "RECOMMENDED DECISION",
    items: "ACTION ITEMS",
    call: "🔑 YOUR CALL",
};

const PT: Names = Names {
    bl: "CONCLUSÃO",
    what: "O QUÊ",
    why: "POR QUE ISSO IMPORTA",
    how: "COMO AGIR",
    risks: "⚠️ RISCOS",
    decision: "🔑 SUA DECISÃO",
    detail: "📎 DETALHE",
    conf: "Confiança",
    levels: ["🟢 Alta", "🟡 Média", "🔴 Baixa"],
    rec: "Recomendação",
    noticed: "O QUE OBSERVEI",
    matters: "POR QUE IMPORTA",
    action: "AÇÃO RECOMENDADA",
    urgency: "URGÊNCIA",
    urgencies: ["🔴 Agir hoje", "🟡 Esta semana", "⚪ Próxima revisão"],
    meeting: "REUNIÃO DE CONSELHO",
    required: "DECISÃO NECESSÁRIA",
    perspectives: "PERSPECTIVAS",
    agree: "ONDE CONCORDAM",
    disagree: "ONDE DISCORDAM",
    critic: "VISÃO DO CRÍTICO",
    recommended: "DECISÃO RECOMENDADA",
    items: "ITENS DE AÇÃO",
    call: "🔑 SUA DECISÃO",
};

const FRAME: &str = "━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━";

struct W<'a> {
    rng: Rng,
    out: String,
    style: &'a Style,
}

impl W<'_> {
    fn violate(&mut self) -> bool {
        self.rng.chance(self.style.violations)
    }

    fn role(&mut self) -> &'static str {
        ROLES[self.rng.below(ROLES.len())]
    }

    fn other(&mut self, not: &[&str]) -> &'static str {
        loop {
            let r = self.role();
            if !not.contains(&r) {
                return r;
            }
        }
    }

    fn names(&mut self) -> &'static Names {
        if self.rng.chance(self.style.pt) {
            &PT
        } else {
            &EN
        }
    }

    fn word(&mut self) -> &'static str {
        let r = self.rng.below(100);
        match self.style.script {
            Script::Latin if r < 20 => self.rng.pick(WORDS_LATIN),
            Script::Wide if r < 15 => self.rng.pick(WORDS_LATIN),
            Script::Wide if r < 45 => self.rng.pick(WORDS_WIDE),
            _ if r > 93 => self.rng.pick(FIGURES),
            _ => self.rng.pick(WORDS_EN),
        }
    }

    /// Words up to about `len` bytes, then a full stop; now and then an
    /// inline marker, code span, link or emphasis among them.
    fn text(&mut self, len: usize) -> String {
        let mut s = String::with_capacity(len + 64);
        let first = self.word();
        let mut chars = first.chars();
        if let Some(c) = chars.next() {
            s.extend(c.to_uppercase());
            s.push_str(chars.as_str());
        }
        while s.len() < len {
            s.push(' ');
            match self.rng.below(if len > 400 { 60 } else { 200 }) {
                0 => {
                    let _ = write!(s, "[VERIFIED: {} {}]", self.word(), self.word());
                }
                1 => {
                    let _ = write!(s, "`{}`", self.rng.pick(CODE));
                }
                2 => {
                    let _ = write!(
                        s,
                        "[the {} note](notes/{}.md)",
                        self.word(),
                        self.rng.below(90)
                    );
                }
                3 => {
                    let _ = write!(s, "**{}**", self.word());
                }
                4 => {
                    let _ = write!(s, "[ASSUMED: {} {}]", self.word(), self.rng.pick(FIGURES));
                }
                5 if len > 400 => {
                    let r = self.role();
                    let _ = write!(
                        s,
                        "(see [INVOKE:{r}|{} {}?] above)",
                        self.word(),
                        self.word()
                    );
                }
                _ => s.push_str(self.word()),
            }
            if self.rng.chance(8) {
                s.push(',');
            }
        }
        s.push('.');
        s
    }

    /// The length of the next line of prose.
    fn len(&mut self) -> usize {
        let lines = match self.style.lines {
            Lines::Mixed => LINES[self.rng.below(3)],
            l => l,
        };
        match lines {
            Lines::Chat => 10 + self.rng.below(50),
            Lines::Normal => 40 + self.rng.below(120),
            Lines::Paragraphs => 500 + self.rng.below(5500),
            Lines::Mixed => unreachable!(),
        }
    }

    fn line(&mut self) -> String {
        let n = self.len();
        self.text(n)
    }

    /// A short line whatever the shape (field values, bullets).
    fn short(&mut self) -> String {
        let n = match self.style.lines {
            Lines::Chat => 10 + self.rng.below(40),
            Lines::Paragraphs => 60 + self.rng.below(400),
            _ => 30 + self.rng.below(80),
        };
        self.text(n)
    }

    fn nl(&mut self) {
        self.out.push('\n');
    }

    fn front(&mut self) {
        let topic = self.short();
        if self.style.speakers.contains(&Speaker::FrontMatter) {
            let r = self.role();
            let _ = writeln!(self.out, "---\ntitle: {topic}\nspeaker: {r}\ndate: 2026-03-05\ntags: [board, planning]\n---\n");
        }
        let _ = writeln!(self.out, "# Working session\n\n{topic}\n");
    }

    fn heading(&mut self) {
        let t = self.short();
        match self.style.heading {
            Heading::Atx => {
                let level = 2 + self.rng.below(3);
                let _ = writeln!(self.out, "{} {t}\n", "#".repeat(level));
            }
            Heading::Bold => {
                let _ = writeln!(self.out, "**{t}**\n");
            }
            Heading::Setext => {
                let _ = writeln!(self.out, "{t}\n---\n");
            }
            Heading::None => {}
        }
    }

    fn speaker(&mut self) -> Speaker {
        let s = &self.style.speakers;
        s[self.rng.below(s.len())]
    }

    /// One turn of `role`, written in one of the shape's speaker styles.
    fn turn(&mut self, role: &str) {
        let up = role.to_uppercase();
        let line = self.line();
        match self.speaker() {
            Speaker::Bold => {
                let _ = writeln!(self.out, "**{up}:** {line}");
            }
            Speaker::Heading => {
                let level = 2 + self.rng.below(2);
                let _ = writeln!(
                    self.out,
                    "{} {up} — 2026-03-0{}\n\n{line}",
                    "#".repeat(level),
                    1 + self.rng.below(9)
                );
            }
            Speaker::Block => {
                self.response(role, false);
            }
            Speaker::Prose => {
                let _ = writeln!(self.out, "{role}: {line}");
            }
            Speaker::Verb => {
                let verb = self
                    .rng
                    .pick(&["responds", "adds", "initiates", "notes", "synthesis"]);
                let _ = writeln!(self.out, "{up} {verb}:\n{line}");
            }
            Speaker::Arrow => {
                let callee = self.other(&[role]);
                let q = self.short();
                let _ = writeln!(self.out, "{up} → [INVOKE:{callee}|{q}]");
                self.response(callee, false);
            }
            Speaker::FrontMatter => {
                let _ = writeln!(self.out, "{line}");
            }
            Speaker::Table => {
                let _ = writeln!(self.out, "| {up} | {line} |");
            }
        }
    }

    fn response(&mut self, role: &str, violate: bool) {
        let kind = if violate { self.rng.below(6) } else { 9 };
        let opener = if kind == 0 {
            role.to_uppercase()
        } else {
            role.to_string()
        };
        let _ = writeln!(self.out, "[RESPONSE:{opener}]");
        if kind != 1 {
            let f = self.line();
            let label = self
                .rng
                .pick(&["Key finding", "**Key finding:**", "KEY FINDING"]);
            let sep = if label.ends_with("**") { "" } else { ":" };
            let _ = writeln!(self.out, "{label}{sep} {f}");
        }
        self.out.push_str("Supporting data:\n");
        let n = if kind == 2 { 0 } else { 1 + self.rng.below(4) };
        for _ in 0..n {
            let d = self.short();
            let _ = writeln!(self.out, "  - {d}");
        }
        let conf = if kind == 3 {
            "probably fine"
        } else {
            self.rng.pick(&["high", "medium", "low"])
        };
        let _ = writeln!(self.out, "Confidence: {conf}");
        if kind != 4 {
            let c = self.short();
            let _ = writeln!(self.out, "Caveat: {c}");
        }
        if kind == 5 {
            // a placeholder left from the template
            self.out.push_str("Note: [Finding 2] still to be filled.\n");
        }
        self.out.push_str("[/RESPONSE]\n");
    }

    fn part(&mut self, part: Part) {
        match part {
            Part::Thread => self.thread(),
            Part::Card => self.card(false),
            Part::BrokenCard => self.card(true),
            Part::Alert => self.alert(),
            Part::BoardCard => self.board_card(),
            Part::PeerVerify => self.peer_verify(),
            Part::Critic => self.critic(),
            Part::Chain => self.chain(),
            Part::Blocked => self.blocked(),
            Part::Conflict => self.conflict(),
            Part::Broadcast => self.broadcast(),
            Part::Meeting => self.meeting(),
            Part::Chat => self.chat(),
            Part::Table => self.table(),
            Part::Fence => self.fence(),
            Part::Prose => self.prose(),
        }
        self.nl();
    }

    fn thread(&mut self) {
        self.heading();
        let lead = self.role();
        let violate = self.violate();
        let how = if violate { self.rng.below(6) } else { 9 };
        let callee = if how == 0 { lead } else { self.other(&[lead]) };
        let q = self.short();
        let up = lead.to_uppercase();
        match self.rng.below(3) {
            0 => {
                let _ = writeln!(self.out, "{up} → [INVOKE:{callee}|{q}]");
            }
            1 => {
                let _ = writeln!(self.out, "**{up}:** [INVOKE:{callee}|{q}]");
            }
            _ => {
                let _ = writeln!(self.out, "{up} initiates:\n[INVOKE:{callee}|{q}]");
            }
        }
        match how {
            // malformed or unknown markers
            1 => {
                let _ = writeln!(self.out, "[INVOKE:{callee}] {q}\n[INVOKE:bob|{q}]");
            }
            // too deep: a nested chain of four roles
            2 => {
                let third = self.other(&[lead, callee]);
                let fourth = self.other(&[lead, callee, third]);
                let _ = writeln!(self.out, "[RESPONSE:{callee}]\n[INVOKE:{third}|{q}]\n[CHAIN: {lead} → {callee} → {third} → {fourth}]");
                self.response(third, false);
                let f = self.short();
                let _ = writeln!(self.out, "Key finding: {f}\nSupporting data:\n  - {f}\nConfidence: low\nCaveat: {f}\n[/RESPONSE]");
                return;
            }
            // circular
            3 => {
                let _ = writeln!(self.out, "[CHAIN: {lead} → {callee} → {lead}]");
            }
            // never answered
            4 => return,
            _ => {}
        }
        if self.rng.chance(30) {
            let third = self.other(&[lead, callee]);
            let q2 = self.short();
            let _ = writeln!(self.out, "[RESPONSE:{callee}]\n[INVOKE:{third}|{q2}]");
            // a missing CHAIN is L006
            if how != 5 {
                let _ = writeln!(self.out, "[CHAIN: {lead} → {callee} → {third}]");
            }
            self.response(third, false);
            let f = self.short();
            let d = self.short();
            let _ = writeln!(self.out, "Key finding: {f}\nSupporting data:\n  - {d}\nConfidence: medium\nCaveat: depends on the nested answer.\n[/RESPONSE]");
        } else {
            self.response(callee, how == 5);
        }
        if self.rng.chance(20) {
            let d = self.short();
            let r = self.role().to_uppercase();
            let _ = writeln!(self.out, "\n[ASSUMPTION: {d} — not verified with {r}]");
        }
    }

    fn card(&mut self, broken: bool) {
        let n = self.names();
        let role = self.role().to_uppercase();
        let topic = self.short();
        // a broken card breaks one thing: 0 no frame or header (a draft), 1
        // too many findings, 2 an action without owner, 3 a hedge, 4
        // narration, 5 a missing section, 6 placeholders, 7 a confidence
        // emoji against its word
        let how = if broken || self.violate() {
            self.rng.below(8)
        } else {
            99
        };
        let framed = how != 0;
        if framed {
            let _ = writeln!(self.out, "{FRAME}\n\n📊 {role} — {topic}\n");
        }
        let level = self.rng.below(3);
        let conf = if how == 7 {
            format!("{}: 🟢 {}", n.conf, &n.levels[2][5..])
        } else {
            format!("{}: {}", n.conf, n.levels[level])
        };
        let narr = if how == 4 {
            self.rng.pick(NARRATION)
        } else {
            ""
        };
        let bl = self.line();
        if how == 0 && self.rng.chance(50) {
            let _ = writeln!(self.out, "**{}:** {narr}{bl} — {conf}\n", title(n.bl));
        } else {
            let _ = writeln!(self.out, "{}\n{narr}{bl} — {conf}\n", n.bl);
        }
        let _ = writeln!(self.out, "{}", n.what);
        let findings = if how == 1 { 7 } else { 2 + self.rng.below(3) };
        for i in 0..findings {
            let f = self.short();
            let tag = if how == 6 && i == 0 {
                "[TBD]".to_string()
            } else {
                format!("[VERIFIED: {}]", self.word())
            };
            let emoji = self.rng.pick(&["🟢", "🟡", "🔴"]);
            let _ = writeln!(self.out, "• {f} {tag} {emoji}");
        }
        if how != 5 {
            let why = self.line();
            let hedge = if how == 3 {
                format!("{} ", self.rng.pick(HEDGES))
            } else {
                String::new()
            };
            let _ = writeln!(self.out, "\n{}\n{hedge}{why}", n.why);
        }
        let _ = writeln!(self.out, "\n{}", n.how);
        for i in 1..=1 + self.rng.below(3) {
            let a = self.short();
            if how == 2 && i == 1 {
                let _ = writeln!(self.out, "{i}. {a}");
            } else {
                let owner = self.role().to_uppercase();
                let _ = writeln!(
                    self.out,
                    "{i}. {a} → {owner} → 2026-0{}-1{}",
                    1 + self.rng.below(9),
                    self.rng.below(10)
                );
            }
        }
        if self.rng.chance(70) {
            let r = self.short();
            let _ = writeln!(self.out, "\n{}\n• {r}", n.risks);
        }
        if self.rng.chance(70) {
            let a = self.short();
            let b = self.short();
            let _ = writeln!(
                self.out,
                "\n{}\nOption A: {a} — faster\nOption B: {b} — cheaper\n{}: Option A, because the window closes in June.",
                n.decision, n.rec
            );
        }
        if self.rng.chance(30) {
            let _ = writeln!(
                self.out,
                "\n{}: model-{}.xlsx",
                n.detail,
                self.rng.below(99)
            );
        }
        if framed {
            let _ = writeln!(self.out, "\n{FRAME}");
        }
    }

    fn alert(&mut self) {
        let n = self.names();
        let role = self.role().to_uppercase();
        let topic = self.short();
        let _ = writeln!(
            self.out,
            "{FRAME}\n\n🚩 {role} — Proactive Alert: {topic}\n"
        );
        let a = self.line();
        let b = self.line();
        let c = self.short();
        let urgency = if self.violate() {
            "ASAP"
        } else {
            self.rng.pick(&n.urgencies)
        };
        let _ = writeln!(
            self.out,
            "{}\n{a}\n\n{}\n{b}\n\n{}\n{c}\n\n{}: {urgency}\n\n{FRAME}",
            n.noticed, n.matters, n.action, n.urgency
        );
    }

    fn board_card(&mut self) {
        let n = self.names();
        let topic = self.short();
        let q = self.line();
        let _ = writeln!(
            self.out,
            "{FRAME}\n\n📋 {} — 2026-03-05 — {topic}\n\n{}\n{q}\n\n{}",
            n.meeting, n.required, n.perspectives
        );
        for _ in 0..3 + self.rng.below(4) {
            let r = self.role().to_uppercase();
            let p = self.short();
            let _ = writeln!(self.out, "  {r}: {p}");
        }
        let agree = self.short();
        let disagree = self.short();
        let critic = self.line();
        let rec = self.short();
        let _ = writeln!(
            self.out,
            "\n{}\n• {agree}\n\n{}\n• {disagree}\n\n{}\n{critic}\n\n{}\n{rec}\n\n{}",
            n.agree, n.disagree, n.critic, n.recommended, n.items
        );
        for i in 1..=2 {
            let a = self.short();
            let owner = self.role().to_uppercase();
            let _ = writeln!(
                self.out,
                "{i}. {a} → {owner} → 2026-04-{:02}",
                1 + self.rng.below(28)
            );
        }
        let _ = writeln!(
            self.out,
            "\n{}\nOption A: approve — faster\nOption B: defer — cheaper\n\n{FRAME}",
            n.call
        );
    }

    fn peer_verify(&mut self) {
        let r = self.role();
        let _ = writeln!(self.out, "[PEER-VERIFY:{r}]");
        for label in ["Validated: ✅", "Adjusted: ⚠️", "Flagged: 🔴"] {
            if self.rng.chance(80) {
                let t = self.short();
                let _ = writeln!(self.out, "{label} {t}");
            }
        }
        if self.violate() {
            // an invocation from inside the review, with a chain that skips the reviewer
            let a = self.other(&[r]);
            let b = self.other(&[r, a]);
            let q = self.short();
            let _ = writeln!(self.out, "[INVOKE:{b}|{q}]\n[CHAIN: {a} → {b}]");
        }
        self.out.push_str("[/PEER-VERIFY]\n");
    }

    fn critic(&mut self) {
        self.out.push_str("[CRITIC-SCREEN]\n");
        for _ in 0..1 + self.rng.below(4) {
            let t = self.short();
            let _ = writeln!(self.out, "- {t}");
        }
        if self.violate() {
            self.out.push_str("[/CRITIC]\n");
        }
        self.out.push_str("[/CRITIC-SCREEN]\n");
    }

    fn chain(&mut self) {
        let a = self.role();
        let b = self.other(&[a]);
        let c = self.other(&[a, b]);
        let t = self.line();
        let arrow = self.rng.pick(&["→", "->", ">"]);
        if self.violate() {
            let _ = writeln!(self.out, "{t} [CHAIN: {a} {arrow} {b} {arrow} {a}]");
        } else {
            let _ = writeln!(self.out, "{t} [CHAIN: {a} {arrow} {b} {arrow} {c}]");
        }
    }

    fn blocked(&mut self) {
        let a = self.role();
        let t = self.short();
        let _ = writeln!(self.out, "[BLOCKED: cannot invoke {a}, {t}]");
        if !self.violate() {
            let u = self.short();
            if self.rng.chance(50) {
                let _ = writeln!(self.out, "State assumption used instead: {u}");
            } else {
                let _ = writeln!(self.out, "[ASSUMPTION: {u}]");
            }
        }
    }

    fn conflict(&mut self) {
        if self.rng.chance(50) {
            let t = self.line();
            let _ = writeln!(self.out, "[CONFLICT: {t}]");
            return;
        }
        let a = self.role().to_uppercase();
        let b = self.other(&[&a.to_lowercase()]).to_uppercase();
        let x = self.short();
        let y = self.short();
        let z = self.short();
        let _ = writeln!(
            self.out,
            "[CONFLICT DETECTED]\n{a} says: {x}\n{b} says: {y}\nResolution: {z}"
        );
        for _ in 0..self.rng.below(3) {
            let s = self.short();
            let _ = writeln!(self.out, "  - {s}");
        }
        if !self.violate() {
            self.out.push_str("[/CONFLICT]\n");
        } else {
            self.out.push_str("[/CONFLICT DETECTED]\n[/CONFLICT]\n");
        }
    }

    fn broadcast(&mut self) {
        let q = self.line();
        let _ = writeln!(self.out, "CEO broadcasts:\n[BROADCAST:all|{q}]\n");
        let mut seen: Vec<&str> = Vec::new();
        for _ in 0..2 + self.rng.below(5) {
            let r = self.other(&seen);
            seen.push(r);
            let v = self.violate() && self.rng.chance(30);
            self.response(r, v);
            self.nl();
        }
        let s = self.short();
        let _ = writeln!(self.out, "CEO synthesis: {s}");
    }

    fn meeting(&mut self) {
        let _ = writeln!(self.out, "## Board meeting\n");
        for phase in 1..=4 {
            let _ = writeln!(
                self.out,
                "Phase {phase}: {}",
                self.rng
                    .pick(&["framing", "independent analysis", "critic", "synthesis"])
            );
            for _ in 0..1 + self.rng.below(2) {
                let r = self.role();
                self.turn(r);
            }
            if (phase == 2 || phase == 3) && self.violate() {
                let r = self.role();
                let q = self.short();
                let _ = writeln!(self.out, "[INVOKE:{r}|{q}]");
            }
            self.nl();
        }
        let r = self.role().to_uppercase();
        let _ = writeln!(self.out, "### {r} — 2026-03-05\n\nKey points (max 5):");
        let k = if self.violate() {
            7
        } else {
            2 + self.rng.below(3)
        };
        for _ in 0..k {
            let f = self.short();
            let _ = writeln!(self.out, "• {f} — VERIFIED (ledger) — 🟢");
        }
    }

    fn chat(&mut self) {
        self.heading();
        let a = self.role();
        let b = self.other(&[a]);
        for i in 0..3 + self.rng.below(10) {
            self.turn(if i % 2 == 0 { a } else { b });
        }
    }

    fn table(&mut self) {
        let a = self.short();
        let _ = writeln!(
            self.out,
            "{a}\n\n| Role | Position | Figure |\n| --- | --- | --- |"
        );
        for _ in 0..3 + self.rng.below(10) {
            let r = self.role().to_uppercase();
            let p = self.short();
            let f = self.rng.pick(FIGURES);
            let mark = if self.rng.chance(20) {
                format!(" [INVOKE:{}|{}?]", self.role(), self.word())
            } else {
                String::new()
            };
            let _ = writeln!(self.out, "| {r} | {p}{mark} | {f} |");
        }
    }

    fn fence(&mut self) {
        let intro = self.short();
        let _ = writeln!(self.out, "{intro}\n");
        if self.rng.chance(30) {
            self.out.push_str("```transcript\n");
            let lead = self.role();
            let callee = self.other(&[lead]);
            let q = self.short();
            let _ = writeln!(self.out, "{} → [INVOKE:{callee}|{q}]", lead.to_uppercase());
            let v = self.violate();
            self.response(callee, v);
            self.out.push_str("```\n");
        } else {
            let (open, close) = match self.rng.below(4) {
                0 => ("```rust", "```"),
                1 => ("~~~sql", "~~~"),
                2 => ("````", "````"),
                _ => ("```", "```"),
            };
            let _ = writeln!(self.out, "{open}");
            for _ in 0..2 + self.rng.below(20) {
                let c = self.rng.pick(CODE);
                let _ = writeln!(self.out, "{c}");
            }
            let _ = writeln!(self.out, "{close}");
        }
    }

    fn prose(&mut self) {
        self.heading();
        for _ in 0..1 + self.rng.below(5) {
            let t = self.line();
            let _ = writeln!(self.out, "{t}");
            if self.rng.chance(30) {
                self.nl();
            }
        }
    }
}

/// `BOTTOM LINE` → `Bottom line`, for labels.
fn title(s: &str) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i == 0 {
            out.push(c);
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out
}
