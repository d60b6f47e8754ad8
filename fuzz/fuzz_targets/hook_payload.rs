//! Any bytes as the JSON an agent tool hands `boardlint hook` on standard
//! input: parsed, its answer checked after the log it names, the retry
//! budget and the cut kept in a state directory of its own. Must never
//! panic; whatever the input, the hook answers or says why it cannot.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::Once;

static STATE: Once = Once::new();

fuzz_target!(|data: &[u8]| {
    STATE.call_once(|| {
        let dir = std::env::temp_dir().join(format!("boardlint-fuzz-hook-{}", std::process::id()));
        std::env::set_var("BOARDLINT_CACHE_DIR", dir);
    });
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let _ = boardlint::internals::hook_answer(input.to_string());
});
