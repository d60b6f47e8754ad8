//! A seeded generator of messy founder-card drafts: complete in content (every
//! section a card of its kind needs, every finding sourced and rated, every
//! action with a role and a concrete date), messy in form, the way language
//! models write them before `boardlint fmt` puts them in the canonical layout
//! (docs/format.md, "Accepted input forms").
//!
//! Written from the documented format and the protocol's card template only,
//! not from the engine's code. Each draft carries the forms it used (for
//! failure messages) and the facts the properties need.

use std::collections::BTreeSet;

/// splitmix64: small, seedable, good enough to pick forms.
#[derive(Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    pub fn shuffle<T>(&mut self, xs: &mut [T]) {
        for i in (1..xs.len()).rev() {
            let j = self.below(i + 1);
            xs.swap(i, j);
        }
    }

    /// `k` distinct elements of `xs`, in a random order.
    pub fn sample<T: Clone>(&mut self, xs: &[T], k: usize) -> Vec<T> {
        let mut v: Vec<T> = xs.to_vec();
        self.shuffle(&mut v);
        v.truncate(k);
        v
    }
}

/// The seed of the `index`-th draft of a run with base seed `base`.
pub fn draft_seed(base: u64, index: u64) -> u64 {
    let mut r = Rng::new(base ^ index.wrapping_mul(0xA24B_AED4_963E_E407));
    r.next_u64()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Standard,
    Alert,
    Board,
}

/// A generated draft and what the properties need to know about it.
#[derive(Clone, Debug)]
pub struct Draft {
    pub seed: u64,
    pub kind: Kind,
    pub text: String,
    /// The forms the draft used, e.g. `action:paren-owner-due`.
    pub forms: Vec<String>,
    /// 🟢 🟡 🔴 in the draft.
    pub confidence_emojis: usize,
    /// Confidence values of the card written with a word and no emoji
    /// (`Confidence: High`): `fmt` may add one emoji to each.
    pub word_only_confidences: usize,
    /// The card has its header line (`📊 CFO — Topic`). Without it C001
    /// stays after `fmt` by design (fmt never invents a header).
    pub has_header: bool,
    /// A RESPONSE block (maybe with its fields out of order) precedes the card.
    pub has_response: bool,
}

pub const CONFIDENCE_EMOJIS: [char; 3] = ['🟢', '🟡', '🔴'];

pub fn count_confidence_emojis(text: &str) -> usize {
    text.chars()
        .filter(|c| CONFIDENCE_EMOJIS.contains(c))
        .count()
}

// ---------------------------------------------------------------------------
// Content. No level words (high, medium, low, alta, média, baixa) outside the
// confidence values, no hedging, no process narration, no colon-led lines, no
// ` - ` or arrows inside action texts: the content is complete and clean; only
// the form varies.

const ROLES: &[&str] = &[
    "CEO", "CFO", "CRO", "CMO", "COO", "CTO", "CHRO", "CPO", "CISO",
];

const TOPICS: &[&str] = &[
    "Q3 hiring budget",
    "Runway",
    "Paid spend mix",
    "Cloud commitment renewal",
    "Churn in the SMB segment",
    "Madrid expansion",
    "Pricing for new customers",
    "Enterprise tier launch",
    "SOC 2 readiness",
];

const BOTTOM_LINES: &[&str] = &[
    "Hire two engineers now and the third after the Q2 close",
    "Extend runway six months before raising the Series A",
    "Shift 30% of paid spend to partner webinars in Q3",
    "Renew the AWS commitment for three years before April 30",
    "Launch the save-desk before the Q3 renewals",
    "Delay the Madrid office until pipeline covers 3x of target",
    "Raise list prices 8% for new customers from July",
    "Freeze vendor contracts above $50K until the board meeting",
    "Move the enterprise tier launch to June, after SSO ships",
    "Start SOC 2 fieldwork in August, once access reviews are automated",
];

const FINDINGS: &[&str] = &[
    "H2 budget leaves $340K for headcount",
    "A third hire needs ARR above $2.1M",
    "Burn is $180K/month",
    "Churn rose to 4.1% in May",
    "Webinar CAC is $4.1K against $9.8K for paid",
    "Pipeline covers 2.4x of the Q3 target",
    "Cloud spend runs $182K a month",
    "Two enterprise renewals worth $610K close in Q3",
    "Gross margin fell to 68% after the migration",
    "The sales cycle grew from 41 to 63 days",
    "Payroll setup in Spain takes 6 weeks",
    "Runway is 14 months at the current burn",
    "Net revenue retention is 108%",
    "Support tickets per account doubled to 3.2 a month",
    "The vendor quote drops 22% on a three-year term",
    "41 of 52 controls already have evidence",
];

const SOURCES: &[&str] = &[
    "Q1 actuals",
    "board guidance",
    "May ledger",
    "HubSpot Q2",
    "CRM export",
    "industry benchmark",
    "billing export",
    "AWS invoices",
    "sales rep email",
    "EOR quote",
    "Stripe dashboard",
    "Jan–Mar invoices",
    "Vanta dashboard",
];

const SUB_DETAILS: &[&str] = &[
    "driven by two enterprise renewals",
    "mostly in the EMEA segment",
    "excludes the contractor budget",
    "confirmed with the finance team",
    "same trend as last quarter",
];

const WHYS: &[&str] = &[
    "A third hire now would push burn past the board's limit.",
    "Each point of churn costs $40K ARR over the next twelve months.",
    "The discount adds about seven weeks of runway at the current burn.",
    "Investors will ask about the gap during the raise.",
    "Two renewals depend on the save-desk being live before August.",
    "Waiting another quarter hands the Madrid accounts to a competitor.",
    "Two enterprise renewals require the report before November.",
];

const ACTIONS: &[&str] = &[
    "Open two engineering requisitions",
    "Re-run the budget after the Q2 close",
    "Sign the three-year commitment",
    "Draft the design-partner terms",
    "Brief the board on the revised plan",
    "Cut the two weakest paid channels",
    "Book the audit window",
    "Publish the new price page",
    "Email renewal accounts about the change",
    "Set up the save-desk rota",
    "Renegotiate the AWS commit",
    "Automate the quarterly access reviews",
];

/// Action texts with a number after "by" (decision 8 reads "by" + a number as
/// a deadline in prose): models write these, with the real owner and
/// deadline in the notation.
const ACTIONS_BY_NUMBER: &[&str] = &["Cut paid spend by 15%", "Reduce cloud costs by 20%"];

const RISKS: &[&str] = &[
    "If Q2 ARR closes below $2.1M, the third hire slips to Q4",
    "If the vendor refuses the three-year term, savings drop to $40K",
    "If churn passes 5%, the plan misses the board target",
    "When the SSO release slips past July, two deals stall",
    "A 10% FX swing adds $35K to the Madrid budget",
    "If the auditor moves the window, the report lands after the renewals",
];

const OPTIONS: &[(&str, &str)] = &[
    ("Hire two now", "keeps a $70K buffer"),
    ("Hire three now", "needs board approval"),
    ("Wait for the Q2 close", "loses six weeks of roadmap"),
    ("Sign for three years", "locks in 22% savings"),
    (
        "Stay on monthly pricing",
        "keeps flexibility at $40K more a year",
    ),
    (
        "Launch to design partners first",
        "delays broad revenue by a quarter",
    ),
];

