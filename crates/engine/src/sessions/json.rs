//! A small JSON reader for session logs. It borrows every string from the
//! text instead of decoding it: most of a log is tool input and output that
//! no rule reads, so a string is decoded only when a reader asks for it,
//! and then with a map back to its raw bytes, so that a diagnostic inside a
//! decoded string lands on the bytes of the file that hold it.

use std::borrow::Cow;

use crate::syntax::Span;

/// How deep values may nest before the document is refused.
pub const MAX_DEPTH: usize = 256;

/// A JSON value, borrowing its strings from the text it was read from.
#[derive(Debug, Clone, PartialEq)]
pub enum JValue<'a> {
    Null,
    Bool(bool),
    /// A number as written.
    Number(&'a str),
    Str(Raw<'a>),
    Array(Vec<JValue<'a>>),
    Object(Vec<(Raw<'a>, JValue<'a>)>),
}

/// A string as written between its quotes, not yet decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Raw<'a> {
    /// The bytes between the quotes.
    pub text: &'a str,
    /// Where they start in the file.
    pub start: usize,
    /// Whether they hold an escape (otherwise they are the value).
    pub escaped: bool,
}

impl<'a> Raw<'a> {
    /// The raw bytes' span in the file.
    pub fn span(&self) -> Span {
        self.start..self.start + self.text.len()
    }

    /// The value, borrowed when nothing in it is escaped.
    pub fn value(&self) -> Cow<'a, str> {
        if !self.escaped {
            return Cow::Borrowed(self.text);
        }
        let mut out = String::with_capacity(self.text.len());
        self.decode_with(&mut out, |_, _| {});
        Cow::Owned(out)
    }

    /// Whether the value equals `s`, decoding only when it must.
    pub fn is(&self, s: &str) -> bool {
        match self.escaped {
            false => self.text == s,
            true => self.value() == s,
        }
    }

    /// Append the value to `out`, and to `shifts` an entry (offset in
    /// `out`, offset in the file) after an escape, where the two stop
    /// advancing together: after the first escape at least [`STRIDE`]
    /// bytes past the value's start or the entry before. [`raw_offset`]
    /// walks the raw bytes from the entry before an offset to it. The text
    /// was checked when it was read, so decoding cannot fail.
    pub fn decode_into(&self, out: &mut impl Sink, shifts: &mut Vec<(usize, usize)>) {
        let mut last = out.written();
        self.decode_with(out, |at, raw| {
            if at - last >= STRIDE {
                shifts.push((at, raw));
                last = at;
            }
        });
    }

    fn decode_with(&self, out: &mut impl Sink, mut shift: impl FnMut(usize, usize)) {
        if !self.escaped {
            out.push_str(self.text);
            return;
        }
        let t = self.text;
        let b = t.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let Some(at) = memchr::memchr(b'\\', &b[i..]).map(|k| i + k) else {
                out.push_str(&t[i..]);
                break;
            };
            out.push_str(&t[i..at]);
            let (decoded, len) = escape_at(t, at).unwrap_or(('\u{FFFD}', 2.min(b.len() - at)));
            out.push(decoded);
            i = at + len;
            // The next character starts after the escape.
            shift(out.written(), self.start + i);
        }
    }

    /// Whether the value is empty or white space only.
    pub fn is_blank(&self) -> bool {
        match self.escaped {
            false => self.text.trim().is_empty(),
            true => self.value().trim().is_empty(),
        }
    }

    /// The value's first character.
    pub fn first_char(&self) -> Option<char> {
        match self.text.starts_with('\\') {
            true => Some(escape_at(self.text, 0).map_or('\u{FFFD}', |(c, _)| c)),
            false => self.text.chars().next(),
        }
    }
}

/// What decoded text is written to: a `String`, or a part of a text
/// assembled in place (`sessions::assemble`).
pub trait Sink {
    fn push_str(&mut self, s: &str);
    fn push(&mut self, c: char);
    /// Bytes written so far.
    fn written(&self) -> usize;
    /// The last character written.
    fn last_char(&self) -> Option<char>;
}

