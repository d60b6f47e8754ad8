//! Founder cards in detail: frames, header, kind and sections, worked out
//! once per card after the main pass has found each card's extent.

use super::sections::{self, Heading, Lang, Section};
use crate::roles::{Role, RoleSet};
use crate::syntax::{CardEmoji, Lead, Line, LineKind, Lines, Span};

/// A founder card: framed by `━` lines, started by a header line, or a
/// draft (a BOTTOM LINE section followed by another section).
#[derive(Debug, Clone)]
pub struct Card {
    /// First and last line index (inclusive).
    pub first_line: usize,
    pub last_line: usize,
    pub framed: bool,
    pub emoji: Option<CardEmoji>,
    pub role: Option<Role>,
    pub draft: bool,
    pub kind: CardKind,
    /// Frame lines inside the card: (line index, width in `━`).
    pub frames: Vec<(usize, usize)>,
    pub header: Option<Header>,
    /// Non-blank lines before the first section, other than the header.
    pub preamble: Vec<usize>,
    pub sections: Vec<CardSection>,
}

/// The card layouts of the protocol texts: the three of the protocol's User
/// Communication Standard, and the two output standards of the role skills.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CardKind {
    /// `📊 ROLE — Topic`: a single role's answer.
    Standard,
    /// `🚩 ROLE — Proactive Alert`.
    Alert,
    /// `📋 BOARD MEETING — Date — Topic`: the synthesis of a board meeting.
    Board,
    /// The output standard of the CAIO, CCO, CDO and VPE skills:
    /// `**Bottom Line:**`, `**The Decision:**`, `**The Evidence:**`,
    /// `**How to Act:**`, `**Your Decision:**`.
    RoleStandard,
    /// The general counsel's review standard: `**Bottom Line:**`,
    /// `**The Risks:**`, `**Counter-Proposals:**`, `**Outside Counsel Action
    /// Items:**`, `**Your Decision:**`.
    CounselReview,
}

impl CardKind {
    /// Sections in canonical order, with whether each is required.
    pub fn layout(self) -> &'static [(Section, bool)] {
        use Section::*;
        match self {
            CardKind::Standard => &[
                (BottomLine, true),
                (What, true),
                (WhyThisMatters, true),
                (HowToAct, true),
                (Risks, false),
                (YourDecision, false),
                (Detail, false),
            ],
            CardKind::Alert => &[
                (WhatINoticed, true),
                (WhyItMatters, true),
                (RecommendedAction, true),
                (Urgency, true),
            ],
            CardKind::Board => &[
                (DecisionRequired, true),
                (Perspectives, true),
                (WhereTheyAgree, true),
                (WhereTheyDisagree, true),
                (CriticsView, true),
                (RecommendedDecision, true),
                (ActionItems, true),
                (YourCall, true),
            ],
            CardKind::RoleStandard => &[
                (BottomLine, true),
                (TheDecision, true),
                (TheEvidence, true),
                (HowToAct, true),
                (YourDecision, true),
            ],
            CardKind::CounselReview => &[
                (BottomLine, true),
                (TheRisks, true),
                (CounterProposals, true),
                (OutsideCounselActionItems, true),
                (YourDecision, true),
            ],
        }
    }

    /// Whether the kind is one of the role skills' output standards, which
    /// have neither frame nor header.
    pub fn role_skill(self) -> bool {
        matches!(self, CardKind::RoleStandard | CardKind::CounselReview)
    }

    /// The kind of a card by its header and its sections. An alert or board
    /// header decides. Otherwise sections that only one template has decide:
    /// THE DECISION or THE EVIDENCE make a role-standard card, THE RISKS,
    /// COUNTER-PROPOSALS or OUTSIDE COUNSEL ACTION ITEMS a counsel review,
    /// as long as no section of another template's own is there; a card
    /// with sections of two templates' own, or with none, is held to the
    /// founder card's (or, with no header, to the kind of its first
    /// section).
    pub(crate) fn of_card(emoji: Option<CardEmoji>, sections: &[Section]) -> CardKind {
        use Section::*;
        match emoji {
            Some(CardEmoji::Alert) => return CardKind::Alert,
            Some(CardEmoji::Board) => return CardKind::Board,
            _ => {}
        }
        let has = |set: &[Section]| sections.iter().any(|s| set.contains(s));
        let founder = has(&[What, WhyThisMatters, WhyItMatters, Risks, Detail]);
        let role = has(&[TheDecision, TheEvidence]);
        let counsel = has(&[TheRisks, CounterProposals, OutsideCounselActionItems]);
        match (founder, role, counsel) {
            (false, true, false) => return CardKind::RoleStandard,
            (false, false, true) => return CardKind::CounselReview,
            _ => {}
        }
        if emoji.is_some() || founder || role || counsel {
            return CardKind::Standard;
        }
        sections
            .first()
            .and_then(|s| CardKind::of_section(*s))
            .unwrap_or(CardKind::Standard)
    }

    /// The kind a section belongs to, for cards without a header.
    pub(crate) fn of_section(section: Section) -> Option<CardKind> {
        use Section::*;
        Some(match section {
            BottomLine | What | WhyThisMatters | HowToAct | Risks | YourDecision | Detail => {
                CardKind::Standard
            }
            WhatINoticed | WhyItMatters | RecommendedAction | Urgency => CardKind::Alert,
            DecisionRequired | Perspectives | WhereTheyAgree | WhereTheyDisagree | CriticsView
            | RecommendedDecision | ActionItems | YourCall => CardKind::Board,
            TheDecision | TheEvidence => CardKind::RoleStandard,
            TheRisks | CounterProposals | OutsideCounselActionItems => CardKind::CounselReview,
        })
    }

    /// Sections whose names two kinds share, mapped to this kind's own.
    pub(crate) fn canonical(self, section: Section) -> Section {
        match (self, section) {
            (CardKind::Board, Section::YourDecision) => Section::YourCall,
            (CardKind::Alert, Section::WhyThisMatters) => Section::WhyItMatters,
            (CardKind::Standard, Section::WhyItMatters) => Section::WhyThisMatters,
            _ => section,
        }
    }
}

