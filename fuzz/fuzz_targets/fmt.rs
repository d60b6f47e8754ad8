//! Any text through `fmt`: must never panic, and formatting the result again
//! must change nothing (idempotence).
#![no_main]

use boardlint::format::{format, FormatOptions};
use boardlint::settings::Settings;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let settings = Settings::default();
    let options = FormatOptions::default();
    let once = format(source, &settings, &options);
    let twice = format(&once, &settings, &options);
    assert_eq!(once, twice, "fmt is not idempotent");
});
