use crate::records::handoff::is_commit;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags an `input_ref` or `output_ref` that is `HEAD` or a branch name
    /// (`main`, `feature/retry`, `origin/main`, `refs/heads/…`) where a commit
    /// is expected. (A ready or approved record's `output_ref` is P006.)
    ///
    /// ## Why is this bad?
    /// A branch moves. "The branch that was in the environment" is how
    /// implementation, review and QA end up testing three different versions
    /// of the code.
    ///
    /// ## Example
    /// ```yaml
    /// input_ref: main
    /// ```
    ///
    /// Use instead:
    /// ```yaml
    /// input_ref: 3f9c2ab
    /// ```
    pub struct MovingRef {
        code: "P013",
        name: "moving-ref",
        family: Handoff,
        severity: Warning,
        added: "0.1.0",
        summary: "A handoff record names a branch or HEAD instead of a commit",
    }
}

/// Whether a ref moves: HEAD, or a name that is not a commit hash.
pub fn moves(r: &str) -> bool {
    let r = r.trim();
    !r.is_empty()
        && !is_commit(r)
        && (r == "HEAD"
            || r.starts_with("HEAD~")
            || r.starts_with("HEAD^")
            || r.starts_with("refs/heads/")
            || r.contains('/')
            || [
                "main",
                "master",
                "develop",
                "dev",
                "trunk",
                "staging",
                "production",
            ]
            .contains(&r))
}

impl HandoffRule for MovingRef {
    fn check(&self, r: &Handoff<'_>, out: &mut Vec<Diagnostic>) {
        let approving = matches!(
            r.text("status").as_deref(),
            Some("ready_for_review" | "approved")
        );
        for key in ["input_ref", "output_ref"] {
            if key == "output_ref" && approving {
                continue;
            }
            let Some(value) = r.text(key) else { continue };
            if !moves(&value) {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(
                        r.value_span(key),
                        format!("`{key}` is `{value}`, which moves; a commit is expected"),
                    )
                    .with_label("moving ref")
                    .with_help("record the commit hash the stage received or produced"),
            );
        }
    }
}
