//! The fields of a `[RESPONSE:role]` block (agent-protocol, "Response
//! Format"): `Key finding:`, `Supporting data:` with its data points,
//! `Confidence:` and `Caveat:`. They are read in `fields.rs`.

use crate::syntax::Span;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum FieldName {
    KeyFinding,
    SupportingData,
    Confidence,
    Caveat,
}

impl FieldName {
    /// In canonical order.
    pub const ALL: [FieldName; 4] = [
        FieldName::KeyFinding,
        FieldName::SupportingData,
        FieldName::Confidence,
        FieldName::Caveat,
    ];

    pub fn label(self) -> &'static str {
        match self {
            FieldName::KeyFinding => "Key finding:",
            FieldName::SupportingData => "Supporting data:",
            FieldName::Confidence => "Confidence:",
            FieldName::Caveat => "Caveat:",
        }
    }

    pub(crate) fn from_label(text: &str) -> Option<FieldName> {
        FieldName::ALL.into_iter().find(|f| {
            f.label()
                .trim_end_matches(':')
                .eq_ignore_ascii_case(text.trim())
        })
    }
}

#[derive(Debug, Clone)]
pub struct ResponseField {
    pub name: FieldName,
    /// The label, `Key finding:`.
    pub label: Span,
    /// The text after the label on its own line (possibly empty).
    pub value: Span,
    /// That text is not blank (known from the parse, so that the rules
    /// that count a field's lines do not read the text again).
    pub has_value: bool,
    /// Non-blank text lines after the label line, before the next field.
    pub continuation: Vec<usize>,
    /// List items under the field (the data points of `Supporting data:`).
    pub items: Vec<usize>,
}

impl ResponseField {
    /// How many lines of text the field's value takes.
    pub fn text_lines(&self) -> usize {
        usize::from(self.has_value) + self.continuation.len() + self.items.len()
    }
}

#[derive(Debug, Clone, Default)]
pub struct ResponseFields {
    /// In the order written.
    pub fields: Vec<ResponseField>,
}

impl ResponseFields {
    pub fn get(&self, name: FieldName) -> Option<&ResponseField> {
        self.fields.iter().find(|f| f.name == name)
    }
}

/// The confidence level a field value names, if it is a valid one.
pub fn confidence_level(value: &str) -> Option<&'static str> {
    let v = value
        .trim()
        .trim_matches(|c| c == '*' || c == '_')
        .trim()
        .trim_end_matches('.');
    ["high", "medium", "low"]
        .into_iter()
        .find(|l| l.eq_ignore_ascii_case(v))
}
