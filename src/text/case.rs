//! Comparing text with a phrase in any case, without lowering the text.

/// `needle` (ASCII) occurs in `text` in any ASCII case.
pub fn contains_ignoring_ascii_case(text: &str, needle: &str) -> bool {
    needle.is_empty() || find_ignoring_ascii_case(text, needle).is_some()
}

/// Where `needle` first occurs in `text` in any ASCII case: for an ASCII
/// text, where it occurs in the text's lower case, without lowering it.
pub fn find_ignoring_ascii_case(text: &str, needle: &str) -> Option<usize> {
    let (t, n) = (text.as_bytes(), needle.as_bytes());
    let Some(&first) = n.first() else {
        return Some(0);
    };
    memchr::memchr2_iter(first.to_ascii_lowercase(), first.to_ascii_uppercase(), t).find(|&i| {
        t[i..]
            .get(..n.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(n))
    })
}

/// Where `needle` last occurs in `text` in any ASCII case.
pub fn rfind_ignoring_ascii_case(text: &str, needle: &str) -> Option<usize> {
    let (t, n) = (text.as_bytes(), needle.as_bytes());
    let Some(&first) = n.first() else {
        return Some(t.len());
    };
    memchr::memrchr2_iter(first.to_ascii_lowercase(), first.to_ascii_uppercase(), t).find(|&i| {
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
    fn finds_first_and_last_in_any_ascii_case() {
        for (text, needle) in [
            ("Owner: CRO, owner: CFO", "owner:"),
            ("by May BY June", " by "),
            ("nothing here", "due:"),
            ("ação: Due: 1", "due:"),
            ("", "x"),
            ("abc", ""),
        ] {
            let lower = text.to_lowercase();
            if lower.len() == text.len() {
                assert_eq!(
                    find_ignoring_ascii_case(text, needle),
                    lower.find(needle),
                    "{text}"
                );
                assert_eq!(
                    rfind_ignoring_ascii_case(text, needle),
                    lower.rfind(needle),
                    "{text}"
                );
            }
        }
        assert_eq!(
            find_ignoring_ascii_case("a OWNER: b owner:", "owner:"),
            Some(2)
        );
        assert_eq!(
            rfind_ignoring_ascii_case("a OWNER: b owner:", "owner:"),
            Some(11)
        );
    }

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