impl Sink for String {
    fn push_str(&mut self, s: &str) {
        String::push_str(self, s);
    }

    fn push(&mut self, c: char) {
        String::push(self, c);
    }

    fn written(&self) -> usize {
        self.len()
    }

    fn last_char(&self) -> Option<char> {
        self.chars().next_back()
    }
}

/// The character an escape at byte `at` of `t` stands for, and the
/// escape's length.
fn escape_at(t: &str, at: usize) -> Option<(char, usize)> {
    let b = t.as_bytes();
    let c = match *b.get(at + 1)? {
        b'"' => '"',
        b'\\' => '\\',
        b'/' => '/',
        b'b' => '\u{8}',
        b'f' => '\u{c}',
        b'n' => '\n',
        b'r' => '\r',
        b't' => '\t',
        b'u' => {
            let hi = hex4(t, at + 2)?;
            if (0xD800..0xDC00).contains(&hi)
                && t.get(at + 6..).is_some_and(|r| r.starts_with("\\u"))
            {
                let lo = hex4(t, at + 8)?;
                let code = 0x10000 + ((hi - 0xD800) << 10) + (lo.wrapping_sub(0xDC00) & 0x3FF);
                return Some((char::from_u32(code).unwrap_or('\u{FFFD}'), 12));
            }
            return Some((char::from_u32(hi).unwrap_or('\u{FFFD}'), 6));
        }
        _ => return None,
    };
    Some((c, 2))
}

/// The length of a valid escape at byte `at` (checked, not decoded).
#[inline]
fn escape_len(b: &[u8], at: usize) -> Option<usize> {
    match *b.get(at + 1)? {
        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => Some(2),
        b'u' => {
            let hex = b.get(at + 2..at + 6)?;
            if !hex.iter().all(u8::is_ascii_hexdigit) {
                return None;
            }
            // A high surrogate followed by its low half is one escape.
            let hi = u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?;
            let pair = (0xD800..0xDC00).contains(&hi)
                && b.get(at + 6..at + 8) == Some(b"\\u")
                && b.get(at + 8..at + 12)
                    .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
            Some(if pair { 12 } else { 6 })
        }
        _ => None,
    }
}

fn hex4(t: &str, at: usize) -> Option<u32> {
    let h = t.get(at..at + 4)?;
    if !h.bytes().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(h, 16).ok()
}

