//! Formatting and code actions. `fmt`'s rewrite of a document comes as
//! hunks, each a card, block or CHAIN marker printed again (or, for a
//! rewrite known only whole, the runs of lines a line diff finds changed):
//! formatting sends them all as edits; "Format card" sends the
//! ones under the cursor or selection, "Format file" all of them. A
//! diagnostic's quick fix sends its fix (`Diagnostic::fix`: the card or
//! block it is about, printed again), and "Fix all" the fixes of every
//! diagnostic, as `check --fix` makes them.
//! "Disable CODE for this line" puts a
//! `<!-- boardlint-disable-next-line CODE -->` comment on the line above the
//! diagnostic's (transcripts and decision logs: the files suppression
//! comments are read in).

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, Diagnostic as LspDiagnostic, TextEdit, Uri,
    WorkspaceEdit,
};
use similar::{DiffOp, TextDiff};

use super::lint::Linted;
use crate::kinds::FileKind;
use crate::lines::{LineIndex, Unit};
use crate::syntax::Span;

/// "Format file": a source action, offered everywhere in a document that
/// `fmt` would change.
pub fn format_file_kind() -> CodeActionKind {
    CodeActionKind::new("source.format.boardlint")
}

/// "Fix all": what editors run on save with `source.fixAll`.
pub fn fix_all_kind() -> CodeActionKind {
    CodeActionKind::new("source.fixAll.boardlint")
}

/// The code action kinds the server offers.
pub fn kinds() -> Vec<CodeActionKind> {
    vec![
        CodeActionKind::QUICKFIX,
        CodeActionKind::REFACTOR_REWRITE,
        format_file_kind(),
        fix_all_kind(),
    ]
}

/// One rewritten card, block or marker (or run of lines): the bytes of the
/// old text it replaces, and what replaces them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hunk {
    pub span: Span,
    pub text: String,
}

/// The hunks that turn `old` into `new`, in order, none overlapping.
pub fn hunks(old: &str, new: &str) -> Vec<Hunk> {
    let diff = TextDiff::from_lines(old, new);
    let starts = |slices: &[&str]| {
        let mut at = 0;
        let mut out = Vec::with_capacity(slices.len() + 1);
        for s in slices {
            out.push(at);
            at += s.len();
        }
        out.push(at);
        out
    };
    let old_starts = starts(diff.old_slices());
    let new_starts = starts(diff.new_slices());
    // The ops are walked by their lengths, each starting where the one
    // before ended: the indices similar gives an insertion or a deletion
    // next to a line kept can be one line off.
    let mut out: Vec<(usize, usize, usize, usize)> = Vec::new();
    let (mut o, mut n) = (0, 0);
    for op in diff.ops() {
        let (old_len, new_len) = (op.old_range().len(), op.new_range().len());
        if !matches!(op, DiffOp::Equal { .. }) {
            match out.last_mut() {
                Some(last) if last.1 == o && last.3 == n => {
                    last.1 = o + old_len;
                    last.3 = n + new_len;
                }
                _ => out.push((o, o + old_len, n, n + new_len)),
            }
        }
        o += old_len;
        n += new_len;
    }
    out.into_iter()
        .map(|(os, oe, ns, ne)| Hunk {
            span: old_starts[os]..old_starts[oe],
            text: new[new_starts[ns]..new_starts[ne]].to_string(),
        })
        .collect()
}

/// The bytes of the whole lines a span is on, their line breaks included.
fn lines_of(index: &LineIndex<'_>, span: &Span) -> Span {
    let first = index.line_of(span.start);
    let last = index.line_of(span.end.max(span.start));
    index.line_start(first)..index.line_start(last + 1)
}

/// Whether a hunk rewrites any of these lines (an insertion: whether it
/// falls among them).
fn touches(hunk: &Hunk, lines: &Span) -> bool {
    if hunk.span.is_empty() {
        return lines.start <= hunk.span.start && hunk.span.start <= lines.end;
    }
    hunk.span.start < lines.end && lines.start < hunk.span.end
}

pub fn edits(index: &LineIndex<'_>, hunks: &[&Hunk], unit: Unit) -> Vec<TextEdit> {
    hunks
        .iter()
        .map(|h| super::positions::edit(index, &h.span, h.text.clone(), unit))
        .collect()
}

/// What a code action request is about.
pub struct Request<'a> {
    pub uri: &'a Uri,
    pub text: &'a str,
    pub range: Span,
    /// The kinds the client asked for (`context.only`); none: all.
    pub only: Option<&'a [CodeActionKind]>,
    pub unit: Unit,
}

