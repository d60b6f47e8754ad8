//! Rule selectors: what `select`, `ignore`, `extend-select`, `severity` and
//! `per-file-ignores` name, and the rule selection they make together.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::layer::{At, Resolution, Written};
use super::ConfigError;
use crate::diagnostic::Severity;
use crate::roles::edit_distance;
use crate::settings::RuleSelection;

/// The rules a selector names: `ALL`, a code (`L001`), a code prefix (`L`,
/// `C00`) or a rule name (`self-invocation`), in any case.
pub fn resolve_selector(selector: &str) -> Result<Vec<usize>, String> {
    let all = crate::rules::all();
    let s = selector.trim();
    if s.eq_ignore_ascii_case("ALL") {
        return Ok((0..all.len()).collect());
    }
    if let Some(i) = all
        .iter()
        .position(|r| r.meta().name.eq_ignore_ascii_case(s))
    {
        return Ok(vec![i]);
    }
    let upper = s.to_ascii_uppercase();
    let prefix = upper.len() <= 4
        && upper.chars().next().is_some_and(|c| c.is_ascii_uppercase())
        && upper[1..].chars().all(|c| c.is_ascii_digit());
    if prefix {
        let found: Vec<usize> = (0..all.len())
            .filter(|&i| all[i].meta().code.starts_with(&upper))
            .collect();
        if !found.is_empty() {
            return Ok(found);
        }
    }
    let hint = match nearest_rule(s) {
        Some(c) => format!("; did you mean `{c}`?"),
        None => String::new(),
    };
    Err(format!(
        "`{s}` is not a rule code, code prefix or rule name{hint}"
    ))
}

/// The rule code or name closest to `s` (at most two edits away), for a
/// "did you mean".
pub fn nearest_rule(s: &str) -> Option<&'static str> {
    let s = s.trim().to_ascii_lowercase();
    crate::rules::all()
        .iter()
        .flat_map(|r| [r.meta().code, r.meta().name])
        .map(|c| (edit_distance(&s, &c.to_ascii_lowercase()), c))
        .min_by_key(|(d, _)| *d)
        .filter(|(d, _)| *d <= 2)
        .map(|(_, c)| c)
}

/// An error for each selector that names no rule, at the line it is on.
pub fn check(at: &At, selectors: &[String], errors: &mut Vec<ConfigError>) {
    for s in selectors {
        if let Err(message) = resolve_selector(s) {
            errors.push(ConfigError {
                line: at.line_of_value(s),
                ..at.error(message)
            });
        }
    }
}

/// `severity`: each selector's level, the later file's winning; the levels
/// are checked once every file is read.
pub fn apply_severity(r: &mut Resolution, v: &Written, at: &At) {
    for (k, level) in v.text_map() {
        check(at, std::slice::from_ref(k), &mut r.errors);
        r.severity.insert(
            k.clone(),
            (
                level.clone(),
                at.layer.path.clone(),
                at.layer.line_of(&[&at.keys[..], &[k.as_str()]].concat()),
            ),
        );
    }
}

/// `per-file-ignores`: globs relative to the file that writes them, each
/// with the rules it turns off.
pub fn apply_per_file_ignores(r: &mut Resolution, v: &Written, at: &At) {
    for (glob, codes) in v.list_map() {
        let at = at.under(glob);
        check(&at, codes, &mut r.errors);
        let set = r.glob_set(&at, std::slice::from_ref(glob));
        let mut indices = Vec::new();
        for c in codes {
            indices.extend(resolve_selector(c).unwrap_or_default());
        }
        r.per_file.push((set, at.layer.base.clone(), indices));
    }
}

/// select, then extend-select, minus ignore; `severity: off` disables.
pub fn rule_selection(
    select: &[String],
    extend_select: &[String],
    ignore: &[String],
    severity: &BTreeMap<String, (String, PathBuf, Option<usize>)>,
    errors: &mut Vec<ConfigError>,
) -> RuleSelection {
    let mut selection = RuleSelection::none(crate::rules::all().len());
    for s in select.iter().chain(extend_select) {
        for i in resolve_selector(s).unwrap_or_default() {
            selection.set(i, true);
        }
    }
    for s in ignore {
        for i in resolve_selector(s).unwrap_or_default() {
            selection.set(i, false);
        }
    }
    for (selector, (level, path, line)) in severity {
        let level = match level.as_str() {
            "error" => Some(Severity::Error),
            "warning" => Some(Severity::Warning),
            "off" => None,
            other => {
                errors.push(ConfigError {
                    path: path.clone(),
                    line: *line,
                    key: Some(format!("severity.{selector}")),
                    message: format!(
                        "`{other}` is not a severity: use `error`, `warning` or `off`"
                    ),
                });
                continue;
            }
        };
        for i in resolve_selector(selector).unwrap_or_default() {
            match level {
                Some(l) => selection.set_severity(i, l),
                None => selection.set(i, false),
            }
        }
    }
    selection
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selectors_resolve_codes_prefixes_names_and_all() {
        assert_eq!(
            resolve_selector("ALL").unwrap().len(),
            crate::rules::all().len()
        );
        assert_eq!(resolve_selector("l001").unwrap().len(), 1);
        assert_eq!(
            resolve_selector("self-invocation").unwrap(),
            resolve_selector("L001").unwrap()
        );
        assert_eq!(resolve_selector("L").unwrap().len(), 6);
        assert_eq!(resolve_selector("C00").unwrap().len(), 9);
        let err = resolve_selector("L0001").unwrap_err();
        assert!(err.contains("did you mean"), "{err}");
        assert!(resolve_selector("Z").is_err());
    }
}
