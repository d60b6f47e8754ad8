//! Any bytes as `boardlint mcp`'s standard input: the gate, rmcp and the
//! tools, in process, to the end of the input. Every line the server
//! writes must be a JSON-RPC message, and none an internal error.
#![no_main]

use boardlint::internals;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    internals::mcp_stream(data);
});