/// The code actions for a request, given what the engine said of the
/// document, its diagnostics as published, and `fmt`'s hunks.
pub fn code_actions(
    request: &Request<'_>,
    linted: &Linted,
    published: &[LspDiagnostic],
    hunks: &[Hunk],
) -> Vec<CodeActionOrCommand> {
    let index = LineIndex::new(request.text);
    let wanted = |kind: &CodeActionKind| {
        request.only.is_none_or(|only| {
            only.iter().any(|k| {
                kind.as_str() == k.as_str()
                    || kind
                        .as_str()
                        .strip_prefix(k.as_str())
                        .is_some_and(|rest| rest.starts_with('.'))
            })
        })
    };
    let action = |title: String, kind: CodeActionKind, edits: Vec<TextEdit>| CodeAction {
        title,
        kind: Some(kind),
        edit: Some(WorkspaceEdit {
            changes: Some(HashMap::from([(request.uri.clone(), edits)])),
            ..Default::default()
        }),
        ..Default::default()
    };
    let asked = lines_of(&index, &request.range);
    let mut out = Vec::new();
    // Each diagnostic on the lines asked about: its fix, its suppression.
    let offset = usize::from(linted.problem.is_some());
    let suppressible = matches!(linted.kind, FileKind::Transcript | FileKind::DecisionLog);
    let crlf = request.text.contains("\r\n");
    let mut disabled: Vec<(&str, usize)> = Vec::new();
    for (i, d) in linted.diagnostics.iter().enumerate() {
        let lines = lines_of(&index, &d.span);
        if !(lines.start < asked.end && asked.start < lines.end) {
            continue;
        }
        let diagnostic = published.get(i + offset).cloned();
        if d.fixable && wanted(&CodeActionKind::QUICKFIX) {
            let mine = fixes(request.text, std::slice::from_ref(d));
            if !mine.is_empty() {
                let mut fix = action(
                    format!("Fix {} {} (boardlint fmt)", d.code, d.name),
                    CodeActionKind::QUICKFIX,
                    edits(&index, &mine.iter().collect::<Vec<_>>(), request.unit),
                );
                fix.diagnostics = diagnostic.clone().map(|d| vec![d]);
                fix.is_preferred = Some(true);
                out.push(CodeActionOrCommand::CodeAction(fix));
            }
        }
        let line = index.line_of(d.span.start);
        if suppressible
            && !d.internal
            && wanted(&CodeActionKind::QUICKFIX)
            && !disabled.contains(&(d.code, line))
        {
            disabled.push((d.code, line));
            let at = index.line_start(line);
            let comment =
                crate::engine::next_line_comment(&[d.code], if crlf { "\r\n" } else { "\n" });
            let mut disable = action(
                format!("Disable {} {} for this line", d.code, d.name),
                CodeActionKind::QUICKFIX,
                vec![super::positions::edit(
                    &index,
                    &(at..at),
                    comment,
                    request.unit,
                )],
            );
            disable.diagnostics = diagnostic.map(|d| vec![d]);
            out.push(CodeActionOrCommand::CodeAction(disable));
        }
    }
    // The card or block under the cursor, the file, everything fixable.
    let here: Vec<&Hunk> = hunks.iter().filter(|h| touches(h, &asked)).collect();
    if !here.is_empty() && wanted(&CodeActionKind::REFACTOR_REWRITE) {
        out.push(CodeActionOrCommand::CodeAction(action(
            "Format card (boardlint fmt)".into(),
            CodeActionKind::REFACTOR_REWRITE,
            edits(&index, &here, request.unit),
        )));
    }
    let all: Vec<&Hunk> = hunks.iter().collect();
    if !all.is_empty() && wanted(&format_file_kind()) {
        out.push(CodeActionOrCommand::CodeAction(action(
            "Format file (boardlint fmt)".into(),
            format_file_kind(),
            edits(&index, &all, request.unit),
        )));
    }
    if wanted(&fix_all_kind()) {
        let every = fixes(request.text, &linted.diagnostics);
        if !every.is_empty() {
            out.push(CodeActionOrCommand::CodeAction(action(
                "Fix all boardlint problems (boardlint fmt)".into(),
                fix_all_kind(),
                edits(&index, &every.iter().collect::<Vec<_>>(), request.unit),
            )));
        }
    }
    out
}

