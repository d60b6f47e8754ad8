//! The open documents: each one's text as the editor's edits make it, its
//! version, the path it stands for, what the engine said of its current
//! text, and the check of that text under way.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use lsp_types::TextDocumentContentChangeEvent;

use super::checks::{Analysis, Ticket};
use super::positions::span_of;
use crate::lines::{LineIndex, Unit};

/// An open document.
pub struct Document {
    pub text: String,
    pub version: i32,
    /// The file a `file:` URI names.
    pub path: Option<PathBuf>,
    /// Which reading of the document a check is of: a new one with each
    /// edit, and whenever the configuration changes. Never reused, even
    /// by a document opened again under the same URI.
    pub generation: u64,
    /// What the engine said of this generation; `None` until its check is
    /// done.
    pub analysis: Option<Analysis>,
    /// The check of this generation, queued or running.
    pub check: Option<Arc<Ticket>>,
}

/// The open documents, by URI.
#[derive(Default)]
pub struct Documents {
    open: HashMap<String, Document>,
    last_generation: u64,
}

impl Documents {
    pub fn open(&mut self, uri: String, text: String, version: i32) {
        let path = super::uri::to_path(&uri);
        self.last_generation += 1;
        let document = Document {
            text,
            version,
            path,
            generation: self.last_generation,
            analysis: None,
            check: None,
        };
        if let Some(mut before) = self.open.insert(uri, document) {
            before.cancel();
        }
    }

    /// Let a document go, with all it held; its check, if any, is no
    /// longer wanted.
    pub fn close(&mut self, uri: &str) -> bool {
        self.open.remove(uri).map(|mut d| d.cancel()).is_some()
    }

    /// The document's text must be read again (an edit made it, or the
    /// configuration changed): what was said of it and the check under
    /// way are let go.
    pub fn renew(&mut self, uri: &str) {
        if let Some(d) = self.open.get_mut(uri) {
            self.last_generation += 1;
            d.generation = self.last_generation;
            d.analysis = None;
            d.cancel();
        }
    }

    /// Every check under way is no longer wanted (the session ends).
    pub fn cancel_all(&mut self) {
        for d in self.open.values_mut() {
            d.cancel();
        }
    }

    pub fn get(&self, uri: &str) -> Option<&Document> {
        self.open.get(uri)
    }

    pub fn get_mut(&mut self, uri: &str) -> Option<&mut Document> {
        self.open.get_mut(uri)
    }

    pub fn uris(&self) -> Vec<String> {
        self.open.keys().cloned().collect()
    }
}

impl Document {
    /// Tell the check under way, if any, that it is no longer wanted.
    fn cancel(&mut self) {
        if let Some(ticket) = self.check.take() {
            ticket.cancel();
        }
    }

    /// Apply an edit's changes in order, all or none: a change whose range
    /// ends before it starts refuses the edit, and the text stays as it
    /// was. (The caller renews the document once it is applied.) Positions past a line's end are its end, and lines past the
    /// last the text's end, as the protocol says.
    pub fn apply(
        &mut self,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
        unit: Unit,
    ) -> Result<(), String> {
        if version <= self.version {
            return Err(format!(
                "version {version} is not after the document's version {}: the edit is ignored",
                self.version
            ));
        }
        let mut text: Option<String> = None;
        for change in changes {
            let current = text.as_ref().unwrap_or(&self.text);
            let Some(range) = change.range else {
                text = Some(change.text);
                continue;
            };
            let span = span_of(&LineIndex::new(current), range, unit)?;
            let mut next = current.clone();
            next.replace_range(span, &change.text);
            text = Some(next);
        }
        if let Some(text) = text {
            self.text = text;
        }
        self.version = version;
        Ok(())
    }

    pub fn index(&self) -> LineIndex<'_> {
        LineIndex::new(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lsp_types::{Position, Range};

    fn change(
        range: Option<((u32, u32), (u32, u32))>,
        text: &str,
    ) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range: range
                .map(|((a, b), (c, d))| Range::new(Position::new(a, b), Position::new(c, d))),
            range_length: None,
            text: text.to_string(),
        }
    }

    fn document(text: &str) -> Document {
        Document {
            text: text.to_string(),
            version: 1,
            path: None,
            generation: 1,
            analysis: None,
            check: None,
        }
    }

    #[test]
    fn edits_apply_in_order_in_the_encoding_agreed() {
        let mut d = document("😀 CFO: hi\r\nline two\r\n");
        // UTF-16: the emoji is two units, so `CFO` starts at 3.
        d.apply(2, vec![change(Some(((0, 3), (0, 6))), "CEO")], Unit::Utf16)
            .unwrap();
        assert_eq!(d.text, "😀 CEO: hi\r\nline two\r\n");
        // In bytes the emoji is four.
        d.apply(
            3,
            vec![
                change(Some(((0, 5), (0, 8))), "CTO"),
                change(Some(((1, 0), (1, 4))), "LINE"),
            ],
            Unit::Byte,
        )
        .unwrap();
        assert_eq!(d.text, "😀 CTO: hi\r\nLINE two\r\n");
        // Past the line's end is before its CRLF; past the last line, the end.
        d.apply(
            4,
            vec![
                change(Some(((0, 99), (0, 99))), "!"),
                change(Some(((9, 0), (9, 0))), "end"),
            ],
            Unit::Utf16,
        )
        .unwrap();
        assert_eq!(d.text, "😀 CTO: hi!\r\nLINE two\r\nend");
        d.apply(
            5,
            vec![change(None, "new"), change(Some(((0, 3), (0, 3))), "!")],
            Unit::Utf16,
        )
        .unwrap();
        assert_eq!((d.text.as_str(), d.version), ("new!", 5));
    }

    #[test]
    fn a_bad_range_or_an_old_version_changes_nothing() {
        let mut d = document("abc\ndef\n");
        let error = d
            .apply(
                2,
                vec![
                    change(Some(((0, 0), (0, 1))), "x"),
                    change(Some(((1, 2), (0, 1))), "y"),
                ],
                Unit::Utf16,
            )
            .unwrap_err();
        assert!(error.contains("ends before it starts"), "{error}");
        assert_eq!((d.text.as_str(), d.version), ("abc\ndef\n", 1));
        let error = d
            .apply(1, vec![change(None, "x")], Unit::Utf16)
            .unwrap_err();
        assert!(error.contains("version 1"), "{error}");
        assert_eq!(d.text, "abc\ndef\n");
    }

    #[test]
    fn an_edit_a_reopening_or_a_close_calls_off_the_check_under_way() {
        let mut documents = Documents::default();
        let flag = |documents: &mut Documents| {
            let ticket = Ticket::new("a".into());
            documents.get_mut("untitled:a").unwrap().check = Some(ticket.clone());
            ticket
        };
        documents.open("untitled:a".into(), "a".into(), 1);
        let first = documents.get("untitled:a").unwrap().generation;
        let checking = flag(&mut documents);
        documents.renew("untitled:a");
        assert!(checking.is_cancelled());
        let d = documents.get("untitled:a").unwrap();
        assert!(d.generation > first && d.check.is_none());
        let checking = flag(&mut documents);
        documents.open("untitled:a".into(), "b".into(), 1);
        assert!(checking.is_cancelled());
        let reopened = documents.get("untitled:a").unwrap().generation;
        let checking = flag(&mut documents);
        assert!(documents.close("untitled:a"));
        assert!(checking.is_cancelled());
        // Opened again, it is a reading no check under way can be of.
        documents.open("untitled:a".into(), "b".into(), 1);
        assert!(documents.get("untitled:a").unwrap().generation > reopened);
    }
}
