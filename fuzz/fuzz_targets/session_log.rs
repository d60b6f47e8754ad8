//! Any text read as a session log of each known format, and through shape
//! detection. Must never panic.
#![no_main]

use boardlint::sessions::{self, Format};
use boardlint::settings::Settings;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let settings = Settings::default();
    let _ = sessions::detect(None, source);
    for format in Format::ALL {
        let _ = sessions::check(format, source, &settings);
    }
});
