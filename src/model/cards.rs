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

/// The three card layouts of the protocol's User Communication Standard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CardKind {
    /// `📊 ROLE — Topic`: a single role's answer.
    Standard,
    /// `🚩 ROLE — Proactive Alert`.
    Alert,
    /// `📋 BOARD MEETING — Date — Topic`: the synthesis of a board meeting.
    Board,
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
        }
    }

    pub(crate) fn of_emoji(emoji: CardEmoji) -> CardKind {
        match emoji {
            CardEmoji::Standard => CardKind::Standard,
            CardEmoji::Alert => CardKind::Alert,
            CardEmoji::Board => CardKind::Board,
        }
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
            .and_then(|p| roles.lookup(src[p.clone()].trim_matches(['[', ']', '*']))),
    };
    Some(Header {
        line: index,
        emoji,
        parts,
        role,
    })
}

impl Card {
    /// Whether `fmt` rewrites the card, rather than leave it as written:
    /// its lines follow each other (no fenced block between them), no
    /// section heading comes after a comment on its line, and a card of a
    /// header alone is followed by a blank line. The formatter and the
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
        contiguous && !comment_heading && (next_blank || !self.sections.is_empty())
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