impl<'a> JValue<'a> {
    pub fn get(&self, key: &str) -> Option<&JValue<'a>> {
        match self {
            JValue::Object(fields) => fields.iter().find(|(k, _)| k.is(key)).map(|(_, v)| v),
            _ => None,
        }
    }

    /// A string's value (borrowed when it holds no escape).
    pub fn as_str(&self) -> Option<Cow<'a, str>> {
        match self {
            JValue::Str(s) => Some(s.value()),
            _ => None,
        }
    }

    /// Whether this is the string `s`.
    pub fn is_str(&self, s: &str) -> bool {
        matches!(self, JValue::Str(r) if r.is(s))
    }

    /// The string of member `key`, if it is one.
    pub fn str_at(&self, key: &str) -> Option<Cow<'a, str>> {
        self.get(key).and_then(JValue::as_str)
    }

    pub fn raw(&self) -> Option<&Raw<'a>> {
        match self {
            JValue::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[JValue<'a>]> {
        match self {
            JValue::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            JValue::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn is_object(&self) -> bool {
        matches!(self, JValue::Object(_))
    }
}

/// Parse one JSON document starting at byte `base` of the file; trailing
/// white space is allowed, anything else after the value is an error.
pub fn parse(text: &str, base: usize) -> Result<JValue<'_>, String> {
    let mut p = Parser {
        b: text.as_bytes(),
        s: text,
        i: 0,
        base,
        lines: false,
    };
    p.ws();
    let v = p.value(0)?;
    p.ws();
    if p.i != p.b.len() {
        return Err(format!("unexpected text after the value at byte {}", p.i));
    }
    Ok(v)
}

/// The records of a JSONL text, in one pass: each line's span (without
/// its line break) and its value, or why it is not JSON. Blank lines are
/// skipped. A record never reads past its line's end, so the line breaks
/// are found by the parse itself, not by a pass of their own.
pub fn records(text: &str) -> impl Iterator<Item = (Span, Result<JValue<'_>, String>)> {
    records_between(text, 0, text.len())
}

/// The records of the lines that start in `from..to`; `from` is a line's
/// start.
pub fn records_between(
    text: &str,
    from: usize,
    to: usize,
) -> impl Iterator<Item = (Span, Result<JValue<'_>, String>)> {
    let b = text.as_bytes();
    let mut at = from;
    // Whether `at` is inside a line, after a record written on the same
    // line as the one before it: the records of a line belong to the range
    // the line starts in.
    let mut on_the_line = false;
    std::iter::from_fn(move || loop {
        if at >= b.len() || (at >= to && !on_the_line) {
            return None;
        }
        on_the_line = false;
        let start = at;
        let mut p = Parser {
            b,
            s: text,
            i: start,
            base: 0,
            lines: true,
        };
        p.ws();
        if p.i >= b.len() || b[p.i] == b'\n' {
            // A blank line.
            at = p.i + 1;
            continue;
        }
        let value = p.value(0).and_then(|v| {
            let end = p.i;
            p.ws();
            match b.get(p.i) {
                None | Some(b'\n') => Ok(v),
                // Another record on the same line, with no line break
                // between them (a tool's write that lost one): each is read
                // as the record it is.
                Some(b'{') if matches!(v, JValue::Object(_)) => {
                    on_the_line = true;
                    p.i = end;
                    Ok(v)
                }
                Some(_) => Err(format!("unexpected text after the value at byte {}", p.i)),
            }
        });
        if on_the_line {
            let span = start..p.i;
            at = p.i;
            return Some((span, value));
        }
        // The parse stops at or before the line break, never past it.
        let end = memchr::memchr(b'\n', &b[p.i.min(b.len())..]).map_or(b.len(), |k| p.i + k);
        at = end + 1;
        let line_end = if end > start && b[end - 1] == b'\r' {
            end - 1
        } else {
            end
        };
        let value = value.map_err(|e| rebase(&e, start));
        return Some((start..line_end, value));
    })
}

/// An error's byte offsets, which count from the text's start, counted from
/// the line's start instead.
fn rebase(e: &str, start: usize) -> String {
    match e.rsplit_once("at byte ") {
        Some((head, n)) => match n.parse::<usize>() {
            Ok(n) => format!("{head}at byte {}", n.saturating_sub(start)),
            Err(_) => e.to_string(),
        },
        None => e.to_string(),
    }
}

struct Parser<'a> {
    b: &'a [u8],
    s: &'a str,
    i: usize,
    base: usize,
    /// Reading one record of a JSONL text: a line break ends it, it is not
    /// white space.
    lines: bool,
}

impl<'a> Parser<'a> {
    fn ws(&mut self) {
        while self.i < self.b.len() {
            match self.b[self.i] {
                b' ' | b'\t' | b'\r' => self.i += 1,
                b'\n' if !self.lines => self.i += 1,
                _ => break,
            }
        }
    }

    fn eat(&mut self, c: u8) -> Result<(), String> {
        if self.b.get(self.i) == Some(&c) {
            self.i += 1;
            Ok(())
        } else {
            Err(format!("expected `{}` at byte {}", c as char, self.i))
        }
    }

