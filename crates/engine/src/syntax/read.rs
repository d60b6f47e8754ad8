//! The read driver: a text, item by item (a line, or a fenced block) from
//! its head (byte order mark and front matter) to its end, with the line
//! scanner; a large text is read in two halves at once.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

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
    let bounds = part_bounds(source, starts);
    if bounds.len() < 2 {
        return read(source, lint_code_blocks, None);
    }
    let mut doc = Document::default();
    doc.lines.reserve(source);
    let first = &source[..bounds[0]];
    let pos = scan::head(first, &mut doc);
    read_items(first, pos, first.len(), lint_code_blocks, &mut doc);
    // The parts after the first, from `from` to `to` (positions in `bounds`).
    let parts = |from: usize, to: usize, doc: &mut Document| {
        read_parts(source, &bounds, from..to, lint_code_blocks, doc);
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

/// The parts' starts of [`parse_apart`] (those inside the text, at a
/// character boundary, ascending and each once), then the text's end.
fn part_bounds(source: &str, starts: &[usize]) -> Vec<usize> {
    let mut bounds: Vec<usize> = starts
        .iter()
        .copied()
        .filter(|&at| at > 0 && at < source.len() && source.is_char_boundary(at))
        .collect();
    bounds.dedup();
    bounds.push(source.len());
    bounds
}

/// Read the parts `parts` (positions in `bounds`), each on its own; where
/// the last ends (`None` when there is none).
fn read_parts(
    source: &str,
    bounds: &[usize],
    parts: std::ops::Range<usize>,
    lint_code_blocks: bool,
    doc: &mut Document,
) -> Option<usize> {
    let mut end = None;
    for k in parts {
        let part = &source[..bounds[k + 1]];
        end = Some(read_items(
            part,
            bounds[k],
            part.len(),
            lint_code_blocks,
            doc,
        ));
    }
    end
}

/// The start of the first line after a blank line within `window` bytes of
/// `at` (no marker runs across a blank line), else of the first line after
/// `at`; `None` when no line starts after it.
fn line_start_near(source: &str, at: usize, window: usize) -> Option<usize> {
    let bytes = source.as_bytes();
    let near = &bytes[at..bytes.len().min(at + window)];
    let after_blank = memchr::memmem::find(near, b"\n\n").map(|i| at + i + 2);
    let start = after_blank.or_else(|| memchr::memchr(b'\n', &bytes[at..]).map(|i| at + i + 1))?;
    (start < source.len()).then_some(start)
}

/// A large text read in pieces, so that a reader can go through the first
/// pieces' lines while the later ones are read on another core:
/// [`InPieces::first`] reads the head and the first piece on the core that
/// calls it, [`InPieces::read_ahead`] reads the later ones in order on the
/// core that calls it, and [`InPieces::append`] adds the next one to the
/// document, read by whichever core claimed it first (it waits only for a
/// piece another core is reading). Appended in order, the pieces make the
/// document [`parse_with`] reads (or [`parse_apart`], given parts): a piece
/// read whole starts at a line start, and should an item of the piece
/// before run past it (a fenced block), its own reading is dropped and the
/// text is read on from where that item ended, as [`parse_with`] reads a
/// text in two halves.
pub struct InPieces<'s> {
    source: &'s str,
    lint_code_blocks: bool,
    /// Where each part starts, and the text's end, when the text is read a
    /// part at a time ([`parse_apart`]); empty when it is read whole.
    parts: Vec<usize>,
    /// Where each piece starts (the first after the head), and the text's end.
    cuts: Vec<usize>,
    /// The next piece no core has claimed.
    next: AtomicUsize,
    /// The pieces read ahead and not yet appended, with where each one's
    /// reading ended (`Err`: its reading failed).
    read: Mutex<Vec<Option<PieceRead>>>,
    done: Condvar,
    /// The next piece to append, and where the reading so far ended.
    appended: Mutex<(usize, usize)>,
}

