//! What the tools are given: their arguments, with the JSON Schema each is
//! listed with, and the checks that turn bad arguments into a message for
//! the model (a size limit on the text, the names of kinds and languages).

use std::path::PathBuf;

use schemars::JsonSchema;
use serde::Deserialize;

use crate::kinds::FileKind;
use crate::model::sections::Lang;

pub use crate::commands::engines::MAX_TEXT;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckInput {
    /// The text to check: a draft answer, a transcript, a record or a
    /// session log (at most 16 MiB).
    pub text: String,
    /// The file the text is, or stands for (it need not exist), relative to
    /// the server's working directory: its configuration, per-file-ignores
    /// and kinds apply, and its name helps tell the kind.
    #[serde(default)]
    pub path: Option<String>,
    /// Read the text as this kind, whatever its path and content say.
    #[serde(default)]
    #[schemars(extend("enum" = ["transcript", "decision-log", "handoff", "transition-log", "handshake-log", "session-log"]))]
    pub kind: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FormatInput {
    /// The draft to rewrite into the canonical layout (at most 16 MiB).
    pub text: String,
    /// The file the text is, or stands for (it need not exist), relative to
    /// the server's working directory: its configuration applies, and its
    /// name helps tell the kind.
    #[serde(default)]
    pub path: Option<String>,
    /// The language of the card headings written: `en` or `pt-BR` (default:
    /// the configuration's `lang`, else each card's own).
    #[serde(default)]
    #[schemars(extend("enum" = ["en", "pt-BR"]))]
    pub lang: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleInput {
    /// A rule's code (`L001`) or name (`self-invocation`), in any case.
    pub rule: String,
}

/// A text the server takes, or why not.
pub fn within_limit(text: &str) -> Result<(), String> {
    if text.len() <= MAX_TEXT {
        return Ok(());
    }
    Err(format!(
        "the text is {} bytes, over the {MAX_TEXT} bytes (16 MiB) a call takes: \
         check the file with `boardlint check` instead",
        text.len()
    ))
}

/// The path a call names, if any.
pub fn path(path: Option<&str>) -> Result<Option<PathBuf>, String> {
    match path {
        None => Ok(None),
        Some("") => Err("`path` is empty: name a file, or leave `path` out".to_string()),
        Some(p) if p.contains('\0') => Err("`path` holds a NUL character".to_string()),
        Some(p) => Ok(Some(PathBuf::from(p))),
    }
}

/// A kind by the name the `kinds` setting uses.
pub fn kind(name: &str) -> Result<FileKind, String> {
    FileKind::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = FileKind::NAMED.iter().map(|k| k.name()).collect();
        let (last, rest) = names.split_last().unwrap_or((&"", &[]));
        format!("`{name}` is not a kind: use {} or {last}", rest.join(", "))
    })
}

/// A language of card headings, as `fmt --lang` and the `lang` setting name it.
pub fn lang(name: &str) -> Result<Lang, String> {
    match name {
        "en" => Ok(Lang::En),
        "pt-BR" | "pt" => Ok(Lang::Pt),
        other => Err(format!("`{other}` is not a language: use `en` or `pt-BR`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_read_by_their_configuration_names() {
        assert_eq!(kind("transcript"), Ok(FileKind::Transcript));
        assert_eq!(kind("decision-log"), Ok(FileKind::DecisionLog));
        assert_eq!(kind("handoff"), Ok(FileKind::Handoff));
        assert_eq!(kind("transition-log"), Ok(FileKind::TransitionLog));
        assert_eq!(kind("handshake-log"), Ok(FileKind::HandshakeLog));
        assert_eq!(kind("session-log"), Ok(FileKind::SessionLog));
        let error = kind("spreadsheet").unwrap_err();
        assert_eq!(
            error,
            "`spreadsheet` is not a kind: use transcript, decision-log, handoff, \
             transition-log, handshake-log or session-log"
        );
        // Detection's own answer for an unknown file cannot be forced.
        assert!(kind("other").is_err());
        assert!(kind("Transcript").is_err());
    }

    #[test]
    fn the_schema_lists_every_kind_there_is() {
        let schema = schemars::schema_for!(CheckInput);
        let listed = &schema.as_value()["properties"]["kind"]["enum"];
        let names: Vec<&str> = FileKind::NAMED.iter().map(|k| k.name()).collect();
        assert_eq!(listed, &serde_json::json!(names));
    }

    #[test]
    fn a_text_over_the_limit_is_refused() {
        assert!(within_limit("").is_ok());
        let at = "a".repeat(MAX_TEXT);
        assert!(within_limit(&at).is_ok());
        let over = "a".repeat(MAX_TEXT + 1);
        let error = within_limit(&over).unwrap_err();
        assert!(
            error.contains(&format!("{} bytes", MAX_TEXT + 1)),
            "{error}"
        );
        assert!(error.contains("16 MiB"), "{error}");
    }

    #[test]
    fn languages_and_paths() {
        assert_eq!(lang("en"), Ok(Lang::En));
        assert_eq!(lang("pt-BR"), Ok(Lang::Pt));
        assert_eq!(lang("pt"), Ok(Lang::Pt));
        assert!(lang("fr").unwrap_err().contains("`fr` is not a language"));
        assert_eq!(path(None), Ok(None));
        assert_eq!(path(Some("a/b.md")), Ok(Some(PathBuf::from("a/b.md"))));
        assert!(path(Some("")).is_err());
        assert!(path(Some("a\0b")).is_err());
    }

    #[test]
    fn unknown_arguments_are_refused() {
        let error =
            serde_json::from_value::<CheckInput>(serde_json::json!({"text": "x", "file": "a.md"}))
                .unwrap_err();
        assert!(
            error.to_string().contains("unknown field `file`"),
            "{error}"
        );
    }
}
