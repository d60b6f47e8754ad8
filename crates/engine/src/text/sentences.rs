//! Counting the sentences of a text.

/// Common abbreviations whose period ends no sentence.
const ABBREVIATIONS: &[&str] = &[
    "e.g.", "i.e.", "vs.", "etc.", "approx.", "inc.", "mr.", "ms.", "dr.", "no.", "p.ex.", "sr.",
    "sra.",
];

/// How many sentences a text holds. A sentence ends at `.`, `!`, `?` or `…`
/// followed by white space or the end, except in numbers (`$2.4M`) and
/// common abbreviations.
pub fn sentence_count(text: &str) -> usize {
    let text = text.trim();
    if text.is_empty() {
        return 0;
    }
    let mut count = 0;
    let mut open = false;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c.is_alphanumeric() {
            open = true;
        }
        if !matches!(c, '.' | '!' | '?' | '…') || !open {
            continue;
        }
        let next = chars.peek().map(|&(_, n)| n);
        if !matches!(
            next,
            None | Some(' ' | '\t' | '\n' | '"' | '\'' | ')' | '”')
        ) {
            continue;
        }
        if c == '.' && ends_with_abbreviation(&text[..=i]) {
            continue;
        }
        count += 1;
        open = false;
    }
    if open {
        count += 1;
    }
    count
}

/// The last word of `text` (from its last white space) ends with one of
/// [`ABBREVIATIONS`] in any case. The abbreviations are ASCII and no other
/// letter lowers to one of theirs, so the word's last bytes are compared in
/// any ASCII case rather than the word lowered.
fn ends_with_abbreviation(text: &str) -> bool {
    let word_start = text
        .char_indices()
        .rev()
        .find(|(_, ch)| ch.is_whitespace())
        .map_or(0, |(p, ch)| p + ch.len_utf8());
    let word = &text.as_bytes()[word_start..];
    ABBREVIATIONS.iter().any(|a| {
        word.len() >= a.len() && word[word.len() - a.len()..].eq_ignore_ascii_case(a.as_bytes())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abbreviations_end_no_sentence_in_any_case() {
        assert_eq!(sentence_count("Costs rose, E.G. rent. Then fell."), 2);
        assert_eq!(sentence_count("See Dr. Silva. Ok."), 2);
        assert_eq!(sentence_count("Pagos à Sra. Lima. Fim."), 2);
        // `É` is no `e`: `ÉTC.` is no abbreviation.
        assert_eq!(sentence_count("ÉTC. Done."), 2);
        assert_eq!(sentence_count("Ship it."), 1);
    }

    #[test]
    fn counts_sentences() {
        assert_eq!(
            sentence_count("Extend runway 6 months; raise at $2.4M ARR."),
            1
        );
        assert_eq!(sentence_count("Raise now. Terms get worse later."), 2);
        assert_eq!(sentence_count("Cut e.g. two channels now"), 1);
        assert_eq!(sentence_count("Why? Because burn doubled! It did."), 3);
        assert_eq!(sentence_count(""), 0);
    }
}
