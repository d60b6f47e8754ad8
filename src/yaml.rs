//! The one boundary to the YAML library: everything YAML goes through here,
//! so the crate behind it can be swapped.

/// The `speaker:` of a transcript's front matter, if it has one.
pub fn front_matter_speaker(body: &str) -> Option<String> {
    let value: serde_yaml::Value = serde_yaml::from_str(body).ok()?;
    match value.get("speaker")? {
        serde_yaml::Value::String(s) => Some(s.trim().to_string()),
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
}
