//! The packed line storage: every line of a document in a fixed-size row,
//! with leads and inline items in shared tables.

use super::{CardEmoji, Inline, Lead, Line, LineData, LineKind, Span};

/// Every line of a document, stored compactly: an 8-byte row per line and
/// where its inline items start, with the lines that have a lead or inline
/// items, or fields too large for their row, pointing into shared tables. Memory grows with the number of lines, not with what the
/// lines hold, and stays a fraction of the text's size (docs/robustness.md).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Lines {
    rows: Vec<Row>,
    /// Each line's first item in `inlines`, beside its row: let go with
    /// the items.
    inline_starts: Vec<u32>,
    /// The leads of the lines that have one, in line order.
    leads: Vec<PackedLead>,
    /// For each block of 64 lines, how many leads come before it: a line's
    /// lead is found among at most 64, not among all.
    lead_blocks: Vec<u32>,
    /// The inline items of every line, in line order.
    pub(super) inlines: Vec<Inline>,
    /// Exact values for the rows whose small fields overflowed, in line
    /// order.
    wide: Vec<Wide>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Row {
    start: u32,
    /// Bits 0–2 the kind, 3–6 the flags. Then, in a row whose values fit:
    /// 7–9 the detail (a heading's level, a list item's `ordered`), 10–14
    /// the indent, 15–21 where the content starts from `start`, 22–31 the
    /// length. A frame, a line of 1 KB or more and other values too large
    /// for their bits have flag `WIDE`, and bits 7–31 hold the index of
    /// their values in `Lines::wide` (`WIDE_SEARCH`: look it up by line).
    packed: u32,
}

/// A row's values, whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Wide {
    line: u32,
    content: u32,
    indent: u32,
    detail: u32,
    len: u32,
}

/// Lines per block of `Lines::lead_blocks`.
const LEAD_BLOCK: usize = 64;

const QUOTED: u32 = 1 << 3;
const IN_FENCE: u32 = 1 << 4;
const HAS_LEAD: u32 = 1 << 5;
const WIDE: u32 = 1 << 6;
const DETAIL_SHIFT: u32 = 7;
const DETAIL_MAX: usize = 0b111;
const INDENT_SHIFT: u32 = 10;
const INDENT_MAX: usize = 0b1_1111;
const CONTENT_SHIFT: u32 = 15;
const CONTENT_MAX: usize = 0b111_1111;
const LEN_SHIFT: u32 = 22;
const LEN_MAX: usize = (1 << 10) - 1;
const WIDE_SHIFT: u32 = 7;
/// A wide row whose entry's index does not fit in its bits: the entry is
/// found by its line number.
const WIDE_SEARCH: usize = (1 << 25) - 1;

/// A [`Lead`] with 32-bit offsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PackedLead {
    line: u32,
    kind: u8,
    a: u32,
    b: u32,
    c: u32,
    d: u32,
}

impl PackedLead {
    fn pack(line: u32, lead: &Lead) -> PackedLead {
        let n = |x: usize| narrow(x);
        let (kind, a, b, c, d) = match lead {
            Lead::CardHeader { emoji } => (0, *emoji as u32, 0, 0, 0),
            Lead::Phase { number, span } => (1, *number, n(span.start), n(span.end), 0),
            Lead::Label { text, span } => {
                (2, n(text.start), n(text.end), n(span.start), n(span.end))
            }
            Lead::Arrow { name, span } => {
                (3, n(name.start), n(name.end), n(span.start), n(span.end))
            }
            Lead::Comment { text, span } => {
                (4, n(text.start), n(text.end), n(span.start), n(span.end))
            }
        };
        PackedLead {
            line,
            kind,
            a,
            b,
            c,
            d,
        }
    }

    fn unpack(&self) -> Lead {
        let (a, b, c, d) = (
            self.a as usize,
            self.b as usize,
            self.c as usize,
            self.d as usize,
        );
        match self.kind {
            0 => Lead::CardHeader {
                emoji: match self.a {
                    1 => CardEmoji::Alert,
                    2 => CardEmoji::Board,
                    _ => CardEmoji::Standard,
                },
            },
            1 => Lead::Phase {
                number: self.a,
                span: b..c,
            },
            2 => Lead::Label {
                text: a..b,
                span: c..d,
            },
            3 => Lead::Arrow {
                name: a..b,
                span: c..d,
            },
            _ => Lead::Comment {
                text: a..b,
                span: c..d,
            },
        }
    }
}

