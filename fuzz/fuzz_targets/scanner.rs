//! Differential: the line scanner reads every input exactly as the grammar
//! alone reads it, with and without `lint-code-blocks`.
#![no_main]

use boardlint::syntax::{parse_lines_longer_in_pieces, parse_with};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    for lint_code_blocks in [false, true] {
        let scanned = parse_with(source, lint_code_blocks);
        let grammar = parse_lines_longer_in_pieces(source, lint_code_blocks, usize::MAX);
        assert_eq!(scanned, grammar, "the scanner differs from the grammar");
    }
});
