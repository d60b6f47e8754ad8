//! What each line's content starts with, kept for the rules once the
//! lines' inline items are let go: the items of a large transcript take
//! about as much memory as a third of its text, and after the model is
//! built only these two facts about them are read.

use crate::syntax::{Inline, Line, Span};

/// For every line: does its content start with a marker, and with which
/// bracket, if a bracket.
#[derive(Debug, Default)]
pub struct LineStarts {
    /// One bit a line: its content starts with a marker.
    markers: Vec<u64>,
    /// The lines whose content starts with a bracket that is not a marker
    /// (`[x]`, `[a link](…)`), in line order: (line, span, inner span).
    brackets: Vec<(usize, Span, Span)>,
}

impl LineStarts {
    /// Note what line `index` starts with; lines come in order.
    pub(super) fn record(&mut self, index: usize, line: &Line) {
        let Some(first) = line.inlines.first() else {
            return;
        };
        match first {
            Inline::Marker(m) if m.span.start == line.content.start => {
                let word = index / 64;
                if self.markers.len() <= word {
                    self.markers.resize(word + 1, 0);
                }
                self.markers[word] |= 1 << (index % 64);
            }
            Inline::Bracket { span, inner, .. } if span.start == line.content.start => {
                self.brackets.push((index, span.clone(), inner.clone()));
            }
            _ => {}
        }
    }

    pub(super) fn shrink_to_fit(&mut self) {
        self.markers.shrink_to_fit();
        self.brackets.shrink_to_fit();
    }

    /// Line `index`'s content starts with a marker (`[INVOKE:…]`, a block's
    /// opener or closer, a note).
    pub fn marker(&self, index: usize) -> bool {
        self.markers
            .get(index / 64)
            .is_some_and(|w| w & (1 << (index % 64)) != 0)
    }

    /// The bracket line `index`'s content starts with, and its inner span.
    pub fn bracket(&self, index: usize) -> Option<(&Span, &Span)> {
        let at = self.brackets.partition_point(|b| b.0 < index);
        self.brackets
            .get(at)
            .filter(|b| b.0 == index)
            .map(|(_, span, inner)| (span, inner))
    }
}

#[cfg(test)]
mod tests {
    use crate::settings::Settings;
    use crate::syntax::Inline;

    fn start(x: &Inline) -> usize {
        match x {
            Inline::Marker(m) => m.span.start,
            Inline::BadMarker { span }
            | Inline::CodeSpan { span }
            | Inline::Bracket { span, .. } => span.start,
        }
    }

    /// The same answers as the lines' own inline items, which the model
    /// lets go of.
    #[test]
    fn line_starts_agree_with_the_inline_items() {
        let source = "CFO: [INVOKE:cro|q]\n[RESPONSE:cro]\n- [x] done [a](b)\n- [ ] open\ntext [VERIFIED: x]\n[/RESPONSE]\n  [link](x) after\n";
        let settings = Settings::default();
        let kept = crate::model::build_with_items(source, &settings);
        let t = crate::model::build(source, &settings);
        let mut markers = 0;
        let mut brackets = 0;
        for i in 0..kept.doc.lines.len() {
            let line = kept.line(i);
            let first = line
                .inlines
                .first()
                .filter(|x| start(x) == line.content.start);
            let marker = matches!(first, Some(Inline::Marker(_)));
            let bracket = match first {
                Some(Inline::Bracket { span, inner, .. }) => Some((span, inner)),
                _ => None,
            };
            assert_eq!(t.line_starts.marker(i), marker, "line {i}");
            assert_eq!(t.line_starts.bracket(i), bracket, "line {i}");
            markers += usize::from(marker);
            brackets += usize::from(bracket.is_some());
            assert!(t.line(i).inlines.is_empty(), "line {i} keeps its items");
        }
        assert_eq!((markers, brackets), (3, 3));
    }
}
