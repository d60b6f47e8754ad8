//! Normalising RESPONSE, PEER-VERIFY and CRITIC-SCREEN blocks: fields in
//! canonical order, `  - ` data bullets, lower-case confidence and role
//! tokens. A block is rewritten only when every line in it belongs to a
//! field; anything else in it (a nested block, an invocation, prose before
//! the first field) leaves the block as written, but for its opener.

use super::{render, Covered, Edit};
use crate::model::{Block, FieldName, Transcript};
use crate::syntax::{BlockKind, Lead, LineKind, Span};

/// The edits for every closed block outside the `covered` ranges (cards).
pub(super) fn edits(t: &Transcript<'_>, covered: &Covered) -> Vec<Edit> {
    let mut out = Vec::new();
    for block in &t.blocks {
        let Some(close) = &block.close else { continue };
        let range = block.open.start..close.end;
        if covered.contains(&range) {
            continue;
        }
        // Only top-level blocks are rewritten whole; nested ones stay inside.
        if block.parent.is_some() {
            continue;
        }
        let fields: &[&str] = match block.kind {
            BlockKind::Response => &["Key finding", "Supporting data", "Confidence", "Caveat"],
            BlockKind::PeerVerify => &["Validated", "Adjusted", "Flagged"],
            BlockKind::CriticScreen => &[
                "Weakest point",
                "Missing perspective",
                "If wrong, the cost is",
                "Proceed",
            ],
            BlockKind::Conflict => continue,
        };
        match rewrite(t, block, close, fields) {
            Some(text) => out.push(Edit { range, text }),
            None => out.extend(opener(t, block)),
        }
    }
    out
}

/// The opener with its role token lower-cased, when that changes anything.
fn opener(t: &Transcript<'_>, block: &Block) -> Option<Edit> {
    let role = block.role?;
    let keyword = match block.kind {
        BlockKind::Response => "RESPONSE",
        BlockKind::PeerVerify => "PEER-VERIFY",
        _ => return None,
    };
    let text = format!("[{keyword}:{}]", t.roles().name(role));
    (t.text(&block.open) != text).then(|| Edit {
        range: block.open.clone(),
        text,
    })
}

struct Field {
    order: usize,
    /// The label line's text after the label, and its continuation lines.
    value: String,
    continuation: Vec<String>,
    items: Vec<String>,
}

fn rewrite(t: &Transcript<'_>, block: &Block, close: &Span, labels: &[&str]) -> Option<String> {
    // The opener and closer must stand on lines of their own.
    // The line holding each marker (lines are ordered and do not overlap,
    // so it is the last one starting at or before the marker).
    let holding = |span: &Span| {
        let i = t.doc.lines.index_of(span.start);
        let l = t.line(i);
        (l.span.start <= span.start && span.end <= l.span.end).then_some(i)
    };
    let open_line = holding(&block.open)?;
    let close_line = holding(close)?;
    if t.text(&t.line_span(open_line)).trim() != t.text(&block.open)
        || t.text(&t.line_span(close_line)).trim() != t.text(close)
    {
        return None;
    }
    // Every line between opener and closer must be the block's own: a
    // nested block or a stray closer leaves the block as written.
    let own = block
        .lines()
        .filter(|&i| i > open_line && t.line_kind(i) != LineKind::Blank)
        .count();
    let between = (open_line + 1..close_line)
        .filter(|&i| t.line_kind(i) != LineKind::Blank)
        .count();
    if own != between {
        return None;
    }
    // Nothing but those lines between opener and closer: a fence line is no
    // line of its own (it belongs to its fenced block), so a block that
    // runs into or out of a fence is left as written, fence and all.
    if !super::contiguous(t, open_line, close_line) {
        return None;
    }
    let mut fields: Vec<Field> = Vec::new();
    for i in block.lines() {
        if i == open_line {
            continue;
        }
        let line = t.line(i);
        if line.kind == LineKind::Blank {
            continue;
        }
        if !line.inlines.iter().all(|x| {
            matches!(
                x,
                crate::syntax::Inline::Bracket { .. }
                    | crate::syntax::Inline::CodeSpan { .. }
                    | crate::syntax::Inline::Marker(crate::syntax::Marker {
                        kind: crate::syntax::MarkerKind::Note { .. }
                            | crate::syntax::MarkerKind::Chain { .. },
                        ..
                    })
            )
        }) {
            return None;
        }
        if let Some(Lead::Label { text, .. }) = &line.lead {
            if let Some(order) = labels
                .iter()
                .position(|l| l.eq_ignore_ascii_case(t.text(text)))
            {
                if fields.iter().any(|f| f.order == order) {
                    return None;
                }
                fields.push(Field {
                    order,
                    value: render(t, &line.content).trim().to_string(),
                    continuation: Vec::new(),
                    items: Vec::new(),
                });
                continue;
            }
        }
        let field = fields.last_mut()?;
        let text = render(t, &super::kept_text(t, i)).trim().to_string();
        match line.kind {
            LineKind::ListItem { .. } => field.items.push(text),
            _ => field.continuation.push(text),
        }
    }
    if fields.is_empty() {
        return None;
    }
    fields.sort_by_key(|f| f.order);
    let role = block.role.map(|r| t.roles().name(r).to_string());
    let (open, close_text) = match (block.kind, role) {
        (BlockKind::Response, Some(r)) => (format!("[RESPONSE:{r}]"), "[/RESPONSE]"),
        (BlockKind::PeerVerify, Some(r)) => (format!("[PEER-VERIFY:{r}]"), "[/PEER-VERIFY]"),
        (BlockKind::CriticScreen, _) => ("[CRITIC-SCREEN]".to_string(), "[/CRITIC-SCREEN]"),
        _ => return None,
    };
    let mut out = vec![open];
    for f in fields {
        let label = labels[f.order];
        let value = if block.kind == BlockKind::Response
            && label == FieldName::Confidence.label().trim_end_matches(':')
        {
            crate::model::response::confidence_level(&f.value)
                .map(str::to_string)
                .unwrap_or(f.value)
        } else {
            f.value
        };
        out.push(format!("{label}: {value}").trim_end().to_string());
        out.extend(f.continuation);
        for item in f.items {
            out.push(format!("  - {item}"));
        }
    }
    out.push(close_text.to_string());
    Some(out.join("\n"))
}
