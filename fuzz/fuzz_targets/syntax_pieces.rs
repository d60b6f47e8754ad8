//! Differential: reading every line a piece at a time (as lines over 64 KB
//! are read by the grammar) gives exactly the document that reading each
//! line whole gives.
#![no_main]

use boardlint::syntax::parse_lines_longer_in_pieces;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    for lint_code_blocks in [false, true] {
        let whole = parse_lines_longer_in_pieces(source, lint_code_blocks, usize::MAX);
        let pieces = parse_lines_longer_in_pieces(source, lint_code_blocks, 0);
        assert_eq!(whole, pieces, "pieces differ from whole lines");
    }
});
