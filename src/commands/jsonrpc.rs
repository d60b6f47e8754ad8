//! What both servers do with a message that serde_json refuses: a string
//! holding a lone surrogate (`"\ud800"`), bytes that are not UTF-8, JSON
//! nested deeper than serde_json's 128 levels. Such a message is still a
//! whole JSON object to the eye, and its id is usually plain: a lenient
//! scan of its top level finds it, so that the error answering it carries
//! the id the client waits on.
//!
//! The scan reads the top-level object's keys and skips each value whole
//! (strings by their quotes and escapes, objects and arrays by counting
//! brackets outside strings: no recursion, any depth). It trusts what it
//! finds only when the object is whole: it closes, and nothing but
//! whitespace follows. A truncated or garbled message has no id anyone can
//! vouch for, and gets `null`, as JSON-RPC 2.0 says of an id that could not
//! be detected. A key is compared as written (`"id"`, not `"\u0069d"`).

use serde_json::{json, Value};

/// JSON-RPC's parse error.
pub const PARSE_ERROR: i64 = -32700;

/// What the scan found in a message serde_json refused.
#[derive(Debug, Default, PartialEq)]
pub struct Salvage {
    /// The message is one whole object: its top level was read to its
    /// closing brace, with nothing after it.
    pub whole: bool,
    /// Its top level names a method.
    pub method: bool,
    /// Its top level has a `result` or an `error`: a response.
    pub result: bool,
    /// Its top level has an `id` key.
    pub has_id: bool,
    /// The id, when it is a string or an integer that reads as JSON.
    pub id: Option<Value>,
}

impl Salvage {
    /// Whether the message is a notification or a response, which no one
    /// waits an answer to (JSON-RPC answers neither).
    pub fn unanswered(&self) -> bool {
        self.whole && ((self.method && !self.has_id) || (!self.method && self.result))
    }

    /// The id to answer with: the one found, else `null`.
    pub fn answer_id(&self) -> Value {
        self.id.clone().unwrap_or(Value::Null)
    }
}

/// Scan a message's top level for its id, its method and whether it is a
/// response. Never fails: what it cannot read it leaves out.
pub fn salvage(bytes: &[u8]) -> Salvage {
    let mut found = Salvage::default();
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut at = skip_space(bytes, 0);
    if bytes.get(at) != Some(&b'{') {
        return found;
    }
    at = skip_space(bytes, at + 1);
    if bytes.get(at) == Some(&b'}') {
        found.whole = skip_space(bytes, at + 1) == bytes.len();
        return found;
    }
    loop {
        // A key, a colon, a value.
        let Some(key_end) = skip_string(bytes, at) else {
            return found;
        };
        let key = &bytes[at + 1..key_end - 1];
        at = skip_space(bytes, key_end);
        if bytes.get(at) != Some(&b':') {
            return found;
        }
        let start = skip_space(bytes, at + 1);
        let Some(end) = skip_value(bytes, start) else {
            return found;
        };
        match key {
            b"id" if !found.has_id => {
                found.has_id = true;
                found.id = serde_json::from_slice::<Value>(&bytes[start..end])
                    .ok()
                    .filter(|id| id.is_string() || id.is_i64() || id.is_u64());
            }
            b"method" => found.method = true,
            b"result" | b"error" => found.result = true,
            _ => {}
        }
        at = skip_space(bytes, end);
        match bytes.get(at) {
            Some(b',') => at = skip_space(bytes, at + 1),
            Some(b'}') => {
                found.whole = skip_space(bytes, at + 1) == bytes.len();
                return found;
            }
            _ => return found,
        }
    }
}

