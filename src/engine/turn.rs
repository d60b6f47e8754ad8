//! A new turn's text checked in the context of the session before it: what
//! an agent hook asks about an answer the agent is about to give.
//!
//! The session's text may be read from a cut on: the state the text before
//! the cut leaves (a [`Carry`]) stands in for it, so a hook called on every
//! turn of a long session reads only what came after its last cut. Each
//! check returns the last place the history may be cut at next time.

use std::path::Path;

use crate::diagnostic::Diagnostic;
use crate::kinds::FileKind;
use crate::model::{Carry, Cut};
use crate::sessions::{History, SessionFormat};
use crate::settings::Settings;

/// The session before a turn, from a cut on: its text, where its messages
/// begin (offsets into `text`, ascending), and the state the text before
/// the cut left (`None`: `text` is the whole history).
#[derive(Debug, Clone, Copy, Default)]
pub struct Before<'h> {
    pub text: &'h str,
    pub starts: &'h [usize],
    pub carry: Option<&'h Carry>,
}

/// The diagnostics of `text`, a turn's final assistant text, read after
/// the session so far: pending invocations, call chains, phase zones and
/// cards carry over from `history` (a session log an agent tool wrote,
/// read by its session reader), and only what lies in `text` is reported,
/// with spans into `text`. A history boardlint cannot read, or none, adds
/// no context.
pub(crate) fn check(
    settings: &Settings,
    history: Option<(&str, Option<&Path>)>,
    text: &str,
) -> Vec<Diagnostic> {
    let read = history.and_then(|(log, path)| {
        let format = crate::sessions::detect(path, log)?;
        read_history(settings, format, log)
    });
    let read = read.unwrap_or_default();
    let starts: Vec<usize> = read.starts.iter().map(|&(at, _)| at).collect();
    let before = Before {
        text: &read.text,
        starts: &starts,
        carry: None,
    };
    check_after(settings, before, text).0
}

/// The conversation a new turn of this session log continues.
pub(crate) fn read_history(
    settings: &Settings,
    format: SessionFormat,
    log: &str,
) -> Option<History> {
    format.read(log).history(settings)
}

