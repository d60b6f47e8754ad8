use crate::records::handoff::check_result;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a handoff record whose `status` is `failed` while none of its
    /// checks failed and it names no other class of failure. A failure that
    /// no check reports (a timeout, an input gone stale) is written as
    /// `failure: timeout` (any class but `check`).
    ///
    /// ## Why is this bad?
    /// The next attempt starts from what failed. A failure with every check
    /// green says nothing about what to fix.
    ///
    /// ## Example
    /// ```yaml
    /// status: failed
    /// checks:
    ///   - {name: unit, result: passed}
    /// ```
    ///
    /// Use instead: record the check that failed.
    /// ```yaml
    /// status: failed
    /// checks:
    ///   - {name: unit, result: passed}
    ///   - {name: browser_flow, result: failed}
    /// ```
    ///
    /// or the class of a failure no check reports:
    /// ```yaml
    /// status: failed
    /// failure: timeout
    /// checks:
    ///   - {name: unit, result: passed}
    /// ```
    pub struct FailedWithoutFailedCheck {
        code: "P008",
        name: "failed-without-failed-check",
        family: Handoff,
        severity: Warning,
        added: "0.1.0",
        summary: "A failed record names no failed check",
    }
}

impl HandoffRule for FailedWithoutFailedCheck {
    fn check(&self, r: &Handoff<'_>, out: &mut Vec<Diagnostic>) {
        if r.text("status").as_deref() != Some("failed") {
            return;
        }
        let failed = r
            .checks()
            .iter()
            .any(|(_, _, res)| res.as_deref().and_then(check_result) == Some("failed"));
        // A failure of another class than a check's says what to fix.
        let other_class = r
            .text("failure")
            .is_some_and(|c| !c.trim().is_empty() && !c.trim().eq_ignore_ascii_case("check"));
        if failed || other_class {
            return;
        }
        out.push(
            self.meta()
                .diagnostic(
                    r.value_span("status"),
                    "the record failed but none of its checks failed",
                )
                .with_label("failed")
                .with_help("record the check that failed, or the class of a failure no check reports (`failure: timeout`), so the next attempt knows what to fix"),
        );
    }
}
