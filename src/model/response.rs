//! The fields of a `[RESPONSE:role]` block (agent-protocol, "Response
//! Format"): `Key finding:`, `Supporting data:` with its data points,
//! `Confidence:` and `Caveat:`.

use super::{Block, Transcript};
use crate::syntax::{BlockKind, Lead, LineKind, Span};

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

    fn from_label(text: &str) -> Option<FieldName> {
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
    /// Non-blank text lines after the label line, before the next field.
    pub continuation: Vec<usize>,
    /// List items under the field (the data points of `Supporting data:`).
    pub items: Vec<usize>,
}

impl ResponseField {
    /// How many lines of text the field's value takes.
    pub fn text_lines(&self, t: &Transcript<'_>) -> usize {
        usize::from(!t.text(&self.value).trim().is_empty())
            + self.continuation.len()
            + self.items.len()
    }
}

#[derive(Debug, Clone, Default)]
pub struct ResponseFields {
    /// In the order written.
    pub fields: Vec<ResponseField>,
}

impl ResponseFields {
    pub fn parse(t: &Transcript<'_>, block: &Block) -> Self {
        let mut fields: Vec<ResponseField> = Vec::new();
        for index in block.lines() {
            let line = t.line(index);
            if line.kind == LineKind::Blank {
                continue;
            }
            if let Some(Lead::Label { text, span }) = &line.lead {
                if let Some(name) = FieldName::from_label(t.text(text)) {
                    fields.push(ResponseField {
                        name,
                        label: span.clone(),
                        value: line.content.clone(),
                        continuation: Vec::new(),
                        items: Vec::new(),
                    });
                    continue;
                }
            }
            // Protocol lines (an INVOKE, a CHAIN, a nested block's opener)
            // are not part of a field's text.
            let protocol = t.line_starts.marker(index);
            let Some(field) = fields.last_mut() else {
                continue;
            };
            if protocol {
                continue;
            }
            match line.kind {
                LineKind::ListItem { .. } => field.items.push(index),
                _ => field.continuation.push(index),
            }
        }
        ResponseFields { fields }
    }

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

impl Block {
    /// For a closed RESPONSE block: its fields (none for other blocks).
    ///
    /// Five rules read them. In a file under [`KEEP_FIELDS_BELOW`] every
    /// block's fields are parsed once, when a rule first asks, and kept
    /// while the rules run; in a larger file they are parsed on each call,
    /// which costs time but keeps peak memory near the file's size.
    pub fn fields<'t>(&self, t: &'t Transcript<'_>) -> std::borrow::Cow<'t, ResponseFields> {
        use std::borrow::Cow;
        if self.kind != BlockKind::Response || self.close.is_none() {
            return Cow::Owned(ResponseFields::default());
        }
        if t.source.len() >= KEEP_FIELDS_BELOW {
            return Cow::Owned(ResponseFields::parse(t, self));
        }
        let all = t.response_fields.get_or_init(|| {
            t.blocks
                .iter()
                .filter(|b| b.kind == BlockKind::Response && b.close.is_some())
                .map(|b| (b.open.start, ResponseFields::parse(t, b)))
                .collect()
        });
        // Blocks open in source order: their fields are sorted by opener.
        match all.binary_search_by_key(&self.open.start, |(at, _)| *at) {
            Ok(i) => Cow::Borrowed(&all[i].1),
            Err(_) => Cow::Owned(ResponseFields::parse(t, self)),
        }
    }
}

/// Files smaller than this keep their RESPONSE blocks' fields once parsed
/// (see [`Block::fields`]).
pub const KEEP_FIELDS_BELOW: usize = 4 << 20;
