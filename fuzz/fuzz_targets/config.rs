//! Any text read as a configuration file: parsed, validated and turned into
//! settings, or refused with an error. Must never panic.
#![no_main]

use boardlint::{Config, Engine};
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(config) = Config::from_text(Path::new(".boardlint.yaml"), source.to_string()) {
        let _ = Engine::new(config).check(Some(Path::new("notes/board.md")), "CFO: [INVOKE:cfo|q]\n");
    }
});
