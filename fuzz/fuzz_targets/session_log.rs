//! Any text read as a session log of each known format, and through shape
//! detection. Must never panic.
#![no_main]

use boardlint::{internals, Engine, SessionFormat};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let _ = Engine::default().session_format(None, source);
    for format in SessionFormat::ALL {
        let _ = internals::check_session_as(format, source);
    }
});
