//! Whether a finding names its source, and whether it is tagged as assumed.

use super::contains_ignoring_ascii_case;

/// Whether a finding names its source: `[VERIFIED: …]`, `[ASSUMED: …]`,
/// an `[ASSUMPTION: …]` that states the figure,
/// `— VERIFIED —`, `— ASSUMED —`, `(from …)`, `(source: …)`, and in
/// Portuguese `(fonte: …)`, `(de …)` and its contractions with the article
/// (`(do …)`, `(da …)`, `(dos …)`, `(das …)`: the Portuguese protocol's own
/// example is "ARR é $2.1M (do relatório de pipeline do CRO …)").
pub fn has_source(text: &str) -> bool {
    text.contains("[VERIFIED:")
        || text.contains("[ASSUMED:")
        // An assumption the protocol's own marker declares: its figure is
        // stated as assumed, which is what a source tag says.
        || text.contains("[ASSUMPTION:")
        // Translated tags (M001 asks for the English): the finding still
        // names its source, so Q001 says nothing more.
        || text.contains("[VERIFICADO:")
        || text.contains("[ASSUMIDO:")
        || [
            "(from ", "(source:", "(fonte:", "(de ", "(do ", "(da ", "(dos ", "(das ",
        ]
        .iter()
        .any(|p| contains_ignoring_ascii_case(text, p))
        || dashed_tag(text, "VERIFIED")
        || dashed_tag(text, "ASSUMED")
        || dashed_tag(text, "VERIFICADO")
        || dashed_tag(text, "ASSUMIDO")
}

/// `— VERIFIED —` or `— [VERIFIED] —` (the board-meeting template's
/// forms), also at the end; a bracketed `[VERIFIED]` anywhere.
fn dashed_tag(text: &str, tag: &str) -> bool {
    text.match_indices(tag).any(|(i, _)| {
        let before = text[..i].trim_end();
        let bracketed = before.ends_with('[')
            && text[i + tag.len()..]
                .trim_start_matches([' ', '\t'])
                .starts_with(']');
        bracketed || before.ends_with('—') || before.ends_with('-') || before.ends_with('/')
    })
}

/// Whether a finding is tagged as assumed rather than verified.
pub fn tagged(text: &str) -> Option<bool> {
    let assumed = text.contains("[ASSUMED:")
        || text.contains("[ASSUMPTION:")
        || text.contains("[ASSUMIDO:")
        || dashed_tag(text, "ASSUMED")
        || dashed_tag(text, "ASSUMIDO");
    let verified = text.contains("[VERIFIED:")
        || text.contains("[VERIFICADO:")
        || dashed_tag(text, "VERIFIED")
        || dashed_tag(text, "VERIFICADO");
    match (verified, assumed) {
        (_, true) => Some(true),
        (true, false) => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_sources() {
        assert!(has_source("ARR $2.1M [VERIFIED: Q4 actuals] 🟢"));
        assert!(has_source("Churn 4% — ASSUMED — 🟡"));
        assert!(has_source("• [ASSUMPTION: churn rises 0.5 p.p. a month]"));
        assert_eq!(
            tagged("• [ASSUMPTION: churn rises 0.5 p.p. a month]"),
            Some(true)
        );
        assert!(!has_source("• Churn rises 0.5 p.p. a month"));
        // The contribution template's bracketed tags, filled in.
        assert!(has_source("Runway is 14 months — [VERIFIED] — 🟢"));
        assert!(has_source("Churn 4% — [ASSUMED ] — 🟡"));
        assert_eq!(tagged("Churn 4% — [ASSUMED] — 🟡"), Some(true));
        assert_eq!(tagged("ARR $2.1M — [VERIFIED] — 🟢"), Some(false));
        assert!(!has_source("ARR $2.1M [VERIFIED"));
        assert!(has_source("ARR is $2.1M (from CRO pipeline report)"));
        assert!(has_source("CAC $9K (source: HubSpot)"));
        assert!(has_source("ARR é $2.1M (do relatório de pipeline do CRO)"));
        assert!(has_source("Conversão de 18% (da planilha de março)"));
        assert!(!has_source("ARR is around $2M"));
        assert!(!has_source("ARR é cerca de $2M (dobro do ano passado)"));
    }
}
