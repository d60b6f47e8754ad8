//! Reading a decision log's entries out of its transcript model, and the
//! proposals they flag `[DO_NOT_RESURFACE]`.

use super::decisions::{entry_heading, normalise, Entry, Field};
use super::transcript::Transcript;
use crate::context::Proposal;
use crate::files::display_path;
use crate::syntax::{Lead, LineKind, Span};

/// Read the entries of a decision log. A file under `decisions/approved/`
/// holding one record is read the same way.
pub fn parse(t: &Transcript<'_>) -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    // Whether the last entry is still open: a heading of level 1 or 2 that
    // is not an entry heading closes it.
    let mut open = false;
    for (i, line) in t.doc.lines.iter().enumerate() {
        if let LineKind::Heading { level } = line.kind {
            if level <= 2 {
                let text = t.text(&line.content);
                open = false;
                if let (2, Some((date, _title))) = (level, entry_heading(text)) {
                    entries.push(Entry {
                        date,
                        heading: line.span.clone(),
                        fields: Vec::new(),
                    });
                    open = true;
                }
                continue;
            }
        }
        let Some(entry) = entries.last_mut().filter(|_| open) else {
            continue;
        };
        match (&line.lead, line.kind) {
            (Some(Lead::Label { text, span }), LineKind::Plain)
                if t.text(span).starts_with("**") =>
            {
                let value = trimmed(t, &line.content);
                entry.fields.push(Field {
                    name: t.text(text).to_string(),
                    label: span.clone(),
                    value,
                    items: Vec::new(),
                });
            }
            (_, LineKind::ListItem { .. }) => {
                if let Some(field) = entry.fields.last_mut() {
                    field.items.push(i);
                }
            }
            _ => {}
        }
    }
    entries
}

fn trimmed(t: &Transcript<'_>, span: &Span) -> Span {
    let text = t.text(span);
    let start = span.start + (text.len() - text.trim_start().len());
    start..start + text.trim().len()
}

/// The flagged proposals of a file's entries: (entry index, item line, text).
pub fn flagged(t: &Transcript<'_>, entries: &[Entry]) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    for (e, entry) in entries.iter().enumerate() {
        let Some(f) = entry.field("Rejected") else {
            continue;
        };
        for &i in &f.items {
            let text = t.text(&t.line_text(i));
            if !text.contains("[DO_NOT_RESURFACE]") {
                continue;
            }
            let text = text.replace("[DO_NOT_RESURFACE]", "");
            let proposal = ["—", "–", " - "]
                .iter()
                .find_map(|d| text.split_once(d).map(|(p, _)| p))
                .unwrap_or(&text);
            out.push((e, i, normalise(proposal)));
        }
    }
    out
}

/// The flagged proposals of a decision log, for the other files of a run.
pub fn proposals(t: &Transcript<'_>) -> Vec<Proposal> {
    let path = t.path.map(display_path).unwrap_or_default();
    flagged(t, &t.decisions)
        .into_iter()
        .map(|(e, line, text)| Proposal {
            date: t.decisions[e].date,
            text,
            path: path.clone(),
            line: t.source[..t.line_span(line).start].matches('\n').count() + 1,
        })
        .collect()
}
