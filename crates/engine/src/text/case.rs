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

/// Whether lowering `text` keeps every character at its byte offset (each
/// character lowers to one of the same length): then where a phrase occurs
/// in the text's lower case can be found in the text itself.
pub fn lowering_keeps_offsets(text: &str) -> bool {
    text.is_ascii()
        || text.chars().filter(|c| !c.is_ascii()).all(|c| {
            let mut lower = c.to_lowercase();
            matches!((lower.next(), lower.next()), (Some(l), None) if l.len_utf8() == c.len_utf8())
        })
}

/// Where `phrase` (written in lower case, starting with an ASCII byte)
/// first occurs in the lower case of `text`, found without lowering it;
/// for a text whose lowering keeps offsets ([`lowering_keeps_offsets`]).
pub fn find_lowered(text: &str, phrase: &str) -> Option<usize> {
    lowered_starts(text, phrase).find(|&i| prefix_len_ignoring_case(&text[i..], phrase).is_some())
}

/// Where `phrase` last occurs in the lower case of `text`, as
/// [`find_lowered`].
pub fn rfind_lowered(text: &str, phrase: &str) -> Option<usize> {
    lowered_starts(text, phrase)
        .rev()
        .find(|&i| prefix_len_ignoring_case(&text[i..], phrase).is_some())
}

/// The offsets where a character lowering to `phrase`'s first byte (ASCII)
/// stands: only an ASCII letter lowers to an ASCII letter without changing
/// its length.
fn lowered_starts<'t>(text: &'t str, phrase: &str) -> memchr::Memchr2<'t> {
    let first = phrase.as_bytes().first().copied().unwrap_or(0);
    debug_assert!(first.is_ascii(), "{phrase}");
    memchr::memchr2_iter(first, first.to_ascii_uppercase(), text.as_bytes())
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
    fn finds_the_first_in_any_ascii_case() {
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
            }
        }
        assert_eq!(
            find_ignoring_ascii_case("a OWNER: b owner:", "owner:"),
            Some(2)
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
