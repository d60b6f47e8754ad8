//! Any text checked as a decision log (`decisions.md`): the decision-log model and the D rules. Must never panic.
#![no_main]

#[path = "common/mod.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    common::check_as(boardlint::FileKind::DecisionLog, data);
});
