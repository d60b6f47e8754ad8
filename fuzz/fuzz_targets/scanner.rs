//! Differential: the line scanner reads every input exactly as the grammar
//! alone reads it, with and without `lint-code-blocks`.
#![no_main]

use boardlint::internals::syntax::{parse_with, spec};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    for lint_code_blocks in [false, true] {
        let scanned = parse_with(source, lint_code_blocks);
        let grammar = spec::parse(source, lint_code_blocks);
        assert_eq!(scanned, grammar, "the scanner differs from the grammar");
    }
});
