//! What closes a run: how many diagnostics each rule produced
//! (`--statistics`) and, after `human`, `concise` and `grouped`, the
//! summary line.

use owo_colors::OwoColorize;
use serde::Serialize;

use super::Located;

/// How many diagnostics one rule produced.
#[derive(Debug, Serialize)]
pub struct RuleCount {
    pub code: &'static str,
    pub name: &'static str,
    pub count: usize,
    /// One of them at least is fixable.
    pub fixable: bool,
}

/// How many diagnostics each rule produced, most first (ties by code).
pub fn rule_counts(located: &[Located]) -> Vec<RuleCount> {
    let mut counts: Vec<RuleCount> = Vec::new();
    for l in located {
        match counts.iter_mut().find(|c| c.code == l.code) {
            Some(entry) => {
                entry.count += 1;
                entry.fixable |= l.fixable;
            }
            None => counts.push(RuleCount {
                code: l.code,
                name: l.name,
                count: 1,
                fixable: l.fixable,
            }),
        }
    }
    counts.sort_by(|a, b| b.count.cmp(&a.count).then(a.code.cmp(b.code)));
    counts
}

/// [`rule_counts`] as lines: `COUNT  CODE  NAME`, the counts right-aligned
/// to the widest; when some finding is fixable, a rule with one fixable
/// finding or more shows `[*]` before its name and the others a blank of
/// the same width, as ruff does.
pub fn statistics(located: &[Located]) -> String {
    let counts = rule_counts(located);
    let width = counts
        .iter()
        .map(|c| c.count.to_string().len())
        .max()
        .unwrap_or(1);
    let any_fixable = counts.iter().any(|c| c.fixable);
    counts
        .iter()
        .map(|c| {
            let mark = match (any_fixable, c.fixable) {
                (false, _) => "",
                (true, true) => "[*] ",
                (true, false) => "    ",
            };
            format!("{:>width$}  {}  {mark}{}\n", c.count, c.code, c.name)
        })
        .collect()
}

/// [`rule_counts`] as a JSON array of `{code, name, count, fixable}`, as
/// ruff's `--statistics --output-format json` prints it.
pub fn statistics_json(out: &mut dyn std::io::Write, located: &[Located]) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, &rule_counts(located))
        .map_err(std::io::Error::other)?;
    out.write_all(b"\n")
}

/// The closing line of a human or concise run; `failed` inputs could not
/// be checked (their errors go to standard error).
pub fn summary(
    errors: usize,
    warnings: usize,
    infos: usize,
    files_with: usize,
    checked: usize,
    failed: usize,
    color: bool,
) -> String {
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    let checked_txt = format!("({} checked)", plural(checked, "file"));
    let failed_txt = match failed {
        0 => String::new(),
        1 => "; 1 input could not be checked".to_string(),
        n => format!("; {n} inputs could not be checked"),
    };
    let failed_txt = if color && failed > 0 {
        failed_txt.red().bold().to_string()
    } else {
        failed_txt
    };
    if errors + warnings + infos == 0 && failed > 0 {
        return format!("No problems found in the files checked {checked_txt}{failed_txt}.\n");
    }
    if errors + warnings + infos == 0 {
        let ok = "No problems found";
        let ok = if color {
            ok.green().bold().to_string()
        } else {
            ok.to_string()
        };
        return format!("{ok} {checked_txt}.\n");
    }
    let mut parts = vec![plural(errors, "error"), plural(warnings, "warning")];
    if infos > 0 {
        parts.push(plural(infos, "note"));
    }
    let found = format!("Found {}", parts.join(", "));
    let found = if color {
        found.bold().to_string()
    } else {
        found
    };
    format!(
        "{found} in {} {checked_txt}{failed_txt}.\n",
        plural(files_with, "file")
    )
}
