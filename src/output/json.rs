//! The `json` and `jsonl` formats: the diagnostics as [`Located`] values,
//! in one array or one object a line.

use std::io::Write;

use super::Located;

/// The JSON document: an array of every diagnostic of the run, written as
/// it is made.
pub fn json(out: &mut dyn std::io::Write, located: &[Located]) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(out);
    serde_json::to_writer_pretty(&mut out, located).map_err(std::io::Error::other)?;
    out.write_all(b"\n")?;
    out.flush()
}

/// One JSON object per line.
pub fn jsonl(located: &[Located]) -> String {
    let mut out = String::new();
    for l in located {
        if let Ok(line) = serde_json::to_string(l) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}
