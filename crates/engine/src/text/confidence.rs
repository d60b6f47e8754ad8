//! The `Confidence:` label of a finding or answer, and emoji-word pairs that disagree.

use super::case::{find_ignoring_ascii_case, prefix_len_ignoring_case};
use super::{Level, CONFIDENCE_EMOJIS};

/// A `Confidence: 🟢 High` (or `Confiança: 🟡 Média`) suffix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confidence {
    /// Byte offset in the text where the suffix starts: at its dash, at
    /// the bracket it is written in (`(confidence: medium)`), or at the
    /// label.
    pub start: usize,
    /// Byte offset where it ends: after its level (emoji and word) and the
    /// bracket that closes it.
    pub end: usize,
    pub emoji: Option<Level>,
    pub word: Option<Level>,
    /// It is written in a bracket that holds more than the level
    /// (`(confidence: medium, pending Q2)`): its end is the level's.
    pub bracket_holds_more: bool,
}

impl Confidence {
    /// The level that counts: the word when both are written.
    pub fn level(&self) -> Option<Level> {
        self.word.or(self.emoji)
    }
}

/// The label's words, in lower case.
const LABELS: [&str; 3] = ["confidence", "confiança", "confianca"];

/// Find the first confidence label in a text and read its level. The
/// label is followed by a colon (`Confidence: High`, `**Confidence:**
/// 🟢`), or, where it starts the text, a sentence, a bracket or a dash
/// (`… — Confidence — Medium 🟡`, `(confidence high)`), by a dash, an
/// equals sign or nothing, and then by a level: prose that names
/// confidence (`customer confidence is low`) is no label.
pub fn find_confidence(text: &str) -> Option<Confidence> {
    // Every label starts `confi`: most texts hold none.
    let mut from = 0;
    while let Some(i) = find_ignoring_ascii_case(&text[from..], "confi") {
        let at = from + i;
        if let Some(c) = read_at(text, at) {
            return Some(c);
        }
        from = at + "confi".len();
    }
    None
}

/// The confidence whose label starts at `at`, if one does.
fn read_at(text: &str, at: usize) -> Option<Confidence> {
    let before = &text[..at];
    if before
        .chars()
        .next_back()
        .is_some_and(char::is_alphanumeric)
    {
        return None;
    }
    let len = LABELS
        .iter()
        .find_map(|l| prefix_len_ignoring_case(&text[at..], l))?;
    let mut p = at + len;
    if text[p..].chars().next().is_some_and(char::is_alphanumeric) {
        return None;
    }
    p += skip(&text[p..], |c| c == '*' || c == '_' || c.is_whitespace());
    // What stands before the label, emphasis and spaces aside.
    let lead = before.trim_end_matches(|c: char| c == '*' || c == '_' || c.is_whitespace());
    let opener = lead.chars().next_back().filter(|c| matches!(c, '(' | '['));
    let boundary = lead.is_empty()
        || before[lead.len()..].contains('\n')
        || lead.ends_with(['.', '!', '?', ';', ':', '|', '(', '[', '—', '–', '-']);
    let sep = text[p..].chars().next();
    let colon = sep == Some(':');
    match sep {
        Some(':') => p += 1,
        Some(c @ ('—' | '–' | '-' | '=')) if boundary => p += c.len_utf8(),
        _ if boundary => {}
        _ => return None,
    }
    let (emoji, word, level_end) = level_tokens(text, p);
    if !colon && emoji.is_none() && word.is_none() {
        return None;
    }
    // Where the suffix starts: its bracket, and a dash before that.
    // (The label's emphasis is the suffix's: `**Confidence:** High`.)
    let mut start = if opener.is_some() {
        lead.len() - 1
    } else {
        before.trim_end_matches(['*', '_']).len()
    };
    let ahead = text[..start].trim_end();
    for dash in ["—", "–", "-"] {
        if let Some(b) = ahead.strip_suffix(dash) {
            start = b.trim_end().len();
            break;
        }
    }
    let mut end = level_end;
    let mut bracket_holds_more = false;
    if let Some(open) = opener {
        let close = if open == '(' { ')' } else { ']' };
        let after = &text[level_end..];
        let gap = skip(after, |c| c.is_whitespace() || matches!(c, '.' | '*' | '_'));
        if after[gap..].starts_with(close) {
            end = level_end + gap + 1;
        } else {
            bracket_holds_more = true;
        }
    }
    Some(Confidence {
        start,
        end,
        emoji,
        word,
        bracket_holds_more,
    })
}

