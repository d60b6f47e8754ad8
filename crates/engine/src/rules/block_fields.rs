//! Labelled lines inside PEER-VERIFY and CRITIC-SCREEN blocks.

use crate::model::{Block, Transcript};
use crate::syntax::Lead;

/// What is wrong with a block's labelled lines, if anything: a label that is
/// missing, empty, or without one of its emojis (unless `none_ok` and the
/// value says "none").
pub(super) fn check_labels(
    t: &Transcript<'_>,
    block: &Block,
    fields: &[(&str, &[&str])],
    none_ok: bool,
) -> Option<String> {
    let mut problems = Vec::new();
    for (label, emojis) in fields {
        let value = block.lines().find_map(|i| {
            let line = t.line(i);
            match &line.lead {
                Some(Lead::Label { text, .. }) if t.text(text).eq_ignore_ascii_case(label) => {
                    Some(t.text(&line.content).trim())
                }
                _ => None,
            }
        });
        match value {
            None => problems.push(format!("no `{label}:` line")),
            Some("") => problems.push(format!("`{label}:` is empty")),
            Some(v) => {
                let none = none_ok
                    && ["none", "nenhum", "nenhuma", "n/a"]
                        .contains(&v.trim_end_matches('.').to_lowercase().as_str());
                if !emojis.is_empty() && !none && !emojis.iter().any(|e| v.contains(e)) {
                    problems.push(format!("`{label}:` has no {}", emojis[0]));
                }
            }
        }
    }
    (!problems.is_empty()).then(|| problems.join(", "))
}
