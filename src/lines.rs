//! Byte offsets to line and column numbers.

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
    /// Code points before every [`BLOCK`]-byte boundary, built on first use,
    /// so that a code-point column costs at most one block's scan, however
    /// long its line.
    blocks: std::sync::OnceLock<Vec<usize>>,
}

const BLOCK: usize = 128;

/// Columns up to this many bytes into their line are counted directly: no
/// more than the block index may read for one (the bytes before the column
/// and before its line's start in their blocks). A column further in is
/// read from the index, so that a long line with many findings is not
/// counted again for each.
const DIRECT: usize = 2 * BLOCK;

/// Code points in a run of bytes: the bytes that do not continue one.
fn code_points(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        LineIndex {
            text,
            starts,
            blocks: std::sync::OnceLock::new(),
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
        let offset = offset.min(self.text.len());
        let start = self.starts[self.line_of(offset)];
        let mut at = offset;
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        // Most lines are short: count their code points directly, and build
        // the block index only for a column far into a long line.
        if at - start <= DIRECT {
            return code_points(&self.text.as_bytes()[start..at]) + 1;
        }
        self.code_points_before(at) - self.code_points_before(start) + 1
    }

    fn code_points_before(&self, at: usize) -> usize {
        let bytes = self.text.as_bytes();
        let blocks = self.blocks.get_or_init(|| {
            let mut total = 0;
            let mut out = vec![0];
            for chunk in bytes.chunks(BLOCK) {
                total += code_points(chunk);
                out.push(total);
            }
            out
        });
        let block = at / BLOCK;
        blocks[block] + code_points(&bytes[block * BLOCK..at])
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
        let mut column = 1;
        for c in text.chars() {
            columns.extend(std::iter::repeat_n(column, c.len_utf8()));
            column = if c == '\n' { 1 } else { column + 1 };
        }
        columns.push(column);
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
