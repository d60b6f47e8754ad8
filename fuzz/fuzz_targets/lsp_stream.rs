//! Any bytes as `boardlint server`'s framed standard input: its transport
//! and its session, in process, to the end of the input (then `shutdown`
//! and `exit`). Every request must be answered once, the transport's own
//! answers must be JSON-RPC errors, and nothing an internal error.
#![no_main]

use boardlint::internals;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    internals::lsp_stream(data);
});