    fn value(&mut self, depth: usize) -> Result<JValue<'a>, String> {
        if depth > MAX_DEPTH {
            return Err(format!("nested more than {MAX_DEPTH} levels deep"));
        }
        match self.b.get(self.i) {
            Some(b'{') => {
                self.i += 1;
                let mut fields = Vec::new();
                self.ws();
                if self.b.get(self.i) == Some(&b'}') {
                    self.i += 1;
                    return Ok(JValue::Object(fields));
                }
                loop {
                    self.ws();
                    let key = self.string()?;
                    self.ws();
                    self.eat(b':')?;
                    self.ws();
                    let v = self.value(depth + 1)?;
                    fields.push((key, v));
                    self.ws();
                    match self.b.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b'}') => {
                            self.i += 1;
                            return Ok(JValue::Object(fields));
                        }
                        _ => return Err(format!("expected `,` or `}}` at byte {}", self.i)),
                    }
                }
            }
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.b.get(self.i) == Some(&b']') {
                    self.i += 1;
                    return Ok(JValue::Array(items));
                }
                loop {
                    self.ws();
                    items.push(self.value(depth + 1)?);
                    self.ws();
                    match self.b.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b']') => {
                            self.i += 1;
                            return Ok(JValue::Array(items));
                        }
                        _ => return Err(format!("expected `,` or `]` at byte {}", self.i)),
                    }
                }
            }
            Some(b'"') => Ok(JValue::Str(self.string()?)),
            Some(b't') => self.literal("true", JValue::Bool(true)),
            Some(b'f') => self.literal("false", JValue::Bool(false)),
            Some(b'n') => self.literal("null", JValue::Null),
            Some(c) if *c == b'-' || c.is_ascii_digit() => {
                let start = self.i;
                while self.i < self.b.len()
                    && matches!(
                        self.b[self.i],
                        b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'
                    )
                {
                    self.i += 1;
                }
                let n = &self.s[start..self.i];
                n.parse::<f64>()
                    .map(|_| JValue::Number(n))
                    .map_err(|_| format!("bad number at byte {start}"))
            }
            _ => Err(format!("expected a value at byte {}", self.i)),
        }
    }

    fn literal(&mut self, word: &str, v: JValue<'a>) -> Result<JValue<'a>, String> {
        if self.s[self.i..].starts_with(word) {
            self.i += word.len();
            Ok(v)
        } else {
            Err(format!("expected a value at byte {}", self.i))
        }
    }

    /// A string, checked but not decoded: its closing quote is found with
    /// memchr (a quote after an odd run of backslashes is escaped), then the
    /// bytes between are checked eight at a time for control characters and
    /// at each backslash for a valid escape.
    fn string(&mut self) -> Result<Raw<'a>, String> {
        self.eat(b'"')?;
        let start = self.i;
        let b = self.b;
        let mut from = start;
        let end = loop {
            let Some(k) = memchr::memchr(b'"', &b[from..]) else {
                return Err("an unterminated string".into());
            };
            let quote = from + k;
            let backslashes = b[start..quote]
                .iter()
                .rev()
                .take_while(|&&c| c == b'\\')
                .count();
            if backslashes % 2 == 0 {
                break quote;
            }
            from = quote + 1;
        };
        let body = &b[start..end];
        if has_control(body) {
            let c = body.iter().position(|&c| c < 0x20).unwrap_or(0);
            return Err(format!(
                "a control character in a string at byte {}",
                start + c
            ));
        }
        let mut escaped = false;
        let mut next = start;
        for k in memchr::memchr_iter(b'\\', body) {
            let at = start + k;
            if at < next {
                // The second byte of an escape (`\\\\`).
                continue;
            }
            escaped = true;
            match escape_len(&b[..end], at) {
                Some(len) => next = at + len,
                None => return Err(format!("a bad escape at byte {at}")),
            }
        }
        self.i = end + 1;
        Ok(Raw {
            text: &self.s[start..end],
            start: self.base + start,
            escaped,
        })
    }
}

