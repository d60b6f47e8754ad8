//! The settings that apply to a path, shown: what `boardlint config PATH`
//! and `check --show-settings PATH` print.

use super::failing::config_failure;
use super::Workspace;

/// The settings that apply to a path, each with where it came from, and
/// the rules they leave on (`config PATH`, `check --show-settings PATH`).
pub fn print_settings(ws: &Workspace, path: &std::path::Path) -> i32 {
    let config = match ws.config_for(path) {
        Ok(c) => c,
        Err(failure) => return config_failure(&failure),
    };
    let settings = config.settings_for(path);
    let mut out = String::new();
    match config.path() {
        Some(p) => out.push_str(&format!("# configuration: {}\n", p.display())),
        None => out.push_str("# configuration: none (defaults)\n"),
    }
    let width = config
        .report
        .iter()
        .map(|(k, _, _)| k.len())
        .max()
        .unwrap_or(0);
    for (key, value, source) in &config.report {
        out.push_str(&format!("{key:<width$} = {value}  # {source}\n"));
    }
    let enabled: Vec<&str> = crate::rules::all()
        .iter()
        .enumerate()
        .filter(|(i, _)| settings.rules.is_on(*i))
        .map(|(_, r)| r.meta().code)
        .collect();
    out.push_str(&format!(
        "# rules enabled for {} ({} of {}): {}\n",
        path.display(),
        enabled.len(),
        crate::rules::all().len(),
        enabled.join(" ")
    ));
    super::print_out(out.as_bytes())
}