/// [`check`] after the history `before`, and the last message start in it
/// (before the turn's own text, should the log already hold it) where the
/// history may be cut next time, with the state there; offsets of the cut
/// are into `before.text`. When the history already ends with this turn's
/// text (a tool that writes its log before the hook runs), that copy is not
/// read twice.
pub(crate) fn check_after(
    settings: &Settings,
    before: Before<'_>,
    text: &str,
) -> (Vec<Diagnostic>, Option<Cut>) {
    let mut history = before.text;
    let trimmed = text.trim_end();
    if !trimmed.is_empty() && history.trim_end().ends_with(trimmed) {
        history = &history[..history.trim_end().len() - trimmed.len()];
    }
    // After a cut, a blank line first: the text after a cut is never read
    // as front matter, and the carried invocations' empty spans lie before
    // the turn whatever the history holds.
    let prefix = if before.carry.is_some() { "\n" } else { "" };
    let mut whole = String::with_capacity(prefix.len() + history.len() + 2 + text.len());
    if before.carry.is_some() || !history.trim().is_empty() {
        whole.push_str(prefix);
        whole.push_str(history);
        // A blank line between the history and the turn: a new paragraph,
        // as the session reader joins messages.
        while !whole.ends_with("\n\n") {
            whole.push('\n');
        }
    }
    let candidates: Vec<usize> = before
        .starts
        .iter()
        .filter(|&&at| at < history.len())
        .map(|&at| at + prefix.len())
        .collect();
    let offset = whole.len();
    whole.push_str(text);
    let (transcript, cut) =
        crate::model::build_continuing(&whole, settings, before.carry, &candidates);
    debug_assert!(transcript.kind == FileKind::Transcript && transcript.path.is_none());
    let mut diagnostics = super::check_transcript(&transcript);
    super::without_fixes(&mut diagnostics);
    drop(transcript);
    crate::secrets::redact_diagnostics(&whole, &mut diagnostics);
    let diagnostics = diagnostics
        .into_iter()
        .filter(|d| d.span.start >= offset || d.internal)
        .map(|mut d| {
            d.span = d.span.start.saturating_sub(offset)..d.span.end.saturating_sub(offset);
            d.related.retain(|(span, _)| span.start >= offset);
            for (span, _) in &mut d.related {
                *span = span.start - offset..span.end - offset;
            }
            d.redact.retain(|span| span.end > offset);
            for span in &mut d.redact {
                *span = span.start.saturating_sub(offset)..span.end - offset;
            }
            d
        })
        .collect();
    let cut = cut.map(|mut cut| {
        cut.at -= prefix.len();
        cut
    });
    (diagnostics, cut)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where paragraphs begin: a session reader's message starts.
    fn paragraph_starts(text: &str) -> Vec<usize> {
        std::iter::once(0)
            .chain(text.match_indices("\n\n").map(|(i, _)| i + 2))
            .filter(|&i| i < text.len())
            .collect()
    }

    fn shown(found: &[Diagnostic]) -> Vec<String> {
        found.iter().map(|d| format!("{d:?}")).collect()
    }

    /// The history cut at `at` with `carry`, then the turn.
    fn after_cut(
        settings: &Settings,
        history: &str,
        cut: &Cut,
        candidates: &[usize],
        turn: &str,
    ) -> (Vec<Diagnostic>, Option<Cut>) {
        let rest = &history[cut.at..];
        let starts: Vec<usize> = candidates
            .iter()
            .filter(|&&s| s >= cut.at)
            .map(|&s| s - cut.at)
            .collect();
        let before = Before {
            text: rest,
            starts: &starts,
            carry: Some(&cut.carry),
        };
        let (found, next) = check_after(settings, before, turn);
        let next = next.map(|mut c| {
            c.at += cut.at;
            c
        });
        (found, next)
    }

    /// The histories: every fixture, and runs of three fixtures one after
    /// the other (so that invocations, phases and speakers cross from one
    /// into the next).
    fn histories() -> Vec<String> {
        let texts = crate::test_support::fixture_texts();
        let mut out = texts.clone();
        for w in texts.windows(3).step_by(2) {
            out.push(w.join("\n\n"));
        }
        out
    }

    /// Reading the turn after any cut the model allows, with the state it
    /// carries, finds in the turn exactly what reading the whole history
    /// does, and so does a cut taken from a text read after a cut.
    #[test]
    fn a_cut_history_finds_what_the_whole_one_does() {
        let settings = Settings::default();
        let mut compared = 0;
        let mut carried_invocations = 0;
        for text in histories() {
            let starts = paragraph_starts(&text);
            if starts.len() < 2 {
                continue;
            }
            for split in [starts.len() / 2, starts.len() - 1] {
                let (history, turn) = text.split_at(starts[split]);
                let candidates: Vec<usize> =
                    starts[..split].iter().copied().filter(|&s| s > 0).collect();
                let whole = Before {
                    text: history,
                    starts: &[],
                    carry: None,
                };
                let expected = shown(&check_after(&settings, whole, turn).0);
                let mut first_cut = None;
                for &at in &candidates {
                    let one = Before {
                        text: history,
                        starts: &[at],
                        carry: None,
                    };
                    let Some(cut) = check_after(&settings, one, turn).1 else {
                        continue;
                    };
                    assert_eq!(cut.at, at);
                    carried_invocations += cut.carry.invocations.len();
                    let (found, _) = after_cut(&settings, history, &cut, &[], turn);
                    assert_eq!(
                        shown(&found),
                        expected,
                        "cut at {at} of a history of {} bytes:\n{history}\n--- turn:\n{turn}",
                        history.len()
                    );
                    compared += 1;
                    first_cut.get_or_insert(cut);
                }
                // A cut found in a text read after a cut carries on.
                if let Some(cut) = first_cut {
                    let (_, next) = after_cut(&settings, history, &cut, &candidates, turn);
                    if let Some(next) = next {
                        let (found, _) = after_cut(&settings, history, &next, &[], turn);
                        assert_eq!(shown(&found), expected, "second cut at {}", next.at);
                    }
                }
            }
        }
        assert!(compared > 1000, "only {compared} cuts compared");
        assert!(
            carried_invocations > 100,
            "only {carried_invocations} invocations carried"
        );
    }
}

#[cfg(test)]
mod shaped {
    use super::*;

    fn shown(found: &[Diagnostic]) -> Vec<String> {
        found.iter().map(|d| format!("{d:?}")).collect()
    }

    /// The turn's findings after the whole history, and after a cut at the
    /// start of `from` in it (`None` when no cut is allowed there).
    fn both(history: &str, from: &str, turn: &str) -> (Vec<String>, Option<Vec<String>>) {
        let settings = Settings::default();
        let at = history
            .find(from)
            .expect("the cut's text is in the history");
        let whole = Before {
            text: history,
            starts: &[],
            carry: None,
        };
        let expected = shown(&check_after(&settings, whole, turn).0);
        let one = Before {
            text: history,
            starts: &[at],
            carry: None,
        };
        let after = check_after(&settings, one, turn).1.map(|cut| {
            let rest = Before {
                text: &history[cut.at..],
                starts: &[],
                carry: Some(&cut.carry),
            };
            shown(&check_after(&settings, rest, turn).0)
        });
        (expected, after)
    }

