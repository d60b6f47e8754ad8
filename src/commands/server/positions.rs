//! Positions between the protocol and the engine: the encoding the client
//! and the server agree on (`positionEncoding`: UTF-8 bytes, UTF-16 code
//! units, the protocol's default, or code points), and byte spans to ranges
//! and back in it.

use lsp_types::{Position, PositionEncodingKind, Range, TextEdit};

use crate::lines::{LineIndex, Unit};
use crate::syntax::Span;

/// The position encoding agreed: UTF-8 when the client offers it (a
/// column is then a byte count, what the engine has), else UTF-16, else
/// UTF-32 when that alone is offered.
pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> (Unit, PositionEncodingKind) {
    let offered = offered.unwrap_or_default();
    for (kind, unit) in [
        (PositionEncodingKind::UTF8, Unit::Byte),
        (PositionEncodingKind::UTF16, Unit::Utf16),
        (PositionEncodingKind::UTF32, Unit::CodePoint),
    ] {
        if offered.contains(&kind) {
            return (unit, kind);
        }
    }
    (Unit::Utf16, PositionEncodingKind::UTF16)
}

/// The bytes a range covers, or why it covers none.
pub fn span_of(index: &LineIndex<'_>, range: Range, unit: Unit) -> Result<Span, String> {
    let start = offset_of(index, range.start, unit);
    let end = offset_of(index, range.end, unit);
    if (range.end.line, range.end.character) < (range.start.line, range.start.character) {
        return Err(format!(
            "the range {}:{}-{}:{} ends before it starts",
            range.start.line, range.start.character, range.end.line, range.end.character
        ));
    }
    Ok(start..end.max(start))
}

pub fn offset_of(index: &LineIndex<'_>, position: Position, unit: Unit) -> usize {
    index.offset_at(position.line as usize, position.character as usize, unit)
}

pub fn position_of(index: &LineIndex<'_>, offset: usize, unit: Unit) -> Position {
    let line = index.line_of(offset);
    let column = index.column(offset, unit) - 1;
    Position::new(to_u32(line), to_u32(column))
}

pub fn range_of(index: &LineIndex<'_>, span: &Span, unit: Unit) -> Range {
    Range::new(
        position_of(index, span.start, unit),
        position_of(index, span.end.max(span.start), unit),
    )
}

/// An edit replacing `span` of the indexed text.
pub fn edit(index: &LineIndex<'_>, span: &Span, text: String, unit: Unit) -> TextEdit {
    TextEdit::new(range_of(index, span, unit), text)
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_is_preferred_then_utf16() {
        let both = [PositionEncodingKind::UTF16, PositionEncodingKind::UTF8];
        assert_eq!(negotiate(Some(&both)).0, Unit::Byte);
        assert_eq!(negotiate(Some(&both[..1])).0, Unit::Utf16);
        assert_eq!(negotiate(None).1, PositionEncodingKind::UTF16);
        assert_eq!(
            negotiate(Some(&[PositionEncodingKind::UTF32])).0,
            Unit::CodePoint
        );
        assert_eq!(
            negotiate(Some(&[PositionEncodingKind::new("utf-7")])).0,
            Unit::Utf16
        );
    }

    #[test]
    fn spans_become_ranges_in_utf16() {
        let text = "é😀x\nab";
        let index = LineIndex::new(text);
        let range = range_of(&index, &(6..7), Unit::Utf16);
        assert_eq!(range, Range::new(Position::new(0, 3), Position::new(0, 4)));
        let range = range_of(&index, &(8..10), Unit::Byte);
        assert_eq!(range, Range::new(Position::new(1, 0), Position::new(1, 2)));
        assert_eq!(offset_of(&index, Position::new(0, 3), Unit::Utf16), 6);
    }
}