const RECOMMENDATIONS: &[&str] = &[
    "Option A, because it keeps runway above 12 months.",
    "Option B, since the savings outweigh the lock-in.",
    "Option A, because the board asked for a buffer.",
];

const DECISION_LEADS: &[&str] = &[
    "Both paths keep the Q3 launch date.",
    "Two ways to fund it.",
    "The choice comes down to cash against speed.",
];

const DETAILS: &[&str] = &[
    "budget-model-h2.xlsx",
    "churn-analysis-may.md",
    "pipeline-review-q3.pdf",
    "runway_model.py output, scenario B",
];

const NOTICED: &[&str] = &[
    "Churn in the SMB segment rose to 4.1% in May (from billing export).",
    "A former contractor's API key was used from an unknown IP address on Saturday.",
    "Three enterprise renewals worth $610K have no executive sponsor (from CRM).",
    "Cloud spend jumped 35% in two weeks (source: AWS billing alerts).",
];

const MATTERS: &[&str] = &[
    "Each point of churn costs $40K ARR over the next year.",
    "The key still has read access to the customer export bucket.",
    "Losing one of them takes Q3 below plan.",
    "At this rate the quarter ends $90K over budget.",
];

const DECISIONS_REQUIRED: &[&str] = &[
    "Raise the Growth plan price 12% from July, or wait until January.",
    "Fund SOC 2 and EU data residency in the same half, or sequence them.",
    "Launch the enterprise tier in April or wait until SSO ships in June.",
];

const POSITIONS: &[&str] = &[
    "A 12% increase brings gross margin back to 74%.",
    "New logos can take it; Q3 renewals need a grace period.",
    "Position it as the first change since launch.",
    "Both fit if the audit starts after July.",
    "Wait for SSO in June.",
    "Launch now; late-stage pipeline is waiting on the tier.",
];

const AGREEMENTS: &[&str] = &[
    "The Growth plan is underpriced against competitors",
    "New logos should pay the new price from July",
    "SOC 2 comes before any new enterprise logo",
    "Annual prepayment is the right billing model",
];

const DISAGREEMENTS: &[&str] = &[
    "Renewals — CFO says July, CRO says January",
    "Timing — CRO says April, CTO says June",
    "Residency — CEO says Q3, CFO says Q4",
];

const CRITIC_VIEWS: &[&str] = &[
    "Nobody has asked what share of the margin drop the migration recovers by itself.",
    "The plan assumes no security incident pulls the team off the audit work.",
    "Nobody has checked whether the waiting prospects would sign without SSO.",
];

const RECOMMENDED_DECISIONS: &[&str] = &[
    "Raise the price for new logos in July and for renewals in January.",
    "Fund both, starting the audit in August and residency in October.",
    "Launch in April to design partners only and open the tier once SSO ships.",
];

const YOUR_CALLS: &[&str] = &[
    "Approve the split timing, or apply the increase to everyone in July.",
    "Approve both in H2, or drop residency to next year and keep the cash buffer.",
    "Approve the design-partner launch, or hold the whole tier until June.",
];

const INTROS: &[&str] = &[
    "Here is where the numbers land.",
    "Short version below.",
    "Answering the question from this morning.",
];

const OUTROS: &[&str] = &[
    "Happy to walk through the model.",
    "The spreadsheet is in the shared drive.",
];

const MONTHS: &[&str] = &[
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];
const MONTHS_LONG: &[&str] = &[
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const WEEKDAYS: &[&str] = &["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];

// ---------------------------------------------------------------------------
// Sections and their headings.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sec {
    BottomLine,
    What,
    Why,
    HowToAct,
    Risks,
    Decision,
    Detail,
    Noticed,
    Matters,
    RecAction,
    Urgency,
    DecisionRequired,
    Perspectives,
    Agree,
    Disagree,
    Critic,
    RecDecision,
    ActionItems,
    YourCall,
}

impl Sec {
    fn code(self) -> &'static str {
        match self {
            Sec::BottomLine => "bottom-line",
            Sec::What => "what",
            Sec::Why => "why",
            Sec::HowToAct => "how-to-act",
            Sec::Risks => "risks",
            Sec::Decision => "decision",
            Sec::Detail => "detail",
            Sec::Noticed => "noticed",
            Sec::Matters => "matters",
            Sec::RecAction => "recommended-action",
            Sec::Urgency => "urgency",
            Sec::DecisionRequired => "decision-required",
            Sec::Perspectives => "perspectives",
            Sec::Agree => "agree",
            Sec::Disagree => "disagree",
            Sec::Critic => "critic",
            Sec::RecDecision => "recommended-decision",
            Sec::ActionItems => "action-items",
            Sec::YourCall => "your-call",
        }
    }

    /// Heading name, emoji and template note, in English or Portuguese.
    fn names(self, pt: bool) -> (&'static str, Option<&'static str>, Option<&'static str>) {
        match (self, pt) {
            (Sec::BottomLine, false) => ("BOTTOM LINE", None, None),
            (Sec::BottomLine, true) => ("CONCLUSÃO", None, None),
            (Sec::What, false) => ("WHAT", None, None),
            (Sec::What, true) => ("O QUÊ", None, None),
            (Sec::Why, false) => ("WHY THIS MATTERS", None, None),
            (Sec::Why, true) => ("POR QUE ISSO IMPORTA", None, None),
            (Sec::HowToAct, false) => ("HOW TO ACT", None, None),
            (Sec::HowToAct, true) => ("COMO AGIR", None, None),
            (Sec::Risks, false) => ("RISKS", Some("⚠️"), Some("(if any)")),
            (Sec::Risks, true) => ("RISCOS", Some("⚠️"), Some("(se houver)")),
            (Sec::Decision, false) => ("YOUR DECISION", Some("🔑"), Some("(if needed)")),
            (Sec::Decision, true) => ("SUA DECISÃO", Some("🔑"), Some("(se necessário)")),
            (Sec::Detail, false) => ("DETAIL", Some("📎"), None),
            (Sec::Detail, true) => ("DETALHE", Some("📎"), None),
            (Sec::Noticed, false) => ("WHAT I NOTICED", None, None),
            (Sec::Noticed, true) => ("O QUE OBSERVEI", None, None),
            (Sec::Matters, false) => ("WHY IT MATTERS", None, None),
            (Sec::Matters, true) => ("POR QUE IMPORTA", None, None),
            (Sec::RecAction, false) => ("RECOMMENDED ACTION", None, None),
            (Sec::RecAction, true) => ("AÇÃO RECOMENDADA", None, None),
            (Sec::Urgency, false) => ("URGENCY", None, None),
            (Sec::Urgency, true) => ("URGÊNCIA", None, None),
            (Sec::DecisionRequired, false) => ("DECISION REQUIRED", None, None),
            (Sec::DecisionRequired, true) => ("DECISÃO NECESSÁRIA", None, None),
            (Sec::Perspectives, false) => ("PERSPECTIVES", None, None),
            (Sec::Perspectives, true) => ("PERSPECTIVAS", None, None),
            (Sec::Agree, false) => ("WHERE THEY AGREE", None, None),
            (Sec::Agree, true) => ("ONDE CONCORDAM", None, None),
            (Sec::Disagree, false) => ("WHERE THEY DISAGREE", None, None),
            (Sec::Disagree, true) => ("ONDE DISCORDAM", None, None),
            (Sec::Critic, false) => ("CRITIC'S VIEW", None, Some("(Executive Mentor)")),
            (Sec::Critic, true) => ("VISÃO DO CRÍTICO", None, Some("(Mentor Executivo)")),
            (Sec::RecDecision, false) => ("RECOMMENDED DECISION", None, None),
            (Sec::RecDecision, true) => ("DECISÃO RECOMENDADA", None, None),
            (Sec::ActionItems, false) => ("ACTION ITEMS", None, None),
            (Sec::ActionItems, true) => ("ITENS DE AÇÃO", None, None),
            (Sec::YourCall, false) => ("YOUR CALL", Some("🔑"), None),
            (Sec::YourCall, true) => ("SUA DECISÃO", Some("🔑"), None),
        }
    }
}

