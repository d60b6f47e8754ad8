//! Byte offsets to line and column numbers.

use serde::Serialize;

/// A place in a file: 1-based line, 1-based column counted in Unicode
/// scalar values, and the 0-based byte offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Position {
    pub line: usize,
    pub column: usize,
    pub offset: usize,
}

/// The start of every line of a text, built once per file.
pub struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
    /// Count columns in bytes (session logs: escapes as written).
    bytes: bool,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex {
            text,
            starts,
            bytes: false,
        }
    }

    /// The same, counting columns in bytes of the raw line.
    pub fn with_byte_columns(text: &'a str) -> Self {
        LineIndex {
            bytes: true,
            ..LineIndex::new(text)
        }
    }

    pub fn position(&self, offset: usize) -> Position {
        let offset = offset.min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let column = match self.bytes {
            true => offset - start,
            false => self
                .text
                .get(start..offset)
                .map_or(offset - start, |s| s.chars().count()),
        } + 1;
        Position {
            line: line + 1,
            column,
            offset,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_characters() {
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
        // `→` is three bytes, one column.
        assert_eq!(
            idx.position(6),
            Position {
                line: 2,
                column: 2,
                offset: 6
            }
        );
        assert_eq!(
            idx.position(8),
            Position {
                line: 3,
                column: 1,
                offset: 8
            }
        );
    }
}
