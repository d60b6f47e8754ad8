//! Byte offsets to line and column numbers, and back: columns counted in
//! bytes, in UTF-16 code units (the Language Server Protocol's default) or
//! in code points.

use std::collections::HashMap;

use schemars::JsonSchema;
use serde::Serialize;

/// A place in a file: 1-based line, 1-based column counted in bytes of the
/// raw line, and the 0-based byte offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, JsonSchema)]
pub struct Position {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in bytes of the raw line.
    pub column: usize,
    /// 0-based byte offset from the start of the file.
    pub offset: usize,
}

/// The start of every line of a text, built once per file.
pub struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
    /// For each long line a column far into which was asked for: the code
    /// points and UTF-16 code units before each [`BLOCK`]-byte boundary of
    /// the line up to the furthest column asked for, so that a column costs
    /// at most one block's scan and the blocks it adds, however long its
    /// line: a byte of a line is counted once however many columns are
    /// asked for on it. Only the lines with such columns are counted, and
    /// only as far as those columns.
    blocks: std::sync::Mutex<HashMap<usize, Vec<Counts>>>,
}

/// What a column counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Bytes of UTF-8.
    Byte,
    /// UTF-16 code units: two for a character outside the Basic
    /// Multilingual Plane, one for any other.
    Utf16,
    /// Unicode code points (UTF-32 code units).
    CodePoint,
}

/// Code points and UTF-16 code units in a run of bytes.
#[derive(Debug, Clone, Copy, Default)]
struct Counts {
    code_points: usize,
    utf16: usize,
}

impl Counts {
    fn of(bytes: &[u8]) -> Counts {
        // Counted 32 bytes at a time into byte-wide sums (at most 32 each),
        // each a sum of its own over the chunk, which compiles to vector
        // compares and adds, then the rest. A byte that is no continuation
        // byte (0x80 to 0xBF) starts a code point: as a signed byte, -64 or
        // more.
        let (mut code_points, mut astral) = (0usize, 0usize);
        let mut chunks = bytes.chunks_exact(32);
        for chunk in &mut chunks {
            // ASCII, most of a log: 32 code points.
            if chunk.iter().fold(0, |any, &b| any | b) < 0x80 {
                code_points += 32;
                continue;
            }
            let c: u8 = chunk.iter().map(|&b| u8::from(b as i8 >= -64)).sum();
            let a: u8 = chunk.iter().map(|&b| u8::from(b >= 0xF0)).sum();
            code_points += usize::from(c);
            astral += usize::from(a);
        }
        for &b in chunks.remainder() {
            code_points += usize::from(b as i8 >= -64);
            astral += usize::from(b >= 0xF0);
        }
        // A four-byte sequence (a lead byte of 0xF0 or above) is two UTF-16
        // units: a surrogate pair.
        Counts {
            code_points,
            utf16: code_points + astral,
        }
    }

    fn get(self, unit: Unit) -> usize {
        match unit {
            Unit::Byte => unreachable!("bytes are counted by subtraction"),
            Unit::Utf16 => self.utf16,
            Unit::CodePoint => self.code_points,
        }
    }
}

const BLOCK: usize = 128;

