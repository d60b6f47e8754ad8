//! Any text through `fmt`: must never panic, and formatting the result again
//! must change nothing (idempotence).
#![no_main]

use boardlint::Engine;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let engine = Engine::default();
    let once = engine.format(None, source).expect("a text with no path is formatted");
    let twice = engine.format(None, &once).expect("a text with no path is formatted");
    assert_eq!(once, twice, "fmt is not idempotent");
});
