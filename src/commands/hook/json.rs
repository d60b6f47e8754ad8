//! JSON read and written back with its keys in the order they were
//! written: a tool's settings file keeps its shape when boardlint adds its
//! hook to it.

use std::fmt;

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

    /// Pretty-printed with two spaces, as the tools write their files.
    pub fn pretty(&self) -> String {
        let mut out = serde_json::to_string_pretty(self).unwrap_or_default();
        out.push('\n');
        out
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
        let back = json.pretty();
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
