//! The lines of a decision section: `Option A: description — trade-off`
//! (`Opção A: …`) and `Recommendation: …` (`Recomendação: …`).

use super::case::prefix_len_ignoring_case;

/// The text after a list marker and bold markers.
fn bare(text: &str) -> &str {
    text.trim()
        .trim_start_matches(['-', '*', '•', '+', ' '])
        .trim_start_matches("**")
}

/// An option line, with whether it states a trade-off after a dash.
pub fn option(text: &str) -> Option<bool> {
    let text = bare(text);
    let rest = ["option ", "opção ", "opcao "]
        .iter()
        .find_map(|p| prefix_len_ignoring_case(text, p).map(|len| &text[len..]))?;
    let (_, description) = rest.split_once(':')?;
    let tradeoff = ["—", "–", " - "].iter().any(|d| {
        description
            .split_once(d)
            .is_some_and(|(a, b)| !a.trim().is_empty() && !b.trim().is_empty())
    });
    Some(tradeoff)
}

/// The line is an option, with or without its trade-off.
pub fn option_line(text: &str) -> bool {
    option(text).is_some()
}

const RECOMMENDATION: &[&str] = &[
    "recommendation:",
    "recomendação:",
    "recomendacao:",
    "recommendation**:",
    "recomendação**:",
];

/// The line is a `Recommendation:` label, with or without its text.
pub fn recommendation_line(text: &str) -> bool {
    recommendation_text(text).is_some()
}

/// The line is a `Recommendation:` that says something.
pub fn recommendation(text: &str) -> bool {
    recommendation_text(text).is_some_and(|rest| !rest.is_empty())
}

fn recommendation_text(text: &str) -> Option<&str> {
    let text = bare(text);
    RECOMMENDATION.iter().find_map(|p| {
        prefix_len_ignoring_case(text, p)
            .map(|len| text[len..].trim().trim_start_matches("**").trim())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_options_and_recommendations() {
        assert_eq!(option("Option A: Hire two — keeps buffer"), Some(true));
        assert_eq!(
            option("- **Option A:** Hire two — keeps buffer"),
            Some(true)
        );
        assert_eq!(
            option("Opção B: Contratar três — exige aprovação"),
            Some(true)
        );
        assert_eq!(option("Option B: Hire three"), Some(false));
        assert_eq!(option("Hire three"), None);
        assert!(recommendation("Recommendation: Option A, because runway."));
        assert!(recommendation("- Recomendação: Opção A"));
        assert!(!recommendation("Recommendation:"));
        assert!(recommendation_line("Recommendation:"));
        assert!(!recommendation_line("We recommend option A"));
    }
}