/// The byte length of the characters at the start of `s` that `f` accepts.
fn skip(s: &str, f: impl Fn(char) -> bool) -> usize {
    s.len() - s.trim_start_matches(f).len()
}

/// The level written from `at`: at most one emoji (written twice, it is
/// read once) and one word, in either order, with emphasis and a full
/// stop around them; where they end.
fn level_tokens(text: &str, mut at: usize) -> (Option<Level>, Option<Level>, usize) {
    let (mut emoji, mut word, mut end) = (None, None, at);
    for _ in 0..3 {
        let gap = skip(&text[at..], |c| c.is_whitespace() || c == '*' || c == '_');
        let start = at + gap;
        let rest = &text[start..];
        let len = rest
            .find(|c: char| c.is_whitespace() || matches!(c, ')' | ']' | ',' | ';'))
            .unwrap_or(rest.len());
        let token = &rest[..len];
        let bare = token.trim_end_matches(['.', '*', '_', ':']);
        if let Some(l) = Level::of_emoji(bare) {
            match emoji {
                None => emoji = Some(l),
                Some(e) if e == l => {}
                Some(_) => break,
            }
        } else if !bare.is_empty() && bare.chars().all(char::is_alphabetic) && word.is_none() {
            match Level::of_word(bare) {
                Some(l) => word = Some(l),
                None => break,
            }
        } else {
            break;
        }
        at = start + len;
        end = at;
    }
    (emoji, word, end)
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
        // In a bracket, after a dash, on its own, in any case: where it
        // starts and ends.
        let text = "Raise it on Jan 1 (confidence: medium 🟡) today";
        let c = find_confidence(text).unwrap();
        assert_eq!(
            (c.emoji, c.word),
            (Some(Level::Medium), Some(Level::Medium))
        );
        assert_eq!(&text[c.start..c.end], "(confidence: medium 🟡)");
        let text = "Ship it [Confidence: High]";
        let c = find_confidence(text).unwrap();
        assert_eq!(&text[c.start..c.end], "[Confidence: High]");
        let text = "Ship it. Confidence — Medium 🟡";
        let c = find_confidence(text).unwrap();
        assert_eq!(&text[c.start..], "Confidence — Medium 🟡");
        assert_eq!(c.end, text.len());
        let c = find_confidence("Ship it (confidence: low, pending Q2)").unwrap();
        assert!(c.bracket_holds_more);
        assert_eq!(c.level(), Some(Level::Low));
        // Prose that names confidence is no label.
        assert!(find_confidence("Customer confidence low after the outage").is_none());
        assert!(find_confidence("Our confidence - high as it is - holds").is_none());
        assert!(find_confidence("Confidential: high").is_none());
        let c = find_confidence("**Confidence**: 🟢 High").unwrap();
        assert_eq!(c.level(), Some(Level::High));
        let c = find_confidence("Ship it\nconfidence — medium 🟡").unwrap();
        assert_eq!(c.level(), Some(Level::Medium));
        let text = "Ship it.\n**Confidence:** Medium";
        let c = find_confidence(text).unwrap();
        assert_eq!(&text[c.start..c.end], "**Confidence:** Medium");
        assert_eq!(emoji_word_mismatches("— Confidence: 🟢 Low").len(), 1);
        assert!(emoji_word_mismatches("— Confidence: 🟢 High").is_empty());
    }
}
