//! Any text, checked as a transcript: parse, model and every rule, with and
//! without code blocks linted. Must never panic.
#![no_main]

use std::path::Path;

use boardlint::{Config, Engine};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let _ = Engine::default().check(None, source);
    let linted = Config::from_text(Path::new(".boardlint.yaml"), "lint-code-blocks: true\n".to_string())
        .expect("a valid configuration");
    let _ = Engine::new(linted).check(None, source);
});
