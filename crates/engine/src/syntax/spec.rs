//! The grammar-based reader: `grammar/transcript.pest` run by pest, its
//! parse tree walked into a [`Document`]. The grammar is the definition of
//! the transcript language and this reader its executable form; the line
//! scanner (`scan`), which is what `syntax::parse` uses, is held equal to
//! it by the unit tests in `spec_tests`, a property test and the `scanner`
//! fuzz target. Compiled for the tests and, with the `internals` feature,
//! for the fuzz targets and benches; not a stable API.

use pest::iterators::Pair;
use pest::Parser as _;
use pest_derive::Parser;

use super::read::cut;
use super::types::strip_terminator;
use super::{
    BlockKind, CardEmoji, Document, Inline, Lead, LineData, LineKind, Marker, MarkerKind, NoteKind,
    Span,
};

#[derive(Parser)]
#[grammar = "../grammar/transcript.pest"]
struct TranscriptParser;

/// Read a transcript with the grammar, as [`crate::syntax::parse_with`]
/// reads it with the scanner: the `head` rule at the start of the text,
/// then one `item` (or, with `lint_code_blocks`, one `item_all`) at a time,
/// each from where the one before ended.
pub fn parse(source: &str, lint_code_blocks: bool) -> Document {
    let mut doc = Document::default();
    let source = cut(source);
    let Ok(mut head) = TranscriptParser::parse(Rule::head, source) else {
        return doc;
    };
    let mut pos = match head.next() {
        Some(head) => {
            let end = head.as_span().end();
            collect(head.into_inner(), source, 0, &mut doc);
            end
        }
        None => 0,
    };
    let rule = if lint_code_blocks {
        Rule::item_all
    } else {
        Rule::item
    };
    while pos < source.len() {
        pos = parse_item(source, pos, rule, &mut doc);
    }
    doc
}

/// Read a transcript with the grammar's `document` rule, in one parse.
pub fn parse_document(source: &str) -> Document {
    let mut doc = Document::default();
    if let Some(document) = TranscriptParser::parse(Rule::document, source)
        .ok()
        .and_then(|mut pairs| pairs.next())
    {
        collect(document.into_inner(), source, 0, &mut doc);
    }
    doc
}

/// Parse the one item (a line, or a fenced block) that starts at `pos` and
/// return where it ends.
///
/// The grammar's `document` is a plain sequence of items, each read from
/// where the one before ended, so reading them one at a time gives exactly
/// what one pass gives (a unit test holds this over every fixture).
fn parse_item(source: &str, pos: usize, rule: Rule, doc: &mut Document) -> usize {
    let rest = &source[pos..];
    let parsed = TranscriptParser::parse(rule, rest)
        .ok()
        .and_then(|mut pairs| pairs.next())
        .filter(|item| item.as_span().end() > 0);
    match parsed {
        Some(item) => {
            let end = pos + item.as_span().end();
            collect(item.into_inner(), source, pos, doc);
            end
        }
        // The grammar reads every input; should that ever not hold, keep
        // the line as plain text rather than fail the file.
        None => {
            let end = pos + rest.find('\n').map_or(rest.len(), |i| i + 1);
            let span = pos..source[..end].trim_end_matches(['\n', '\r']).len().max(pos);
            doc.lines.push(LineData {
                span: span.clone(),
                kind: LineKind::Plain,
                indent: 0,
                quoted: false,
                lead: None,
                content: span,
                inlines: Vec::new(),
                in_fence: false,
            });
            end
        }
    }
}

fn collect<'i>(
    items: impl Iterator<Item = Pair<'i, Rule>>,
    source: &str,
    base: usize,
    doc: &mut Document,
) {
    for pair in items {
        match pair.as_rule() {
            Rule::front_matter => {
                doc.front_matter = pair
                    .into_inner()
                    .find(|p| p.as_rule() == Rule::front_matter_body)
                    .map(|p| span_of(&p, base));
            }
            Rule::code_fence => doc.code_fences.push(span_of(&pair, base)),
            Rule::lint_fence | Rule::any_fence => {
                for p in pair.into_inner() {
                    if p.as_rule() == Rule::line {
                        doc.lines.push(build_line(p, source, base, true));
                    }
                }
            }
            Rule::line => doc.lines.push(build_line(pair, source, base, false)),
            _ => {}
        }
    }
}

