use crate::records::handoff::check_result;
use crate::rules::prelude::*;
use crate::yaml::Value;

declare_rule! {
    /// ## What it does
    /// Flags a check in a handoff record's `checks` without a `name` or a
    /// `result`, with a result other than `passed`, `failed`, `skipped` or
    /// `pending` (`pass` and `fail` are accepted), or with a name used twice.
    ///
    /// ## Why is this bad?
    /// The checks are the evidence for a move. One without a name cannot be
    /// re-run, one with "ok" cannot be read, and two results for one name
    /// contradict each other.
    ///
    /// ## Example
    /// ```yaml
    /// checks:
    ///   - {name: unit, result: ok}
    ///   - {result: passed}
    /// ```
    ///
    /// Use instead:
    /// ```yaml
    /// checks:
    ///   - {name: unit, result: passed}
    ///   - {name: lint, result: passed}
    /// ```
    pub struct MalformedCheck {
        code: "P010",
        name: "malformed-check",
        family: Handoff,
        severity: Error,
        added: "0.1.0",
        summary: "A check lacks a name or result, or repeats a name",
    }
}

impl HandoffRule for MalformedCheck {
    fn check(&self, r: &Handoff<'_>, out: &mut Vec<Diagnostic>) {
        match r.get("checks") {
            Some(Value::Sequence(_)) => {}
            Some(Value::Null) | None => return,
            Some(_) => {
                return out.push(
                    self.meta()
                        .diagnostic(r.value_span("checks"), "`checks` is not a list")
                        .with_label("not a list")
                        .with_help("write `checks` as a list of `{name, result}`"),
                )
            }
        }
        let mut seen: Vec<String> = Vec::new();
        for (i, name, result) in r.checks() {
            let problem = match (&name, &result) {
                (None, _) => Some("has no `name`".to_string()),
                (_, None) => Some("has no `result`".to_string()),
                (Some(_), Some(res)) if check_result(res).is_none() => {
                    Some(format!("has the unknown result `{res}`"))
                }
                (Some(n), _) if seen.contains(n) => Some(format!("repeats the name `{n}`")),
                _ => None,
            };
            if let Some(n) = name {
                seen.push(n);
            }
            let Some(problem) = problem else { continue };
            out.push(
                self.meta()
                    .diagnostic(r.check_span(i), format!("this check {problem}"))
                    .with_label("malformed check")
                    .with_help("each check is `{name, result}` with a unique name and a result of passed, failed, skipped or pending"),
            );
        }
    }
}