    fn codes(found: &[String]) -> Vec<&str> {
        found
            .iter()
            .map(|d| &d[d.find("code: \"").unwrap() + 7..][..4])
            .collect()
    }

    #[test]
    fn what_crosses_a_cut_carries() {
        let cases = [
            // A CHAIN after a blank line declares the chain of the INVOKE
            // before it (where it is reported), not a chain of its own.
            (
                "CFO: [INVOKE:cro|Pipeline?]\n\n \n",
                " \n",
                "[CHAIN: cfo → cfo]\n",
                vec![],
            ),
            (
                "CFO: thinking\n\nnext\n",
                "next",
                "[CHAIN: cfo → cfo]\n",
                vec!["L001"],
            ),
            // A pending invocation answered after the cut: the answer is
            // solicited, and the chain inside it grows from the invocation.
            (
                "CEO: [INVOKE:cfo|Runway?]\n\nMore.\n",
                "More.",
                "[RESPONSE:cfo]\n[INVOKE:cro|Pipeline?]\n[INVOKE:cfo|Again?]\n[/RESPONSE]\n",
                vec!["R001", "L001", "L006"],
            ),
            // A broadcast answered after the cut.
            (
                "CEO: [BROADCAST:all|Ideas?]\n\nMore.\n",
                "More.",
                "[RESPONSE:cfo]\nx\n[/RESPONSE]\n",
                vec![],
            ),
            // A phase zone and a speaker that started before the cut.
            (
                "## Phase 2\n\nCFO: thinking\n\nMore.\n",
                "More.",
                "[INVOKE:cro|Pipeline?]\n",
                vec!["B001"],
            ),
            (
                "CFO: thinking\n\nMore.\n",
                "More.",
                "[INVOKE:cfo|Me?]\n",
                vec!["L001"],
            ),
            // A speaker turn that answers a call before the cut continues
            // its chain; a broadcast's responders before the cut are its
            // addressed roles after it; a blockquote after a cut that had
            // protocol outside blockquotes is a quotation.
            (
                "CRO: [INVOKE:cfo|Budget?]\n\nMore.\n",
                "More.",
                "CFO: [INVOKE:cro|Pipeline?]\n",
                vec!["L003"],
            ),
            (
                "CEO: [BROADCAST:all|A?]\n\nCFO: a\n\nCRO: b\n\nCEO: ok\n\nMore.\n",
                "More.",
                "CEO: [BROADCAST:all|B?]\n\nCFO: b\n\nCEO synthesis: done\n",
                vec!["R008"],
            ),
            (
                "CEO: [INVOKE:cfo|Runway?]\n\nMore.\n",
                "More.",
                "> CFO: [INVOKE:cfo|Again?]\n",
                vec![],
            ),
            // An invocation before the cut: a response with none pending is
            // unsolicited.
            (
                "CEO: [INVOKE:cfo|Runway?]\n\n[RESPONSE:cfo]\nok\n[/RESPONSE]\n\nMore.\n",
                "More.",
                "[RESPONSE:cfo]\nagain\n[/RESPONSE]\n",
                vec!["R007"],
            ),
        ];
        for (history, from, turn, want) in cases {
            let (expected, after) = both(history, from, turn);
            let after = after.unwrap_or_else(|| panic!("no cut allowed in {history:?}"));
            assert_eq!(after, expected, "{history:?} then {turn:?}");
            let found = codes(&expected);
            for code in &want {
                assert!(found.contains(code), "{code} not in {found:?} for {turn:?}");
            }
        }
    }

    #[test]
    fn no_cut_where_something_is_open() {
        let refused = [
            ("[RESPONSE:cfo]\nhalf\n\nrest\n", "rest"),
            ("[BLOCKED: no data]\n\nnext\n", "next"),
            ("<!-- boardlint-disable-file L001 -->\n\nnext\n", "next"),
            ("```\ncode\n\ninside\n```\n", "inside"),
            ("```transcript\nCFO: x\n\ninside\n```\n", "inside"),
            (
                "📊 CFO — Runway\n\nBOTTOM LINE\nWe have 14 months.\n\nWHAT\n- cash\n\nnext\n",
                "WHAT",
            ),
        ];
        for (history, from) in refused {
            let (_, after) = both(history, from, "done\n");
            assert_eq!(after, None, "a cut was allowed at {from:?} in {history:?}");
        }
    }
}
