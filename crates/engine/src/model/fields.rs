//! Reading the fields of a transcript's RESPONSE blocks, kept once read
//! in a file small enough.

use std::borrow::Cow;

use super::blocks::Block;
use super::response::{FieldName, ResponseField, ResponseFields};
use super::transcript::Transcript;
use crate::syntax::{BlockKind, Lead, LineKind, Span};

/// Files smaller than this keep their RESPONSE blocks' fields once parsed
/// (see [`response_fields`]).
const KEEP_FIELDS_BELOW: usize = 4 << 20;

/// A larger file keeps them too when its RESPONSE blocks hold at most one
/// line for this many bytes of the file: the fields keep a line index (8
/// bytes) for each line of a field, so they take at most an eighth of the
/// file's size again.
const BYTES_A_KEPT_LINE: usize = 64;

/// For a RESPONSE block, closed or not: its fields (none for other
/// blocks). An unclosed block's lines end where the model ends it
/// (decision 12).
///
/// Five rules read them. In a file under [`KEEP_FIELDS_BELOW`], or one
/// whose RESPONSE blocks are a small part of its lines (a session log's
/// paragraphs of prose), every block's fields are parsed once, when a rule
/// first asks, and kept while the rules run; in a larger file of many
/// block lines they are parsed on each call, which costs time but keeps
/// peak memory near the file's size.
pub fn response_fields<'t>(t: &'t Transcript<'_>, block: &Block) -> Cow<'t, ResponseFields> {
    if block.kind != BlockKind::Response {
        return Cow::Owned(ResponseFields::default());
    }
    if !t.keep_fields {
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

/// The rules that read RESPONSE blocks' fields (a test holds this to the
/// rule files that call [`response_fields`]).
pub const FIELD_READERS: [&str; 5] = ["R001", "R002", "R003", "R004", "R005"];

/// Parse the fields of every RESPONSE block now, on every core, where they
/// are kept once parsed: run before the rules that read them when the rules
/// run at once, which would otherwise all wait on the first of them to ask
/// while it parses them alone.
pub fn read_fields_ahead(t: &Transcript<'_>) {
    use rayon::prelude::*;
    if !t.keep_fields {
        return;
    }
    t.response_fields.get_or_init(|| {
        let blocks: Vec<&Block> = t
            .blocks
            .iter()
            .filter(|b| b.kind == BlockKind::Response)
            .collect();
        blocks
            .par_iter()
            .with_min_len(64)
            .map(|b| (b.open.start, parse(t, b)))
            .collect()
    });
}

/// Whether a transcript's RESPONSE blocks' fields are to be kept once
/// parsed (the model says so once it is built).
pub(super) fn keeps_fields(t: &Transcript<'_>) -> bool {
    if t.source.len() < KEEP_FIELDS_BELOW {
        return true;
    }
    let lines: usize = t
        .blocks
        .iter()
        .filter(|b| b.kind == BlockKind::Response)
        .map(|b| b.lines().len())
        .sum();
    lines <= t.source.len() / BYTES_A_KEPT_LINE
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
                    has_value: !t.text(&line.content).trim().is_empty(),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn block(lines: usize) -> String {
        format!(
            "CEO:\n[INVOKE:cfo|runway?]\n\n[RESPONSE:cfo]\nKey finding: 14 months\n{}Confidence: High\n[/RESPONSE]\n\n",
            "more of it\n".repeat(lines)
        )
    }

    #[test]
    fn the_field_readers_are_the_rules_that_read_fields() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
        let mut readers: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
            .filter(|text| text.contains("response_fields("))
            .filter_map(|text| {
                let at = text.find("code: \"")? + "code: \"".len();
                Some(text[at..at + 4].to_string())
            })
            .collect();
        readers.sort();
        assert_eq!(readers, FIELD_READERS);
    }

    #[test]
    fn fields_read_ahead_are_the_fields_read_on_demand() {
        let settings = crate::settings::Settings::default();
        let text = block(3).repeat(500);
        let ahead = crate::model::build(&text, &settings);
        read_fields_ahead(&ahead);
        let later = crate::model::build(&text, &settings);
        let responses = ahead
            .blocks
            .iter()
            .filter(|b| b.kind == BlockKind::Response);
        assert_eq!(responses.clone().count(), 500);
        let others = later
            .blocks
            .iter()
            .filter(|b| b.kind == BlockKind::Response);
        for (a, b) in responses.zip(others) {
            let (a, b) = (response_fields(&ahead, a), response_fields(&later, b));
            assert_eq!(format!("{a:?}"), format!("{b:?}"));
        }
        assert!(ahead.response_fields.get().is_some());
    }

    #[test]
    fn a_large_text_keeps_fields_when_its_blocks_are_a_small_part_of_it() {
        let settings = crate::settings::Settings::default();
        // Small: kept whatever it holds.
        let small = block(3).repeat(100);
        assert!(crate::model::build(&small, &settings).keep_fields);
        // Large, of long paragraphs of prose between a few blocks: kept.
        let prose = format!("{}\n\n", "The board met. ".repeat(4_000));
        let text = format!("{}{}", block(3), prose).repeat(KEEP_FIELDS_BELOW / prose.len() + 1);
        assert!(crate::model::build(&text, &settings).keep_fields);
        // Large, of blocks of many lines each: parsed on each call.
        let many = block(40).repeat(KEEP_FIELDS_BELOW / block(40).len() + 1);
        let t = crate::model::build(&many, &settings);
        assert!(!t.keep_fields);
        // The same fields either way.
        let b = t
            .blocks
            .iter()
            .find(|b| b.kind == BlockKind::Response)
            .unwrap();
        let fields = response_fields(&t, b);
        assert_eq!(fields.fields.len(), 2);
        assert_eq!(fields.fields[0].continuation.len(), 40);
    }
}
