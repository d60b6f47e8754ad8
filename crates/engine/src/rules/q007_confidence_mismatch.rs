use super::card_util::card_lines;
use crate::rules::prelude::*;
use crate::syntax::Lead;
use crate::text::emoji_word_mismatches;

declare_rule! {
    /// ## What it does
    /// Flags a confidence emoji next to a level word that disagrees with it,
    /// such as `🟢 Low` or `🔴 Alta`, inside a founder card or on a
    /// `Confidence:` line.
    ///
    /// ## Why is this bad?
    /// 🟢 means high, 🟡 medium, 🔴 low (agent-protocol, Confidence Score). A
    /// green "low" leaves the founder guessing which one was meant; the rules
    /// that weigh confidence read the word.
    ///
    /// ## Example
    /// ```transcript
    /// Raise the bridge now. — Confidence: 🟢 Low
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// Raise the bridge now. — Confidence: 🔴 Low
    /// ```
    pub struct ConfidenceMismatch {
        code: "Q007",
        name: "confidence-mismatch",
        family: Quality,
        severity: Warning,
        added: "0.1.0",
        summary: "A confidence emoji and word disagree",
    }
}

impl Rule for ConfidenceMismatch {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        // Line numbers only (the spans are read back per line), so that the
        // list costs four bytes a card line.
        let mut lines: Vec<u32> = t
            .cards
            .iter()
            .flat_map(|c| card_lines(t, c))
            .map(|(i, _)| i as u32)
            .collect();
        for (i, lead) in t.doc.lines.leads() {
            if let Lead::Label { text, .. } = lead {
                // Both words are ten bytes long: a label of another length
                // is not read (a large text's labels are far apart in memory).
                if text.len() != "confidence".len() {
                    continue;
                }
                let label = t.text(&text);
                if label.eq_ignore_ascii_case("confidence")
                    || (label.len() == "confiança".len() && label.to_lowercase() == "confiança")
                {
                    lines.push(i as u32);
                }
            }
        }
        lines.sort_unstable();
        lines.dedup();
        for i in lines {
            let span = t.line_span(i as usize);
            for (r, emoji, word) in emoji_word_mismatches(t.text(&span)) {
                let at = span.start + r.start..span.start + r.end;
                out.push(
                    self.meta()
                        .diagnostic(
                            at,
                            format!(
                                "{} means {}, but the word says {}",
                                emoji.emoji(),
                                emoji.word(false).to_lowercase(),
                                word.word(false).to_lowercase()
                            ),
                        )
                        .with_label("emoji and word disagree")
                        .with_help(format!(
                            "write `{} {}` or `{} {}`",
                            emoji.emoji(),
                            emoji.word(false),
                            word.emoji(),
                            word.word(false)
                        )),
                );
            }
        }
    }
}
