//! `boardlint mcp` driven in process, for the `mcp_stream` fuzz target:
//! bytes as its standard input, through the gate and rmcp to the tools, on
//! a runtime of its own, to the end of the input.

use serde_json::Value;

use crate::commands::engines::Engines;

/// Serve `input`; how many messages the server wrote. Panics when what
/// it writes breaks the protocol: a line that is no JSON-RPC message, an
/// internal error (a panic contained, in the protocol or in a tool).
pub fn stream(input: &[u8]) -> usize {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let input = std::io::Cursor::new(input.to_vec());
    let (_, output) = runtime.block_on(super::server::serve_on(
        Engines::isolated(),
        input,
        Vec::new(),
    ));
    runtime.shutdown_background();
    let output = output.expect("the output is given back");
    let mut written = 0;
    for line in output.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        written += 1;
        let message: Value = serde_json::from_slice(line).unwrap_or_else(|e| {
            panic!(
                "a line that is no JSON ({e}): {}",
                String::from_utf8_lossy(line)
            )
        });
        assert_eq!(message["jsonrpc"], "2.0", "{message}");
        assert_ne!(message["error"]["code"], -32603, "{message}");
        for content in message["result"]["content"]
            .as_array()
            .into_iter()
            .flatten()
        {
            let text = content["text"].as_str().unwrap_or_default();
            assert!(!text.starts_with("internal error"), "{text}");
        }
    }
    written
}

#[cfg(test)]
mod tests {
    /// The fuzz target's seeds, and every input it found a fault with (kept
    /// beside them), served without a fault.
    #[test]
    fn the_fuzz_seeds_are_served_without_a_fault() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/mcp_stream");
        let mut served = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let written = super::stream(&std::fs::read(&path).unwrap());
            assert!(written >= 8, "{}: {written} messages", path.display());
            served += 1;
        }
        assert!(served >= 3, "{}", dir.display());
    }
}
