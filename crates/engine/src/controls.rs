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
/// line-separating mark. Printable ASCII, the bulk of a transcript, is
/// passed over a byte at a time; other characters are decoded.
pub fn first_unsafe(s: &str, from: usize) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = from;
    let plain = |x: &u8| x.wrapping_sub(0x20) < 0x5f;
    loop {
        // Sixteen bytes at a time (a test of every byte, without an early
        // exit, compiles to vector instructions), then byte by byte.
        while let Some(chunk) = b.get(i..i + 16) {
            if !chunk.iter().fold(true, |all, x| all & plain(x)) {
                break;
            }
            i += 16;
        }
        i += b.get(i..)?.iter().position(|x| !plain(x))?;
        match b[i] {
            b'\n' | b'\t' => i += 1,
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
