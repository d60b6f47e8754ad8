//! The read driver: a text, item by item (a line, or a fenced block) from
//! its head (byte order mark and front matter) to its end, with the line
//! scanner; a large text is read in two halves at once.

use super::{scan, Document, MAX_SOURCE};

/// Read a transcript. Never fails: any input yields a document. With
/// `lint_code_blocks`, every fenced block's body is read as transcript
/// lines, not only `transcript` / `boardlint` fences.
pub fn parse_with(source: &str, lint_code_blocks: bool) -> Document {
    read(source, lint_code_blocks, None)
}

/// The text up to [`MAX_SOURCE`] bytes, cut at a character boundary.
pub(super) fn cut(source: &str) -> &str {
    let mut cut = source.len().min(MAX_SOURCE);
    while !source.is_char_boundary(cut) {
        cut -= 1;
    }
    &source[..cut]
}

/// Read the text; `split_at` forces a cut in two halves at that line start
/// (none when it is not past the head), else texts of
/// [`PARALLEL_PARSE_FROM`] bytes or more are cut near their middle.
fn read(source: &str, lint_code_blocks: bool, split_at: Option<usize>) -> Document {
    let mut doc = Document::default();
    let source = cut(source);
    doc.lines.reserve(source);
    let mut pos = scan::head(source, &mut doc);
    let split = match split_at {
        None if source.len() - pos >= PARALLEL_PARSE_FROM => split_point(source, pos),
        Some(at) if at > pos && at < source.len() => Some(at),
        _ => None,
    };
    if let Some(at) = split {
        // Both halves at once. Items carry no state from one to the next,
        // so the second half read from `at` is what a single pass reads
        // from there, if the first half's last item ends exactly at `at`;
        // should an item run past it (a fenced block, say), the second
        // half is dropped and reading goes on from where that item ended.
        let (end, rest) = rayon::join(
            || read_items(source, pos, at, lint_code_blocks, &mut doc),
            || {
                let mut rest = Document::default();
                read_items(source, at, source.len(), lint_code_blocks, &mut rest);
                rest
            },
        );
        pos = end;
        if end == at {
            doc.append(rest);
            pos = source.len();
        }
    }
    read_items(source, pos, source.len(), lint_code_blocks, &mut doc);
    doc.lines.shrink_to_fit();
    doc
}

/// Read items from `pos` while they start before `until`; where the last
/// one ends.
fn read_items(
    source: &str,
    mut pos: usize,
    until: usize,
    lint_code_blocks: bool,
    doc: &mut Document,
) -> usize {
    while pos < until {
        pos = scan::item(source, pos, lint_code_blocks, doc);
    }
    pos
}

/// Read the text in parts, from each of `starts` (ascending line starts)
/// to the next, each on its own: no item of one part runs into the next (a
/// fence left open ends with its part). An agent hook reads a session so,
/// a message a part: a message's fence is the message's alone, as the
/// agent's interface shows it, and its answer is read after the session.
pub fn parse_apart(source: &str, lint_code_blocks: bool, starts: &[usize]) -> Document {
    let source = cut(source);
    let mut bounds: Vec<usize> = starts
        .iter()
        .copied()
        .filter(|&at| at > 0 && at < source.len() && source.is_char_boundary(at))
        .collect();
    bounds.dedup();
    if bounds.is_empty() {
        return read(source, lint_code_blocks, None);
    }
    bounds.push(source.len());
    let mut doc = Document::default();
    doc.lines.reserve(source);
    let first = &source[..bounds[0]];
    let pos = scan::head(first, &mut doc);
    read_items(first, pos, first.len(), lint_code_blocks, &mut doc);
    // The parts after the first, from `from` to `to` (positions in `bounds`).
    let parts = |from: usize, to: usize, doc: &mut Document| {
        for k in from..to {
            let part = &source[..bounds[k + 1]];
            read_items(part, bounds[k], part.len(), lint_code_blocks, doc);
        }
    };
    let last = bounds.len() - 1;
    // A large text's parts in two halves at once: parts are read on their
    // own, so the halves join as they are.
    let mid = bounds.partition_point(|&at| at < bounds[0] + (source.len() - bounds[0]) / 2);
    if source.len() - bounds[0] >= PARALLEL_PARSE_FROM && mid > 0 && mid < last {
        let ((), rest) = rayon::join(
            || parts(0, mid, &mut doc),
            || {
                let mut rest = Document::default();
                parts(mid, last, &mut rest);
                rest
            },
        );
        doc.append(rest);
    } else {
        parts(0, last, &mut doc);
    }
    doc.lines.shrink_to_fit();
    doc
}

/// Texts this large are read in two halves at once.
const PARALLEL_PARSE_FROM: usize = 1 << 20;

/// Where to cut a text read in two halves: the start of the first line
/// after a blank line past the middle (no marker runs across a blank line),
/// else of the first line past the middle.
fn split_point(source: &str, from: usize) -> Option<usize> {
    let bytes = source.as_bytes();
    let mid = from + (source.len() - from) / 2;
    let window = &bytes[mid..bytes.len().min(mid + 64 * 1024)];
    let after_blank = memchr::memmem::find(window, b"\n\n").map(|i| mid + i + 2);
    let at = after_blank.or_else(|| memchr::memchr(b'\n', &bytes[mid..]).map(|i| mid + i + 1))?;
    (at < source.len()).then_some(at)
}

/// Parse with the line scanner, reading the text in two halves at once
/// from the line start at or after `at` (as large texts are read). For the
/// differential tests, which hold that every cut gives the same document
/// as one pass.
#[cfg(any(test, feature = "internals"))]
pub fn parse_split_at(source: &str, lint_code_blocks: bool, at: usize) -> Document {
    let bytes = source.as_bytes();
    let at = if at == 0 || bytes.get(at - 1) == Some(&b'\n') {
        at
    } else {
        memchr::memchr(b'\n', &bytes[at.min(bytes.len())..]).map_or(source.len(), |i| at + i + 1)
    };
    read(source, lint_code_blocks, Some(at))
}

impl Document {
    /// Add the items of a document read from where this one ends.
    fn append(&mut self, rest: Document) {
        self.code_fences.extend(rest.code_fences);
        self.lines.append(rest.lines);
    }
}