/// A piece read on its own and where its last item ended (`Err`: its
/// reading failed).
type PieceRead = Result<(Document, usize), ()>;

/// Pieces of about this many bytes (the first is a quarter of it: no line
/// is gone through before it is read).
const PIECE: usize = 2 << 20;

impl<'s> InPieces<'s> {
    /// `source` to be read in pieces, whole or in the parts that begin at
    /// `parts` (as for [`parse_apart`]); `None` when it is too small to
    /// be worth it.
    pub fn new(source: &'s str, lint_code_blocks: bool, parts: Option<&[usize]>) -> Option<Self> {
        #[cfg(test)]
        if let Some(size) = TEST_PIECE.with(std::cell::Cell::get) {
            return Self::sized(source, lint_code_blocks, parts, size);
        }
        Self::sized(source, lint_code_blocks, parts, PIECE)
    }

    /// [`InPieces::new`] with pieces of about `size` bytes, for any text.
    #[doc(hidden)]
    pub fn sized(
        source: &'s str,
        lint_code_blocks: bool,
        parts: Option<&[usize]>,
        size: usize,
    ) -> Option<Self> {
        let source = cut(source);
        if size == PIECE && source.len() < 2 * PARALLEL_PARSE_FROM {
            return None;
        }
        let mut cuts = Vec::new();
        let mut bounds = Vec::new();
        let mut want = (size / 4).max(1);
        match parts {
            Some(starts) => {
                bounds = part_bounds(source, starts);
                let mut from = 0;
                for &at in &bounds[..bounds.len() - 1] {
                    if at - from >= want {
                        cuts.push(at);
                        from = at;
                        want = size;
                    }
                }
            }
            None => {
                let mut at = want;
                while at < source.len() {
                    let Some(start) = line_start_near(source, at, 4096) else {
                        break;
                    };
                    cuts.push(start);
                    at = start + size;
                }
            }
        }
        if cuts.len() < 2 {
            return None;
        }
        cuts.push(source.len());
        let count = cuts.len() - 1;
        Some(InPieces {
            source,
            lint_code_blocks,
            parts: bounds,
            cuts,
            next: AtomicUsize::new(0),
            read: Mutex::new((0..count).map(|_| None).collect()),
            done: Condvar::new(),
            appended: Mutex::new((0, 0)),
        })
    }

    /// The head and the text before the first piece, read here.
    pub fn first(&self) -> Document {
        let mut doc = Document::default();
        doc.lines.reserve(self.source);
        let end = match self.parts.first() {
            Some(&first) => {
                let head = &self.source[..first];
                let pos = scan::head(head, &mut doc);
                read_items(head, pos, head.len(), self.lint_code_blocks, &mut doc);
                self.read_parts(first, self.cuts[0], &mut doc)
            }
            None => {
                let pos = scan::head(self.source, &mut doc);
                read_items(
                    self.source,
                    pos,
                    self.cuts[0],
                    self.lint_code_blocks,
                    &mut doc,
                )
            }
        };
        *self.state() = (0, end);
        doc
    }

    /// Read the parts that start in `from..to`, each on its own; the end of
    /// the last.
    fn read_parts(&self, from: usize, to: usize, doc: &mut Document) -> usize {
        let bounds = &self.parts;
        let first = bounds.partition_point(|&at| at < from);
        let last = bounds.partition_point(|&at| at < to).min(bounds.len() - 1);
        read_parts(self.source, bounds, first..last, self.lint_code_blocks, doc).unwrap_or(from)
    }

    /// Read from `from` the items that start before piece `piece` ends;
    /// where the last one ends.
    fn read_piece(&self, piece: usize, from: usize, doc: &mut Document) -> usize {
        let until = self.cuts[piece + 1];
        if self.parts.is_empty() {
            read_items(self.source, from, until, self.lint_code_blocks, doc)
        } else {
            self.read_parts(from, until, doc).max(until)
        }
    }

