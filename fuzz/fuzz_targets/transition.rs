//! Any text checked as a pipeline transition log (JSONL) and the T rules. Must never panic.
#![no_main]

#[path = "common/mod.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    common::check_as(boardlint::FileKind::TransitionLog, data);
});