/// One section of a card.
#[derive(Debug, Clone)]
pub struct CardSection {
    pub section: Section,
    pub lang: Lang,
    /// The line holding the heading.
    pub line: usize,
    /// The heading as written, up to where its content starts.
    pub heading: Span,
    /// The line after the section's last: the next section's heading, or
    /// the line after the card.
    pub(crate) end: usize,
}

impl CardSection {
    /// Content written on the heading's own line (`What: …`); may be empty.
    pub fn inline(&self, lines: &Lines) -> Span {
        self.heading.end..lines.span(self.line).end
    }

    /// The section's lines after its heading that are neither blank nor a
    /// frame, in order.
    pub fn body<'l>(&self, lines: &'l Lines) -> impl Iterator<Item = usize> + 'l {
        (self.line + 1..self.end)
            .filter(move |&i| !matches!(lines.kind(i), LineKind::Blank | LineKind::Frame { .. }))
    }
}

/// The parsed header line of a card.
#[derive(Debug, Clone)]
pub struct Header {
    pub line: usize,
    pub emoji: CardEmoji,
    /// The ` — `-separated parts after the emoji, trimmed.
    pub parts: Vec<Span>,
    pub role: Option<Role>,
}

/// Whether a line is a verified card's peer line, `PEER-VERIFIED BY: …`
/// (`VERIFICADO POR PARES: …`): it follows a section but is none of its
/// content.
pub fn is_peer_verified(src: &str, line: &Line) -> bool {
    let Some(Lead::Label { text, .. }) = &line.lead else {
        return false;
    };
    let label = src[text.clone()].trim().to_uppercase();
    label == "PEER-VERIFIED BY" || label == "VERIFICADO POR PARES"
}

/// The section heading a line opens, and where its text starts. A bullet
/// counts only with a bold label (`- **Bottom Line:** …`), so that a WHAT
/// bullet reading `- Risks: …` stays a bullet. A line that opens with a
/// phase (`Phase 2: …`) or an arrow (`CRO → …`) is a step of a meeting or
/// chain, never a card heading, whatever follows.
pub fn line_heading(src: &str, line: &Line) -> Option<(Heading, usize)> {
    let start = match (&line.lead, line.kind) {
        (Some(Lead::Phase { .. } | Lead::Arrow { .. }), _) => return None,
        (Some(Lead::Label { span, .. }), LineKind::Heading { .. } | LineKind::Plain) => span.start,
        (_, LineKind::Heading { .. } | LineKind::Plain) => line.content.start,
        (_, LineKind::ListItem { .. }) => {
            let text = &src[line.content.clone()];
            if !(text.starts_with("**") || text.starts_with("__")) {
                return None;
            }
            line.content.start
        }
        _ => return None,
    };
    sections::heading_of(&src[start..line.span.end]).map(|h| (h, start))
}