/// How a section heading is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HStyle {
    /// `BOTTOM LINE`
    Bare,
    /// `Bottom line:` alone on its line
    BareColon,
    /// `## Bottom line`
    Md2,
    /// `### Bottom line`
    Md3,
    /// `**Bottom line**` or `**Bottom line:**` alone on its line
    BoldAlone,
    /// `**Bottom line:** content`
    BoldLabel,
    /// `**Bottom line**: content`
    BoldOutside,
    /// `Bottom line: content`
    PlainLabel,
    /// `- **Bottom line:** content`
    BulletBold,
}

const HSTYLES: &[HStyle] = &[
    HStyle::Bare,
    HStyle::BareColon,
    HStyle::Md2,
    HStyle::Md3,
    HStyle::BoldAlone,
    HStyle::BoldLabel,
    HStyle::BoldOutside,
    HStyle::PlainLabel,
    HStyle::BulletBold,
];

impl HStyle {
    fn code(self) -> &'static str {
        match self {
            HStyle::Bare => "bare",
            HStyle::BareColon => "bare-colon",
            HStyle::Md2 => "md2",
            HStyle::Md3 => "md3",
            HStyle::BoldAlone => "bold-alone",
            HStyle::BoldLabel => "bold-label",
            HStyle::BoldOutside => "bold-outside",
            HStyle::PlainLabel => "plain-label",
            HStyle::BulletBold => "bullet-bold",
        }
    }

    fn inline(self) -> bool {
        matches!(
            self,
            HStyle::BoldLabel | HStyle::BoldOutside | HStyle::PlainLabel | HStyle::BulletBold
        )
    }
}

