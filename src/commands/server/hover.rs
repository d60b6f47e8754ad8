//! Hover: on a diagnostic, its message and its rule's page (what
//! `boardlint rule CODE` prints); on a rule's code (`L001`, in prose or a
//! suppression comment) or its name in a suppression comment, that rule's
//! page; on a protocol marker (`[INVOKE:…]`, `[RESPONSE:…]`, `[/RESPONSE]`,
//! `[CHAIN: …]`, …), its canonical form and the rules whose pages speak of
//! it. Messages are the engine's, credentials already hidden.

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind};

use super::lint::{rule_url, Linted};
use crate::lines::{LineIndex, Unit};
use crate::rules::RuleMeta;

/// What to show at byte `offset` of `text`, if anything.
pub fn hover(text: &str, linted: Option<&Linted>, offset: usize, unit: Unit) -> Option<Hover> {
    let index = LineIndex::new(text);
    let (markdown, span) = on_diagnostic(linted, offset)
        .or_else(|| on_rule(text, &index, offset))
        .or_else(|| on_marker(text, &index, offset))?;
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: markdown,
        }),
        range: Some(super::positions::range_of(&index, &span, unit)),
    })
}

fn page(meta: &RuleMeta) -> String {
    format!(
        "{}\n[{} on the web]({})",
        meta.page().trim_end(),
        meta.code,
        rule_url(meta.code)
    )
}

fn on_diagnostic(linted: Option<&Linted>, offset: usize) -> Option<(String, crate::syntax::Span)> {
    let linted = linted?;
    let here: Vec<_> = linted
        .diagnostics
        .iter()
        .filter(|d| {
            let s = &d.span;
            (s.start <= offset && offset < s.end) || (s.is_empty() && s.start == offset)
        })
        .collect();
    let first = here.first()?;
    let mut out = String::new();
    let mut shown: Vec<&str> = Vec::new();
    for d in &here {
        out.push_str(&format!("**{} {}**: {}\n\n", d.code, d.name, d.message));
    }
    for d in &here {
        if shown.contains(&d.code) {
            continue;
        }
        shown.push(d.code);
        if let Some(meta) = crate::rules::find(d.code) {
            out.push_str("---\n\n");
            out.push_str(&page(meta));
            out.push_str("\n\n");
        }
    }
    Some((out.trim_end().to_string(), first.span.clone()))
}

/// The word of letters, digits and `-` around `offset`, on its line.
fn word_at(text: &str, offset: usize) -> Option<crate::syntax::Span> {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '-';
    let offset = offset.min(text.len());
    if !text.is_char_boundary(offset) {
        return None;
    }
    let start = text[..offset]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_word(c))
        .last()
        .map_or(offset, |(i, _)| i);
    let end = offset
        + text[offset..]
            .char_indices()
            .find(|&(_, c)| !is_word(c))
            .map_or(text.len() - offset, |(i, _)| i);
    (start < end).then_some(start..end)
}

fn on_rule(
    text: &str,
    index: &LineIndex<'_>,
    offset: usize,
) -> Option<(String, crate::syntax::Span)> {
    let span = word_at(text, offset)?;
    let word = &text[span.clone()];
    let line = index.line_of(offset);
    let line_text = &text[index.line_start(line)..index.line_end(line)];
    let is_code = word.len() == 4
        && word.as_bytes()[0].is_ascii_uppercase()
        && word[1..].bytes().all(|b| b.is_ascii_digit());
    // A rule's name is a plain word in prose; in a suppression comment it
    // names the rule.
    if !is_code && !line_text.contains("boardlint-") {
        return None;
    }
    let meta = crate::rules::find(word)?;
    Some((page(meta), span))
}

fn on_marker(
    text: &str,
    index: &LineIndex<'_>,
    offset: usize,
) -> Option<(String, crate::syntax::Span)> {
    let line = index.line_of(offset);
    let start = index.line_start(line);
    let end = index.line_end(line);
    let offset = offset.min(end);
    let before = text.get(start..offset)?;
    let open = start + before.rfind('[')?;
    if text[open..offset].contains(']') {
        return None;
    }
    let after = text[open + 1..end].trim_start_matches('/');
    let keyword = crate::syntax::MARKER_KEYWORDS
        .iter()
        .find(|k| after.starts_with(**k))?;
    let close = text[open..end].find(']').map_or(end, |i| open + i + 1);
    if close <= offset && close != end {
        return None;
    }
    let mut out = format!(
        "**`{}`**: a protocol marker.\n\n",
        crate::syntax::canonical_form(keyword)
    );
    let quoted = [format!("[{keyword}"), format!("`{keyword}")];
    let rules: Vec<&RuleMeta> = crate::rules::all()
        .iter()
        .map(|r| r.meta())
        .filter(|m| {
            quoted
                .iter()
                .any(|q| m.doc.contains(q.as_str()) || m.summary.contains(q.as_str()))
        })
        .collect();
    if !rules.is_empty() {
        out.push_str("Rules that read it:\n\n");
        for m in rules {
            out.push_str(&format!(
                "- [`{}` {}]({}): {}\n",
                m.code,
                m.name,
                rule_url(m.code),
                m.summary
            ));
        }
    }
    Some((out.trim_end().to_string(), open..close))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(h: Hover) -> String {
        match h.contents {
            HoverContents::Markup(m) => m.value,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_rule_code_or_a_name_in_a_suppression_shows_its_page() {
        let text =
            "see L001\n<!-- boardlint-disable-next-line self-invocation -->\nself-invocation\n";
        let on_code = shown(hover(text, None, 6, Unit::Utf16).unwrap());
        assert!(on_code.starts_with("# L001 self-invocation"), "{on_code}");
        assert!(on_code.contains("docs/rules/L001.md"), "{on_code}");
        let on_name = shown(hover(text, None, 45, Unit::Utf16).unwrap());
        assert!(on_name.starts_with("# L001 self-invocation"), "{on_name}");
        // In prose a name is just a word.
        assert!(hover(text, None, text.len() - 4, Unit::Utf16).is_none());
    }

    #[test]
    fn a_marker_shows_its_form_and_its_rules() {
        let text = "CFO: [INVOKE:ceo|Why?] and [/RESPONSE] then prose\n";
        let h = hover(text, None, 8, Unit::Utf16).unwrap();
        let range = h.range.unwrap();
        assert_eq!((range.start.character, range.end.character), (5, 22));
        let text_shown = shown(h);
        assert!(
            text_shown.starts_with("**`[INVOKE:role|question]`**"),
            "{text_shown}"
        );
        assert!(
            text_shown.contains("`L001` self-invocation"),
            "{text_shown}"
        );
        let close = shown(hover(text, None, 30, Unit::Utf16).unwrap());
        assert!(close.contains("[RESPONSE:role]"), "{close}");
        assert!(hover(text, None, 45, Unit::Utf16).is_none());
        assert!(hover(text, None, 0, Unit::Utf16).is_none());
    }
}
