//! Comparing text with a phrase in any case, without lowering the text.

/// `needle` (ASCII) occurs in `text` in any ASCII case.
pub fn contains_ignoring_ascii_case(text: &str, needle: &str) -> bool {
    let (t, n) = (text.as_bytes(), needle.as_bytes());
    let Some(&first) = n.first() else {
        return true;
    };
    memchr::memchr2_iter(first.to_ascii_lowercase(), first.to_ascii_uppercase(), t).any(|i| {
        t[i..]
            .get(..n.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(n))
    })
}

/// The byte length of `phrase` (written in lower case) at the start of
/// `text` in any case, when it is there.
pub fn prefix_len_ignoring_case(text: &str, phrase: &str) -> Option<usize> {
    // Most texts differ from the phrase at its first ASCII byte.
    let first = *phrase.as_bytes().first()?;
    if first.is_ascii() && text.as_bytes().first()?.to_ascii_lowercase() != first {
        return None;
    }
    if phrase.is_ascii() {
        let n = phrase.len();
        return text
            .as_bytes()
            .get(..n)
            .filter(|w| w.eq_ignore_ascii_case(phrase.as_bytes()))
            .map(|_| n);
    }
    let mut chars = text.char_indices();
    for p in phrase.chars() {
        let (_, c) = chars.next()?;
        if c != p && !c.to_lowercase().eq(std::iter::once(p)) {
            return None;
        }
    }
    Some(chars.next().map_or(text.len(), |(i, _)| i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compares_ignoring_case_without_lowering_the_text() {
        assert!(contains_ignoring_ascii_case(
            "burn (SOURCE: ledger)",
            "(source:"
        ));
        assert!(!contains_ignoring_ascii_case("burn (sauce: x)", "(source:"));
        assert_eq!(
            prefix_len_ignoring_case("OPÇÃO A: x", "opção "),
            Some("OPÇÃO ".len())
        );
        assert_eq!(
            prefix_len_ignoring_case("Recommendation**: go", "recommendation**:"),
            Some(17)
        );
        assert_eq!(prefix_len_ignoring_case("Rec", "recommendation:"), None);
        assert_eq!(prefix_len_ignoring_case("option", "opção "), None);
    }
}