/// The span of a pair's first child of a rule.
fn child_span(pair: &Pair<'_, Rule>, rule: Rule, base: usize) -> Option<Span> {
    pair.clone()
        .into_inner()
        .find(|q| q.as_rule() == rule)
        .map(|q| span_of(&q, base))
}

/// A pair's span in the whole source: pairs of an item are relative to it.
fn span_of(pair: &Pair<'_, Rule>, base: usize) -> Span {
    let s = pair.as_span();
    base + s.start()..base + s.end()
}

fn build_line(pair: Pair<'_, Rule>, source: &str, base: usize, in_fence: bool) -> LineData {
    let span = strip_terminator(source, span_of(&pair, base));
    let inner = pair.into_inner().next().expect("line has one kind");
    let rule = inner.as_rule();
    fill_line(rule, inner.into_inner(), source, base, span, in_fence)
}

/// Build a line from its kind (`heading`, `list_item`, `plain_line` or
/// `frame_line`) and the kind's parts.
fn fill_line<'i>(
    rule: Rule,
    parts: impl Iterator<Item = Pair<'i, Rule>>,
    source: &str,
    base: usize,
    span: Span,
    in_fence: bool,
) -> LineData {
    let mut line = LineData {
        span: span.clone(),
        kind: LineKind::Plain,
        indent: 0,
        quoted: false,
        lead: None,
        content: span.end..span.end,
        inlines: Vec::new(),
        in_fence,
    };
    let mut content_start: Option<usize> = None;
    match rule {
        Rule::frame_line => {
            let width = parts
                .into_iter()
                .find(|p| p.as_rule() == Rule::frame_run)
                .map(|p| p.as_str().chars().count())
                .unwrap_or(0);
            line.kind = LineKind::Frame { width };
            return line;
        }
        Rule::heading => {
            let mut level = 1;
            let mut after_prefix = span.end;
            for p in parts {
                match p.as_rule() {
                    Rule::heading_hash => {
                        level = p.as_str().len() as u8;
                        after_prefix = skip_ws(source, base + p.as_span().end(), span.end);
                    }
                    Rule::heading_phase => {
                        line.lead = Some(phase_lead(&p, base));
                        after_prefix = base + p.as_span().end();
                    }
                    _ => visit_part(p, base, &mut line, &mut content_start, &mut after_prefix),
                }
            }
            line.kind = LineKind::Heading { level };
            content_start.get_or_insert(skip_ws(source, after_prefix, span.end));
        }
        Rule::list_item => {
            let mut after_prefix = span.end;
            for p in parts {
                match p.as_rule() {
                    Rule::indent => line.indent = p.as_str().len(),
                    Rule::list_marker => {
                        let ordered = p
                            .clone()
                            .into_inner()
                            .next()
                            .is_some_and(|m| m.as_rule() == Rule::number_mark);
                        line.kind = LineKind::ListItem { ordered };
                        after_prefix = skip_ws(source, base + p.as_span().end(), span.end);
                    }
                    _ => visit_part(p, base, &mut line, &mut content_start, &mut after_prefix),
                }
            }
            content_start.get_or_insert(skip_ws(source, after_prefix, span.end));
        }
        Rule::plain_line => {
            let mut after_prefix = span.start;
            for p in parts {
                match p.as_rule() {
                    Rule::indent => {
                        line.indent = p.as_str().len();
                        after_prefix = base + p.as_span().end();
                    }
                    Rule::quote => {
                        line.quoted = true;
                        after_prefix = base + p.as_span().end();
                    }
                    _ => visit_part(p, base, &mut line, &mut content_start, &mut after_prefix),
                }
            }
            content_start.get_or_insert(after_prefix);
            if line.lead.is_none()
                && line.inlines.is_empty()
                && source[span.clone()].trim().is_empty()
            {
                line.kind = LineKind::Blank;
            }
        }
        _ => {}
    }
    let start = content_start.unwrap_or(span.end).min(span.end);
    line.content = start..span.end;
    line
}

fn skip_ws(source: &str, at: usize, end: usize) -> usize {
    super::scan::skip_hws(source.as_bytes(), at, end)
}

fn phase_lead(p: &Pair<'_, Rule>, base: usize) -> Lead {
    let number = p
        .clone()
        .into_inner()
        .find(|q| q.as_rule() == Rule::phase_number)
        .and_then(|q| q.as_str().parse().ok())
        .unwrap_or(0);
    Lead::Phase {
        number,
        span: span_of(p, base),
    }
}

