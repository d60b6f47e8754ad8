//! Any text, checked as a transcript: parse, model and every rule, with and
//! without code blocks linted. Must never panic.
#![no_main]

use boardlint::settings::Settings;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let mut settings = Settings::default();
    let _ = boardlint::check_source(source, &settings);
    settings.lint_code_blocks = true;
    let _ = boardlint::check_source(source, &settings);
});
