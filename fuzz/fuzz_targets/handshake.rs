//! Any text checked as a handshake message log (JSONL inbox) and the H rules. Must never panic.
#![no_main]

#[path = "common/mod.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    common::check_as(boardlint::FileKind::HandshakeLog, data);
});