/// How far apart in the decoded text [`Raw::decode_into`] keeps its
/// entries: an escape-dense text keeps one entry for several escapes (an
/// entry a line feed took 16 bytes a line), and taking an offset back walks
/// at most this far and the escapes within.
pub const STRIDE: usize = 256;

/// The offset in the file `log` of byte `at` of a value that
/// [`Raw::decode_into`] wrote from byte `out_start` of its output on, with
/// `shifts` the entries it pushed for that value and `raw` the value's raw
/// bytes (clamped to them): from the entry before `at`, the raw bytes are
/// walked as decoding wrote them. A byte inside a character an escape
/// stands for lands that far into the escape.
pub fn raw_offset(
    log: &str,
    shifts: &[(usize, usize)],
    out_start: usize,
    raw: &Span,
    at: usize,
) -> usize {
    let i = shifts.partition_point(|&(d, _)| d <= at);
    let (mut d, mut r) = match i {
        0 => (out_start, raw.start),
        _ => shifts[i - 1],
    };
    let Some(t) = log.get(..raw.end) else {
        return (r + at.saturating_sub(d)).min(raw.end);
    };
    let b = t.as_bytes();
    while r < raw.end {
        let escape = memchr::memchr(b'\\', &b[r..]).map_or(raw.end, |k| r + k);
        // A run of plain bytes, written as they are.
        if at <= d + (escape - r) {
            break;
        }
        d += escape - r;
        if escape == raw.end {
            return raw.end;
        }
        let (c, len) = escape_at(t, escape).unwrap_or(('\u{FFFD}', 2.min(raw.end - escape)));
        if at < d + c.len_utf8() {
            return (escape + (at - d)).min(raw.end);
        }
        d += c.len_utf8();
        r = escape + len;
    }
    (r + at.saturating_sub(d)).min(raw.end)
}

