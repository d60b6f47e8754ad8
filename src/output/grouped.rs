//! The `grouped` format, as ruff's: each file's name on a line of its
//! own, then its diagnostics under it, one a line, indented, their places
//! aligned.

use std::io::Write;

use owo_colors::OwoColorize;

use super::concise::finding;
use super::{safe, Located};

/// Each file's diagnostics under its name, a blank line after each file:
///
/// ```text
/// examples/loop-violations.md:
///    7:1  error[L001] self-invocation: …
///   13:12 error[L003] circular-call: …
/// ```
///
/// A file's lines are aligned on the `:` between line and column, as ruff
/// aligns them.
pub fn grouped(out: &mut dyn Write, located: &[Located], color: bool) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(out);
    for file in located.chunk_by(|a, b| a.path == b.path) {
        let name = format!("{}:", safe::text(&file[0].path));
        match color {
            true => writeln!(out, "{}", name.bold())?,
            false => writeln!(out, "{name}")?,
        }
        let digits = |n: usize| n.to_string().len();
        let line_width = file.iter().map(|l| digits(l.start.line)).max().unwrap_or(1);
        let column_width = file
            .iter()
            .map(|l| digits(l.start.column))
            .max()
            .unwrap_or(1);
        for l in file {
            writeln!(
                out,
                "  {:>line_width$}:{:<column_width$} {}",
                l.start.line,
                l.start.column,
                finding(l, color)
            )?;
        }
        writeln!(out)?;
    }
    out.flush()
}
