//! JSON read and written back with its keys in the order they were
//! written and in the layout it was written in (its indentation, line
//! breaks and the white space around it): a tool's settings file keeps its
//! shape when boardlint adds its hook to it, and taking the hook out again
//! gives the file back as it was.

use std::fmt;
use std::io;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    pub fn object() -> Json {
        Json::Object(Vec::new())
    }

    pub fn string(s: &str) -> Json {
        Json::String(s.to_string())
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(pairs) => pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Json> {
        match self {
            Json::Object(pairs) => pairs.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The value at `key` of an object, made an empty one of `empty`'s
    /// kind when missing; `None` when `self` is no object.
    pub fn entry(&mut self, key: &str, empty: Json) -> Option<&mut Json> {
        let Json::Object(pairs) = self else {
            return None;
        };
        let at = match pairs.iter().position(|(k, _)| k == key) {
            Some(at) => at,
            None => {
                pairs.push((key.to_string(), empty));
                pairs.len() - 1
            }
        };
        Some(&mut pairs[at].1)
    }

    pub fn remove(&mut self, key: &str) {
        if let Json::Object(pairs) = self {
            pairs.retain(|(k, _)| k != key);
        }
    }

    /// What kind of value this is, as an error names it (`a number`).
    pub fn kind(&self) -> &'static str {
        match self {
            Json::Null => "null",
            Json::Bool(_) => "a boolean",
            Json::Number(_) => "a number",
            Json::String(_) => "a string",
            Json::Array(_) => "a list",
            Json::Object(_) => "an object",
        }
    }

    pub fn is_empty_container(&self) -> bool {
        match self {
            Json::Array(items) => items.is_empty(),
            Json::Object(pairs) => pairs.is_empty(),
            _ => false,
        }
    }

    /// The document written in `style`.
    pub fn write(&self, style: &Style) -> String {
        format!("{}{}{}", style.before, self.body(style), style.after)
    }

    /// The value alone, laid out as `style` says.
    fn body(&self, style: &Style) -> String {
        let mut out = Vec::new();
        let layout = Layout {
            style,
            level: 0,
            has_value: false,
        };
        let mut serializer = serde_json::Serializer::with_formatter(&mut out, layout);
        // Writing to memory cannot fail, and the serializer writes UTF-8.
        let _ = self.serialize(&mut serializer);
        String::from_utf8(out).unwrap_or_default()
    }
}

/// How a JSON file is laid out: what writing it back keeps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Style {
    /// One level of indentation (spaces or tabs), each member on a line of
    /// its own; `None`: the document is on one line.
    indent: Option<String>,
    /// `\n`, or `\r\n` for a file written with those.
    newline: &'static str,
    /// On one line: what follows a key's `:` and a member's `,`.
    colon: &'static str,
    comma: &'static str,
    /// The white space before and after the value.
    before: String,
    after: String,
}

impl Default for Style {
    /// As the tools write their files: two spaces, and a line break at the
    /// end.
    fn default() -> Style {
        Style {
            indent: Some("  ".to_string()),
            newline: "\n",
            colon: ": ",
            comma: ", ",
            before: String::new(),
            after: "\n".to_string(),
        }
    }
}

impl Style {
    /// The layout of `text`, the file `json` was read from; the default
    /// for a file that holds nothing.
    pub fn of(text: &str, json: &Json) -> Style {
        let body = text.trim();
        if body.is_empty() {
            return Style::default();
        }
        let start = text.len() - text.trim_start().len();
        let mut style = Style {
            before: text[..start].to_string(),
            after: text[start + body.len()..].to_string(),
            ..Style::default()
        };
        if body.contains('\n') {
            if body.contains("\r\n") {
                style.newline = "\r\n";
            }
            style.indent = Some(indent_of(body).unwrap_or("  ").to_string());
            return style;
        }
        // One line: the spacing after `:` and `,` that writes it back as
        // it was, else a space after each.
        style.indent = None;
        for (colon, comma) in [(": ", ", "), (":", ","), (": ", ","), (":", ", ")] {
            style.colon = colon;
            style.comma = comma;
            if json.body(&style) == body {
                return style;
            }
        }
        style.colon = ": ";
        style.comma = ", ";
        style
    }
}

/// One level's indentation in a document written a member a line: that of
/// the first member, on the first line after the opening one that holds
/// one (a line that closes the document holds none).
fn indent_of(body: &str) -> Option<&str> {
    let line = body
        .lines()
        .skip(1)
        .map(|l| l.trim_end_matches('\r'))
        .find(|l| !l.trim().is_empty())?;
    let rest = line.trim_start_matches([' ', '\t']);
    if rest.starts_with(['}', ']']) {
        return None;
    }
    Some(&line[..line.len() - rest.len()])
}

/// serde_json's formatter for a [`Style`]: its pretty formatter's layout
/// with the style's indentation and line breaks, or one line with its
/// spacing.
struct Layout<'s> {
    style: &'s Style,
    level: usize,
    /// The container being written has a member (closing it breaks the
    /// line).
    has_value: bool,
}

