//! Decision-log entries (the decision-logger's Layer 2 format):
//! `## YYYY-MM-DD — Title` followed by bold fields. They are read out of a
//! transcript in `decision_log.rs`.

use crate::date::Date;
use crate::syntax::Span;

/// The date and title of an entry heading's text (after `## `).
pub fn entry_heading(text: &str) -> Option<(Date, &str)> {
    let text = text.trim();
    let date = Date::parse(text.get(..10)?)?;
    let rest = text[10..].trim_start();
    let title = ["—", "–", "-"]
        .iter()
        .find_map(|d| rest.strip_prefix(d))?
        .trim();
    Some((date, title))
}

/// A bold field: `**Owner:** CTO`.
#[derive(Debug, Clone)]
pub struct Field {
    pub name: String,
    /// The label, `**Owner:**`.
    pub label: Span,
    /// The value on the label's line, trimmed (possibly empty).
    pub value: Span,
    /// List items under the field, by line index.
    pub items: Vec<usize>,
}

/// One decision entry.
#[derive(Debug, Clone)]
pub struct Entry {
    pub date: Date,
    pub heading: Span,
    pub fields: Vec<Field>,
}

impl Entry {
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields
            .iter()
            .find(|f| f.name.eq_ignore_ascii_case(name))
    }
}

/// Lower case, punctuation and white space folded to single spaces.
pub fn normalise(text: &str) -> String {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}
