//! The canonical card printer.

use super::{kept_text, render, FormatOptions};
use crate::model::card_body::{self, EntryKind, Shape};
use crate::model::sections::{Lang, Section};
use crate::model::{Card, CardSection, Transcript};
use crate::syntax::{CardEmoji, Lead};
use crate::text::{
    canonical_option, find_confidence, option_line, parse_action, recommendation_line,
};

/// The width of a frame line.
pub const FRAME_WIDTH: usize = 40;

/// Print a card in its canonical layout: frames of 40 `━`, a blank line
/// between blocks, canonical headings in canonical order, `• ` bullets,
/// numbered actions. Content is kept in its order within its section.
///
/// `None` for a role skill's card (`CardKind::role_skill`), and for a card
/// with a section heading written after a comment on the
/// same line (`<!-- … -->BOTTOM LINE`): the heading is printed on a line of
/// its own, and there is no place for the comment that keeps what it covers,
/// so the card is left as written.
pub fn print(t: &Transcript<'_>, card: &Card, options: &FormatOptions) -> Option<String> {
    // A role skill's card has its own layout, which has no frame or header:
    // it is never rewritten into a founder card.
    if card.kind.role_skill() {
        return None;
    }
    if card
        .sections
        .iter()
        .any(|s| matches!(t.line(s.line).lead, Some(Lead::Comment { .. })))
    {
        return None;
    }
    let pt = match options.lang {
        Some(lang) => lang == Lang::Pt,
        None => !card.sections.is_empty() && card.sections.iter().all(|s| s.lang == Lang::Pt),
    };
    let frame = "━".repeat(FRAME_WIDTH);
    let mut blocks: Vec<String> = Vec::new();

    let mut head = Vec::new();
    if let Some(h) = &card.header {
        let emoji = match h.emoji {
            CardEmoji::Standard => "📊",
            CardEmoji::Alert => "🚩",
            CardEmoji::Board => "📋",
        };
        let parts: Vec<String> = h
            .parts
            .iter()
            .map(|p| render(t, p).trim().to_string())
            .filter(|p| !p.is_empty())
            .collect();
        head.push(
            format!("{emoji} {}", parts.join(" — "))
                .trim_end()
                .to_string(),
        );
    }
    if !head.is_empty() {
        blocks.push(head.join("\n"));
    }
    let preamble: Vec<String> = card
        .preamble
        .iter()
        .map(|&i| render(t, &t.line_span(i)).trim().to_string())
        .collect();
    if !preamble.is_empty() {
        blocks.push(preamble.join("\n"));
    }

    // Canonical sections first, in order; any other section after them in
    // the order written.
    let layout = card.kind.layout();
    let mut ordered: Vec<&CardSection> = Vec::new();
    for (section, _) in layout {
        ordered.extend(card.sections.iter().filter(|s| s.section == *section));
    }
    ordered.extend(
        card.sections
            .iter()
            .filter(|s| !layout.iter().any(|(l, _)| *l == s.section)),
    );
    for section in ordered {
        blocks.push(print_section(t, section, pt));
    }

    let mut out = String::new();
    out.push_str(&frame);
    out.push_str("\n\n");
    for block in blocks {
        out.push_str(&block);
        out.push_str("\n\n");
    }
    out.push_str(&frame);
    Some(out)
}

/// One piece of a section's content: an entry of its body (see
/// [`card_body::entries`]), its lines rendered and joined.
struct Piece {
    text: String,
    /// A list item.
    bullet: bool,
    /// Kept as written on a line of its own, in its place, so that
    /// suppression comments keep covering what they covered.
    comment: bool,
    /// A verified card's `PEER-VERIFIED BY: …` line: printed on its own
    /// after the section, with a blank line before it.
    peer: bool,
    /// A list item's sub-items, each rendered and joined: printed as
    /// indented bullets under it.
    subs: Vec<String>,
}

impl Piece {
    /// `line`, then the sub-items as bullets indented by `indent` spaces.
    fn with_subs(&self, line: String, indent: usize) -> String {
        let mut out = line;
        for sub in &self.subs {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            out.push_str("• ");
            out.push_str(sub);
        }
        out
    }
}