fn title_case(s: &str) -> String {
    s.split(' ')
        .map(|w| {
            let l = w.to_lowercase();
            let mut cs = l.chars();
            match cs.next() {
                Some(f) => f.to_uppercase().collect::<String>() + cs.as_str(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn sentence_case(s: &str) -> String {
    let l = s.to_lowercase();
    let mut cs = l.chars();
    match cs.next() {
        Some(f) => f.to_uppercase().collect::<String>() + cs.as_str(),
        None => String::new(),
    }
}

/// How list items are marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Marker {
    Dash,
    Star,
    Plus,
    Dot,
    Num,
    NumParen,
    TabDash,
    TabDot,
    Plain,
}

const BULLET_MARKERS: &[Marker] = &[
    Marker::Dash,
    Marker::Dash,
    Marker::Star,
    Marker::Plus,
    Marker::Dot,
    Marker::Dot,
    Marker::Num,
    Marker::NumParen,
    Marker::TabDash,
    Marker::TabDot,
    Marker::Plain,
];

const ACTION_MARKERS: &[Marker] = &[
    Marker::Num,
    Marker::Num,
    Marker::Num,
    Marker::NumParen,
    Marker::Dash,
    Marker::Star,
    Marker::Dot,
    Marker::TabDash,
    Marker::Plain,
];

impl Marker {
    fn code(self) -> &'static str {
        match self {
            Marker::Dash => "-",
            Marker::Star => "*",
            Marker::Plus => "+",
            Marker::Dot => "•",
            Marker::Num => "1.",
            Marker::NumParen => "1)",
            Marker::TabDash => "tab-",
            Marker::TabDot => "tab•",
            Marker::Plain => "plain",
        }
    }

    fn prefix(self, n: usize) -> String {
        match self {
            Marker::Dash => "- ".into(),
            Marker::Star => "* ".into(),
            Marker::Plus => "+ ".into(),
            Marker::Dot => "• ".into(),
            Marker::Num => format!("{n}. "),
            Marker::NumParen => format!("{n}) "),
            Marker::TabDash => "\t- ".into(),
            Marker::TabDot => "\t• ".into(),
            Marker::Plain => String::new(),
        }
    }

    fn is_tab(self) -> bool {
        matches!(self, Marker::TabDash | Marker::TabDot)
    }
}

/// One entry of a section's body.
#[derive(Clone, Debug)]
struct Item {
    text: String,
    /// `None`: the section's marker; `Some("")`: no marker; `Some(p)`: the
    /// item writes its own prefix `p` (an option's `- `, a perspective's
    /// two-space indent).
    prefix: Option<String>,
    /// Hard-wrap the item after this many words (continuation indented two
    /// spaces in a list, at column 1 in a paragraph).
    wrap: Option<usize>,
    /// Indented sub-bullets under the item.
    subs: Vec<String>,
}

impl Item {
    fn new(text: impl Into<String>) -> Self {
        Item {
            text: text.into(),
            prefix: None,
            wrap: None,
            subs: Vec::new(),
        }
    }

    fn own(text: impl Into<String>, prefix: &str) -> Self {
        Item {
            text: text.into(),
            prefix: Some(prefix.to_string()),
            wrap: None,
            subs: Vec::new(),
        }
    }
}

#[derive(Clone, Debug)]
struct Body {
    /// Prose lines before the items (a decision's lead).
    before: Vec<String>,
    items: Vec<Item>,
    /// Raw lines after the items (a confidence on its own line, a
    /// recommendation).
    after: Vec<String>,
    /// A list (items get the section's marker) or a paragraph (no marker).
    list: bool,
    /// The first item may stand on the heading's line (`**What:** …`).
    inline_ok: bool,
}

/// The draft being written.
struct Gen {
    rng: Rng,
    forms: BTreeSet<String>,
    pt: bool,
    mixed: bool,
    card_style: HStyle,
    card_marker: Marker,
    card_case: usize,
    word_only: usize,
    framed: bool,
}

impl Gen {
    fn form(&mut self, f: impl Into<String>) {
        self.forms.insert(f.into());
    }

    /// Headings in Portuguese for this section? (A mixed card mixes them.)
    fn sec_pt(&mut self) -> bool {
        if self.mixed {
            self.rng.chance(50)
        } else {
            self.pt
        }
    }

    fn date_iso(&mut self) -> String {
        format!(
            "2026-{:02}-{:02}",
            self.rng.range(1, 12),
            self.rng.range(1, 28)
        )
    }

    /// A concrete deadline, in one of the ways drafts write dates.
    fn deadline(&mut self, pt: bool) -> String {
        let form = if pt {
            *self.rng.pick(&[0usize, 4])
        } else {
            self.rng.below(6)
        };
        let d = self.rng.range(1, 28);
        let m = self.rng.below(12);
        let (code, text) = match form {
            0 => ("iso", self.date_iso()),
            1 => ("weekday", self.rng.pick(WEEKDAYS).to_string()),
            2 => ("mon-day", format!("{} {d}", MONTHS[m])),
            3 => ("month-day", format!("{} {d}", MONTHS_LONG[m])),
            4 => ("dd/mm", format!("{d:02}/{:02}", m + 1)),
            _ => ("iso", self.date_iso()),
        };
        self.form(format!("deadline:{code}"));
        text
    }

    fn role(&mut self) -> &'static str {
        ROLES[self.rng.below(ROLES.len())]
    }

    /// An action with its owner and deadline, in one of the notations.
    fn action(&mut self, text: &str) -> String {
        let owner = self.role();
        let n = self.rng.below(13);
        let pt = matches!(n, 9 | 10 | 12);
        let due = self.deadline(pt);
        let (code, s) = match n {
            0 => ("arrows", format!("{text} → {owner} → {due}")),
            1 => ("ascii-arrows", format!("{text} -> {owner} -> {due}")),
            2 => ("em-dashes", format!("{text} — {owner} — {due}")),
            3 => (
                "double-dash-owner-due",
                format!("{text} -- owner: {owner}, due {due}"),
            ),
            4 => ("hyphens", format!("{text} - {owner} - {due}")),
            5 => (
                "paren-owner-by",
                format!("{text} (owner: {owner}; by {due})"),
            ),
            6 => (
                "paren-owner-due",
                format!("{text} (owner: {owner}, due: {due})"),
            ),
            7 => (
                "hyphen-labels",
                format!("{text} - Owner: {owner} - Deadline: {due}"),
            ),
            8 => (
                "pipe-labels",
                format!("{text} | Owner: {owner} | Due: {due}"),
            ),
            9 => (
                "paren-responsavel-prazo",
                format!("{text} (responsável: {owner}, prazo: {due})"),
            ),
            10 => ("em-dashes-ate", format!("{text} — {owner} — até {due}")),
            11 => (
                "em-dash-labels",
                format!("{text} — Owner: {owner} — Deadline: {due}"),
            ),
            _ => (
                "responsavel-prazo",
                format!("{text} — responsável: {owner}, prazo: {due}"),
            ),
        };
        self.form(format!("action:{code}"));
        s
    }

    fn action_text(&mut self) -> String {
        if self.rng.chance(6) {
            self.form("action-text:by-number");
            self.rng.pick(ACTIONS_BY_NUMBER).to_string()
        } else {
            self.rng.pick(ACTIONS).to_string()
        }
    }

    /// Render a section: heading plus body, as lines.
    /// The section `sec` with `body`, as a block of the draft.
    fn section_block(&mut self, sec: Sec, body: Body) -> Block {
        let lines = self.section(sec, body);
        Block {
            key: Some(sec),
            lines,
        }
    }

    fn section(&mut self, sec: Sec, body: Body) -> Vec<String> {
        let pt = self.sec_pt();
        let mut style = if self.rng.chance(80) {
            self.card_style
        } else {
            *self.rng.pick(HSTYLES)
        };
        // One item (a confidence on its own line may follow it).
        let single =
            body.items.len() == 1 && body.before.is_empty() && body.items[0].subs.is_empty();
        // A plain label or a bullet label holds one item on its line; with
        // more, drafts write the label alone.
        if !single {
            style = match style {
                HStyle::PlainLabel => HStyle::BareColon,
                HStyle::BulletBold => HStyle::BoldAlone,
                s => s,
            };
        }
        let case = if self.rng.chance(80) {
            self.card_case
        } else {
            self.rng.below(4)
        };
        let (name, emoji, note) = sec.names(pt);
        let mut name = name.to_string();
        if sec == Sec::Why && !pt && style.inline() && self.rng.chance(30) {
            name = "WHY".into();
            self.form("heading:why-alias");
        }
        let mut label = match case {
            0 => name.clone(),
            1 => title_case(&name),
            2 => sentence_case(&name),
            _ => name.to_lowercase(),
        };
        if let Some(note) = note {
            if self.rng.chance(35) {
                label = format!("{label} {note}");
                self.form("heading:template-note");
            }
        }
        if let Some(e) = emoji {
            if self.rng.chance(55) {
                label = format!("{e} {label}");
                self.form("heading:emoji");
            }
        }
        self.form(format!("hstyle:{}", style.code()));
        self.form(format!("h:{}:{}", sec.code(), style.code()));
        self.form(format!("hcase:{case}"));
        if pt {
            self.form("heading-lang:pt");
        }

        let marker = if self.rng.chance(85) {
            self.card_marker
        } else {
            *self.rng.pick(BULLET_MARKERS)
        };
        let marker = match (sec, marker) {
            // Actions take their own marker forms.
            (Sec::HowToAct | Sec::ActionItems, m) if !ACTION_MARKERS.contains(&m) => Marker::Num,
            (_, m) => m,
        };

        let mut lines = Vec::new();
        let mut items = body.items.clone();
        let inline_first =
            style.inline() && body.inline_ok && !items.is_empty() && body.before.is_empty();
        let put_first_inline = inline_first && (single || self.rng.chance(50));
        let bullet = *self.rng.pick(&["-", "-", "*", "•"]);
        let md_colon = if self.rng.chance(20) { ":" } else { "" };
        if bullet != "-" && style == HStyle::BulletBold {
            self.form(format!("bullet-bold:{bullet}"));
        }
        if !md_colon.is_empty() && matches!(style, HStyle::Md2 | HStyle::Md3) {
            self.form("heading:md-colon");
        }
        let head = |rest: &str| -> String {
            match style {
                HStyle::Bare => label.clone(),
                HStyle::BareColon => format!("{label}:"),
                HStyle::Md2 => format!("## {label}{md_colon}"),
                HStyle::Md3 => format!("### {label}{md_colon}"),
                HStyle::BoldAlone => format!("**{label}**"),
                HStyle::BoldLabel => format!("**{label}:** {rest}"),
                HStyle::BoldOutside => format!("**{label}**: {rest}"),
                HStyle::PlainLabel => format!("{label}: {rest}"),
                HStyle::BulletBold => format!("{bullet} **{label}:** {rest}"),
            }
        };
        if put_first_inline {
            let first = items.remove(0);
            lines.push(head(&first.text).trim_end().to_string());
            self.form("heading:content-on-line");
        } else {
            let mut h = head("").trim_end().to_string();
            if style == HStyle::BoldAlone && self.rng.chance(50) {
                h = format!("**{label}:**");
            }
            if style.inline() {
                // `**What:**` alone, then the items.
                h = h.trim_end().to_string();
            }
            lines.push(h);
            // Inside a frame the card's bounds are the frame lines, so a
            // blank line after a heading, or between list items, leaves
            // every line in the card (unframed, a blank line followed by a
            // line that is no heading ends the card: docs/format.md).
            if self.framed && self.rng.chance(30) {
                lines.push(String::new());
                self.form("framed:blank-after-heading");
            }
        }
        lines.extend(body.before.iter().cloned());
        let loose = self.framed && body.list && items.len() > 1 && self.rng.chance(30);
        if loose {
            self.form("framed:loose-list");
        }
        for (n, item) in (1..).zip(items.iter()) {
            if loose && n > 1 {
                lines.push(String::new());
            }
            let prefix = match &item.prefix {
                Some(p) => p.clone(),
                None if body.list => marker.prefix(n),
                None => String::new(),
            };
            if body.list && item.prefix.is_none() {
                self.form(format!("marker:{}", marker.code()));
            }
            let words: Vec<&str> = item.text.split(' ').collect();
            // A list item wraps onto an indented line (CommonMark
            // continuation); a paragraph onto a line at column 1. A plain
            // line or a tab-indented bullet is not wrapped: an indented
            // line under either is no documented continuation.
            let marked =
                body.list && item.prefix.is_none() && marker != Marker::Plain && !marker.is_tab();
            let paragraph = !body.list && prefix.is_empty();
            let wrap = item.wrap.filter(|_| marked || paragraph);
            match wrap {
                Some(k) if k > 0 && k < words.len() => {
                    lines.push(format!("{prefix}{}", words[..k].join(" ")));
                    let indent = if marked { "  " } else { "" };
                    lines.push(format!("{indent}{}", words[k..].join(" ")));
                    self.form(format!("wrapped:{}", sec.code()));
                }
                _ => lines.push(format!("{prefix}{}", item.text)),
            }
            if marked {
                for s in &item.subs {
                    lines.push(format!("  - {s}"));
                }
                if !item.subs.is_empty() {
                    self.form("finding:sub-bullets");
                }
            }
        }
        lines.extend(body.after.iter().cloned());
        lines
    }

    /// Where to hard-wrap `text`: after a word that is outside brackets and
    /// parentheses, with the rest not starting like a list item.
    fn wrap_point(&mut self, text: &str) -> Option<usize> {
        let words: Vec<&str> = text.split(' ').collect();
        let mut depth = 0i32;
        let mut ok = Vec::new();
        for (i, w) in words.iter().enumerate() {
            for c in w.chars() {
                match c {
                    '[' | '(' => depth += 1,
                    ']' | ')' => depth -= 1,
                    _ => {}
                }
            }
            let next = words.get(i + 1);
            let next_ok = next.is_some_and(|n| {
                // Not a list marker, and no digit first: `4.1%` at the
                // start of a line reads like a list number `4.`.
                !matches!(*n, "-" | "*" | "+" | "•" | "--" | "->")
                    && !n.starts_with(|c: char| c.is_ascii_digit())
            });
            if depth == 0 && i + 1 < words.len() && i >= 1 && next_ok {
                ok.push(i + 1);
            }
        }
        if ok.is_empty() {
            None
        } else {
            Some(*self.rng.pick(&ok))
        }
    }

    /// One WHAT finding: a figure, a source tag, a confidence emoji, in one
    /// of the positions drafts put them. Returns the item and whether its tag
    /// is VERIFIED (true), ASSUMED (false) or neither (None).
    fn finding(&mut self, text: &str, list: bool) -> (Item, Option<bool>) {
        let src = self.rng.pick(SOURCES);
        let verified = self.rng.chance(60);
        let tag_form = self.rng.below(20);
        let (tag, kind) = match tag_form {
            0 => (
                if verified {
                    "[VERIFIED]".to_string()
                } else {
                    "[ASSUMED]".to_string()
                },
                Some(verified),
            ),
            1 | 2 => (format!("(from {src})"), None),
            _ => (
                format!("[{}: {src}]", if verified { "VERIFIED" } else { "ASSUMED" }),
                Some(verified),
            ),
        };
        self.form(match tag_form {
            0 => "tag:bare",
            1 | 2 => "tag:from",
            _ => "tag:colon",
        });
        let emoji = match kind {
            Some(true) => *self.rng.pick(&["🟢", "🟢", "🟢", "🟡"]),
            Some(false) => *self.rng.pick(&["🟡", "🟡", "🔴"]),
            None => *self.rng.pick(&["🟢", "🟡"]),
        };
        let pos = self.rng.below(7);
        // The separator drafts put before a tag or an emoji.
        let sep = *self.rng.pick(&["—", "—", "--", "-", "->"]);
        let s = match pos {
            0 | 1 => format!("{text} {tag} {emoji}"),
            2 => format!("{text} {emoji} {tag}"),
            3 => format!("{emoji} {text} {tag}"),
            4 => format!("{tag} {text} {emoji}"),
            5 => match kind {
                // The bare `— VERIFIED —` source (Q001's doc), with dashes;
                // between arrows it is no documented source.
                Some(v) if tag_form != 0 && sep != "->" && self.rng.chance(50) => {
                    format!(
                        "{text} {sep} {} {sep} {emoji}",
                        if v { "VERIFIED" } else { "ASSUMED" }
                    )
                }
                _ => format!("{text} {sep} {tag} {sep} {emoji}"),
            },
            _ => format!("{text} {tag} {sep} {emoji}"),
        };
        if pos >= 5 {
            self.form(format!("finding-sep:{sep}"));
        }
        self.form(format!(
            "finding:{}",
            [
                "end",
                "end",
                "emoji-before-tag",
                "emoji-first",
                "tag-first",
                "dashes",
                "emoji-after-dash"
            ][pos]
        ));
        let mut item = Item::new(s);
        if list && self.rng.chance(18) {
            item.wrap = self.wrap_point(&item.text.clone());
        }
        if list && self.rng.chance(12) {
            let k = self.rng.range(1, 2);
            item.subs = self
                .rng
                .sample(SUB_DETAILS, k)
                .iter()
                .map(|s| s.to_string())
                .collect();
        }
        (item, kind)
    }

    /// The bottom line with its confidence, in one of the ways drafts write it.
    /// Returns the body.
    fn bottom_line(&mut self, level: usize) -> Body {
        let sentence = self.rng.pick(BOTTOM_LINES).to_string();
        let period = if self.rng.chance(80) { "." } else { "" };
        // Confidence in Portuguese in most Portuguese cards, sometimes in an
        // English one.
        let pt_conf = if self.pt {
            self.rng.chance(70)
        } else {
            self.rng.chance(5)
        };
        let (label, words) = if pt_conf {
            self.form("conf-lang:pt");
            ("Confiança", ["Alta", "Média", "Baixa"])
        } else {
            ("Confidence", ["High", "Medium", "Low"])
        };
        let emoji = ["🟢", "🟡", "🔴"][level];
        let word_case = self.rng.below(4);
        let word = match word_case {
            0 | 1 => words[level].to_string(),
            2 => words[level].to_lowercase(),
            _ => words[level].to_uppercase(),
        };
        let lab = match self.rng.below(5) {
            0 => label.to_lowercase(),
            1 => label.to_uppercase(),
            _ => label.to_string(),
        };
        let lower_lab = label.to_lowercase();
        let lower_word = words[level].to_lowercase();
        let form = self.rng.below(14);
        let mut after = Vec::new();
        let (code, line, word_only) = match form {
            0 | 1 => (
                "em-dash-emoji-word",
                format!("{sentence}{period} — {lab}: {emoji} {word}"),
                false,
            ),
            2 => (
                "bare-word",
                format!("{sentence}{period} {lab}: {word}"),
                true,
            ),
            3 => (
                "paren-word-emoji",
                format!("{sentence}{period} ({lower_lab}: {lower_word} {emoji})"),
                false,
            ),
            4 => (
                "bracket-word",
                format!("{sentence}{period} [{lab}: {word}]"),
                true,
            ),
            5 => (
                "paren-emoji-word",
                format!("{sentence}{period} ({lab}: {emoji} {word})"),
                false,
            ),
            6 => {
                after.push(format!("{lab} — {word} {emoji}"));
                (
                    "own-line-dash-word-emoji",
                    format!("{sentence}{period}"),
                    false,
                )
            }
            7 => {
                after.push(format!("{lab}: {word} {emoji}"));
                ("own-line-word-emoji", format!("{sentence}{period}"), false)
            }
            8 => {
                after.push(format!("{lab}: {word}"));
                ("own-line-word", format!("{sentence}{period}"), true)
            }
            9 => (
                "hyphen-word",
                format!("{sentence}{period} - {lower_lab}: {lower_word}"),
                true,
            ),
            10 => (
                "em-dash-word",
                format!("{sentence}{period} — {lab}: {word}"),
                true,
            ),
            11 => (
                "em-dash-word-emoji",
                format!("{sentence}{period} — {lab}: {word} {emoji}"),
                false,
            ),
            12 => {
                after.push(format!("- {lower_lab}: {lower_word}"));
                ("own-line-bullet-word", format!("{sentence}{period}"), true)
            }
            _ => {
                after.push(format!("**{label}:** {word}"));
                ("own-line-bold-word", format!("{sentence}{period}"), true)
            }
        };
        self.form(format!("conf:{code}"));
        self.form(format!("conf-level:{level}"));
        if word_only {
            self.word_only += 1;
        }
        Body {
            before: Vec::new(),
            items: vec![{
                let mut item = Item::new(line.clone());
                if self.rng.chance(10) {
                    item.wrap = self.wrap_point(&line);
                }
                item
            }],
            after,
            list: false,
            inline_ok: true,
        }
    }

    fn paragraph(&mut self, sentences: Vec<String>, wrap: bool) -> Body {
        let text = sentences.join(" ");
        let mut item = Item::own(text.clone(), "");
        if wrap {
            item.wrap = self.wrap_point(&text);
        }
        Body {
            before: Vec::new(),
            items: vec![item],
            after: Vec::new(),
            list: false,
            inline_ok: true,
        }
    }

    fn list(items: Vec<Item>) -> Body {
        Body {
            before: Vec::new(),
            items,
            after: Vec::new(),
            list: true,
            inline_ok: true,
        }
    }

    fn actions(&mut self, n: usize) -> Body {
        let texts = self.rng.sample(ACTIONS, n);
        let mut items = Vec::new();
        for t in texts {
            let t = if self.rng.chance(6) {
                self.action_text()
            } else {
                t.to_string()
            };
            let mut item = Item::new(self.action(&t));
            if self.rng.chance(10) {
                item.wrap = self.wrap_point(&item.text.clone());
            }
            items.push(item);
        }
        Self::list(items)
    }

    fn decision(&mut self) -> Body {
        let n = self.rng.range(2, 3);
        let opts = self.rng.sample(OPTIONS, n);
        let form = self.rng.below(9);
        let letters = ["A", "B", "C"];
        let mut items = Vec::new();
        for (i, (d, t)) in opts.iter().enumerate() {
            let l = letters[i];
            let (code, item) = match form {
                0 | 1 => ("em-dash", Item::own(format!("Option {l}: {d} — {t}"), "")),
                2 => (
                    "double-dash",
                    Item::own(format!("Option {l}: {d} -- {t}"), ""),
                ),
                3 => (
                    "bullet-hyphen",
                    Item::own(format!("Option {l}: {d} - {t}"), "- "),
                ),
                4 => (
                    "bullet-bold",
                    Item::own(format!("**Option {l}:** {d} — {t}"), "- "),
                ),
                5 => (
                    "numbered",
                    Item::own(format!("Option {l}: {d} — {t}"), &format!("{}. ", i + 1)),
                ),
                6 => ("star", Item::own(format!("Option {l}: {d} — {t}"), "* ")),
                7 => (
                    "bold-col1",
                    Item::own(format!("**Option {l}:** {d} — {t}"), ""),
                ),
                _ => (
                    "ascii-arrow",
                    Item::own(format!("Option {l}: {d} -> {t}"), ""),
                ),
            };
            self.form(format!("option:{code}"));
            items.push(item);
        }
        let rec = self.rng.pick(RECOMMENDATIONS);
        let rform = self.rng.below(6);
        let rec_line = match rform {
            0 | 1 => format!("Recommendation: {rec}"),
            2 => format!("**Recommendation:** {rec}"),
            3 => format!("- Recommendation: {rec}"),
            4 => format!("RECOMMENDATION: {rec}"),
            _ => format!("recommendation: {rec}"),
        };
        self.form(format!(
            "rec:{}",
            ["plain", "plain", "bold", "bullet", "upper", "lower"][rform]
        ));
        let mut before = Vec::new();
        if self.rng.chance(25) {
            before.push(self.rng.pick(DECISION_LEADS).to_string());
            self.form("decision:prose-lead");
        }
        Body {
            before,
            items,
            after: vec![rec_line],
            list: false,
            inline_ok: true,
        }
    }

    fn detail(&mut self) -> Body {
        let d = self.rng.pick(DETAILS).to_string();
        Body {
            before: Vec::new(),
            items: vec![Item::own(d, "")],
            after: Vec::new(),
            list: false,
            inline_ok: true,
        }
    }
}

/// Lines of one section, or a peer line standing among them.
struct Block {
    key: Option<Sec>,
    lines: Vec<String>,
}

fn peer_line(gen: &mut Gen, roles: &[&str]) -> String {
    let notes = [
        "math ✅",
        "timeline ⚠️ adjusted to Q3",
        "pipeline ✅",
        "comp bands ✅",
        "usage forecast ✅, units",
    ];
    let parts: Vec<String> = roles
        .iter()
        .map(|r| format!("{r} ({})", gen.rng.pick(&notes)))
        .collect();
    format!("PEER-VERIFIED BY: {}", parts.join(", "))
}

/// A transcript exchange before the card: an invocation and its RESPONSE,
/// fields maybe out of order. Returns the text and the responding role.
fn prelude(gen: &mut Gen, card_role: Option<&str>) -> (String, &'static str) {
    let responder = loop {
        let r = gen.role();
        if Some(r) != card_role && r != "CEO" {
            break r;
        }
    };
    let lower = responder.to_lowercase();
    let mut fields = vec![
        "Key finding: The plan fits the budget if the Q3 hires slip by one month.".to_string(),
        "Supporting data:\n  - The lease adds $22K a month from July\n  - One month of delayed hiring saves $60K".to_string(),
        format!(
            "Confidence: {}",
            gen.rng.pick(&["medium", "high", "low", "Medium", "High"])
        ),
        "Caveat: Assumes no new security hire this year.".to_string(),
    ];
    if gen.rng.chance(60) {
        gen.rng.shuffle(&mut fields);
        gen.form("response:shuffled");
    }
    let text = format!(
        "CEO → [INVOKE:{lower}|Can we afford the plan this half?]\n\n[RESPONSE:{lower}]\n{}\n[/RESPONSE]\n\n",
        fields.join("\n")
    );
    (text, responder)
}

/// Generate the draft of `seed`.
pub fn generate(seed: u64) -> Draft {
    let mut rng = Rng::new(seed);
    let kind = match rng.below(10) {
        0..=6 => Kind::Standard,
        7 | 8 => Kind::Alert,
        _ => Kind::Board,
    };
    let lang = rng.below(10);
    let card_style = *rng.pick(HSTYLES);
    let card_marker = *rng.pick(BULLET_MARKERS);
    let card_case = rng.below(4);
    let mut gen = Gen {
        rng,
        forms: BTreeSet::new(),
        pt: lang >= 7,
        mixed: lang == 9,
        card_style,
        card_marker,
        card_case,
        word_only: 0,
        framed: false,
    };
    gen.form(format!("kind:{kind:?}").to_lowercase());
    gen.form(match lang {
        0..=6 => "lang:en",
        7 | 8 => "lang:pt",
        _ => "lang:mixed",
    });
    gen.form(format!("card-style:{}", card_style.code()));
    gen.form(format!("card-marker:{}", card_marker.code()));

    let framed = gen.rng.chance(15);
    gen.framed = framed;
    let has_header = match kind {
        Kind::Standard => framed || gen.rng.chance(65),
        _ => true,
    };
    let card_role = gen.role();
    let topic = gen.rng.pick(TOPICS).to_string();
    let has_response = kind == Kind::Standard && gen.rng.chance(20);

    let mut out = String::new();
    if gen.rng.chance(25) {
        out.push_str(INTROS[gen.rng.below(INTROS.len())]);
        out.push_str("\n\n");
        gen.form("intro");
    }
    let mut peer_roles: Vec<&str> = Vec::new();
    if has_response {
        let (text, responder) = prelude(&mut gen, has_header.then_some(card_role));
        out.push_str(&text);
        gen.form("prelude:response");
        peer_roles.push(responder);
        if card_role != "CEO" || !has_header {
            peer_roles.push("CEO");
        }
    } else {
        let k = gen.rng.range(1, 2);
        let others: Vec<&str> = ROLES.iter().copied().filter(|r| *r != card_role).collect();
        peer_roles = gen.rng.sample(&others, k);
    }

    let mut blocks: Vec<Block> = Vec::new();
    let mut peer: Option<(String, bool)> = None;
    let header = match kind {
        Kind::Standard => {
            // The header's parts joined as drafts join them; fmt prints them
            // with ` — ` (docs/format.md, "What fmt does").
            // (` -- ` is left out: C001 reads `📊 CFO -- Topic` as no header,
            // and the docs do not say which separators a header may use.)
            let sep = if gen.rng.chance(85) { "—" } else { "-" };
            if sep != "—" {
                gen.form(format!("header-sep:{sep}"));
            }
            format!("📊 {card_role} {sep} {topic}")
        }
        Kind::Alert => {
            if gen.pt && !gen.mixed {
                format!("🚩 {card_role} — Alerta Proativo")
            } else {
                format!("🚩 {card_role} — Proactive Alert")
            }
        }
        Kind::Board => {
            let date = gen.date_iso();
            if gen.pt && !gen.mixed {
                format!("📋 REUNIÃO DE CONSELHO — {date} — {topic}")
            } else {
                format!("📋 BOARD MEETING — {date} — {topic}")
            }
        }
    };

    match kind {
        Kind::Standard => {
            let n_findings = gen.rng.range(1, 5);
            let mut findings = Vec::new();
            let (mut verified, mut assumed) = (0, 0);
            let list = true;
            for f in gen.rng.sample(FINDINGS, n_findings) {
                let (item, tag) = gen.finding(f, list);
                match tag {
                    Some(true) => verified += 1,
                    Some(false) => assumed += 1,
                    None => {}
                }
                findings.push(item);
            }
            // Q003: assumptions outweigh → the confidence is low.
            let level = if assumed * 2 > verified + assumed {
                2
            } else {
                *gen.rng.pick(&[0, 0, 1, 1, 2])
            };
            let bl = gen.bottom_line(level);
            blocks.push(gen.section_block(Sec::BottomLine, bl));

            blocks.push(gen.section_block(Sec::What, Gen::list(findings)));

            let k = gen.rng.range(1, 2);
            let whys: Vec<String> = gen
                .rng
                .sample(WHYS, k)
                .iter()
                .map(|s| s.to_string())
                .collect();
            let wrap = gen.rng.chance(25);
            if wrap {
                gen.form("why:wrapped");
            }
            let body = gen.paragraph(whys, wrap);
            blocks.push(gen.section_block(Sec::Why, body));

            let n = gen.rng.range(1, 4);
            let body = gen.actions(n);
            blocks.push(gen.section_block(Sec::HowToAct, body));

            if gen.rng.chance(55) {
                let k = gen.rng.range(1, 3);
                let mut items: Vec<Item> = gen
                    .rng
                    .sample(RISKS, k)
                    .into_iter()
                    .map(Item::new)
                    .collect();
                for item in &mut items {
                    if gen.rng.chance(15) {
                        item.wrap = gen.wrap_point(&item.text.clone());
                    }
                }
                blocks.push(gen.section_block(Sec::Risks, Gen::list(items)));
                gen.form("section:risks");
            }
            if gen.rng.chance(45) {
                let body = gen.decision();
                blocks.push(gen.section_block(Sec::Decision, body));
                gen.form("section:decision");
            }
            if gen.rng.chance(40) {
                // DETAIL is usually one line with its emoji.
                let f = gen.rng.below(4);
                if f == 0 {
                    let body = gen.detail();
                    blocks.push(gen.section_block(Sec::Detail, body));
                    gen.form("detail:section");
                } else {
                    let pt = gen.sec_pt();
                    let d = gen.rng.pick(DETAILS);
                    let name = if pt { "DETALHE" } else { "DETAIL" };
                    let (code, line) = match f {
                        1 => ("emoji-upper", format!("📎 {name}: {d}")),
                        2 => ("emoji-title", format!("📎 {}: {d}", title_case(name))),
                        _ => ("bold", format!("**{}:** {d}", title_case(name))),
                    };
                    gen.form(format!("detail:{code}"));
                    blocks.push(Block {
                        key: Some(Sec::Detail),
                        lines: vec![line],
                    });
                }
            }
            if gen.rng.chance(25) {
                let line = peer_line(&mut gen, &peer_roles);
                // Where the protocol's snippet puts it (after WHAT) or at the
                // end; placed once the sections are in their final order.
                peer = Some((line, gen.rng.chance(50)));
            }
        }
        Kind::Alert => {
            let noticed = gen.rng.pick(NOTICED).to_string();
            let wrap = gen.rng.chance(20);
            let body = gen.paragraph(vec![noticed], wrap);
            blocks.push(gen.section_block(Sec::Noticed, body));
            let m = gen.rng.pick(MATTERS).to_string();
            let body = gen.paragraph(vec![m], false);
            blocks.push(gen.section_block(Sec::Matters, body));
            let t = gen.action_text();
            let a = gen.action(&t);
            let body = gen.paragraph(vec![a], false);
            blocks.push(gen.section_block(Sec::RecAction, body));
            let level = gen.rng.below(3);
            let pt = gen.pt && !gen.mixed;
            let (e, w) = if pt {
                [
                    ("🔴", "Agir hoje"),
                    ("🟡", "Esta semana"),
                    ("⚪", "Próxima revisão"),
                ][level]
            } else {
                [
                    ("🔴", "Act today"),
                    ("🟡", "This week"),
                    ("⚪", "Next review"),
                ][level]
            };
            let w = match gen.rng.below(4) {
                0 => w.to_lowercase(),
                1 => title_case(w),
                _ => w.to_string(),
            };
            let body = Body {
                before: Vec::new(),
                items: vec![Item::own(format!("{e} {w}"), "")],
                after: Vec::new(),
                list: false,
                inline_ok: true,
            };
            blocks.push(gen.section_block(Sec::Urgency, body));
        }
        Kind::Board => {
            let d = gen.rng.pick(DECISIONS_REQUIRED).to_string();
            let body = gen.paragraph(vec![d], false);
            blocks.push(gen.section_block(Sec::DecisionRequired, body));

            let k = gen.rng.range(2, 4);
            let roles = gen.rng.sample(ROLES, k);
            let pform = gen.rng.below(3);
            let prefix = ["  ", "- ", "• "][pform];
            gen.form(format!("perspective:{}", ["indent", "dash", "dot"][pform]));
            let mut items = Vec::new();
            for r in roles {
                let p = gen.rng.pick(POSITIONS);
                items.push(Item::own(format!("{r}: {p}"), prefix));
            }
            let body = Body {
                before: Vec::new(),
                items,
                after: Vec::new(),
                list: false,
                inline_ok: false,
            };
            blocks.push(gen.section_block(Sec::Perspectives, body));

            let k = gen.rng.range(1, 3);
            let items = gen
                .rng
                .sample(AGREEMENTS, k)
                .into_iter()
                .map(Item::new)
                .collect();
            blocks.push(gen.section_block(Sec::Agree, Gen::list(items)));
            let k = gen.rng.range(1, 2);
            let items = gen
                .rng
                .sample(DISAGREEMENTS, k)
                .into_iter()
                .map(Item::new)
                .collect();
            blocks.push(gen.section_block(Sec::Disagree, Gen::list(items)));
            let c = gen.rng.pick(CRITIC_VIEWS).to_string();
            let body = gen.paragraph(vec![c], false);
            blocks.push(gen.section_block(Sec::Critic, body));
            let r = gen.rng.pick(RECOMMENDED_DECISIONS).to_string();
            let body = gen.paragraph(vec![r], false);
            blocks.push(gen.section_block(Sec::RecDecision, body));
            let n = gen.rng.range(1, 4);
            let body = gen.actions(n);
            blocks.push(gen.section_block(Sec::ActionItems, body));
            let y = gen.rng.pick(YOUR_CALLS).to_string();
            let body = gen.paragraph(vec![y], false);
            blocks.push(gen.section_block(Sec::YourCall, body));
        }
    }

    // Out of canonical order sometimes; a draft without a header must open
    // with its bottom line to be a card at all.
    if gen.rng.chance(25) {
        let start = usize::from(!has_header);
        if blocks.len() > start + 1 {
            let before: Vec<Option<Sec>> = blocks.iter().map(|b| b.key).collect();
            gen.rng.shuffle(&mut blocks[start..]);
            let after: Vec<Option<Sec>> = blocks.iter().map(|b| b.key).collect();
            if before != after {
                gen.form("order:shuffled");
            }
        }
    }

    if let Some((line, after_what)) = peer {
        let at = blocks
            .iter()
            .position(|b| b.key == Some(Sec::What))
            .filter(|_| after_what)
            .map_or(blocks.len(), |i| i + 1);
        gen.form(if at == blocks.len() {
            "peer:end"
        } else {
            "peer:after-what"
        });
        blocks.insert(
            at,
            Block {
                key: None,
                lines: vec![line],
            },
        );
    }

    let frame_width = if gen.rng.chance(50) {
        40
    } else {
        gen.rng.range(10, 60)
    };
    if framed {
        out.push_str(&"━".repeat(frame_width));
        out.push_str("\n\n");
        gen.form(if frame_width == 40 {
            "frame:40"
        } else {
            "frame:other-width"
        });
    } else {
        gen.form("frame:none");
    }
    if has_header {
        out.push_str(&header);
        out.push('\n');
        if gen.rng.chance(90) {
            out.push('\n');
        } else {
            gen.form("header:no-blank");
        }
        gen.form("header:present");
    } else {
        gen.form("header:absent");
    }
    for (i, b) in blocks.iter().enumerate() {
        if i > 0 && b.key.is_none() && !framed {
            // An unframed card ends at a paragraph that does not open with a
            // section heading (docs/format.md, "What counts as a card"): a
            // peer line after a blank line would stand outside the card, so
            // in an unframed draft it follows its section directly.
            gen.form("peer:attached");
        } else if i > 0 {
            match gen.rng.below(10) {
                0 => {
                    gen.form("gap:none");
                }
                1 => {
                    out.push_str("\n\n");
                    gen.form("gap:double");
                }
                _ => out.push('\n'),
            }
        }
        for l in &b.lines {
            out.push_str(l);
            out.push('\n');
        }
    }
    if framed {
        out.push('\n');
        out.push_str(&"━".repeat(frame_width));
        out.push('\n');
    }
    if gen.rng.chance(20) {
        out.push('\n');
        out.push_str(OUTROS[gen.rng.below(OUTROS.len())]);
        out.push('\n');
        gen.form("outro");
    }
    if gen.rng.chance(10) {
        out.pop();
        gen.form("no-final-newline");
    }
    if gen.rng.chance(15) {
        out = out.replace('\n', "\r\n");
        gen.form("crlf");
    }

    Draft {
        seed,
        kind,
        confidence_emojis: count_confidence_emojis(&out),
        word_only_confidences: gen.word_only,
        text: out,
        forms: gen.forms.into_iter().collect(),
        has_header,
        has_response,
    }
}
