//! Any text checked as a pipeline transition log (JSONL): its parser and every rule of its family.
//! Must never panic.
#![no_main]

use boardlint::kinds::FileKind;
use boardlint::settings::Settings;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let settings = Settings {
        kind: Some(FileKind::TransitionLog),
        ..Settings::default()
    };
    let _ = boardlint::check_file(None, source, &settings);
});
