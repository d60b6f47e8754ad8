//! Text from the input is never written raw to a terminal: control
//! characters (an escape sequence starts with one), a carriage return that
//! ends no line, the bidirectional controls that can reorder what a reader
//! sees (overrides, isolates and marks) and the Unicode line and paragraph
//! separators are shown escaped, as `\u{1b}`.

use std::borrow::Cow;

use crate::controls::{first_unsafe, first_unsafe_anywhere, is_unsafe};

fn escape(c: char) -> String {
    format!("\\u{{{:x}}}", c as u32)
}

/// A one-line text (a message, a label, a path) safe to print: every unsafe
/// character and every line break escaped.
pub fn text(s: &str) -> Cow<'_, str> {
    escape_where(s, |c| is_unsafe(c) || matches!(c, '\n' | '\r'))
}

/// An error message for standard error: safe to print, and with every
/// credential it quotes (a configuration value, a file's text) hidden.
pub fn error(s: &str) -> String {
    text(&crate::secrets::scrub(s)).into_owned()
}

/// The same, keeping `\n` and `\r` for a format that escapes them itself.
pub fn text_keeping_lines(s: &str) -> Cow<'_, str> {
    escape_where(s, is_unsafe)
}

fn escape_where(s: &str, escaped: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !s.chars().any(&escaped) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match escaped(c) {
            true => out.push_str(&escape(c)),
            false => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A source text safe to print as an excerpt, with the map from its
/// offsets to the escaped text's offsets; `None` when it is already safe.
/// Line breaks are kept (a `\r` only before `\n`).
pub fn source(s: &str) -> Option<Escaped> {
    let first = first_unsafe_anywhere(s)?;
    let mut text = String::with_capacity(s.len() + 16);
    let mut shifts = Vec::new();
    let mut copied = 0;
    let mut at = Some(first);
    while let Some(i) = at {
        let c = s[i..].chars().next().unwrap_or_default();
        text.push_str(&s[copied..i]);
        text.push_str(&escape(c));
        let next = i + c.len_utf8();
        // From the byte after this character on, offsets move by the
        // escape's extra length.
        shifts.push((next, text.len() - next));
        copied = next;
        at = first_unsafe(s, next);
    }
    text.push_str(&s[copied..]);
    Some(Escaped { text, shifts })
}

/// A text of many lines (a diff) safe to print: its lines kept, everything
/// else escaped as in a source excerpt.
pub fn lines(s: &str) -> Cow<'_, str> {
    match source(s) {
        Some(escaped) => Cow::Owned(escaped.text),
        None => Cow::Borrowed(s),
    }
}

/// An escaped source and how its offsets moved.
pub struct Escaped {
    pub text: String,
    /// (first original offset that moved, total shift from there on).
    shifts: Vec<(usize, usize)>,
}

impl Escaped {
    /// Where an original offset landed in the escaped text.
    pub fn map(&self, offset: usize) -> usize {
        let n = self.shifts.partition_point(|&(at, _)| at <= offset);
        offset + if n == 0 { 0 } else { self.shifts[n - 1].1 }
    }

    /// The original offset of an offset in the escaped text that starts a
    /// character (or an escape).
    pub fn unmap(&self, offset: usize) -> usize {
        let n = self.shifts.partition_point(|&(at, by)| at + by <= offset);
        match n {
            0 => offset.min(self.shifts.first().map_or(offset, |&(at, _)| at)),
            n => offset - self.shifts[n - 1].1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_controls_and_bidi_overrides_but_keeps_lines() {
        assert_eq!(text("plain → text"), "plain → text");
        assert_eq!(text("a\u{1b}[31mred"), "a\\u{1b}[31mred");
        assert_eq!(text("x\ny\u{202e}z\u{9b}"), "x\\u{a}y\\u{202e}z\\u{9b}");
        assert!(source("a\r\nb\tc\n").is_none());
        let e = source("a\u{1b}b\rc\r\nd").unwrap();
        assert_eq!(e.text, "a\\u{1b}b\\u{d}c\r\nd");
        // `b` was at 2, `c` at 4, `d` at 7.
        assert_eq!(e.map(0), 0);
        assert_eq!(e.map(1), 1);
        assert_eq!(&e.text[e.map(2)..e.map(3)], "b");
        assert_eq!(&e.text[e.map(4)..e.map(5)], "c");
        assert_eq!(&e.text[e.map(7)..], "d");
        for at in [0, 1, 2, 4, 5, 6, 7] {
            assert_eq!(e.unmap(e.map(at)), at);
        }
    }

    /// The escaped copy is what escaping each unsafe character of the text
    /// in turn gives, however the characters are mixed.
    #[test]
    fn the_fast_scan_escapes_what_a_character_scan_escapes() {
        let naive = |s: &str| -> String {
            let mut out = String::new();
            for (i, c) in s.char_indices() {
                let lone_cr = c == '\r' && !s[i + 1..].starts_with('\n');
                if is_unsafe(c) || lone_cr {
                    out.push_str(&escape(c));
                } else {
                    out.push(c);
                }
            }
            out
        };
        let parts = [
            "a", "é", "\n", "\r", "\r\n", "\t", "\u{1b}", "\u{7f}", "\u{9b}", "\u{85}", "→",
            "\u{202e}", "\u{2028}", "😀", "\u{061c}", "~", " ",
        ];
        let mut seed = 11u64;
        for len in 0..400 {
            let mut s = String::new();
            for _ in 0..len % 23 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                s.push_str(parts[(seed >> 33) as usize % parts.len()]);
            }
            let escaped = source(&s).map_or_else(|| s.clone(), |e| e.text);
            assert_eq!(escaped, naive(&s), "{s:?}");
        }
    }

    #[test]
    fn escapes_separators_and_bidi_marks() {
        for c in [
            '\u{2028}', '\u{2029}', '\u{200f}', '\u{200e}', '\u{061c}', '\u{2067}',
        ] {
            let shown = text(&format!("a{c}b")).into_owned();
            assert_eq!(shown, format!("a\\u{{{:x}}}b", c as u32));
            assert!(!lines(&format!("x\n{c}\n")).contains(c));
        }
        assert_eq!(lines("-a\r\n+b\n"), "-a\r\n+b\n");
        assert_eq!(
            lines("+\u{1b}]52;c;eA==\u{7}\n"),
            "+\\u{1b}]52;c;eA==\\u{7}\n"
        );
    }
}