fn skip_space(bytes: &[u8], mut at: usize) -> usize {
    while bytes
        .get(at)
        .is_some_and(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
    {
        at += 1;
    }
    at
}

/// The end (past its closing quote) of the string starting at `at`.
fn skip_string(bytes: &[u8], at: usize) -> Option<usize> {
    if bytes.get(at) != Some(&b'"') {
        return None;
    }
    let mut i = at + 1;
    loop {
        let next = i + memchr::memchr2(b'"', b'\\', bytes.get(i..)?)?;
        if bytes[next] == b'"' {
            return Some(next + 1);
        }
        // An escape: the byte after the backslash is never the end.
        i = next + 2;
    }
}

/// The end of the value starting at `at`: a string, an object or array
/// (brackets counted outside strings, to any depth), or a bare word
/// (number, `true`, `false`, `null`), whose bytes are not judged here.
fn skip_value(bytes: &[u8], at: usize) -> Option<usize> {
    match bytes.get(at)? {
        b'"' => skip_string(bytes, at),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut i = at;
            while i < bytes.len() {
                match bytes[i] {
                    b'"' => {
                        i = skip_string(bytes, i)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            None
        }
        _ => {
            let end = bytes[at..]
                .iter()
                .position(|b| matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\r' | b'\n'))
                .map_or(bytes.len(), |n| at + n);
            (end > at).then_some(end)
        }
    }
}

/// The parse error answering a message serde_json refused, with the id
/// found (`null` without one), saying why in serde_json's words (what it
/// met and where, never the message's text).
pub fn parse_error(id: Value, error: &serde_json::Error) -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {
            "code": PARSE_ERROR,
            "message": format!("Parse error: the message cannot be read as JSON: {error}"),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id_of(line: &[u8]) -> Option<Value> {
        let found = salvage(line);
        assert!(found.whole, "{}", String::from_utf8_lossy(line));
        found.id
    }

    #[test]
    fn the_id_of_a_whole_message_serde_json_refuses_is_found() {
        let surrogate =
            br#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"text":"\ud800"}}"#;
        assert!(serde_json::from_slice::<Value>(surrogate).is_err());
        assert_eq!(id_of(surrogate), Some(json!(7)));
        let mut bytes = br#"{"jsonrpc":"2.0","method":"ping","params":{"t":"#.to_vec();
        bytes.extend_from_slice(b"\"\xff\xfe\"}, \"id\" : \"a-1\" }\n");
        assert!(serde_json::from_slice::<Value>(&bytes).is_err());
        assert_eq!(id_of(&bytes), Some(json!("a-1")));
        let deep = format!(
            r#"{{"id":18446744073709551615,"method":"x","params":{}1{}}}"#,
            "[".repeat(129),
            "]".repeat(129)
        );
        assert!(serde_json::from_str::<Value>(&deep).is_err());
        assert_eq!(id_of(deep.as_bytes()), Some(json!(u64::MAX)));
        // Ten thousand levels, brackets and quotes inside strings, an id
        // after all of them.
        let deeper = format!(
            r#"{{"params":{{"a":"]}}\"[{{","b":{}"}}"{}}},"method":"m","id":"last"}}"#,
            "[{\"k\":".repeat(10_000),
            "}]".repeat(10_000)
        );
        assert_eq!(id_of(deeper.as_bytes()), Some(json!("last")));
    }

    #[test]
    fn what_is_not_whole_or_names_no_usable_id_gets_null() {
        for line in [
            &b"{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\":"[..],
            b"{this is not json",
            b"[1, 2",
            b"\x00\x01binary",
            b"{\"id\": 1, \"method\": \"x\"} trailing",
            b"",
        ] {
            let found = salvage(line);
            assert!(!found.whole, "{}", String::from_utf8_lossy(line));
            assert!(!found.unanswered());
        }
        // An id that is no string or integer, or cannot be read itself.
        assert_eq!(id_of(br#"{"id":1.5,"method":"x"}"#), None);
        assert_eq!(id_of(br#"{"id":{"a":1},"method":"x"}"#), None);
        assert_eq!(id_of(br#"{"id":"\ud800","method":"x"}"#), None);
        assert!(salvage(br#"{"id":"\ud800","method":"x"}"#).has_id);
        // The first id counts; one nested in the params does not.
        assert_eq!(
            id_of(br#"{"params":{"id":9},"id":2,"id":3,"method":"x"}"#),
            Some(json!(2))
        );
        assert_eq!(id_of(br#" {"method":"x","params":{"id":9}} "#), None);
        assert_eq!(id_of(b"\xEF\xBB\xBF{\"id\":4}"), Some(json!(4)));
    }

    #[test]
    fn notifications_and_responses_are_not_answered() {
        assert!(salvage(br#"{"method":"notifications/x","params":{"t":"\ud800"}}"#).unanswered());
        assert!(salvage(br#"{"id":3,"result":{"t":"\udc00"}}"#).unanswered());
        assert!(!salvage(br#"{"id":3,"method":"x","params":"\udc00"}"#).unanswered());
        assert!(!salvage(br#"{"params":"\udc00"}"#).unanswered());
    }

    #[test]
    fn the_answer_says_why_and_carries_the_id() {
        let line = br#"{"id":"q","method":"x","params":"\ud800"}"#;
        let error = serde_json::from_slice::<Value>(line).unwrap_err();
        let answer = parse_error(salvage(line).answer_id(), &error);
        assert_eq!(answer["id"], "q");
        assert_eq!(answer["error"]["code"], PARSE_ERROR);
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(message.starts_with("Parse error: "), "{message}");
        assert!(
            message.contains("hex escape at line 1 column 40"),
            "{message}"
        );
    }
}