/// Columns up to this many bytes into their line are counted directly: no
/// more than the block index may read for one. A column further in is read
/// from the index, so that a long line with many findings is not counted
/// again for each.
const DIRECT: usize = 2 * BLOCK;

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> Self {
        let mut starts = vec![0];
        crate::parallel::line_feeds_after(text.as_bytes(), &mut starts);
        LineIndex {
            text,
            starts,
            blocks: Default::default(),
        }
    }

    /// How many lines the text has: one more than its newlines.
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The 0-based line that holds `offset`; an offset past the end is on
    /// the last line.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset) - 1
    }

    /// Where 0-based `line` starts; the end of the text for a line past the
    /// last.
    pub fn line_start(&self, line: usize) -> usize {
        self.starts.get(line).copied().unwrap_or(self.text.len())
    }

    /// Where 0-based `line` ends, before its newline; the end of the text
    /// for the last line.
    pub fn line_end(&self, line: usize) -> usize {
        self.starts
            .get(line + 1)
            .map_or(self.text.len(), |&next| next - 1)
    }

    pub fn position(&self, offset: usize) -> Position {
        let offset = offset.min(self.text.len());
        let line = self.line_of(offset);
        let start = self.starts[line];
        Position {
            line: line + 1,
            column: offset - start + 1,
            offset,
        }
    }

    /// The 1-based column of `offset` counted in Unicode code points, for
    /// formats that cannot express byte columns (SARIF).
    pub fn code_point_column(&self, offset: usize) -> usize {
        self.column(offset, Unit::CodePoint)
    }

    /// The 1-based column of `offset` counted in `unit`; an offset inside a
    /// character counts as that character's start.
    pub fn column(&self, offset: usize, unit: Unit) -> usize {
        let offset = offset.min(self.text.len());
        let line = self.line_of(offset);
        let start = self.starts[line];
        let mut at = offset;
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        if unit == Unit::Byte {
            return at - start + 1;
        }
        // Most lines are short: count their characters directly, and build
        // the block index only for a column far into a long line.
        if at - start <= DIRECT {
            return Counts::of(&self.text.as_bytes()[start..at]).get(unit) + 1;
        }
        self.before(line, at).get(unit) + 1
    }

    /// The byte offset `units` of `unit` into 0-based `line`: the inverse
    /// of [`LineIndex::column`] (less one). A line past the last is the end
    /// of the text; a count past the line's end is its end, before its
    /// `\r\n` or `\n`; a count that falls inside a character (half of a
    /// surrogate pair) is that character's start.
    pub fn offset_at(&self, line: usize, units: usize, unit: Unit) -> usize {
        if line >= self.starts.len() {
            return self.text.len();
        }
        let start = self.starts[line];
        let mut end = self.line_end(line);
        if self.text.as_bytes()[start..end].ends_with(b"\r") {
            end -= 1;
        }
        let text = &self.text[start..end];
        if unit == Unit::Byte {
            let mut at = units.min(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            return start + at;
        }
        let mut counted = 0;
        for (i, c) in text.char_indices() {
            let width = match unit {
                Unit::Utf16 => c.len_utf16(),
                _ => 1,
            };
            if counted + width > units {
                return start + i;
            }
            counted += width;
        }
        end
    }

    /// Code points and UTF-16 units from the start of 0-based `line` to
    /// byte `at` of the text, a character boundary on that line.
    fn before(&self, line: usize, at: usize) -> Counts {
        let start = self.starts[line];
        let bytes = &self.text.as_bytes()[start..self.line_end(line)];
        let at = at - start;
        let block = at / BLOCK;
        let base = {
            let mut lines = self.blocks.lock().unwrap_or_else(|e| e.into_inner());
            let sums = lines.entry(line).or_insert_with(|| vec![Counts::default()]);
            // The blocks before `at` are whole blocks of the line.
            while sums.len() <= block {
                let k = sums.len() - 1;
                let c = Counts::of(&bytes[k * BLOCK..(k + 1) * BLOCK]);
                let total = sums[k];
                sums.push(Counts {
                    code_points: total.code_points + c.code_points,
                    utf16: total.utf16 + c.utf16,
                });
            }
            sums[block]
        };
        let rest = Counts::of(&bytes[block * BLOCK..at]);
        Counts {
            code_points: base.code_points + rest.code_points,
            utf16: base.utf16 + rest.utf16,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_bytes() {
        let idx = LineIndex::new("ab\n→x\n");
        assert_eq!(
            idx.position(0),
            Position {
                line: 1,
                column: 1,
                offset: 0
            }
        );
        assert_eq!(
            idx.position(3),
            Position {
                line: 2,
                column: 1,
                offset: 3
            }
        );
        // `→` is three bytes: three columns.
        assert_eq!(
            idx.position(6),
            Position {
                line: 2,
                column: 4,
                offset: 6
            }
        );
        assert_eq!(idx.code_point_column(6), 2);
        assert_eq!(idx.code_point_column(4), 1);
        assert_eq!(
            idx.position(8),
            Position {
                line: 3,
                column: 1,
                offset: 8
            }
        );
    }

    #[test]
    fn code_point_columns_across_blocks_match_counting() {
        let text = format!("é→x\n{}\n{}ab", "aé→".repeat(700), "→".repeat(2000));
        let idx = LineIndex::new(&text);
        for at in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
            let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
            assert_eq!(
                idx.code_point_column(at),
                text[start..at].chars().count() + 1,
                "{at}"
            );
        }
        // UTF-16 units, with characters outside the Basic Multilingual
        // Plane, each column asked for once from the end back, then again.
        let text = format!("{}\n{}", "a😀é".repeat(300), "😀→".repeat(500));
        let idx = LineIndex::new(&text);
        let boundaries: Vec<usize> = (0..=text.len())
            .filter(|&i| text.is_char_boundary(i))
            .collect();
        for &at in boundaries.iter().rev().chain(&boundaries) {
            let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
            assert_eq!(
                idx.column(at, Unit::Utf16),
                text[start..at].encode_utf16().count() + 1,
                "{at}"
            );
        }
    }

    #[test]
    fn utf16_columns_count_surrogate_pairs_as_two() {
        // `😀` is four bytes, one code point and two UTF-16 units; `é` is
        // two bytes and one unit.
        let text = "a😀b\r\né😀\r\n";
        let idx = LineIndex::new(text);
        assert_eq!(idx.column(1, Unit::Utf16), 2);
        assert_eq!(idx.column(5, Unit::Utf16), 4);
        assert_eq!(idx.column(5, Unit::CodePoint), 3);
        assert_eq!(idx.column(5, Unit::Byte), 6);
        // Inside the emoji: its start.
        assert_eq!(idx.column(3, Unit::Utf16), 2);
        // The second line: `é` then the emoji.
        assert_eq!(idx.column(10, Unit::Utf16), 2);
        assert_eq!(idx.column(14, Unit::Utf16), 4);
        // And back.
        assert_eq!(idx.offset_at(0, 1, Unit::Utf16), 1);
        assert_eq!(idx.offset_at(0, 3, Unit::Utf16), 5);
        // Half a surrogate pair is the character's start.
        assert_eq!(idx.offset_at(0, 2, Unit::Utf16), 1);
        assert_eq!(idx.offset_at(0, 2, Unit::CodePoint), 5);
        assert_eq!(idx.offset_at(0, 2, Unit::Byte), 2 - 1);
        // Past the line's end: before its CRLF.
        assert_eq!(idx.offset_at(0, 99, Unit::Utf16), 6);
        assert_eq!(idx.offset_at(1, 99, Unit::Utf16), 14);
        assert_eq!(idx.offset_at(1, 99, Unit::Byte), 14);
        // Past the last line: the end of the text.
        assert_eq!(idx.offset_at(2, 0, Unit::Utf16), text.len());
        assert_eq!(idx.offset_at(9, 3, Unit::Utf16), text.len());
    }

    /// Every offset of a text, against lines and columns counted in one
    /// walk over its characters.
    fn check_against_counting(text: &str) -> Result<(), proptest::test_runner::TestCaseError> {
        let idx = LineIndex::new(text);
        let starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        proptest::prop_assert_eq!(idx.line_count(), starts.len());
        for (n, &start) in starts.iter().enumerate() {
            proptest::prop_assert_eq!(idx.line_start(n), start);
            let end = starts.get(n + 1).map_or(text.len(), |&next| next - 1);
            proptest::prop_assert_eq!(idx.line_end(n), end);
        }
        proptest::prop_assert_eq!(idx.line_start(starts.len()), text.len());
        // The code-point column of every byte: that of the character it is
        // part of.
        let mut columns = Vec::with_capacity(text.len() + 1);
        let mut utf16 = Vec::with_capacity(text.len() + 1);
        let (mut column, mut unit) = (1, 1);
        for c in text.chars() {
            columns.extend(std::iter::repeat_n(column, c.len_utf8()));
            utf16.extend(std::iter::repeat_n(unit, c.len_utf8()));
            column = if c == '\n' { 1 } else { column + 1 };
            unit = if c == '\n' { 1 } else { unit + c.len_utf16() };
        }
        columns.push(column);
        utf16.push(unit);
        let mut line = 0;
        for offset in 0..=text.len() + 2 {
            let clamped = offset.min(text.len());
            while starts.get(line + 1).is_some_and(|&s| s <= clamped) {
                line += 1;
            }
            proptest::prop_assert_eq!(idx.line_of(clamped), line);
            proptest::prop_assert_eq!(
                idx.position(offset),
                Position {
                    line: line + 1,
                    column: clamped - starts[line] + 1,
                    offset: clamped,
                }
            );
            proptest::prop_assert_eq!(
                idx.code_point_column(offset),
                columns[clamped],
                "offset {}",
                offset
            );
            proptest::prop_assert_eq!(
                idx.column(offset, Unit::Utf16),
                utf16[clamped],
                "offset {}",
                offset
            );
            // A character's start reads back from its column.
            if text.is_char_boundary(clamped) && !text[starts[line]..clamped].ends_with('\r') {
                for unit in [Unit::Byte, Unit::Utf16, Unit::CodePoint] {
                    let column = idx.column(clamped, unit);
                    proptest::prop_assert_eq!(
                        idx.offset_at(line, column - 1, unit),
                        clamped,
                        "offset {} in {:?}",
                        offset,
                        unit
                    );
                }
            }
        }
        Ok(())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 100, failure_persistence: None, ..Default::default() })]

        /// Lines and columns of short lines and long ones, of ASCII and of
        /// wider characters, match a count from the start of the text.
        #[test]
        fn positions_and_columns_match_counting(
            parts in proptest::collection::vec(
                (
                    proptest::sample::select(&["a", "é", "→", "😀", "\n", "\r\n", " "][..]),
                    proptest::prop_oneof![3 => 1..4usize, 1 => 60..1500usize],
                ),
                0..40,
            ),
        ) {
            let text: String = parts.iter().map(|(piece, n)| piece.repeat(*n)).collect();
            check_against_counting(&text)?;
        }
    }
}