/// Whether any byte is a control character (below 0x20), 64 bytes at a
/// time: a chunk's bytes are compared without a branch, which the
/// compiler makes vector instructions of.
fn has_control(bytes: &[u8]) -> bool {
    let mut chunks = bytes.chunks_exact(64);
    for chunk in &mut chunks {
        if chunk.iter().fold(false, |any, &c| any | (c < 0x20)) {
            return true;
        }
    }
    chunks.remainder().iter().any(|&c| c < 0x20)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_escapes_and_maps_back_to_raw_bytes() {
        let raw = r#"{"text":"a\n\"[INVOKE:cfo|caf\u00e9 \ud83d\ude00]\" z"}"#;
        let log = format!("{}{raw}", " ".repeat(100));
        let v = parse(raw, 100).unwrap();
        let r = v.get("text").unwrap().raw().unwrap();
        // Decoded after text already written, as a conversation's pieces are.
        let mut value = String::from("before ");
        let mut shifts = Vec::new();
        r.decode_into(&mut value, &mut shifts);
        let offset = |at: usize| raw_offset(&log, &shifts, 7, &r.span(), at) - 100;
        assert_eq!(&value[7..], "a\n\"[INVOKE:cfo|café 😀]\" z");
        let at = value.find("[INVOKE").unwrap();
        let end = value.find(']').unwrap() + 1;
        assert_eq!(
            &raw[offset(at)..offset(end)],
            r#"[INVOKE:cfo|caf\u00e9 \ud83d\ude00]"#
        );
        assert_eq!(offset(7), raw.find("a\\n").unwrap());
        assert_eq!(offset(value.len()), raw.rfind('"').unwrap());
        assert_eq!(v.str_at("text").unwrap(), &value[7..]);
        assert_eq!(r.first_char(), Some('a'));
    }

    /// Where byte `at` of a value decoded from byte `out_start` on lies in
    /// the file, from an entry after every escape.
    fn by_every_escape(r: &Raw<'_>, out_start: usize, at: usize) -> usize {
        let mut out = " ".repeat(out_start);
        let mut shifts = Vec::new();
        r.decode_with(&mut out, |d, raw| shifts.push((d, raw)));
        let i = shifts.partition_point(|&(d, _)| d <= at);
        let (d, raw) = match i {
            0 => (out_start, r.start),
            _ => shifts[i - 1],
        };
        (raw + at.saturating_sub(d)).min(r.span().end)
    }

    #[test]
    fn offsets_walked_from_sparse_entries_are_those_of_an_entry_an_escape() {
        // Escapes of every width, dense and sparse, a lone surrogate (the
        // replacement character) at the end.
        let unit = r#"ab\ncd\\\"\u00e9\u20ac\ud83d\ude00\t"#;
        for (n, plain) in [(1, 0), (40, 0), (40, 300), (200, 7)] {
            let body = format!(
                "{}\\ud800",
                (unit.to_string() + &"x".repeat(plain)).repeat(n)
            );
            let raw = format!("{{\"text\":\"{body}\"}}");
            let log = format!("{}{raw}", "-".repeat(33));
            let v = parse(&raw, 33).unwrap();
            let r = v.get("text").unwrap().raw().unwrap();
            let mut out = String::from("pre");
            let mut shifts = Vec::new();
            r.decode_into(&mut out, &mut shifts);
            // Seven escapes a unit, far fewer entries.
            assert!(shifts.len() < 7 * n, "{} entries", shifts.len());
            for at in 0..=out.len() + 2 {
                assert_eq!(
                    raw_offset(&log, &shifts, 3, &r.span(), at),
                    by_every_escape(r, 3, at),
                    "byte {at} of {n}x{plain}"
                );
            }
        }
    }

    #[test]
    fn records_are_read_line_by_line_in_one_pass() {
        let text = "{\"a\":1}\r\n\n  \n[1,\n2]\n{\"b\":\"x\"} \n\"open\n{}";
        let got: Vec<(Span, bool)> = records(text).map(|(span, v)| (span, v.is_ok())).collect();
        let line = |s: &str| {
            let at = text.find(s).unwrap();
            at..at + s.len()
        };
        assert_eq!(
            got,
            vec![
                (line("{\"a\":1}"), true),
                (line("[1,"), false),
                (line("2]"), false),
                (line("{\"b\":\"x\"} "), true),
                (line("\"open"), false),
                (line("{}"), true),
            ]
        );
        // Strings keep their absolute offsets.
        let (_, v) = records(text).nth(3).unwrap();
        let raw = *v.unwrap().get("b").unwrap().raw().unwrap();
        assert_eq!(&text[raw.span()], "x");
        // Records written on one line are read as the records they are,
        // whatever comes between them but a line break.
        let text = "{\"a\":1}{\"b\":[]} {\"c\":\"}{\"}\n{\"d\":2}{\"e\"\n{}";
        let got: Vec<(&str, bool)> = records(text)
            .map(|(span, v)| (&text[span], v.is_ok()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("{\"a\":1}", true),
                ("{\"b\":[]}", true),
                (" {\"c\":\"}{\"}", true),
                ("{\"d\":2}", true),
                ("{\"e\"", false),
                ("{}", true),
            ]
        );
        // Only objects: other values followed by more stay one bad line.
        let got: Vec<bool> = records("[1]{}\n1{}\n").map(|(_, v)| v.is_ok()).collect();
        assert_eq!(got, vec![false, false]);
        // Errors count bytes from the line's start.
        let (_, e) = records("{}\n{\"a\" 1}\n").nth(1).unwrap();
        assert_eq!(e.unwrap_err(), "expected `:` at byte 5");
    }

    proptest::proptest! {
        /// Reading records in one pass finds what splitting the lines and
        /// parsing each finds.
        #[test]
        fn records_read_as_each_line_parsed_alone(
            parts in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::strategy::Just("{".to_string()),
                    proptest::strategy::Just("}".to_string()),
                    proptest::strategy::Just("[".to_string()),
                    proptest::strategy::Just("]".to_string()),
                    proptest::strategy::Just(",".to_string()),
                    proptest::strategy::Just(":".to_string()),
                    proptest::strategy::Just("\n".to_string()),
                    proptest::strategy::Just("\r\n".to_string()),
                    proptest::strategy::Just(" ".to_string()),
                    proptest::strategy::Just("\\".to_string()),
                    proptest::strategy::Just("\\n".to_string()),
                    proptest::strategy::Just("\"".to_string()),
                    "\"[a-z\\\\\"]{0,6}\"",
                    "-?[0-9]{1,3}",
                    proptest::strategy::Just("true".to_string()),
                    proptest::strategy::Just("null".to_string()),
                ],
                0..40,
            )
        ) {
            let text: String = parts.concat();
            let mut expected = Vec::new();
            let mut offset = 0;
            for raw in text.split_inclusive('\n') {
                let line = raw.trim_end_matches('\n').trim_end_matches('\r');
                // An object followed on its line by another is a record of
                // its own; so is each object after it.
                let mut at = 0;
                while !line[at..].trim().is_empty() {
                    let rest = &line[at..];
                    let object_then_another = (1..=rest.len())
                        .filter(|&k| rest.is_char_boundary(k))
                        .find(|&k| {
                            matches!(parse(&rest[..k], offset + at), Ok(JValue::Object(_)))
                                && rest[k..].trim_start().starts_with('{')
                        });
                    match object_then_another {
                        Some(k) => {
                            expected.push((offset + at..offset + at + k, parse(&rest[..k], offset + at).ok()));
                            at += k;
                        }
                        None => {
                            expected.push((offset + at..offset + line.len(), parse(rest, offset + at).ok()));
                            break;
                        }
                    }
                }
                offset += raw.len();
            }
            let got: Vec<(Span, Option<JValue<'_>>)> =
                records(&text).map(|(span, v)| (span, v.ok())).collect();
            proptest::prop_assert_eq!(got, expected);
        }
    }

    #[test]
    fn strings_without_escapes_are_borrowed() {
        let raw = r#"{"type":"assistant","k\u0065y":"v"}"#;
        let v = parse(raw, 0).unwrap();
        assert!(matches!(v.str_at("type"), Some(Cow::Borrowed("assistant"))));
        // An escaped key still matches its decoded name.
        assert_eq!(v.str_at("key").as_deref(), Some("v"));
        assert!(v.get("type").unwrap().is_str("assistant"));
    }

    #[test]
    fn refuses_bad_and_deep_documents() {
        assert!(parse("{\"a\":}", 0).is_err());
        assert!(parse("[1,2", 0).is_err());
        assert!(parse(&"[".repeat(10_000), 0).is_err());
        assert!(parse("{\"a\":1} x", 0).is_err());
        assert!(parse("\"a\\qb\"", 0).is_err());
        assert!(parse("\"a\\u12\"", 0).is_err());
        assert!(parse("\"a\nb\"", 0).is_err());
        assert!(parse("\"ab\\", 0).is_err());
        assert!(parse("\"ab", 0).is_err());
        assert!(parse("\"a\\\\\"", 0).is_ok());
        assert!(parse("\"a\\\"\"", 0).is_ok());
        assert!(parse("\"a\\\\\\\"", 0).is_err());
        for c in 0..0x20u8 {
            let text = format!("\"0123456789ab{}cdef\"", c as char);
            assert!(parse(&text, 0).is_err(), "{c}");
        }
        assert!(!has_control("ü€😀 plain ASCII ~\u{7f}".as_bytes()));
        assert_eq!(
            parse(" [true, null, -1.5e3] ", 0).unwrap(),
            JValue::Array(vec![
                JValue::Bool(true),
                JValue::Null,
                JValue::Number("-1.5e3")
            ])
        );
    }
}