    fn read_alone(&self, piece: usize) -> PieceRead {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut doc = Document::default();
            let end = self.read_piece(piece, self.cuts[piece], &mut doc);
            (doc, end)
        }))
        .map_err(|_| ())
    }

    fn slots(&self) -> MutexGuard<'_, Vec<Option<PieceRead>>> {
        self.read.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn state(&self) -> MutexGuard<'_, (usize, usize)> {
        self.appended.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Read the pieces no core has claimed, in order, until none is left.
    /// A piece whose reading fails is left to [`InPieces::append`], which
    /// reads it again (and fails as a single pass would).
    pub fn read_ahead(&self) {
        loop {
            let piece = self.next.fetch_add(1, Ordering::AcqRel);
            if piece >= self.cuts.len() - 1 {
                return;
            }
            let read = self.read_alone(piece);
            self.slots()[piece] = Some(read);
            self.done.notify_all();
        }
    }

    /// Append the next piece to `doc`: `false` once every piece is.
    pub fn append(&self, doc: &mut Document) -> bool {
        let (piece, pos) = *self.state();
        if piece >= self.cuts.len() - 1 {
            doc.lines.shrink_to_fit();
            return false;
        }
        let start = self.cuts[piece];
        let claimed_here = self
            .next
            .compare_exchange(piece, piece + 1, Ordering::AcqRel, Ordering::Acquire)
            .is_ok();
        let end = if claimed_here || pos != start {
            // Read here: unclaimed, or an item before it ran into it.
            if pos >= self.cuts[piece + 1] {
                pos
            } else {
                self.read_piece(piece, pos.max(start), doc)
            }
        } else {
            // Another core claimed it: it is being read, or has been.
            let mut slots = self.slots();
            loop {
                match slots[piece].take() {
                    Some(Ok((rest, end))) => {
                        drop(slots);
                        doc.append(rest);
                        break end;
                    }
                    Some(Err(())) => {
                        drop(slots);
                        break self.read_piece(piece, start, doc);
                    }
                    None => slots = self.done.wait(slots).unwrap_or_else(|e| e.into_inner()),
                }
            }
        };
        *self.state() = (piece + 1, end);
        true
    }
}

#[cfg(test)]
thread_local! {
    /// The size of the pieces [`InPieces::new`] cuts on this thread, when a
    /// test sets one: any text is then read in pieces.
    static TEST_PIECE: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
}

/// Run `f` with every text this thread reads through [`InPieces::new`]
/// read in pieces of about `size` bytes.
#[cfg(test)]
pub(crate) fn with_pieces_of<T>(size: usize, f: impl FnOnce() -> T) -> T {
    TEST_PIECE.with(|p| p.set(Some(size)));
    let out = f();
    TEST_PIECE.with(|p| p.set(None));
    out
}

/// Read `source` in pieces, one after another, as a reader fed by
/// [`InPieces`] gets it: for the differential tests, which hold that it is
/// what a single pass reads.
#[cfg(any(test, feature = "internals"))]
pub fn parse_in_pieces(
    source: &str,
    lint_code_blocks: bool,
    parts: Option<&[usize]>,
    size: usize,
) -> Document {
    let Some(pieces) = InPieces::sized(source, lint_code_blocks, parts, size) else {
        return match parts {
            Some(parts) => parse_apart(source, lint_code_blocks, parts),
            None => parse_with(source, lint_code_blocks),
        };
    };
    let mut doc = pieces.first();
    // Every other piece read ahead, as another core would.
    let ahead = || pieces.read_ahead();
    std::thread::scope(|s| {
        s.spawn(ahead);
        while pieces.append(&mut doc) {}
    });
    doc
}

/// Where to cut a text read in two halves: the start of the first line
/// after a blank line past the middle (no marker runs across a blank line),
/// else of the first line past the middle.
fn split_point(source: &str, from: usize) -> Option<usize> {
    line_start_near(source, from + (source.len() - from) / 2, 64 * 1024)
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
