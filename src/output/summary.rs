//! What closes a run: how many diagnostics each rule produced
//! (`--statistics`) and, after `human` and `concise`, the summary line.

use owo_colors::OwoColorize;

use super::Located;

/// How many diagnostics each rule produced, most first (ties by code):
/// `COUNT  CODE  NAME`, the counts right-aligned to the widest; when some
/// finding is fixable, a rule with one fixable finding or more shows `[*]`
/// before its name and the others a blank of the same width, as ruff does.
pub fn statistics(located: &[Located]) -> String {
    let mut counts: Vec<(&str, &str, usize, bool)> = Vec::new();
    for l in located {
        match counts.iter_mut().find(|(c, _, _, _)| *c == l.code) {
            Some(entry) => {
                entry.2 += 1;
                entry.3 |= l.fixable;
            }
            None => counts.push((l.code, l.name, 1, l.fixable)),
        }
    }
    counts.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(b.0)));
    let width = counts
        .iter()
        .map(|c| c.2.to_string().len())
        .max()
        .unwrap_or(1);
    let any_fixable = counts.iter().any(|c| c.3);
    counts
        .iter()
        .map(|(code, name, n, fixable)| {
            let mark = match (any_fixable, fixable) {
                (false, _) => "",
                (true, true) => "[*] ",
                (true, false) => "    ",
            };
            format!("{n:>width$}  {code}  {mark}{name}\n")
        })
        .collect()
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
