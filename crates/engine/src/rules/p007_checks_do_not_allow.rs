use crate::records::handoff::check_result;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a handoff record that is `ready_for_review` or `approved` with
    /// no check at all, or with a check whose result is `failed` or
    /// `pending`.
    ///
    /// ## Why is this bad?
    /// The condition to move on is recorded, not asserted: a task goes to
    /// review when its checks passed. A failed or pending check under an
    /// approval is an approval nobody earned.
    ///
    /// ## Example
    /// ```yaml
    /// status: approved
    /// checks:
    ///   - {name: unit, result: passed}
    ///   - {name: e2e, result: pending}
    /// ```
    ///
    /// Use instead: wait for `e2e` to pass, or record the task as `running`.
    pub struct ChecksDoNotAllow {
        code: "P007",
        name: "checks-do-not-allow",
        family: Handoff,
        severity: Error,
        added: "0.1.0",
        summary: "A record moves on without passing checks",
    }
}

impl HandoffRule for ChecksDoNotAllow {
    fn check(&self, r: &Handoff<'_>, out: &mut Vec<Diagnostic>) {
        let Some(status) = r.text("status") else {
            return;
        };
        if !matches!(status.as_str(), "ready_for_review" | "approved") || r.get("checks").is_none()
        {
            return;
        }
        let checks = r.checks();
        if checks.is_empty() {
            out.push(
                self.meta()
                    .diagnostic(
                        r.key_span("checks"),
                        format!("a `{status}` record has no check"),
                    )
                    .with_label("no checks")
                    .with_help("record the checks that allowed the move, each `{name, result}`"),
            );
            return;
        }
        for (i, name, result) in checks {
            let result = result.as_deref().and_then(check_result);
            if !matches!(result, Some("failed" | "pending")) {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(
                        r.check_span(i),
                        format!(
                            "check `{}` is {} but the record is `{status}`",
                            name.unwrap_or_default(),
                            result.unwrap_or_default()
                        ),
                    )
                    .with_label("does not allow the move")
                    .with_help("move on only when every check passed (or was skipped on purpose)"),
            );
        }
    }
}
