use crate::records::handoff::{OPTIONAL, REQUIRED};
use crate::roles::edit_distance;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a top-level key of a handoff record that is neither one of its
    /// fields nor one of the optional ones (`at`, `time`, `timestamp`,
    /// `updated_at`, `executor`, `remaining_risks`, `risks`, `logs`,
    /// `logs_url`), with a "did you mean" when a field is close.
    ///
    /// ## Why is this bad?
    /// A misspelt field (`ouput_ref`) is a missing field the orchestrator
    /// never reads; extra fields drift the format between agents.
    ///
    /// ## Example
    /// ```yaml
    /// ouput_ref: 9b1e7c4
    /// ```
    ///
    /// Use instead:
    /// ```yaml
    /// output_ref: 9b1e7c4
    /// ```
    pub struct UnknownKey {
        code: "P012",
        name: "unknown-key",
        family: Handoff,
        severity: Warning,
        added: "0.1.0",
        summary: "A handoff record has a key outside its format",
    }
}

impl HandoffRule for UnknownKey {
    fn check(&self, r: &Handoff<'_>, out: &mut Vec<Diagnostic>) {
        let Some(fields) = &r.fields else { return };
        for (key, _) in fields {
            if REQUIRED.contains(&key.as_str()) || OPTIONAL.contains(&key.as_str()) {
                continue;
            }
            let hint = REQUIRED
                .iter()
                .chain(OPTIONAL.iter())
                .map(|k| (edit_distance(key, k), k))
                .filter(|(d, _)| *d <= 2)
                .min_by_key(|(d, _)| *d)
                .map(|(_, k)| format!("; did you mean `{k}`?"))
                .unwrap_or_default();
            out.push(
                self.meta()
                    .diagnostic(
                        r.key_span(key),
                        format!("`{key}` is not a handoff record field{hint}"),
                    )
                    .with_label("unknown key")
                    .with_help(format!(
                        "a record holds {} and optionally {}",
                        REQUIRED.join(", "),
                        OPTIONAL.join(", ")
                    )),
            );
        }
    }
}
