use crate::kinds::has_dirs;
use crate::date::Date;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a file under `decisions/raw/` or `decisions/approved/`, other
    /// than the index `decisions.md`, whose name is not `YYYY-MM-DD-slug.md`
    /// (a real date, then a lower-case slug of letters, digits and hyphens).
    /// Reported at line 1.
    ///
    /// ## Why is this bad?
    /// The decision memory is laid out by date (agent-protocol, Decision
    /// Memory): raw transcripts are archived by age and approved records are
    /// found by date. A file named otherwise is lost to both.
    ///
    /// ## Example
    /// ```text
    /// decisions/approved/spain-expansion.md
    /// ```
    ///
    /// Use instead:
    /// ```text
    /// decisions/approved/2026-02-15-spain-expansion.md
    /// ```
    pub struct RecordFileName {
        code: "D008",
        name: "record-file-name",
        family: Decision,
        severity: Warning,
        added: "0.1.0",
        summary: "A decision record's file name is not YYYY-MM-DD-slug.md",
    }
}

/// Whether a record file name is `YYYY-MM-DD-slug.md`.
pub fn well_named(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(".md") else {
        return false;
    };
    let (Some(date), Some(slug)) = (stem.get(..10), stem.get(11..)) else {
        return false;
    };
    Date::parse(date).is_some()
        && stem.as_bytes().get(10) == Some(&b'-')
        && !slug.is_empty()
        && slug
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !slug.starts_with('-')
        && !slug.ends_with('-')
}

impl Rule for RecordFileName {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        let Some(path) = t.path else { return };
        if !(has_dirs(path, "decisions", "raw") || has_dirs(path, "decisions", "approved")) {
            return;
        }
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if name == "decisions.md" || well_named(name) {
            return;
        }
        let first_line = t.doc.lines.first().map_or(0..0, |l| l.span.clone());
        out.push(
            self.meta()
                .diagnostic(first_line, format!("`{name}` is not named YYYY-MM-DD-slug.md"))
                .with_label("file name")
                .with_help("rename it to the decision's date and a short slug, e.g. `2026-02-15-spain-expansion.md`"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::well_named;

    #[test]
    fn names() {
        assert!(well_named("2026-02-15-spain-expansion.md"));
        assert!(!well_named("spain-expansion.md"));
        assert!(!well_named("2026-02-15.md"));
        assert!(!well_named("2026-2-15-spain.md"));
        assert!(!well_named("2026-02-30-spain.md"));
        assert!(!well_named("2026-02-15-Spain.md"));
    }
}
