use super::card_util::card_anchor;
use crate::model::CardKind;
use crate::rules::prelude::*;
use crate::syntax::CardEmoji;

/// The width of a canonical frame line.
pub const FRAME_WIDTH: usize = 40;

declare_rule! {
    /// ## What it does
    /// Flags a founder card whose frame or header is missing or wrong: a card
    /// opens and closes with a line of exactly 40 `━` (a line of ten or more
    /// `━` is read as a frame), and its first line inside is a header:
    /// `📊 ROLE — Topic`, `🚩 ROLE — Proactive Alert` or
    /// `📋 BOARD MEETING — Date — Topic` (Portuguese `REUNIÃO DE CONSELHO`
    /// or `REUNIÃO DO CONSELHO`, `Alerta Proativo`). One diagnostic per card, at its first line; a
    /// draft card (sections with no frame and no header) always gets it. The
    /// role skills' own output standards (`**The Decision:**`, `**The
    /// Evidence:**`; the general counsel's `**Counter-Proposals:**`) have
    /// neither frame nor header, and are not checked.
    ///
    /// ## Why is this bad?
    /// All output to the founder follows one format (agent-protocol, User
    /// Communication Standard). The frame marks where the answer starts and
    /// ends; the header says who answers and about what.
    ///
    /// ## Example
    /// ```transcript
    /// **Bottom Line:** Extend runway six months before raising.
    /// **What:** ARR is below the Series A benchmark.
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
    ///
    /// 📊 CFO — Series A timing
    ///
    /// BOTTOM LINE
    /// Extend runway six months before raising.
    /// ...
    /// ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
    /// ```
    pub struct CardFrame {
        code: "C001",
        name: "card-frame",
        family: Card,
        severity: Warning,
        added: "0.1.0",
        summary: "A card's frame lines or header are missing or malformed",
        fix: Card,
    }
}

impl Rule for CardFrame {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        // The role skills' output standards have neither frame nor header.
        for card in t.cards.iter().filter(|c| !c.kind.role_skill()) {
            let mut problems = Vec::new();
            // `fmt` fixes the frames, never the header.
            let mut header_ok = true;
            let mut frames_ok = false;
            if card.draft && card.header.is_none() && card.frames.is_empty() {
                problems.push("it is a draft: no frame lines and no header".to_string());
                header_ok = false;
            } else {
                match card.frames.as_slice() {
                    [] => problems.push("it has no frame lines".to_string()),
                    frames => {
                        let (open, width) = frames[0];
                        if open != card.first_line {
                            problems.push("it has no opening frame line".to_string());
                        } else if width != FRAME_WIDTH {
                            problems.push(format!(
                                "its opening frame is {width} `━`, not {FRAME_WIDTH}"
                            ));
                        }
                        match frames
                            .last()
                            .filter(|(line, _)| *line == card.last_line && *line != card.first_line)
                        {
                            None => problems.push("it has no closing frame line".to_string()),
                            Some((_, w)) if *w != FRAME_WIDTH => problems
                                .push(format!("its closing frame is {w} `━`, not {FRAME_WIDTH}")),
                            _ => {}
                        }
                    }
                }
                frames_ok = problems.is_empty();
                match &card.header {
                    None => {
                        problems.push("it has no header line".to_string());
                        header_ok = false;
                    }
                    Some(h) => {
                        let part =
                            |i: usize| h.parts.get(i).map(|p| t.text(p).trim()).unwrap_or("");
                        let ok = match h.emoji {
                            CardEmoji::Standard => h.role.is_some() && !part(1).is_empty(),
                            CardEmoji::Alert => {
                                h.role.is_some()
                                    && ["proactive alert", "alerta proativo"]
                                        .contains(&part(1).to_lowercase().as_str())
                            }
                            CardEmoji::Board => {
                                ["board meeting", "reunião de conselho", "reunião do conselho"]
                                    .contains(&part(0).to_lowercase().as_str())
                                    && !part(1).is_empty()
                                    && !part(2).is_empty()
                            }
                        };
                        if !ok {
                            problems.push("its header line is malformed".to_string());
                            header_ok = false;
                        }
                    }
                }
            }
            if problems.is_empty() {
                continue;
            }
            let header = match card.kind {
                CardKind::Standard => "📊 ROLE — Topic",
                CardKind::Alert => "🚩 ROLE — Proactive Alert",
                CardKind::Board => "📋 BOARD MEETING — Date — Topic",
                CardKind::RoleStandard | CardKind::CounselReview => continue,
            };
            let line = t.line_span(card.first_line);
            // At the header when only the header is wrong: that is where
            // the fix goes.
            let span = if !frames_ok
                && card
                    .frames
                    .first()
                    .is_some_and(|(l, _)| *l == card.first_line)
            {
                line
            } else {
                card_anchor(t, card)
            };
            out.push(
                self.meta()
                    .diagnostic(span, format!("card layout: {}", problems.join("; ")))
                    .with_label("card starts here")
                    .fixable(header_ok && card.rewritable(t.source, &t.doc.lines))
                    .with_help(format!(
                        "open and close the card with a line of {FRAME_WIDTH} `━`, and start it with `{header}` \
                         (`boardlint fmt` adds the frames; it never invents a header)"
                    )),
            );
        }
    }
}
