//! Helpers shared by the formatter tests.

use std::collections::HashMap;

/// Words the formatter may rewrite: section headings, the template's notes,
/// confidence labels and levels, and the keywords of the action forms it
/// makes canonical.
const STRUCTURAL: &str = "bottom line what why this matters how to act risks your decision detail i noticed it \
    recommended action urgency required perspectives where they agree disagree critic s view executive mentor items \
    call if any needed se houver necessário conclusão o quê que por isso importa como agir riscos sua decisão detalhe \
    observei ação recomendada urgência necessária perspectivas onde concordam discordam visão do crítico executivo \
    itens de confidence confiança high medium low alta média baixa owner due deadline by responsável prazo dono até";

/// The content words of a text, counted: lower-cased alphanumeric runs, less
/// structural words and list numbers (`1.` is markup).
fn words(text: &str) -> HashMap<String, usize> {
    let structural: Vec<&str> = STRUCTURAL.split_whitespace().collect();
    let mut out = HashMap::new();
    for line in text.lines() {
        let t = line.trim_start();
        let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let t = if digits > 0 && t[digits..].starts_with(['.', ')']) {
            &t[digits + 1..]
        } else {
            t
        };
        for w in t
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
        {
            let w = w.to_lowercase();
            if !structural.contains(&w.as_str()) {
                *out.entry(w).or_insert(0) += 1;
            }
        }
    }
    out
}

/// The words of `before` that `after` holds fewer times: what formatting lost.
pub fn lost_words(before: &str, after: &str) -> Vec<String> {
    let a = words(after);
    let mut lost: Vec<String> = words(before)
        .into_iter()
        .filter(|(w, n)| a.get(w).copied().unwrap_or(0) < *n)
        .map(|(w, _)| w)
        .collect();
    lost.sort();
    lost
}
