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
use crate::model::{Carry, Continuing, Cut};
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
    // With no carry, the history always holds.
    check_after(settings, before, text).map_or_else(Vec::new, |(found, _)| found)
}

/// The conversation a new turn of this session log continues.
pub(crate) fn read_history(
    settings: &Settings,
    format: SessionFormat,
    log: &str,
) -> Option<History> {
    format.read(log).history(log, settings)
}

/// [`check`] after the history `before`, and the last message start in it
/// (before the turn's own text, should the log already hold it) where the
/// history may be cut next time, with the state there; offsets of the cut
/// are into `before.text`. When the history already ends with this turn's
/// text (a tool that writes its log before the hook runs), that copy is not
/// read twice.
///
/// The turn is a new message: a block the history left open that no
/// closer closes ends where the turn begins (one the turn closes goes on
/// into it). `None` when the carry does not hold (a closer after the cut
/// closes a block it carried as never closed): the history is to be read
/// from its start.
pub(crate) fn check_after(
    settings: &Settings,
    before: Before<'_>,
    text: &str,
) -> Option<(Vec<Diagnostic>, Option<Cut>)> {
    check_after_cutting(settings, before, text, |_| true)
}

/// [`check_after`], cutting the history only at the message starts
/// `may_cut` allows.
fn check_after_cutting(
    settings: &Settings,
    before: Before<'_>,
    text: &str,
    may_cut: impl Fn(usize) -> bool,
) -> Option<(Vec<Diagnostic>, Option<Cut>)> {
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
    let messages: Vec<usize> = before
        .starts
        .iter()
        .filter(|&&at| at < history.len())
        .map(|&at| at + prefix.len())
        .collect();
    let candidates: Vec<usize> = messages
        .iter()
        .copied()
        .filter(|&at| may_cut(at - prefix.len()))
        .collect();
    let offset = whole.len();
    whole.push_str(text);
    let how = Continuing {
        carry: before.carry,
        messages: &messages,
        candidates: &candidates,
        turn: Some(offset),
        meetings: &[],
    };
    let (transcript, cut) = crate::model::build_continuing(&whole, settings, how)?;
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
    Some((diagnostics, cut))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where paragraphs begin: a session reader's message starts.
    pub(super) fn paragraph_starts(text: &str) -> Vec<usize> {
        std::iter::once(0)
            .chain(text.match_indices("\n\n").map(|(i, _)| i + 2))
            .filter(|&i| i < text.len())
            .collect()
    }

    pub(super) fn shown(found: &[Diagnostic]) -> Vec<String> {
        found.iter().map(|d| format!("{d:?}")).collect()
    }

    /// The history read on from `cut` (its messages beginning at
    /// `messages`), then the turn (`None`: the carry does not hold).
    pub(super) fn after_cut(
        settings: &Settings,
        history: &str,
        cut: &Cut,
        messages: &[usize],
        turn: &str,
    ) -> Option<(Vec<Diagnostic>, Option<Cut>)> {
        let rest = &history[cut.at..];
        let starts: Vec<usize> = messages
            .iter()
            .filter(|&&s| s >= cut.at)
            .map(|&s| s - cut.at)
            .collect();
        let before = Before {
            text: rest,
            starts: &starts,
            carry: Some(&cut.carry),
        };
        let (found, next) = check_after(settings, before, turn)?;
        let next = next.map(|mut c| {
            c.at += cut.at;
            c
        });
        Some((found, next))
    }

    /// The histories: every fixture, runs of three fixtures one after the
    /// other (so that invocations, phases and speakers cross from one into
    /// the next), and runs after a block that no closer closes (so that
    /// cuts carry it open, and closers after them may meet it).
    fn histories() -> Vec<String> {
        let texts = crate::test_support::fixture_texts();
        let mut out = texts.clone();
        for w in texts.windows(3).step_by(2) {
            out.push(w.join("\n\n"));
        }
        let unclosed = [
            "[RESPONSE:cfo]\nKey finding: runway is 14 months.",
            "CEO: [INVOKE:cro|Pipeline?]\n\n[RESPONSE:cro]\n[INVOKE:cfo|Budget?]",
            "[PEER-VERIFY:cro]\nVerified: yes",
            "[CRITIC-SCREEN]\nBlind spots: none",
            "[CONFLICT DETECTED]\nCFO and CRO disagree.",
        ];
        for (k, w) in texts.windows(2).step_by(5).enumerate() {
            out.push(format!(
                "{}\n\n{}",
                unclosed[k % unclosed.len()],
                w.join("\n\n")
            ));
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
        let mut carried_blocks = 0;
        for text in histories() {
            let starts = paragraph_starts(&text);
            if starts.len() < 2 {
                continue;
            }
            for split in [starts.len() / 2, starts.len() - 1] {
                let (history, turn) = text.split_at(starts[split]);
                let messages = &starts[..split];
                let whole = Before {
                    text: history,
                    starts: messages,
                    carry: None,
                };
                let expected = shown(&check_after(&settings, whole, turn).unwrap().0);
                let mut first_cut = None;
                for &at in messages.iter().filter(|&&s| s > 0) {
                    let one = check_after_cutting(&settings, whole, turn, |s| s == at);
                    let Some(cut) = one.unwrap().1 else {
                        continue;
                    };
                    assert_eq!(cut.at, at);
                    carried_invocations += cut.carry.invocations.len();
                    carried_blocks += cut.carry.blocks.len();
                    let Some((found, _)) = after_cut(&settings, history, &cut, messages, turn)
                    else {
                        // The hook reads the history whole.
                        continue;
                    };
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
                    let next = after_cut(&settings, history, &cut, messages, turn);
                    if let Some((_, Some(next))) = next {
                        if let Some((found, _)) =
                            after_cut(&settings, history, &next, messages, turn)
                        {
                            assert_eq!(shown(&found), expected, "second cut at {}", next.at);
                        }
                    }
                }
            }
        }
        assert!(compared > 1000, "only {compared} cuts compared");
        assert!(
            carried_invocations > 100,
            "only {carried_invocations} invocations carried"
        );
        assert!(carried_blocks > 500, "only {carried_blocks} blocks carried");
    }
}

#[cfg(test)]
mod shaped {
    use super::tests::{after_cut, paragraph_starts, shown};
    use super::*;

    /// The turn's findings after the whole history (a message a
    /// paragraph), and after a cut at the start of `from` in it (`None`
    /// when no cut is allowed there).
    fn both(history: &str, from: &str, turn: &str) -> (Vec<String>, Option<Vec<String>>) {
        let settings = Settings::default();
        let at = history
            .find(from)
            .expect("the cut's text is in the history");
        let messages = paragraph_starts(history);
        assert!(messages.contains(&at), "{from:?} starts no paragraph");
        let whole = Before {
            text: history,
            starts: &messages,
            carry: None,
        };
        let expected = shown(&check_after(&settings, whole, turn).unwrap().0);
        let one = check_after_cutting(&settings, whole, turn, |s| s == at);
        let after = one.unwrap().1.map(|cut| {
            shown(
                &after_cut(&settings, history, &cut, &messages, turn)
                    .unwrap()
                    .0,
            )
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
            // A board meeting's phase order is held within one message: an
            // answer that restates a phase (rewritten after a hook's block)
            // is not held to the phases before it; within the answer it is.
            (
                "## Phase 1: Context\n\n## Phase 3: Critic analysis\n\nMore.\n",
                "More.",
                "## Phase 2: Independent contributions\n",
                vec![],
            ),
            (
                "## Phase 1: Context\n\n## Phase 4: Synthesis\n\nMore.\n",
                "More.",
                "## Phase 4: Synthesis\n\n## Phase 3: Critic analysis\n",
                vec!["B004"],
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
            // A RESPONSE block no closer closes, carried open: its speaker
            // and chain go on after the cut until decision 12 ends it, and
            // the turn, a new message, is read outside it.
            (
                "CEO: [INVOKE:cro|Pipeline?]\n\n[RESPONSE:cro]\nKey finding: ok\n\n- and\n\n[INVOKE:cfo|Budget?]\n",
                "- and",
                "[RESPONSE:cfo]\n[INVOKE:coo|Hiring?]\n[/RESPONSE]\n",
                vec!["L002"],
            ),
            (
                "[RESPONSE:cfo]\nKey finding: x\n\n- more\n",
                "- more",
                "CFO: [INVOKE:cfo|Runway?]\n",
                vec!["L001"],
            ),
            // A PEER-VERIFY block no closer closes: later speaker lines are
            // its content, up to the turn.
            (
                "[PEER-VERIFY:cro]\nok\n\nCFO: checking\n",
                "CFO: checking",
                "CEO: [INVOKE:cfo|Runway?]\n",
                vec![],
            ),
            // A closer in the turn that matches no block the history left
            // open names the one it meets.
            (
                "[CRITIC-SCREEN]\nx\n\nmore\n",
                "more",
                "[RESPONSE:cfo]\n[/CRITIC-SCREEN]\n[/RESPONSE]\n",
                vec!["M003"],
            ),
            // A card open at the cut: its header's role speaks in it (the
            // turn's response answers the call the card made, no R007).
            (
                "📊 CFO — Runway\n\nBOTTOM LINE\nWe have 14 months.\n\nWHAT\n- cash\n\nWHY THIS MATTERS\n- [INVOKE:cfo|Me?]\n",
                "WHAT",
                "[RESPONSE:cfo]\nKey finding: x\n[/RESPONSE]\n",
                vec!["R001"],
            ),
            // A fence is its message's: one left open ends with it, and
            // the next message is no code.
            (
                "CFO: thinking\n\n```\ncode\n\ninside\n```\n",
                "inside",
                "[INVOKE:cfo|Me?]\n",
                vec!["L001"],
            ),
            // A BLOCKED marker still waiting for its assumption: the lines
            // after it decide its own finding, before the turn.
            (
                "[BLOCKED: no data]\n\nnext\n",
                "next",
                "CFO: [INVOKE:cfo|Runway?]\n",
                vec!["L001"],
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
            // The turn closes the block: its content before the cut is
            // the turn's to read.
            ("[RESPONSE:cfo]\nhalf\n\nrest\n", "rest"),
            ("[PEER-VERIFY:cro]\nhalf\n\nrest\n", "rest"),
            ("<!-- boardlint-disable-file L001 -->\n\nnext\n", "next"),
            // Right after a linted fence: leaving it resets the speaker.
            ("```transcript\nCFO: x\n\ninside\n```\n", "inside"),
        ];
        for (history, from) in refused {
            let (_, after) = both(history, from, "done\n[/RESPONSE]\n[/PEER-VERIFY]\n");
            assert_eq!(after, None, "a cut was allowed at {from:?} in {history:?}");
        }
    }
}

/// Sessions checked turn by turn as the hook checks them: each answer read
/// after the history from the last cut kept, compared with the answer read
/// after the whole history.
#[cfg(test)]
mod sessions {
    use super::tests::{after_cut, shown};
    use super::*;
    use proptest::prelude::*;

    /// What a replay did.
    #[derive(Debug, Default)]
    pub(super) struct Replayed {
        /// Turns read on from a cut.
        pub resumed: usize,
        /// Turns whose cut's carry did not hold: the history was read whole.
        pub reread: usize,
        /// Blocks the cuts used carried.
        pub carried_blocks: usize,
        /// Cards the cuts used carried.
        pub carried_cards: usize,
        /// The findings of each turn.
        pub found: Vec<Vec<String>>,
    }

    /// The session of `messages` (joined as a session reader joins them),
    /// each after the first checked as the answer of its turn: the cut kept
    /// between turns as the hook keeps it (a new one when the check finds
    /// one, the last one else; the history read whole when there is none or
    /// its carry does not hold). Fails when a turn's findings differ from
    /// those after the whole history.
    pub(super) fn replay(settings: &Settings, messages: &[String]) -> Result<Replayed, String> {
        let text = messages.join("\n\n");
        let mut starts = Vec::with_capacity(messages.len());
        let mut at = 0;
        for m in messages {
            starts.push(at);
            at += m.len() + 2;
        }
        let mut kept: Option<Cut> = None;
        let mut replayed = Replayed::default();
        for t in 1..messages.len() {
            let history = &text[..starts[t] - 2];
            let answer = messages[t].as_str();
            let whole = Before {
                text: history,
                starts: &starts[..t],
                carry: None,
            };
            let expected = shown(&check_after(settings, whole, answer).unwrap().0);
            let from_cut = kept.as_ref().and_then(|cut| {
                let checked = after_cut(settings, history, cut, &starts[..t], answer);
                match checked {
                    Some(_) => {
                        replayed.resumed += 1;
                        replayed.carried_blocks += cut.carry.blocks.len();
                        replayed.carried_cards += usize::from(cut.carry.card.is_some());
                    }
                    None => replayed.reread += 1,
                }
                checked
            });
            let (found, next) = match from_cut {
                Some(checked) => checked,
                None => check_after(settings, whole, answer).unwrap(),
            };
            let found = shown(&found);
            if found != expected {
                let at = kept.as_ref().map(|c| c.at);
                return Err(format!(
                    "turn {t}, read on from {at:?}:\n{found:#?}\nwhole:\n{expected:#?}\nsession:\n{text}"
                ));
            }
            replayed.found.push(found);
            if next.is_some() {
                kept = next;
            }
        }
        Ok(replayed)
    }

    /// The lines sessions are made of: speakers, invocations, blocks and
    /// their closers, fields, headings, phases, chains, notes, quotations,
    /// code, fences and cards.
    const LINES: &[&str] = &[
        "",
        "",
        "CFO: thinking",
        "CRO: ok",
        "CEO: [INVOKE:cfo|Runway?]",
        "CEO: [BROADCAST:all|Ideas?]",
        "CFO: [INVOKE:cfo|What is our runway?]",
        "CRO: [INVOKE:cfo|Budget?]",
        "[INVOKE:cro|Pipeline?]",
        "[INVOKE:coo|Hiring?]",
        "[RESPONSE:cfo]",
        "[RESPONSE:cro]",
        "[RESPONSE:coo]",
        "[/RESPONSE]",
        "[/RESPONSE]",
        "[PEER-VERIFY:cro]",
        "[/PEER-VERIFY]",
        "[CRITIC-SCREEN]",
        "[/CRITIC-SCREEN]",
        "[CONFLICT DETECTED]",
        "[/CONFLICT]",
        "Key finding: runway is 14 months.",
        "Supporting data:",
        "  - cash",
        "- burn",
        "Confidence: high",
        "Caveat: none",
        "## Phase 2",
        "## Next",
        "### Detail",
        "[CHAIN: cfo → cro]",
        "[BLOCKED: no data]",
        "State assumption used instead: flat",
        "> CFO: [INVOKE:cfo|quoted]",
        "The CFO wrote:",
        "    [INVOKE:cfo|code]",
        "```",
        "```transcript",
        "More prose.",
        "━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━",
        "📊 CFO — Runway",
        "BOTTOM LINE",
        "We have 14 months.",
        "WHAT",
    ];

    fn message() -> impl Strategy<Value = String> {
        prop::collection::vec(prop::sample::select(LINES), 1..5).prop_map(|lines| {
            let text = lines.join("\n");
            // A message has text: a session reader passes over empty ones.
            if text.trim().is_empty() {
                "More prose.".to_string()
            } else {
                text.trim_matches('\n').to_string()
            }
        })
    }

    /// Sessions of every shape the lines make, each turn compared; over
    /// them all, cuts carried blocks, and carries that did not hold were
    /// found out.
    #[test]
    fn each_turn_read_on_from_a_cut_finds_what_the_whole_history_does() {
        use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
        use std::cell::Cell;
        let settings = Settings::default();
        let config = Config {
            cases: 1000,
            failure_persistence: None,
            ..Config::default()
        };
        let rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
        let mut runner = TestRunner::new_with_rng(config, rng);
        let (resumed, reread, carried) = (Cell::new(0), Cell::new(0), Cell::new(0));
        let cards = Cell::new(0);
        let sessions = prop::collection::vec(message(), 2..14);
        let outcome = runner.run(&sessions, |messages| {
            let replayed = replay(&settings, &messages).map_err(TestCaseError::fail)?;
            resumed.set(resumed.get() + replayed.resumed);
            reread.set(reread.get() + replayed.reread);
            carried.set(carried.get() + replayed.carried_blocks);
            cards.set(cards.get() + replayed.carried_cards);
            Ok(())
        });
        if let Err(e) = outcome {
            panic!("{e}");
        }
        let (resumed, reread, carried, cards) =
            (resumed.get(), reread.get(), carried.get(), cards.get());
        eprintln!("{resumed} turns read on from a cut, carrying {carried} blocks and {cards} cards; {reread} read whole again");
        assert!(resumed > 2000, "only {resumed} turns read on from a cut");
        assert!(carried > 500, "only {carried} blocks carried");
        assert!(cards > 100, "only {cards} cards carried");
        assert!(reread > 10, "only {reread} carries found not to hold");
    }
}
