//! The `json` and `jsonl` formats: the diagnostics as [`Located`] values,
//! in one array or one object a line.

use super::Located;

/// The JSON document: an array of every diagnostic of the run.
pub fn json(located: &[Located]) -> String {
    let mut out = serde_json::to_string_pretty(located).unwrap_or_else(|_| "[]".to_string());
    out.push('\n');
    out
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
