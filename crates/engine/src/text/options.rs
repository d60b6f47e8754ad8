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
    let tradeoff = TRADE_OFF_DASHES.iter().any(|d| {
        description
            .split_once(d)
            .is_some_and(|(a, b)| !a.trim().is_empty() && !b.trim().is_empty())
    });
    Some(tradeoff)
}

/// What separates an option's description from its trade-off: the
/// template's em dash, and the dashes and arrow drafts write for it.
const TRADE_OFF_DASHES: [&str; 5] = ["—", "–", " -- ", " - ", " -> "];

/// An option line with its trade-off after ` — `, the template's dash, when
/// it is written after another (`Option A: hire two -- keeps the buffer`);
/// `None` when the line is no option, has no trade-off, or already uses
/// the em dash.
pub fn canonical_option(text: &str) -> Option<String> {
    if option(text) != Some(true) || text.contains('—') {
        return None;
    }
    let colon = text.find(':')?;
    let (at, dash) = TRADE_OFF_DASHES[1..]
        .iter()
        .filter_map(|d| text[colon..].find(d).map(|i| (colon + i, *d)))
        .min_by_key(|&(i, _)| i)?;
    let (before, after) = (text[..at].trim_end(), text[at + dash.len()..].trim_start());
    Some(format!("{before} — {after}"))
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

/// What a `Recommendation:` line says after its label.
pub fn recommendation_value(text: &str) -> Option<&str> {
    recommendation_text(text)
}

/// Openings that hand the choice back instead of making one: "Not 'what
/// do you think?'" (agent-protocol, Communication Rule 6).
const ABDICATIONS: &[&str] = &[
    "what do you think",
    "what would you like",
    "what would you prefer",
    "which do you prefer",
    "which would you prefer",
    "up to you",
    "it's up to you",
    "it’s up to you",
    "it is up to you",
    "your call",
    "it's your call",
    "it’s your call",
    "it is your call",
    "you decide",
    "you choose",
    "either works",
    "either is fine",
    "o que acha",
    "o que você acha",
    "o que voce acha",
    "o que vocês acham",
    "qual você prefere",
    "qual voce prefere",
    "você decide",
    "voce decide",
    "você escolhe",
    "voce escolhe",
    "a decisão é sua",
    "a decisao e sua",
    "decisão sua",
    "fica a seu critério",
    "fica a critério",
    "fica a seu criterio",
    "a seu critério",
    "depende de você",
    "depende de voce",
    "cabe a você",
    "cabe a voce",
    "qualquer uma serve",
    "tanto faz",
];

/// Whether a text hands the choice back to the founder instead of making
/// or naming one: it opens with an abdication (`up to you`, `your call`,
/// `what do you think?`, `você decide`, `o que acha?`), after any list
/// marker and emphasis.
pub fn abdication(text: &str) -> bool {
    let text = bare(text)
        .trim_start_matches(['*', '_', '"', '“', '\'', ' '])
        .trim_start();
    ABDICATIONS.iter().any(|p| {
        prefix_len_ignoring_case(text, p).is_some_and(|len| {
            let rest = &text[len..];
            // A whole phrase (`your call`, not `your callback`), and not a
            // label naming the call after it (`Your call: raise or wait`).
            let labels = rest
                .trim_start_matches(['*', '_'])
                .strip_prefix(':')
                .is_some_and(|after| !after.trim_matches(['*', '_', ' ', '.']).is_empty());
            !rest.starts_with(|c: char| c.is_alphanumeric()) && !labels
        })
    })
}

/// Whether a recommendation makes none: it is a question (`Should we raise
/// now?`) or hands the choice back ([`abdication`]).
pub fn no_recommendation(value: &str) -> bool {
    let value = value.trim().trim_end_matches(['*', '_', ' ']);
    value.ends_with('?') || abdication(value)
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

    fn recommendation(text: &str) -> bool {
        recommendation_value(text).is_some_and(|rest| !rest.is_empty())
    }

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

    #[test]
    fn reads_abdications() {
        assert!(no_recommendation("What do you think?"));
        assert!(no_recommendation("Up to you."));
        assert!(no_recommendation("**Your call**"));
        assert!(no_recommendation("It's up to you — both work"));
        assert!(no_recommendation("Should we raise now?"));
        assert!(no_recommendation("Você decide."));
        assert!(no_recommendation("O que acha?"));
        assert!(no_recommendation("A decisão é sua"));
        assert!(!no_recommendation(
            "Option B, because ARR clears $2M by October."
        ));
        assert!(!no_recommendation("Opção A: o runway aguenta."));
        assert!(!no_recommendation(
            "Your callback service can absorb the load: Option A."
        ));
        assert!(!abdication("Raise now or extend runway six months"));
        assert!(!abdication(
            "- **Your call:** raise now or extend six months"
        ));
        assert!(abdication("Your call:"));
        assert!(abdication("**Up to you.**"));
    }
}