fn narrow(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl Lines {
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The line at `index`; panics when there is none, like a slice.
    pub fn get(&self, index: usize) -> Line<'_> {
        let row = self.rows[index];
        let start = row.start as usize;
        let end = start + self.line_len(index);
        let first = self.inline_starts.get(index).map_or(0, |&n| n as usize);
        let last = self
            .inline_starts
            .get(index + 1)
            .map_or(self.inlines.len(), |&n| n as usize);
        let p = row.packed;
        let lead = (p & HAS_LEAD != 0)
            .then(|| {
                let block = index / LEAD_BLOCK;
                let from = self.lead_blocks[block] as usize;
                let to = self
                    .lead_blocks
                    .get(block + 1)
                    .map_or(self.leads.len(), |&n| n as usize);
                let near = &self.leads[from..to];
                let at = near.partition_point(|l| (l.line as usize) < index);
                near.get(at).map(PackedLead::unpack)
            })
            .flatten();
        let (content, indent, detail) = if p & WIDE != 0 {
            let w = self.wide(index);
            (w.content as usize, w.indent as usize, w.detail as usize)
        } else {
            (
                (p >> CONTENT_SHIFT) as usize & CONTENT_MAX,
                (p >> INDENT_SHIFT) as usize & INDENT_MAX,
                (p >> DETAIL_SHIFT) as usize & DETAIL_MAX,
            )
        };
        Line {
            span: start..end,
            kind: match p & 0b111 {
                0 => LineKind::Blank,
                1 => LineKind::Frame { width: detail },
                2 => LineKind::Heading {
                    level: detail as u8,
                },
                3 => LineKind::ListItem {
                    ordered: detail != 0,
                },
                _ => LineKind::Plain,
            },
            indent,
            quoted: p & QUOTED != 0,
            lead,
            content: (start + content).min(end)..end,
            inlines: self.inlines.get(first..last).unwrap_or_default(),
            in_fence: p & IN_FENCE != 0,
        }
    }

    /// The line's span alone, without building the whole line.
    pub fn span(&self, index: usize) -> Span {
        let row = self.rows[index];
        row.start as usize..row.start as usize + self.line_len(index)
    }

    /// The line's length in bytes, without its terminator.
    fn line_len(&self, index: usize) -> usize {
        let p = self.rows[index].packed;
        if p & WIDE != 0 {
            self.wide(index).len as usize
        } else {
            (p >> LEN_SHIFT) as usize
        }
    }

    /// The values of a row with flag `WIDE`.
    fn wide(&self, index: usize) -> &Wide {
        let at = (self.rows[index].packed >> WIDE_SHIFT) as usize;
        if at < WIDE_SEARCH {
            return &self.wide[at];
        }
        &self.wide[self.wide.partition_point(|w| (w.line as usize) < index)]
    }

    /// The line's kind alone, without building the whole line.
    pub fn kind(&self, index: usize) -> LineKind {
        let p = self.rows[index].packed;
        match p & 0b111 {
            0 => LineKind::Blank,
            1..=3 => self.get(index).kind,
            _ => LineKind::Plain,
        }
    }

    /// The index of the line holding a byte offset (the last line that
    /// starts at or before it).
    pub fn index_of(&self, offset: usize) -> usize {
        self.rows
            .partition_point(|r| r.start as usize <= offset)
            .saturating_sub(1)
    }

    /// Room for every line of `source`, counted with a fast scan for line
    /// ends, so that the rows are allocated once rather than doubled.
    pub(super) fn reserve(&mut self, source: &str) {
        let lines = memchr::memchr_iter(b'\n', source.as_bytes()).count() + 1;
        self.rows.reserve_exact(lines);
        self.inline_starts.reserve_exact(lines);
    }

    /// Add the lines of a text read from where these end.
    pub(super) fn append(&mut self, rest: Lines) {
        let row_base = self.rows.len();
        let inline_base = self.inlines.len();
        let wide_base = self.wide.len();
        self.rows.extend(rest.rows.iter().map(|r| {
            if r.packed & WIDE == 0 {
                return *r;
            }
            let at = (r.packed >> WIDE_SHIFT) as usize;
            let at = if at < WIDE_SEARCH {
                (at + wide_base).min(WIDE_SEARCH)
            } else {
                WIDE_SEARCH
            };
            Row {
                packed: r.packed & ((1 << WIDE_SHIFT) - 1) | (at as u32) << WIDE_SHIFT,
                ..*r
            }
        }));
        self.inline_starts.extend(
            rest.inline_starts
                .iter()
                .map(|&n| narrow(n as usize + inline_base)),
        );
        self.leads.extend(rest.leads.iter().map(|l| PackedLead {
            line: narrow(l.line as usize + row_base),
            ..*l
        }));
        self.wide.extend(rest.wide.iter().map(|w| Wide {
            line: narrow(w.line as usize + row_base),
            ..*w
        }));
        self.inlines.extend(rest.inlines);
        // The lead counts of the blocks that start among the added lines.
        for block in row_base.div_ceil(LEAD_BLOCK)..self.rows.len().div_ceil(LEAD_BLOCK) {
            let before = self
                .leads
                .partition_point(|l| (l.line as usize) < block * LEAD_BLOCK);
            self.lead_blocks.push(narrow(before));
        }
    }

    /// Let go of every line's inline items: lines read afterwards have
    /// none. The transcript model does this once it has read them
    /// (`model::LineStarts` keeps what rules need).
    pub fn release_inlines(&mut self) {
        self.inlines = Vec::new();
        self.inline_starts = Vec::new();
    }

    /// Give back what the tables' growth left unused.
    pub(super) fn shrink_to_fit(&mut self) {
        self.rows.shrink_to_fit();
        self.inline_starts.shrink_to_fit();
        self.leads.shrink_to_fit();
        self.lead_blocks.shrink_to_fit();
        self.inlines.shrink_to_fit();
        self.wide.shrink_to_fit();
    }

    /// Every line's lead, with the line's index, in line order.
    pub fn leads(&self) -> impl Iterator<Item = (usize, Lead)> + '_ {
        self.leads.iter().map(|l| (l.line as usize, l.unpack()))
    }

    pub fn first(&self) -> Option<Line<'_>> {
        (!self.is_empty()).then(|| self.get(0))
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Line<'_>> + ExactSizeIterator + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// Push a line whose inline items were pushed into the table already,
    /// from `inline_start` on.
    pub(super) fn push_after_items(&mut self, line: LineData, inline_start: usize) {
        self.push(line);
        if let Some(first) = self.inline_starts.last_mut() {
            *first = narrow(inline_start);
        }
    }

    pub(super) fn push(&mut self, line: LineData) {
        let index = narrow(self.rows.len());
        if self.rows.len().is_multiple_of(LEAD_BLOCK) {
            self.lead_blocks.push(narrow(self.leads.len()));
        }
        let (kind, detail) = match line.kind {
            LineKind::Blank => (0, 0),
            LineKind::Frame { width } => (1, width),
            LineKind::Heading { level } => (2, usize::from(level)),
            LineKind::ListItem { ordered } => (3, usize::from(ordered)),
            LineKind::Plain => (4, 0),
        };
        let content = line.content.start.saturating_sub(line.span.start);
        let mut packed: u32 = kind;
        if line.quoted {
            packed |= QUOTED;
        }
        if line.in_fence {
            packed |= IN_FENCE;
        }
        if let Some(lead) = &line.lead {
            packed |= HAS_LEAD;
            self.leads.push(PackedLead::pack(index, lead));
        }
        let len = line.span.len();
        let fits = content <= CONTENT_MAX
            && line.indent <= INDENT_MAX
            && detail <= DETAIL_MAX
            && len <= LEN_MAX
            && !matches!(line.kind, LineKind::Frame { .. });
        if fits {
            packed |= (content as u32) << CONTENT_SHIFT
                | (line.indent as u32) << INDENT_SHIFT
                | (detail as u32) << DETAIL_SHIFT
                | (len as u32) << LEN_SHIFT;
        } else {
            packed |= WIDE | (self.wide.len().min(WIDE_SEARCH) as u32) << WIDE_SHIFT;
            self.wide.push(Wide {
                line: index,
                content: narrow(content),
                indent: narrow(line.indent),
                detail: narrow(detail),
                len: narrow(len),
            });
        }
        self.rows.push(Row {
            start: narrow(line.span.start),
            packed,
        });
        self.inline_starts.push(narrow(self.inlines.len()));
        // `reserve` first: a line with millions of items grows the table
        // once to fit, not by doubling.
        self.inlines.reserve(line.inlines.len());
        self.inlines.extend(line.inlines);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field of every line comes back from the compact table as it
    /// went in, small and overflowing values alike, whether the table was
    /// filled in one pass or in two halves appended, and whether a wide
    /// row's values are found by index or by line.
    #[test]
    fn lines_round_trip_through_the_compact_table() {
        let lead_kinds = [
            None,
            Some(Lead::CardHeader {
                emoji: CardEmoji::Board,
            }),
            Some(Lead::Phase {
                number: 3,
                span: 5..14,
            }),
            Some(Lead::Label {
                text: 7..10,
                span: 6..12,
            }),
            Some(Lead::Arrow {
                name: 70_000..70_003,
                span: 70_000..70_010,
            }),
            Some(Lead::Comment {
                text: 4..9,
                span: 0..12,
            }),
        ];
        let kinds = [
            LineKind::Blank,
            LineKind::Frame { width: 40 },
            LineKind::Frame { width: 300 },
            LineKind::Heading { level: 6 },
            LineKind::ListItem { ordered: true },
            LineKind::ListItem { ordered: false },
            LineKind::Plain,
        ];
        let mut expected = Vec::new();
        let mut lines = Lines::default();
        let mut halves = (Lines::default(), Lines::default());
        let mut start = 0;
        for (n, kind) in kinds.iter().cycle().take(140).enumerate() {
            let len = [0, 12, LEN_MAX, LEN_MAX + 1, 80_000][n % 5];
            let indent = [0, 4, INDENT_MAX, INDENT_MAX + 1, 1_000, 31][n % 6];
            let content = start + [0, 3, CONTENT_MAX, CONTENT_MAX + 1, 70_000][n % 5].min(len);
            let data = LineData {
                span: start..start + len,
                kind: *kind,
                indent,
                quoted: n % 2 == 0,
                lead: lead_kinds[n % lead_kinds.len()].clone(),
                content: content..start + len,
                inlines: (0..n % 3)
                    .map(|k| Inline::CodeSpan {
                        span: start + k..start + k + 1,
                    })
                    .collect(),
                in_fence: n % 3 == 0,
            };
            expected.push((
                data.span.clone(),
                data.kind,
                data.indent,
                data.quoted,
                data.lead.clone(),
                data.content.clone(),
                data.inlines.clone(),
                data.in_fence,
            ));
            if n < 70 {
                halves.0.push(clone(&data));
            } else {
                halves.1.push(clone(&data));
            }
            lines.push(data);
            start += len + 1;
        }
        let mut appended = halves.0;
        appended.append(halves.1);
        assert_eq!(appended, lines, "two halves appended");
        let mut searched = Lines {
            rows: lines.rows.clone(),
            inline_starts: lines.inline_starts.clone(),
            leads: lines.leads.clone(),
            lead_blocks: lines.lead_blocks.clone(),
            inlines: lines.inlines.clone(),
            wide: lines.wide.clone(),
        };
        let mut wide_rows = 0;
        for row in &mut searched.rows {
            if row.packed & WIDE != 0 {
                row.packed |= (WIDE_SEARCH as u32) << WIDE_SHIFT;
                wide_rows += 1;
            }
        }
        assert!(wide_rows > 20, "{wide_rows} wide rows");
        assert_eq!(lines.len(), expected.len());
        for (i, e) in expected.iter().enumerate() {
            assert_eq!(searched.get(i), lines.get(i), "line {i} found by line");
            let l = lines.get(i);
            let got = (
                l.span,
                l.kind,
                l.indent,
                l.quoted,
                l.lead,
                l.content,
                l.inlines.to_vec(),
                l.in_fence,
            );
            assert_eq!(&got, e, "line {i}");
        }
        assert_eq!(lines.index_of(0), 0);
        assert_eq!(lines.index_of(1), 1);
    }

    fn clone(data: &LineData) -> LineData {
        LineData {
            span: data.span.clone(),
            kind: data.kind,
            indent: data.indent,
            quoted: data.quoted,
            lead: data.lead.clone(),
            content: data.content.clone(),
            inlines: data.inlines.clone(),
            in_fence: data.in_fence,
        }
    }
}