/// The section's content, with list markers removed and each list item's
/// continuation lines joined to it: the entries the card rules read.
fn pieces(t: &Transcript<'_>, section: &CardSection) -> Vec<Piece> {
    let joined = |lines: &[usize]| {
        lines
            .iter()
            .map(|&i| render(t, &kept_text(t, i)).trim().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    // A section printed as one line (BOTTOM LINE, URGENCY, DETAIL) has no
    // place for sub-items: they are joined to their item.
    let one_line = matches!(Shape::of(section.section), Shape::Sentence | Shape::Value);
    card_body::entries(t.source, &t.doc.lines, section)
        .into_iter()
        .map(|entry| {
            let mut text = if entry.kind == EntryKind::Inline {
                render(t, &entry.span).trim().to_string()
            } else {
                joined(&entry.lines)
            };
            let mut subs: Vec<String> = entry.subs.iter().map(|s| joined(s)).collect();
            if one_line {
                for sub in subs.drain(..) {
                    text.push(' ');
                    text.push_str(&sub);
                }
            }
            Piece {
                text,
                bullet: entry.kind == EntryKind::Bullet,
                comment: entry.kind == EntryKind::Comment,
                peer: entry.kind == EntryKind::Peer,
                subs,
            }
        })
        .filter(|p| !p.text.is_empty())
        .collect()
}

/// Each run of text pieces joined into one line by `join` (which is given
/// them separated by `sep`), with comment lines kept between the runs.
fn runs(pieces: &[Piece], sep: &str, join: impl Fn(&str) -> String) -> Vec<String> {
    let mut out = Vec::new();
    let mut run: Vec<&str> = Vec::new();
    for p in pieces {
        if p.comment {
            if !run.is_empty() {
                out.push(join(&run.join(sep)));
                run.clear();
            }
            out.push(p.text.clone());
        } else {
            run.push(&p.text);
        }
    }
    if !run.is_empty() {
        out.push(join(&run.join(sep)));
    }
    out
}

fn print_section(t: &Transcript<'_>, section: &CardSection, pt: bool) -> String {
    let (peers, pieces): (Vec<Piece>, Vec<Piece>) =
        pieces(t, section).into_iter().partition(|p| p.peer);
    let mut out = print_pieces(section, &pieces, pt);
    // The peer line, after the section it follows, as a block of its own.
    for p in peers {
        out.push_str("\n\n");
        out.push_str(&p.text);
    }
    out
}

fn print_pieces(section: &CardSection, pieces: &[Piece], pt: bool) -> String {
    let title = section.section.title(pt);
    // Single-value sections (`URGENCY: …`): the value joined on the heading
    // line, comment lines after it.
    let valued = |value: &dyn Fn(&str) -> String| {
        let text: Vec<&str> = pieces
            .iter()
            .filter(|p| !p.comment)
            .map(|p| p.text.as_str())
            .collect();
        let head = format!("{title}: {}", value(&text.join(" ")))
            .trim_end()
            .to_string();
        let comments: Vec<String> = pieces
            .iter()
            .filter(|p| p.comment)
            .map(|p| p.text.clone())
            .collect();
        with_lines(&head, &comments)
    };
    // Each piece on its own line, comment lines as written.
    let each = |line: &dyn Fn(&Piece) -> String| -> Vec<String> {
        pieces
            .iter()
            .map(|p| if p.comment { p.text.clone() } else { line(p) })
            .collect()
    };
    match section.section {
        // The lines are read apart, so that a confidence on a line of its
        // own starts there, and printed as one line.
        Section::BottomLine => with_lines(
            title,
            &runs(pieces, "\n", |text| {
                bottom_line(text, pt).replace('\n', " ")
            }),
        ),
        Section::What | Section::WhereTheyAgree | Section::WhereTheyDisagree | Section::Risks => {
            let any_bullet = pieces.iter().any(|p| p.bullet);
            let lines = each(&|p| {
                if p.bullet || !any_bullet {
                    p.with_subs(format!("• {}", p.text), 2)
                } else {
                    p.text.clone()
                }
            });
            with_lines(title, &lines)
        }
        Section::HowToAct | Section::ActionItems => {
            let mut n = 0;
            let lines: Vec<String> = pieces
                .iter()
                .map(|p| {
                    if p.comment {
                        p.text.clone()
                    } else {
                        n += 1;
                        p.with_subs(format!("{n}. {}", action(&p.text)), 3)
                    }
                })
                .collect();
            with_lines(title, &lines)
        }
        Section::Perspectives => {
            with_lines(title, &each(&|p| p.with_subs(format!("  {}", p.text), 4)))
        }
        Section::Urgency => valued(&urgency),
        Section::Detail => valued(&|v| v.to_string()),
        Section::WhyThisMatters
        | Section::WhyItMatters
        | Section::WhatINoticed
        | Section::DecisionRequired
        | Section::CriticsView
        | Section::RecommendedDecision
        | Section::RecommendedAction
        | Section::TheDecision
        | Section::TheEvidence
        | Section::TheRisks
        | Section::CounterProposals
        | Section::OutsideCounselActionItems => {
            // Paragraph sections: one line each, unless written as bullets.
            if pieces.iter().any(|p| p.bullet) {
                let lines = each(&|p| {
                    if p.bullet {
                        p.with_subs(format!("• {}", p.text), 2)
                    } else {
                        p.text.clone()
                    }
                });
                with_lines(title, &lines)
            } else {
                with_lines(title, &runs(pieces, " ", str::to_string))
            }
        }
        // Options and the recommendation without a list marker, as the
        // template writes them; any other list item stays a bullet.
        Section::YourDecision | Section::YourCall => {
            let lines = each(&|p| {
                let line = if p.bullet && !option_line(&p.text) && !recommendation_line(&p.text) {
                    format!("• {}", p.text)
                } else {
                    canonical_option(&p.text).unwrap_or_else(|| p.text.clone())
                };
                p.with_subs(line, 2)
            });
            with_lines(title, &lines)
        }
    }
}

fn with_lines(title: &str, lines: &[String]) -> String {
    let body: Vec<&str> = lines
        .iter()
        .map(String::as_str)
        .filter(|l| !l.trim().is_empty())
        .collect();
    if body.is_empty() {
        title.to_string()
    } else {
        format!("{title}\n{}", body.join("\n"))
    }
}

/// `Answer — Confidence: 🟢 High`, with the confidence suffix made canonical
/// when it names a level, wherever and however it is written (after a
/// dash, in a bracket, on a line of its own before or after the answer);
/// kept as written otherwise, and when it is written in a bracket that
/// holds more than the level.
fn bottom_line(text: &str, pt: bool) -> String {
    let Some(c) = find_confidence(text) else {
        return text.to_string();
    };
    let Some(level) = c.level() else {
        return text.to_string();
    };
    if c.bracket_holds_more {
        return text.to_string();
    }
    let answer = text[..c.start].trim_end();
    let rest = text[c.end..].trim();
    let label = if pt { "Confiança" } else { "Confidence" };
    let emoji = c.emoji.unwrap_or(level);
    // The word counts when emoji and word disagree; the emoji is kept as
    // written so the linter still reports the mismatch.
    let word = c.word.unwrap_or(level);
    let suffix = format!("— {label}: {} {}", emoji.emoji(), word.word(pt));
    // A confidence written before the answer follows it.
    let (answer, rest) = if answer.is_empty() {
        (rest, "")
    } else {
        (answer, rest)
    };
    let mut out = if answer.is_empty() {
        suffix
    } else {
        format!("{answer} {suffix}")
    };
    if !rest.is_empty() {
        if !rest.starts_with([',', ';', '.']) {
            out.push(' ');
        }
        out.push_str(rest);
    }
    out
}

/// `Action → Owner → Deadline` when all three are there and nothing but the
/// form's keywords would be dropped; as written otherwise.
fn action(text: &str) -> String {
    let canonical = canonical_action(text);
    if keeps_words(text, &canonical) {
        canonical
    } else {
        text.to_string()
    }
}

/// Every word of `before` is in `after`, but for the action forms' keywords.
fn keeps_words(before: &str, after: &str) -> bool {
    const KEYWORDS: &[&str] = &[
        "owner",
        "due",
        "deadline",
        "by",
        "responsável",
        "responsavel",
        "prazo",
        "dono",
        "até",
    ];
    let words = |s: &str| -> Vec<String> {
        let mut w: Vec<String> = s
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .filter(|w| !KEYWORDS.contains(&w.as_str()))
            .collect();
        w.sort();
        w
    };
    let mut have = words(after);
    words(before)
        .into_iter()
        .all(|w| match have.iter().position(|h| *h == w) {
            Some(i) => {
                have.swap_remove(i);
                true
            }
            None => false,
        })
}

fn canonical_action(text: &str) -> String {
    let a = parse_action(text);
    match (a.owner, a.deadline) {
        (Some(owner), Some(deadline)) if !a.what.is_empty() => {
            // Keep any words the usual forms put after the deadline.
            let tail = text
                .rsplit_once(deadline)
                .map(|(_, tail)| tail.trim().trim_start_matches([')', ',', ';']).trim())
                .unwrap_or("");
            let mut out = format!("{} → {owner} → {deadline}", a.what);
            if !tail.is_empty() && !tail.starts_with('→') {
                out.push(' ');
                out.push_str(tail);
            }
            out
        }
        _ => text.to_string(),
    }
}

fn urgency(value: &str) -> String {
    crate::text::canonical_urgency(value).unwrap_or_else(|| value.trim().to_string())
}