fn split_header(src: &str, content: &Span) -> Vec<Span> {
    let text = &src[content.clone()];
    let mut parts = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let sep = ["—", "–"]
            .iter()
            .find(|s| rest.starts_with(**s))
            .map(|s| s.len())
            .or_else(|| {
                // A hyphen separates only with spaces around it.
                (rest.starts_with(" - ")).then_some(3)
            });
        match sep {
            Some(len) => {
                parts.push(trimmed(content.start + start, &text[start..i]));
                i += len;
                start = i;
            }
            None => i += rest.chars().next().map_or(1, char::len_utf8),
        }
    }
    parts.push(trimmed(content.start + start, &text[start..]));
    parts
}

fn trimmed(base: usize, s: &str) -> Span {
    let lead = s.len() - s.trim_start().len();
    let t = s.trim();
    base + lead..base + lead + t.len()
}

pub(crate) fn header_of(src: &str, roles: &RoleSet, index: usize, line: &Line) -> Option<Header> {
    let Some(Lead::CardHeader { emoji }) = line.lead else {
        return None;
    };
    let parts = split_header(src, &line.content);
    let role = match emoji {
        CardEmoji::Board => None,
        _ => parts
            .first()
            .and_then(|p| roles.lookup(header_name(&src[p.clone()]))),
    };
    Some(Header {
        line: index,
        emoji,
        parts,
        role,
    })
}

/// A header's name without its emphasis and brackets: `**[CFO]**` → `CFO`.
fn header_name(part: &str) -> &str {
    part.trim_matches(['[', ']', '*', '_', ' ', '\t'])
}

/// The names of a board meeting in a `📋` header.
const BOARD_NAMES: &[&str] = &[
    "board meeting",
    "reunião de conselho",
    "reunião do conselho",
];

/// The placeholders the card templates write for the role: `📊 [ROLE] —
/// [Topic]`, `📊 [PAPEL] — [Tópico]`.
const ROLE_PLACEHOLDERS: &[&str] = &["[ROLE]", "[PAPEL]"];

/// Whether a header line opens a card where no frame has opened one: its
/// name is a role (`📊 CFO — …`, `🚩 **CTO** — …`) or the template's
/// `[ROLE]`/`[PAPEL]`, or, after `📋`, a board meeting (`BOARD MEETING`,
/// `REUNIÃO DE CONSELHO`, `REUNIÃO DO CONSELHO`). A line of the header's
/// shape with another name (`📊 Results — all green`) is prose.
pub(crate) fn header_opens_card(header: &Header, src: &str) -> bool {
    let Some(first) = header.parts.first() else {
        return false;
    };
    let name = src[first.clone()].trim_matches(['*', '_']);
    match header.emoji {
        CardEmoji::Board => BOARD_NAMES.contains(&header_name(name).to_lowercase().as_str()),
        _ => header.role.is_some() || ROLE_PLACEHOLDERS.contains(&name),
    }
}

impl Card {
    /// Whether `fmt` rewrites the card, rather than leave it as written:
    /// its lines follow each other (no fenced block between them), no
    /// section heading comes after a comment on its line, and a card of a
    /// header alone is followed by a blank line; a role skill's card is
    /// never rewritten (it has its own layout). The formatter and the
    /// rules that tell what `--fix` fixes read it alike.
    pub fn rewritable(&self, src: &str, lines: &Lines) -> bool {
        let contiguous = (self.first_line..self.last_line).all(|i| {
            let gap = &src[lines.span(i).end..lines.span(i + 1).start];
            gap == "\n" || gap == "\r\n"
        });
        let comment_heading = self
            .sections
            .iter()
            .any(|s| matches!(lines.get(s.line).lead, Some(Lead::Comment { .. })));
        let next_blank = self.last_line + 1 >= lines.len()
            || src[lines.span(self.last_line + 1)].trim().is_empty();
        !self.kind.role_skill()
            && contiguous
            && !comment_heading
            && (next_blank || !self.sections.is_empty())
    }

    /// The first section of a kind.
    pub fn section(&self, section: Section) -> Option<&CardSection> {
        self.sections.iter().find(|s| s.section == section)
    }

    /// The language most of its headings are written in (English when tied).
    pub fn lang(&self) -> Lang {
        let pt = self.sections.iter().filter(|s| s.lang == Lang::Pt).count();
        if pt * 2 > self.sections.len() {
            Lang::Pt
        } else {
            Lang::En
        }
    }
}
