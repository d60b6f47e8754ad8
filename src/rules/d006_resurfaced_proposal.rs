use crate::model::decisions::Entry;
use crate::rules::prelude::*;
use crate::settings::Proposal;

declare_rule! {
    /// ## What it does
    /// Flags a decision that brings back a proposal an earlier decision
    /// rejected and flagged `[DO_NOT_RESURFACE]`, in the same file or in any
    /// decision log checked in the same run. "Earlier" is by entry date, not
    /// by position in the file.
    ///
    /// Matching: the proposal's text is the rejected item before its ` — `
    /// reason, without the flag; it matches a later entry's `**Decision:**`
    /// when both are equal after lower-casing, turning every run of
    /// punctuation and white space into one space, and trimming. So
    /// "Partner with a local distributor." matches "partner with a local
    /// distributor", but "Partner with two distributors" does not.
    ///
    /// ## Why is this bad?
    /// Rejected proposals "must not be resurfaced without new information"
    /// (decision-logger). A resurfaced proposal re-opens a settled debate and
    /// hides that the founder already said no.
    ///
    /// ## Example
    /// ```markdown
    /// ## 2026-02-15 — Spain expansion
    /// **Rejected:**
    /// - Partner with a local distributor — margins too low [DO_NOT_RESURFACE]
    ///
    /// ## 2026-04-02 — Iberia sales
    /// **Decision:** Partner with a local distributor.
    /// ```
    ///
    /// Use instead: record what is new since the rejection, and decide
    /// something else, or take the question back to the founder.
    pub struct ResurfacedProposal {
        code: "D006",
        name: "resurfaced-proposal",
        severity: Error,
        summary: "A decision resurfaces a proposal flagged DO_NOT_RESURFACE",
    }
}

/// Lower case, punctuation and white space folded to single spaces.
pub fn normalise(text: &str) -> String {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The flagged proposals of a file's entries: (entry index, item line, text).
pub fn flagged(t: &Transcript<'_>, entries: &[Entry]) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    for (e, entry) in entries.iter().enumerate() {
        let Some(f) = entry.field("Rejected") else {
            continue;
        };
        for &i in &f.items {
            let text = t.text(&t.line_text(i));
            if !text.contains("[DO_NOT_RESURFACE]") {
                continue;
            }
            let text = text.replace("[DO_NOT_RESURFACE]", "");
            let proposal = ["—", "–", " - "]
                .iter()
                .find_map(|d| text.split_once(d).map(|(p, _)| p))
                .unwrap_or(&text);
            out.push((e, i, normalise(proposal)));
        }
    }
    out
}

/// The flagged proposals of a decision log, for the other files of a run.
pub fn proposals(t: &Transcript<'_>) -> Vec<Proposal> {
    let path = t.path.map(shown).unwrap_or_default();
    flagged(t, &t.decisions)
        .into_iter()
        .map(|(e, line, text)| Proposal {
            date: t.decisions[e].date,
            text,
            path: path.clone(),
            line: t.source[..t.line_span(line).start].matches('\n').count() + 1,
        })
        .collect()
}

impl Rule for ResurfacedProposal {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        if t.decisions.is_empty() {
            return;
        }
        let here = flagged(t, &t.decisions);
        let this_path = t.path.map(shown);
        for entry in &t.decisions {
            let Some(decision) = entry.field("Decision") else {
                continue;
            };
            let text = normalise(t.text(&decision.value));
            if text.is_empty() {
                continue;
            }
            let same_file = here
                .iter()
                .find(|(e, _, p)| t.decisions[*e].date < entry.date && *p == text);
            if let Some((e, line, _)) = same_file {
                out.push(
                    self.meta()
                        .diagnostic(decision.value.clone(), format!("this decision resurfaces a proposal rejected on {}", fmt_date(t, *e)))
                        .with_label("rejected before")
                        .with_related(t.line_text(*line), "flagged DO_NOT_RESURFACE here")
                        .with_help("record what is new since the rejection and take it back to the founder, or decide something else"),
                );
                continue;
            }
            let other = t.settings.run.proposals.iter().find(|p| {
                Some(&p.path) != this_path.as_ref() && p.date < entry.date && p.text == text
            });
            if let Some(p) = other {
                out.push(
                    self.meta()
                        .diagnostic(decision.value.clone(), format!("this decision resurfaces a proposal rejected in {}:{}", p.path, p.line))
                        .with_label("rejected before")
                        .with_help("record what is new since the rejection and take it back to the founder, or decide something else"),
                );
            }
        }
    }
}

/// A path as messages show it, without a leading `./`.
fn shown(path: &std::path::Path) -> String {
    let s = path.display().to_string();
    s.strip_prefix("./").map(str::to_string).unwrap_or(s)
}

fn fmt_date(t: &Transcript<'_>, e: usize) -> String {
    let d = t.decisions[e].date;
    format!("{:04}-{:02}-{:02}", d.year, d.month, d.day)
}