/// The fixes of these diagnostics as hunks, each once, in order; none when
/// one would write out a credential (see [`private`]).
fn fixes(text: &str, diagnostics: &[crate::diagnostic::Diagnostic]) -> Vec<Hunk> {
    let mut all: Vec<Hunk> = diagnostics
        .iter()
        .filter_map(|d| d.fix.as_deref())
        .map(|f| Hunk {
            span: f.span.clone(),
            text: f.text.clone(),
        })
        .collect();
    all.sort_by_key(|h| (h.span.start, h.span.end));
    all.dedup();
    private(text, all)
}

/// The hunks cut around each credential they keep
/// (`secrets::keep_in_place`), so that no edit writes one out; none when a
/// hunk would have to (it moves one).
pub fn private(text: &str, hunks: Vec<Hunk>) -> Vec<Hunk> {
    let mut out = Vec::with_capacity(hunks.len());
    for h in hunks {
        match crate::secrets::keep_in_place(text, h.span.clone(), &h.text) {
            Some(pieces) => out.extend(pieces.into_iter().map(|(span, text)| Hunk { span, text })),
            None => return Vec::new(),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hunks applied from the end back give the new text.
    fn apply(old: &str, hunks: &[Hunk]) -> String {
        let mut out = old.to_string();
        for h in hunks.iter().rev() {
            out.replace_range(h.span.clone(), &h.text);
        }
        out
    }

    #[test]
    fn hunks_rebuild_the_new_text() {
        for (old, new) in [
            ("a\nb\nc\n", "a\nB\nc\n"),
            ("a\nb\nc\n", "a\nc\n"),
            ("a\nc", "a\nb\nc"),
            ("", "x\n"),
            ("x\r\ny\r\n", "x\r\nz\r\nw\r\n"),
            ("one\ntwo\nthree\nfour\n", "ONE\ntwo\nthree\nFOUR\n"),
            ("same\n", "same\n"),
            // similar gives this insertion the index of the line kept
            // before it.
            (
                "a\nb\nc\nUrgency: x\n\nCEO: y\n",
                "a\nb\nc\n\nURGENCY: x\n\n---\n\nCEO: y\n",
            ),
        ] {
            let hunks = hunks(old, new);
            assert_eq!(apply(old, &hunks), new, "{old:?} → {new:?}");
        }
        let two = hunks("one\ntwo\nthree\nfour\n", "ONE\ntwo\nthree\nFOUR\n");
        assert_eq!(two.len(), 2);
        assert_eq!(two[1].span, 14..19);
        assert!(hunks("same\n", "same\n").is_empty());
    }

    /// "Fix all" and a quick fix make the diagnostics' fixes, and nothing
    /// else of `fmt`'s rewrite (here, a CHAIN marker printed again).
    #[test]
    fn fixes_are_the_diagnostics_own() {
        let text = "CARD\nmore\n[CHAIN:cro→cfo]\n";
        let card = Hunk {
            span: 0..5,
            text: "FRAMED CARD\n".to_string(),
        };
        let chain = Hunk {
            span: 10..25,
            text: "[CHAIN: cro → cfo]".to_string(),
        };
        let mut d = crate::test_support::finding("C001", 0..4, 0);
        d.fixable = true;
        d.fix = Some(std::sync::Arc::new(crate::diagnostic::Fix::new(
            card.span.clone(),
            card.text.clone(),
        )));
        let linted = Linted {
            kind: FileKind::Transcript,
            diagnostics: vec![d],
            problem: None,
        };
        let uri: Uri = "untitled:a".parse().unwrap();
        let request = Request {
            uri: &uri,
            text,
            range: 0..0,
            only: None,
            unit: Unit::Byte,
        };
        let actions = code_actions(&request, &linted, &[], &[card, chain]);
        let edits_of = |title: &str| {
            actions
                .iter()
                .find_map(|a| match a {
                    CodeActionOrCommand::CodeAction(a) if a.title.starts_with(title) => {
                        a.edit.as_ref()?.changes.as_ref()?.get(&uri).cloned()
                    }
                    _ => None,
                })
                .unwrap()
        };
        for title in ["Fix C001", "Fix all"] {
            let edits = edits_of(title);
            assert_eq!(edits.len(), 1, "{title}");
            assert_eq!(edits[0].new_text, "FRAMED CARD\n", "{title}");
        }
        assert_eq!(edits_of("Format file").len(), 2);
    }

    #[test]
    fn a_hunk_touches_the_lines_it_rewrites() {
        let h = |span: Span| Hunk {
            span,
            text: String::new(),
        };
        assert!(touches(&h(4..8), &(0..5)));
        assert!(!touches(&h(4..8), &(0..4)));
        assert!(!touches(&h(4..8), &(8..12)));
        assert!(touches(&h(4..4), &(4..8)));
        assert!(touches(&h(4..4), &(0..4)));
    }
}
