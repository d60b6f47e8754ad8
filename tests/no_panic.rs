//! Arbitrary bytes, arbitrary text and marker soup never make `check` or
//! `fmt` panic, whatever kind the file is read as; `fmt` stays idempotent on
//! them and loses no word. (That the line scanner reads every soup exactly
//! as the grammar does is a property test in src/syntax/spec_tests.rs: it
//! needs the grammar-based reader, which only the crate's own tests see.)

use boardlint::{Engine, FileKind};
use proptest::prelude::*;

mod common;
use common::lost_words;

fn format(source: &str) -> String {
    Engine::default()
        .format(None, source)
        .expect("a text with no path is formatted")
}

#[path = "common/pieces.rs"]
mod pieces;
use pieces::PIECES;

/// Every kind a file can be checked as.
const KINDS: &[FileKind] = &FileKind::NAMED;

/// Record keys and JSON punctuation, for soup that reaches the record
/// parsers' deeper paths.
const RECORD_PIECES: &[&str] = &[
    "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"",
    "\"}]}}\n",
    "{\"request_id\":\"",
    "\"type\":\"shutdown_request\"",
    "\"approve\":true",
    "{\"event\":\"",
    "\"from\":\"build\",\"to\":\"review\"",
    "\"timestamp\":\"2026-01-15T10:00:00Z\"",
    "task_id: T-1\n",
    "status: done\n",
    "checks:\n  - ",
    "api_key: sk-",
    "&a [*a, *a]",
    "\\u00e9",
    "\\ud83d",
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "\n",
];

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            prop::sample::select(PIECES).prop_map(str::to_string),
            any::<String>()
        ],
        0..60,
    )
    .prop_map(|v| v.concat())
}

/// Soup of record pieces and arbitrary text.
fn record_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            prop::sample::select(RECORD_PIECES).prop_map(str::to_string),
            prop::sample::select(PIECES).prop_map(str::to_string),
            any::<String>()
        ],
        0..60,
    )
    .prop_map(|v| v.concat())
}

/// Arbitrary bytes, with pieces of valid text mixed in so that some inputs
/// decode and some hold a bad sequence in the middle of good text.
fn bytes() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![
            prop::sample::select(PIECES).prop_map(|p| p.as_bytes().to_vec()),
            prop::collection::vec(any::<u8>(), 0..8)
        ],
        0..40,
    )
    .prop_map(|v| v.concat())
}

fn check_as_every_kind(source: &str) {
    let engine = Engine::default();
    for kind in KINDS {
        let _ = engine.check_as(*kind, None, source);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn check_and_fmt_never_panic(source in soup()) {
        let engine = Engine::default();
        let _ = engine.check(None, &source);
        let once = format(&source);
        let _ = engine.check(None, &once);
        let twice = format(&once);
        prop_assert_eq!(&once, &twice);
        let lost = lost_words(&source, &once);
        prop_assert!(lost.is_empty(), "lost {:?} from:\n{}\n---\n{}", lost, source, once);
    }

    #[test]
    fn every_kind_of_file_survives_soup(source in record_soup()) {
        check_as_every_kind(&source);
    }

    #[test]
    fn arbitrary_bytes_that_are_text_are_checked_and_formatted(data in bytes()) {
        // What is not text is refused before the engine sees it (the
        // refusal's wording is tested with `files::decode`).
        let Ok(source) = String::from_utf8(data) else { return Ok(()) };
        check_as_every_kind(&source);
        let once = format(&source);
        let twice = format(&once);
        prop_assert_eq!(&once, &twice);
        prop_assert!(lost_words(&source, &once).is_empty());
    }
}
