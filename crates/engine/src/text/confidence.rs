//! The `Confidence:` label of a finding or answer, and emoji-word pairs that disagree.

use super::{
    contains_ignoring_ascii_case, find_lowered, lowering_keeps_offsets, Level, CONFIDENCE_EMOJIS,
};

/// A `Confidence: 🟢 High` (or `Confiança: 🟡 Média`) suffix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confidence {
    /// Byte offset in the text where the suffix starts (at its dash, or at
    /// the label when there is none).
    pub start: usize,
    pub emoji: Option<Level>,
    pub word: Option<Level>,
}

impl Confidence {
    /// The level that counts: the word when both are written.
    pub fn level(&self) -> Option<Level> {
        self.word.or(self.emoji)
    }
}

/// Find a `Confidence:` / `Confiança:` label in a text and read its level.
pub fn find_confidence(text: &str) -> Option<Confidence> {
    // Every label starts `confi`: most texts hold none.
    if !contains_ignoring_ascii_case(text, "confi") {
        return None;
    }
    let labels = ["confidence:", "confiança:", "confianca:"];
    let (label, len) = if lowering_keeps_offsets(text) {
        // Where the lowered text has a label, the text has it: found in
        // place, without lowering the text.
        labels
            .iter()
            .find_map(|l| find_lowered(text, l).map(|i| (i, l.len())))?
    } else {
        let lower = text.to_lowercase();
        // `to_lowercase` keeps byte lengths for these ASCII and `ç` labels.
        let at = labels
            .iter()
            .find_map(|l| lower.find(l).map(|i| (i, l.len())))?;
        if lower.len() != text.len() {
            return find_confidence_slow(text);
        }
        at
    };
    let value = &text[label + len..];
    let mut start = label;
    let before = text[..label].trim_end();
    for dash in ["—", "–", "-"] {
        if let Some(b) = before.strip_suffix(dash) {
            start = b.trim_end().len();
            break;
        }
    }
    Some(read_level(value, start))
}

fn find_confidence_slow(text: &str) -> Option<Confidence> {
    for label in [
        "Confidence:",
        "confidence:",
        "CONFIDENCE:",
        "Confiança:",
        "confiança:",
        "CONFIANÇA:",
    ] {
        if let Some(i) = text.find(label) {
            let before = text[..i].trim_end();
            let start = ["—", "–", "-"]
                .iter()
                .find_map(|d| before.strip_suffix(d).map(|b| b.trim_end().len()))
                .unwrap_or(i);
            return Some(read_level(&text[i + label.len()..], start));
        }
    }
    None
}

fn read_level(value: &str, start: usize) -> Confidence {
    let mut emoji = None;
    let mut word = None;
    for token in value.split_whitespace().take(3) {
        let bare = token.trim_matches(|c: char| c == '*' || c == '_' || c == '.' || c == ',');
        if emoji.is_none() {
            if let Some(l) = Level::of_emoji(bare) {
                emoji = Some(l);
                continue;
            }
        }
        if word.is_none() {
            if let Some(l) = Level::of_word(bare) {
                word = Some(l);
            }
        }
    }
    Confidence { start, emoji, word }
}

/// Pairs of a confidence emoji and a level word written next to each other
/// that disagree (`🟢 Low`): (byte range, emoji level, word level).
pub fn emoji_word_mismatches(text: &str) -> Vec<(std::ops::Range<usize>, Level, Level)> {
    let mut out = Vec::new();
    // Every confidence emoji starts with the byte 0xF0: look only there.
    for at in memchr::memchr_iter(0xF0, text.as_bytes()) {
        let Some(emoji) = CONFIDENCE_EMOJIS
            .iter()
            .find(|e| text.as_bytes()[at..].starts_with(e.as_bytes()))
        else {
            continue;
        };
        let after = &text[at + emoji.len()..];
        let word_start = after.trim_start();
        let gap = after.len() - word_start.len();
        let word_len = word_start
            .char_indices()
            .find(|(_, c)| !c.is_alphabetic())
            .map_or(word_start.len(), |(i, _)| i);
        let word = &word_start[..word_len];
        if let (Some(e), Some(w)) = (Level::of_emoji(emoji), Level::of_word(word)) {
            if !word.is_empty() && e != w {
                out.push((at..at + emoji.len() + gap + word.len(), e, w));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_confidence() {
        let c = find_confidence("Hire two now. — Confidence: 🟢 High").unwrap();
        assert_eq!((c.emoji, c.word), (Some(Level::High), Some(Level::High)));
        assert_eq!(c.start, "Hire two now.".len());
        let c = find_confidence("Contratar dois. — Confiança: 🟡 Média").unwrap();
        assert_eq!(c.level(), Some(Level::Medium));
        assert!(find_confidence("no label").is_none());
        assert_eq!(emoji_word_mismatches("— Confidence: 🟢 Low").len(), 1);
        assert!(emoji_word_mismatches("— Confidence: 🟢 High").is_empty());
    }
}