/// One child of a line: a lead or an inline item.
fn visit_part(
    p: Pair<'_, Rule>,
    base: usize,
    line: &mut LineData,
    content_start: &mut Option<usize>,
    after_prefix: &mut usize,
) {
    let rule = p.as_rule();
    match rule {
        Rule::card_header => {
            let emoji = match p.clone().into_inner().next().map(|e| e.as_str()) {
                Some("🚩") => CardEmoji::Alert,
                Some("📋") => CardEmoji::Board,
                _ => CardEmoji::Standard,
            };
            line.lead = Some(Lead::CardHeader { emoji });
            *after_prefix = base + p.as_span().end();
        }
        Rule::phase_label | Rule::bold_phase => {
            line.lead = Some(phase_lead(&p, base));
            *after_prefix = base + p.as_span().end();
        }
        Rule::label | Rule::comment | Rule::arrow_lead => {
            let span = span_of(&p, base);
            let part = |rule| child_span(&p, rule, base).unwrap_or(span.clone());
            *after_prefix = span.end;
            line.lead = Some(match rule {
                Rule::label => Lead::Label {
                    text: part(Rule::label_text),
                    span,
                },
                Rule::comment => Lead::Comment {
                    text: part(Rule::comment_text),
                    span,
                },
                _ => Lead::Arrow {
                    name: part(Rule::arrow_name),
                    span,
                },
            });
        }
        _ => {
            if content_start.is_none() {
                *content_start = Some(*after_prefix);
            }
            if let Some(item) = inline_of(p, base) {
                line.inlines.push(item);
            }
        }
    }
}

fn inline_of(p: Pair<'_, Rule>, base: usize) -> Option<Inline> {
    let span = span_of(&p, base);
    let rule = p.as_rule();
    let item = match rule {
        Rule::code_span => Inline::CodeSpan { span },
        Rule::bad_marker => Inline::BadMarker { span },
        Rule::bracket => {
            let mut inner = span.start + 1..span.start + 1;
            let mut followed = false;
            for q in p.into_inner() {
                match q.as_rule() {
                    Rule::bracket_inner => inner = span_of(&q, base),
                    Rule::bracket_follow => followed = true,
                    _ => {}
                }
            }
            Inline::Bracket {
                span,
                inner,
                followed,
            }
        }
        _ => Inline::Marker(Marker {
            span,
            kind: marker_kind(rule, p, base)?,
        }),
    };
    Some(item)
}

fn marker_kind(rule: Rule, p: Pair<'_, Rule>, base: usize) -> Option<MarkerKind> {
    let mut roles = Vec::new();
    let mut question = None;
    for q in p.into_inner() {
        match q.as_rule() {
            Rule::role => roles.push(span_of(&q, base)),
            Rule::question => question = Some(span_of(&q, base)),
            _ => {}
        }
    }
    let first = roles.first().cloned();
    let note = |note| question.clone().map(|text| MarkerKind::Note { note, text });
    Some(match rule {
        Rule::invoke => MarkerKind::Invoke {
            role: first?,
            question: question?,
        },
        Rule::broadcast => MarkerKind::Broadcast {
            target: first?,
            question: question?,
        },
        Rule::chain => MarkerKind::Chain { roles },
        Rule::response_open => MarkerKind::Open {
            block: BlockKind::Response,
            role: first,
        },
        Rule::peer_open => MarkerKind::Open {
            block: BlockKind::PeerVerify,
            role: first,
        },
        Rule::critic_open => MarkerKind::Open {
            block: BlockKind::CriticScreen,
            role: None,
        },
        Rule::conflict_open => MarkerKind::Open {
            block: BlockKind::Conflict,
            role: None,
        },
        Rule::response_close => MarkerKind::Close {
            block: BlockKind::Response,
        },
        Rule::peer_close => MarkerKind::Close {
            block: BlockKind::PeerVerify,
        },
        Rule::critic_close => MarkerKind::Close {
            block: BlockKind::CriticScreen,
        },
        Rule::conflict_close => MarkerKind::Close {
            block: BlockKind::Conflict,
        },
        Rule::blocked => note(NoteKind::Blocked)?,
        Rule::assumption => note(NoteKind::Assumption)?,
        Rule::conflict => note(NoteKind::Conflict)?,
        Rule::verified => note(NoteKind::Verified)?,
        Rule::assumed => note(NoteKind::Assumed)?,
        _ => return None,
    })
}
