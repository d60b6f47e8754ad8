//! Reading the fields of a transcript's RESPONSE blocks, kept once read
//! in a file small enough.

use std::borrow::Cow;

use super::blocks::Block;
use super::response::{FieldName, ResponseField, ResponseFields};
use super::transcript::Transcript;
use crate::syntax::{BlockKind, Lead, LineKind, Span};

/// Files smaller than this keep their RESPONSE blocks' fields once parsed
/// (see [`response_fields`]).
pub const KEEP_FIELDS_BELOW: usize = 4 << 20;

/// For a RESPONSE block, closed or not: its fields (none for other
/// blocks). An unclosed block's lines end where the model ends it
/// (decision 12).
///
/// Five rules read them. In a file under [`KEEP_FIELDS_BELOW`] every
/// block's fields are parsed once, when a rule first asks, and kept
/// while the rules run; in a larger file they are parsed on each call,
/// which costs time but keeps peak memory near the file's size.
pub fn response_fields<'t>(t: &'t Transcript<'_>, block: &Block) -> Cow<'t, ResponseFields> {
    if block.kind != BlockKind::Response {
        return Cow::Owned(ResponseFields::default());
    }
    if t.source.len() >= KEEP_FIELDS_BELOW {
        return Cow::Owned(parse(t, block));
    }
    let all = t.response_fields.get_or_init(|| {
        t.blocks
            .iter()
            .filter(|b| b.kind == BlockKind::Response)
            .map(|b| (b.open.start, parse(t, b)))
            .collect()
    });
    // Blocks open in source order: their fields are sorted by opener.
    match all.binary_search_by_key(&block.open.start, |(at, _)| *at) {
        Ok(i) => Cow::Borrowed(&all[i].1),
        Err(_) => Cow::Owned(parse(t, block)),
    }
}

fn parse(t: &Transcript<'_>, block: &Block) -> ResponseFields {
    let mut fields: Vec<ResponseField> = Vec::new();
    // The last field still takes lines: a field ends at a protocol line.
    let mut open = false;
    for index in block.lines() {
        let line = t.line(index);
        if line.kind == LineKind::Blank {
            continue;
        }
        if let Some(Lead::Label { text, span }) = &line.lead {
            let label = t.text(text);
            if let Some(name) = FieldName::from_label(label) {
                fields.push(ResponseField {
                    name,
                    label: span.clone(),
                    value: line.content.clone(),
                    continuation: Vec::new(),
                    items: Vec::new(),
                });
                open = true;
                continue;
            }
            if is_protocol_label(label) {
                open = false;
                continue;
            }
        }
        // A protocol line (an INVOKE, a CHAIN, a BLOCKED, a nested block's
        // opener) is no part of a field's text, and ends it: what follows
        // (`State assumption used instead: …` after a `[BLOCKED: …]`) is
        // the protocol's, not the field's.
        // So is a line that starts with a marker gone wrong (`[/RESPONCE]`,
        // `[INVOKE:cfo` with no `]`): M001 reports it, and it is no second
        // line of the field before it.
        if t.line_starts.marker(index) || starts_malformed(t, &line.content) {
            open = false;
            continue;
        }
        let Some(field) = fields.last_mut().filter(|_| open) else {
            continue;
        };
        match line.kind {
            LineKind::ListItem { .. } => field.items.push(index),
            _ => field.continuation.push(index),
        }
    }
    ResponseFields { fields }
}

/// Whether a malformed or misspelt marker starts at `at` (the model keeps
/// them in source order).
fn starts_malformed(t: &Transcript<'_>, content: &Span) -> bool {
    let i = t
        .malformed
        .partition_point(|m| m.span.start < content.start);
    t.malformed
        .get(i)
        .is_some_and(|m| m.span.start == content.start)
}

/// A label of the protocol's own lines, which ends a field: Rule 4's
/// assumption line, a conflict's resolution, a contribution's key points.
pub(super) fn is_protocol_label(label: &str) -> bool {
    const LABELS: &[&str] = &[
        "state assumption used instead",
        "assumption used instead",
        "resolution",
        "resolução",
        "key points",
        "pontos-chave",
    ];
    let label = label.trim().to_lowercase();
    LABELS
        .iter()
        .any(|l| label == *l || label.starts_with(&format!("{l} (")))
}