impl Layout<'_> {
    /// A line break and the indentation of the current level, when the
    /// style writes a member a line.
    fn break_line<W: ?Sized + io::Write>(&self, w: &mut W) -> io::Result<()> {
        let Some(unit) = &self.style.indent else {
            return Ok(());
        };
        w.write_all(self.style.newline.as_bytes())?;
        for _ in 0..self.level {
            w.write_all(unit.as_bytes())?;
        }
        Ok(())
    }

    fn open<W: ?Sized + io::Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.level += 1;
        self.has_value = false;
        w.write_all(bracket)
    }

    fn close<W: ?Sized + io::Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.level -= 1;
        if self.has_value {
            self.break_line(w)?;
        }
        w.write_all(bracket)
    }

    /// What comes before a member: a `,` after the one before it, then a
    /// line break or the style's spacing.
    fn member<W: ?Sized + io::Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        match (&self.style.indent, first) {
            (Some(_), first) => {
                if !first {
                    w.write_all(b",")?;
                }
                self.break_line(w)
            }
            (None, true) => Ok(()),
            (None, false) => w.write_all(self.style.comma.as_bytes()),
        }
    }
}

impl serde_json::ser::Formatter for Layout<'_> {
    fn begin_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"[")
    }

    fn end_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"]")
    }

    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.member(w, first)
    }

    fn end_array_value<W: ?Sized + io::Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"{")
    }

    fn end_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"}")
    }

    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.member(w, first)
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        let colon = match self.style.indent {
            Some(_) => ": ",
            None => self.style.colon,
        };
        w.write_all(colon.as_bytes())
    }

    fn end_object_value<W: ?Sized + io::Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

impl Serialize for Json {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Json::Null => s.serialize_unit(),
            Json::Bool(b) => s.serialize_bool(*b),
            Json::Number(n) => n.serialize(s),
            Json::String(t) => s.serialize_str(t),
            Json::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Json::Object(pairs) => {
                let mut map = s.serialize_map(Some(pairs.len()))?;
                for (k, v) in pairs {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Json, D::Error> {
        d.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Json, E> {
        Ok(Json::Bool(b))
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Json, E> {
        Ok(Json::Number(n.into()))
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Json, E> {
        Ok(Json::Number(n.into()))
    }

    fn visit_f64<E: de::Error>(self, n: f64) -> Result<Json, E> {
        serde_json::Number::from_f64(n)
            .map(Json::Number)
            .ok_or_else(|| E::custom("a number JSON cannot hold"))
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Json, E> {
        Ok(Json::String(s.to_string()))
    }

    fn visit_string<E: de::Error>(self, s: String) -> Result<Json, E> {
        Ok(Json::String(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut pairs: Vec<(String, Json)> = Vec::new();
        while let Some(k) = map.next_key::<String>()? {
            // A repeated key is refused: readers differ on which value
            // counts, and writing the object back would keep only one.
            if pairs.iter().any(|(key, _)| *key == k) {
                return Err(de::Error::custom(format_args!(
                    "the key {} is written twice in one object",
                    serde_json::Value::String(k)
                )));
            }
            let v = map.next_value::<Json>()?;
            pairs.push((k, v));
        }
        Ok(Json::Object(pairs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_keep_the_order_they_were_written_in() {
        let text = r#"{"zeta": 1, "alpha": {"y": [true, null, 2.5], "b": "x"}, "mid": -3}"#;
        let json: Json = serde_json::from_str(text).unwrap();
        let back = json.write(&Style::default());
        let z = back.find("zeta").unwrap();
        assert!(
            z < back.find("alpha").unwrap()
                && back.find("alpha").unwrap() < back.find("mid").unwrap(),
            "{back}"
        );
        assert!(
            back.find("\"y\"").unwrap() < back.find("\"b\"").unwrap(),
            "{back}"
        );
        let again: serde_json::Value = serde_json::from_str(&back).unwrap();
        assert_eq!(
            again,
            serde_json::from_str::<serde_json::Value>(text).unwrap()
        );
    }

    #[test]
    fn a_document_is_written_back_in_the_layout_it_was_written_in() {
        let value = r#"{"a": [1, {"b": []}], "c": {}, "d": {"e": "x"}}"#;
        let json: Json = serde_json::from_str(value).unwrap();
        let pretty = serde_json::to_string_pretty(&json).unwrap();
        let layouts = [
            format!("{pretty}\n"),
            pretty.replace("  ", "    "),
            format!("\n{}\n\n", pretty.replace("  ", "\t")),
            pretty.replace("  ", "\t").replace('\n', "\r\n") + "\r\n",
            value.to_string(),
            format!("{}\n", serde_json::to_string(&json).unwrap()),
        ];
        for text in layouts {
            let style = Style::of(&text, &json);
            assert_eq!(json.write(&style), text, "{style:?}");
        }
        assert_eq!(Style::of(" \n", &Json::object()), Style::default());
    }

    #[test]
    fn a_key_written_twice_is_refused_with_its_place() {
        let err =
            serde_json::from_str::<Json>("{\"a\": {\"hooks\": 1,\n \"hooks\": 2}}").unwrap_err();
        assert!(err.is_data(), "{err}");
        assert_eq!(
            err.to_string(),
            "the key \"hooks\" is written twice in one object at line 2 column 8"
        );
    }
}
