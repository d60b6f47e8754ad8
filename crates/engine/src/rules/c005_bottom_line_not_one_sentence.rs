use super::card_util::items;
use crate::model::Section;
use crate::rules::prelude::*;
use crate::text::{find_confidence, sentence_count};

declare_rule! {
    /// ## What it does
    /// Flags a BOTTOM LINE (CONCLUSÃO) of more than one sentence. The
    /// `— Confidence: 🟢 High` suffix is not counted as a sentence.
    ///
    /// ## Why is this bad?
    /// The bottom line is "one sentence. The answer. No preamble." (agent-protocol,
    /// User Communication Standard). A second sentence is either preamble or a
    /// finding that belongs under WHAT.
    ///
    /// ## Example
    /// ```transcript
    /// BOTTOM LINE
    /// We looked at three options. The best is to extend runway first.
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// BOTTOM LINE
    /// Extend runway six months before raising.
    /// ```
    pub struct BottomLineNotOneSentence {
        code: "C005",
        name: "bottom-line-not-one-sentence",
        family: Card,
        severity: Warning,
        added: "0.1.0",
        summary: "The bottom line is more than one sentence",
    }
}

impl Rule for BottomLineNotOneSentence {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for card in &t.cards {
            let Some(section) = card.section(Section::BottomLine) else {
                continue;
            };
            let spans = items(t, section);
            let Some(first) = spans.first() else { continue };
            // Its lines apart, so that a confidence on a line of its own
            // starts there; the answer read as one line.
            let text: String = spans
                .iter()
                .map(|s| t.text(s).trim())
                .collect::<Vec<_>>()
                .join("\n");
            let answer = match find_confidence(&text) {
                Some(c) => &text[..c.start],
                None => &text[..],
            };
            let answer = answer.replace('\n', " ");
            let answer = answer.as_str();
            let n = sentence_count(answer);
            if n <= 1 {
                continue;
            }
            let last = spans.last().unwrap_or(first);
            out.push(
                self.meta()
                    .diagnostic(first.start..last.end, format!("the bottom line has {n} sentences; it must be one"))
                    .with_label(format!("{n} sentences"))
                    .with_help("state the answer in one sentence; move the rest under WHAT or WHY THIS MATTERS"),
            );
        }
    }
}
