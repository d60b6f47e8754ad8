//! The boundary to the YAML library for transcripts' front matter and for
//! handoff records. (Configuration files are read in `crate::config::file`.)

pub use serde_yaml::Value;

/// The largest YAML document read, in bytes.
pub const MAX_DOCUMENT: usize = 1 << 20;

/// The `speaker:` of a transcript's front matter, if it has one.
pub fn front_matter_speaker(body: &str) -> Option<String> {
    if body.len() > MAX_DOCUMENT {
        return None;
    }
    let value: Value = serde_yaml::from_str(body).ok()?;
    match value.get("speaker")? {
        Value::String(s) => Some(s.trim().to_string()),
        _ => None,
    }
}

/// Why a document could not be read: the 1-based line when known, and the
/// parser's message.
pub type YamlError = (Option<usize>, String);

/// A document whose top level is a mapping, as (key, value) pairs in order;
/// or why it is not one, with the 1-based line when known.
pub fn parse_mapping(text: &str) -> Result<Vec<(String, Value)>, YamlError> {
    if text.len() > MAX_DOCUMENT {
        return Err((
            None,
            format!(
                "the document is {} bytes; a record is at most {MAX_DOCUMENT}",
                text.len()
            ),
        ));
    }
    let value: Value = serde_yaml::from_str(text).map_err(|e| {
        let line = e.location().map(|l| l.line());
        let message = e.to_string();
        let message = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(m, _)| m)
            .to_string();
        (line, message)
    })?;
    match value {
        Value::Mapping(map) => Ok(map
            .into_iter()
            .map(|(k, v)| (scalar(&k).unwrap_or_default(), v))
            .collect()),
        _ => Err((
            Some(1),
            "the document is not a mapping of fields".to_string(),
        )),
    }
}

/// A scalar as text: strings, numbers and booleans; `None` for the rest.
pub fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_speaker() {
        assert_eq!(
            front_matter_speaker("title: x\nspeaker: CFO\n").as_deref(),
            Some("CFO")
        );
        assert_eq!(front_matter_speaker("title: x\n"), None);
        assert_eq!(front_matter_speaker("speaker: [a, b]\n"), None);
        assert_eq!(front_matter_speaker(": not yaml : :\n  - ["), None);
    }

    #[test]
    fn reads_mappings_and_explains_the_rest() {
        let fields = parse_mapping("a: 1\nb: [x]\n").unwrap();
        assert_eq!(fields[0].0, "a");
        assert!(parse_mapping("- 1\n- 2\n").is_err());
        let (line, _) = parse_mapping("a: 1\nb: [\n").unwrap_err();
        assert!(line.is_some());
    }

    #[test]
    fn alias_bombs_are_refused() {
        let mut bomb = String::from("a: &a [x, x, x, x, x, x, x, x, x]\n");
        for i in 0..10 {
            let prev = if i == 0 {
                "a".to_string()
            } else {
                format!("l{}", i - 1)
            };
            bomb.push_str(&format!("l{i}: &l{i} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"));
        }
        assert!(parse_mapping(&bomb).is_err());
    }
}
