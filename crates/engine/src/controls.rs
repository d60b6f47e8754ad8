//! The characters no output writes raw to a terminal: control characters
//! (an escape sequence starts with one), a carriage return that ends no
//! line, the bidirectional controls that can reorder what a reader sees
//! (overrides, isolates and marks) and the Unicode line and paragraph
//! separators. `output::safe` escapes them; the credential scan of
//! `secrets` reads whole any long line that holds one, as an escaped line
//! shows other columns than its bytes'.

/// Whether an output escapes `c` (as `\u{1b}`).
pub fn is_unsafe(c: char) -> bool {
    (c.is_control() && !matches!(c, '\n' | '\t' | '\r'))
        || matches!(
            c,
            '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{061c}'
                | '\u{2028}'
                | '\u{2029}'
        )
}

/// The offset of the first character at or after `from` (a character
/// boundary) that a source excerpt escapes: a control character other than
/// a tab or a line break (a `\r` only before `\n`), or a bidirectional or
/// line-separating mark. Only a few bytes can start such a character (a
/// control byte, DEL, and the lead bytes `C2`, `D8` and `E2` of the others),
/// so the text is passed over 32 bytes at a time until one of those comes,
/// and only that character is decoded.
pub fn first_unsafe(s: &str, from: usize) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = from;
    // A byte that starts no unsafe character. Continuation bytes are among
    // them, so the first byte that is not always starts a character.
    let quiet = |x: &u8| {
        (*x >= 0x20 && !matches!(*x, 0x7f | 0xc2 | 0xd8 | 0xe2)) || *x == b'\n' || *x == b'\t'
    };
    loop {
        // A test of every byte of a chunk, without an early exit, compiles
        // to vector instructions; then byte by byte.
        while let Some(chunk) = b.get(i..i + 32) {
            if !chunk.iter().fold(true, |all, x| all & quiet(x)) {
                break;
            }
            i += 32;
        }
        i += b.get(i..)?.iter().position(|x| !quiet(x))?;
        match b[i] {
            b'\r' if b.get(i + 1) == Some(&b'\n') => i += 1,
            x if x < 0x80 => return Some(i),
            _ => {
                let c = s[i..].chars().next()?;
                if is_unsafe(c) {
                    return Some(i);
                }
                i += c.len_utf8();
            }
        }
    }
}

/// [`first_unsafe`] of a whole text, its pieces searched on every core at
/// once when it is large (the search of a human report's source).
pub fn first_unsafe_anywhere(s: &str) -> Option<usize> {
    use rayon::prelude::*;
    let b = s.as_bytes();
    crate::parallel::pieces(b)
        .into_par_iter()
        .find_map_first(|r| {
            let found = first_unsafe(&s[..r.end], r.start)?;
            // A carriage return cut from the line feed after it is none.
            let cut_break = found + 1 == r.end && b[found] == b'\r' && b.get(r.end) == Some(&b'\n');
            (!cut_break).then_some(found)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition: the first character that is unsafe, a `\r` before
    /// `\n` excepted.
    fn first_unsafe_by_characters(s: &str, from: usize) -> Option<usize> {
        s[from..]
            .char_indices()
            .find(|&(i, c)| {
                is_unsafe(c) || (c == '\r' && s.as_bytes().get(from + i + 1) != Some(&b'\n'))
            })
            .map(|(i, _)| from + i)
    }

    #[test]
    fn finds_each_kind_of_unsafe_character_among_safe_ones() {
        let safe = "plain é ü — “quotes” 🙂 \u{2010}\u{2030}\u{2070} \u{600}\u{61b} ok\tTab\r\n";
        assert_eq!(first_unsafe(safe, 0), None);
        for bad in [
            "\u{1b}", "\r", "\u{7f}", "\u{85}", "\u{9f}", "\u{61c}", "\u{200e}", "\u{200f}",
            "\u{2028}", "\u{2029}", "\u{202a}", "\u{202e}", "\u{2066}", "\u{2069}",
        ] {
            let s = format!("{safe}{safe}{bad}{safe}");
            assert_eq!(first_unsafe(&s, 0), Some(2 * safe.len()), "{bad:?}");
            assert_eq!(
                first_unsafe(&s, 2 * safe.len() + bad.len()),
                None,
                "{bad:?}"
            );
        }
    }

    #[test]
    fn a_large_text_is_searched_in_pieces_as_in_one() {
        let line = "plain text é 🙂 and more\r\n";
        let mut s = line.repeat((crate::parallel::FROM / line.len()) * 2);
        assert_eq!(first_unsafe_anywhere(&s), None);
        // A line break cut between its two bytes at a piece's end is still
        // a line break.
        let cut_text = (0..line.len())
            .map(|shift| format!("{}{s}", "x".repeat(shift)))
            .find(|t| {
                let end = crate::parallel::pieces(t.as_bytes())[0].end;
                t.as_bytes()[end - 1] == b'\r'
            })
            .expect("a text whose first piece ends between \\r and \\n");
        assert_eq!(first_unsafe_anywhere(&cut_text), None);
        let at = s.len() / 3 * 2;
        let at = (at..).find(|&i| s.is_char_boundary(i)).unwrap_or(at);
        s.insert(at, '\u{1b}');
        s.insert(s.len() - 3, '\u{202e}');
        assert_eq!(first_unsafe_anywhere(&s), Some(at));
        assert_eq!(first_unsafe_anywhere(""), None);
    }

    proptest! {
        #[test]
        fn agrees_with_the_character_by_character_definition(
            s in "[a-z \t\r\n\u{0}-\u{1f}\u{7f}-\u{a0}é€\u{600}-\u{620}\u{2000}-\u{2070}🙂]{0,80}",
            cut in 0usize..80,
        ) {
            let mut from = cut.min(s.len());
            while !s.is_char_boundary(from) {
                from -= 1;
            }
            prop_assert_eq!(first_unsafe(&s, from), first_unsafe_by_characters(&s, from));
        }
    }
}
