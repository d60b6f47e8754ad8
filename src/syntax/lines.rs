//! The packed line storage: every line of a document in a fixed-size row,
//! with leads and inline items in shared tables.

use super::{CardEmoji, Inline, Lead, Line, LineData, LineKind, Span};

/// Every line of a document, stored compactly: a fixed 12-byte row per
/// line and where its inline items start, with the lines that have a lead or inline items pointing into
/// shared tables. Memory grows with the number of lines, not with what the
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
    /// order: (line, content offset, indent, detail).
    wide: Vec<(u32, u32, u32, u32)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Row {
    start: u32,
    len: u32,
    /// Bits 0–2 the kind, 3–6 the flags, 7–9 the detail (a heading's level,
    /// a list item's `ordered`), 10–16 the indent, 17–31 where the content
    /// starts from `start`. A frame's width and values too large for their
    /// bits are in `Lines::wide` (flag `WIDE`).
    packed: u32,
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
const INDENT_MAX: usize = 0b111_1111;
const CONTENT_SHIFT: u32 = 17;
const CONTENT_MAX: usize = (1 << 15) - 1;

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
        let end = start + row.len as usize;
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
            let at = self.wide.partition_point(|w| (w.0 as usize) < index);
            let (_, c, i, d) = self.wide[at];
            (c as usize, i as usize, d as usize)
        } else {
            (
                (p >> CONTENT_SHIFT) as usize,
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
        row.start as usize..row.start as usize + row.len as usize
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
        let lines = source.bytes().filter(|&b| b == b'\n').count() + 1;
        self.rows.reserve_exact(lines);
        self.inline_starts.reserve_exact(lines);
    }

    /// Add the lines of a text read from where these end.
    pub(super) fn append(&mut self, rest: Lines) {
        let row_base = self.rows.len();
        let inline_base = self.inlines.len();
        self.rows.extend_from_slice(&rest.rows);
        self.inline_starts.extend(
            rest.inline_starts
                .iter()
                .map(|&n| narrow(n as usize + inline_base)),
        );
        self.leads.extend(rest.leads.iter().map(|l| PackedLead {
            line: narrow(l.line as usize + row_base),
            ..*l
        }));
        self.wide.extend(
            rest.wide
                .iter()
                .map(|w| (narrow(w.0 as usize + row_base), w.1, w.2, w.3)),
        );
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
        let fits = content <= CONTENT_MAX
            && line.indent <= INDENT_MAX
            && detail <= DETAIL_MAX
            && !matches!(line.kind, LineKind::Frame { .. });
        if fits {
            packed |= (content as u32) << CONTENT_SHIFT
                | (line.indent as u32) << INDENT_SHIFT
                | (detail as u32) << DETAIL_SHIFT;
        } else {
            packed |= WIDE;
            self.wide
                .push((index, narrow(content), narrow(line.indent), narrow(detail)));
        }
        self.rows.push(Row {
            start: narrow(line.span.start),
            len: narrow(line.span.len()),
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
    /// went in, small and overflowing values alike.
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
        let mut start = 0;
        for (n, kind) in kinds.iter().cycle().take(60).enumerate() {
            let len = [0, 12, 80_000][n % 3];
            let indent = [0, 4, 254, 255, 1_000][n % 5];
            let content = start + [0, 3, 65_534, 65_535, 70_000][n % 5].min(len);
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
            lines.push(data);
            start += len + 1;
        }
        assert_eq!(lines.len(), expected.len());
        for (i, e) in expected.iter().enumerate() {
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
        assert_eq!(lines.index_of(13), 1);
    }
}
