//! Reading a log: the driver that hands a format's reader its records or
//! its document, and what the readers share.

use super::json::{self, JValue};
use super::log::{Piece, SessionLog, ToolRef};
use super::spec::Spec;
use crate::syntax::Span;

/// JSONL logs this large are parsed in two halves at once.
pub(super) const PARALLEL_FROM: usize = 1 << 20;

/// The agent name a record or message gives: OpenAI `name`, Claude Code
/// `agentName` / `agentId` / `agent`.
pub(super) fn agent_name(v: &JValue<'_>) -> Option<String> {
    ["name", "agentName", "agentId", "agent"]
        .iter()
        .find_map(|k| v.str_at(k))
        .map(|s| s.into_owned())
}

/// The text blocks of a message's content: the content itself when it is a
/// string, else the `text` of each block of the given types.
pub(super) fn text_blocks(content: &JValue<'_>, block_types: &[&str]) -> Vec<Piece> {
    match content {
        JValue::Str(s) => vec![Piece::block(s)],
        JValue::Array(blocks) => blocks
            .iter()
            .filter(|b| {
                b.get("type")
                    .is_some_and(|t| block_types.iter().any(|k| t.is_str(k)))
            })
            .filter_map(|b| b.get("text").and_then(JValue::raw))
            .map(Piece::block)
            .collect(),
        _ => Vec::new(),
    }
}

/// Structured tool calls and results of Anthropic-style content blocks.
pub(super) fn anthropic_tools(
    content: &JValue<'_>,
    line: usize,
    line_span: &Span,
    calls: &mut Vec<ToolRef>,
    results: &mut Vec<ToolRef>,
) {
    for (k, b) in content.as_array().unwrap_or_default().iter().enumerate() {
        let Some(kind) = b.get("type") else { continue };
        if kind.is_str("tool_use") {
            if let Some(id) = b.get("id") {
                calls.push(ToolRef::new(id, line_span, (line, k)));
            }
        } else if kind.is_str("tool_result") {
            if let Some(id) = b.get("tool_use_id") {
                results.push(ToolRef::new(id, line_span, (line, k)));
            }
        }
    }
}

/// A line of a text log: where it starts, and its text without its line
/// break (`\n` or `\r\n`).
pub(super) struct TextLine<'t> {
    pub(super) start: usize,
    pub(super) text: &'t str,
}

impl TextLine<'_> {
    pub(super) fn end(&self) -> usize {
        self.start + self.text.len()
    }

    pub(super) fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }
}

/// The lines of a text log (a chat history in Markdown), in order.
pub(super) fn text_lines(text: &str) -> impl Iterator<Item = TextLine<'_>> {
    let mut at = 0;
    text.split_inclusive('\n').map(move |raw| {
        let start = at;
        at += raw.len();
        let body = raw.strip_suffix('\n').unwrap_or(raw);
        TextLine {
            start,
            text: body.strip_suffix('\r').unwrap_or(body),
        }
    })
}

/// The fence a line opens or closes a Markdown code block with: up to
/// three spaces, then three or more backticks or tildes.
pub(super) fn fence_of(line: &str) -> Option<(u8, usize)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    let rest = &line.as_bytes()[indent..];
    let c = *rest.first()?;
    let n = rest.iter().take_while(|&&b| b == c).count();
    (indent <= 3 && (c == b'`' || c == b'~') && n >= 3).then_some((c, n))
}

/// Read a log with its format's reader; JSONL logs of `parallel_from`
/// bytes or more in two halves at once.
pub(super) fn read_with(spec: &Spec, text: &str, parallel_from: usize) -> SessionLog {
    let mut log = SessionLog {
        structured_tools: spec.structured_tools,
        parallel_from,
        ..SessionLog::default()
    };
    (spec.read)(&mut log, text);
    log
}

impl SessionLog {
    /// Read a JSONL log record by record; a line that is not JSON is kept
    /// for A001 and the rest are still read.
    pub(super) fn read_jsonl<'t>(
        &mut self,
        text: &'t str,
        mut each: impl FnMut(&mut SessionLog, usize, &Span, JValue<'t>),
    ) {
        self.read_jsonl_split(
            text,
            |i, span, v| (i, span.clone(), v),
            |log, (i, span, v)| each(log, i, &span, v),
        );
    }

    /// Read a JSONL log record by record in two steps: `extract` takes
    /// what the reader needs of a record (on any thread), `apply` adds it
    /// to the log, in the records' order. A log of `parallel_from` bytes or
    /// more is read in two halves at once: the second half's records are
    /// parsed and extracted on another core while this one reads the
    /// first, then applied in order. Records are independent, so the
    /// result is the sequential one; the less `extract` keeps of a record,
    /// the less the second half holds until it is applied.
    pub(super) fn read_jsonl_split<'t, E: Send>(
        &mut self,
        text: &'t str,
        extract: impl Fn(usize, &Span, JValue<'t>) -> E + Sync,
        mut apply: impl FnMut(&mut SessionLog, E),
    ) {
        // Records are ordered by where their line starts.
        let read = |(span, value): (Span, Result<JValue<'t>, String>)| match value {
            Ok(v) => Ok(extract(span.start, &span, v)),
            Err(e) => Err((span, e)),
        };
        let mut take = |log: &mut SessionLog, read: Result<E, (Span, String)>| match read {
            Ok(e) => apply(log, e),
            Err(invalid) => log.invalid.push(invalid),
        };
        let cut = (text.len() >= self.parallel_from)
            .then(|| memchr::memchr(b'\n', &text.as_bytes()[text.len() / 2..]))
            .flatten()
            .map(|k| text.len() / 2 + k + 1);
        let Some(cut) = cut else {
            for record in json::records(text) {
                take(self, read(record));
            }
            return;
        };
        let later_half = || {
            json::records_between(text, cut, text.len())
                .map(read)
                .collect::<Vec<_>>()
        };
        std::thread::scope(|scope| {
            let later = scope.spawn(later_half);
            for record in json::records_between(text, 0, cut) {
                take(self, read(record));
            }
            // A failed thread (it cannot fail but by a bug) is read again here.
            let later = later.join().unwrap_or_else(|_| later_half());
            for record in later {
                take(self, record);
            }
        });
    }

    /// Read a log that is one JSON document.
    pub(super) fn read_document<'t>(
        &mut self,
        text: &'t str,
        read: impl FnOnce(&mut SessionLog, JValue<'t>),
    ) {
        match json::parse(text, 0) {
            Ok(v) => read(self, v),
            Err(e) => self.unreadable = Some(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sessions::detect;

    #[test]
    fn a_log_read_in_two_halves_reads_as_one_read_in_order() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/sessions");
        for name in ["claude-code.jsonl", "codex.jsonl", "pi.jsonl"] {
            let text = std::fs::read_to_string(dir.join(name)).unwrap();
            let format = detect(None, &text).unwrap();
            let shown = |log: SessionLog| {
                format!(
                    "{:?} {:?} {:?} {:?} {:?}",
                    log.conversations, log.invalid, log.calls, log.results, log.records
                )
            };
            let whole = shown(read_with(format.spec(), &text, usize::MAX));
            for parallel_from in [0, 1, text.len() / 3, text.len()] {
                let halves = shown(read_with(format.spec(), &text, parallel_from));
                assert_eq!(halves, whole, "{name} from {parallel_from}");
            }
        }
    }
}
