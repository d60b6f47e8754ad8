//! A small JSON reader that keeps where every string is written, and decodes
//! strings with a map back to their raw bytes, so that a diagnostic inside a
//! decoded string lands on the bytes of the file that hold it.

use crate::syntax::Span;

/// How deep values may nest before the document is refused.
pub const MAX_DEPTH: usize = 256;

/// A JSON value with the spans of its strings.
#[derive(Debug, Clone, PartialEq)]
pub enum JValue {
    Null,
    Bool(bool),
    Number(f64),
    Str(JStr),
    Array(Vec<JValue>),
    Object(Vec<(String, JValue)>),
}

/// A decoded string and how it maps back to the raw text.
#[derive(Debug, Clone, PartialEq)]
pub struct JStr {
    pub value: String,
    /// The raw bytes between the quotes.
    pub raw: Span,
    /// (decoded byte offset, raw byte offset) at every decoded character
    /// whose raw form differs in length from its decoded form, and at the
    /// start; offsets between two entries advance together.
    pub map: Vec<(usize, usize)>,
}

impl JStr {
    /// The absolute raw offset of a decoded byte offset (clamped).
    pub fn raw_offset(&self, decoded: usize) -> usize {
        let i = self
            .map
            .partition_point(|&(d, _)| d <= decoded)
            .saturating_sub(1);
        let (d, r) = self.map.get(i).copied().unwrap_or((0, self.raw.start));
        (r + (decoded - d)).min(self.raw.end)
    }
}

impl JValue {
    pub fn get(&self, key: &str) -> Option<&JValue> {
        match self {
            JValue::Object(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            JValue::Str(s) => Some(&s.value),
            _ => None,
        }
    }

    pub fn as_jstr(&self) -> Option<&JStr> {
        match self {
            JValue::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[JValue]> {
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
}

/// Parse one JSON document starting at byte `base` of the file; trailing
/// white space is allowed, anything else after the value is an error.
pub fn parse(text: &str, base: usize) -> Result<JValue, String> {
    let mut p = Parser {
        b: text.as_bytes(),
        s: text,
        i: 0,
        base,
    };
    p.ws();
    let v = p.value(0)?;
    p.ws();
    if p.i != p.b.len() {
        return Err(format!("unexpected text after the value at byte {}", p.i));
    }
    Ok(v)
}

struct Parser<'a> {
    b: &'a [u8],
    s: &'a str,
    i: usize,
    base: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.b.len() && matches!(self.b[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
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

    fn value(&mut self, depth: usize) -> Result<JValue, String> {
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
                    let key = self.string()?.value;
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
                self.s[start..self.i]
                    .parse()
                    .map(JValue::Number)
                    .map_err(|_| format!("bad number at byte {start}"))
            }
            _ => Err(format!("expected a value at byte {}", self.i)),
        }
    }

    fn literal(&mut self, word: &str, v: JValue) -> Result<JValue, String> {
        if self.s[self.i..].starts_with(word) {
            self.i += word.len();
            Ok(v)
        } else {
            Err(format!("expected a value at byte {}", self.i))
        }
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let h = self
            .s
            .get(self.i..self.i + 4)
            .ok_or("a short `\\u` escape")?;
        let v = u32::from_str_radix(h, 16)
            .map_err(|_| format!("a bad `\\u` escape at byte {}", self.i))?;
        self.i += 4;
        Ok(v)
    }

    fn string(&mut self) -> Result<JStr, String> {
        self.eat(b'"')?;
        let start = self.i;
        let mut value = String::new();
        let mut map = vec![(0, self.base + start)];
        loop {
            let Some(&c) = self.b.get(self.i) else {
                return Err("an unterminated string".into());
            };
            match c {
                b'"' => {
                    let raw = self.base + start..self.base + self.i;
                    self.i += 1;
                    return Ok(JStr { value, raw, map });
                }
                b'\\' => {
                    let at = self.i;
                    self.i += 1;
                    let e = *self.b.get(self.i).ok_or("an unterminated escape")?;
                    self.i += 1;
                    let decoded = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi)
                                && self.s[self.i..].starts_with("\\u")
                            {
                                self.i += 2;
                                let lo = self.hex4()?;
                                0x10000 + ((hi - 0xD800) << 10) + (lo.wrapping_sub(0xDC00) & 0x3FF)
                            } else {
                                hi
                            };
                            char::from_u32(code).unwrap_or('\u{FFFD}')
                        }
                        _ => return Err(format!("a bad escape at byte {at}")),
                    };
                    map.push((value.len(), self.base + at));
                    value.push(decoded);
                    // The next character starts after the escape.
                    map.push((value.len(), self.base + self.i));
                }
                c if c < 0x20 => {
                    return Err(format!(
                        "a control character in a string at byte {}",
                        self.i
                    ))
                }
                _ => {
                    let ch = self.s[self.i..].chars().next().expect("inside the text");
                    value.push(ch);
                    self.i += ch.len_utf8();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_escapes_and_maps_back_to_raw_bytes() {
        let raw = r#"{"text":"a\n\"[INVOKE:cfo|caf\u00e9 \ud83d\ude00]\" z"}"#;
        let v = parse(raw, 100).unwrap();
        let s = v.get("text").unwrap().as_jstr().unwrap();
        assert_eq!(s.value, "a\n\"[INVOKE:cfo|café 😀]\" z");
        let at = s.value.find("[INVOKE").unwrap();
        let end = s.value.find(']').unwrap() + 1;
        let (rs, re) = (s.raw_offset(at) - 100, s.raw_offset(end) - 100);
        assert_eq!(&raw[rs..re], r#"[INVOKE:cfo|caf\u00e9 \ud83d\ude00]"#);
        assert_eq!(s.raw_offset(0) - 100, raw.find("a\\n").unwrap());
    }

    #[test]
    fn refuses_bad_and_deep_documents() {
        assert!(parse("{\"a\":}", 0).is_err());
        assert!(parse("[1,2", 0).is_err());
        assert!(parse(&"[".repeat(10_000), 0).is_err());
        assert!(parse("{\"a\":1} x", 0).is_err());
        assert_eq!(
            parse(" [true, null, -1.5e3] ", 0).unwrap(),
            JValue::Array(vec![
                JValue::Bool(true),
                JValue::Null,
                JValue::Number(-1500.0)
            ])
        );
    }
}
