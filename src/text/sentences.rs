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
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut count = 0;
    let mut open = false;
    for (k, &(i, c)) in chars.iter().enumerate() {
        if c.is_alphanumeric() {
            open = true;
        }
        if !matches!(c, '.' | '!' | '?' | '…') || !open {
            continue;
        }
        let next = chars.get(k + 1).map(|&(_, n)| n);
        if !matches!(
            next,
            None | Some(' ' | '\t' | '\n' | '"' | '\'' | ')' | '”')
        ) {
            continue;
        }
        if c == '.' {
            let word_start = text[..i]
                .char_indices()
                .rev()
                .find(|(_, ch)| ch.is_whitespace())
                .map_or(0, |(p, ch)| p + ch.len_utf8());
            let word = text[word_start..=i].to_lowercase();
            if ABBREVIATIONS.iter().any(|a| word.ends_with(a)) {
                continue;
            }
        }
        count += 1;
        open = false;
    }
    if open {
        count += 1;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

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
