//! Actions: `Action → Owner → Deadline` and the other usual forms.

use super::{find_lowered, lowering_keeps_offsets, rfind_lowered};

/// An action, as `Action → Owner → Deadline` and the other usual forms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Action<'a> {
    pub what: &'a str,
    pub owner: Option<&'a str>,
    pub deadline: Option<&'a str>,
}

/// Read an action in any of its usual forms: `A → O → D`, `A — O — D`,
/// `A (owner: O, due: D)`, `A - Owner: O - Deadline: D`.
pub fn parse_action(text: &str) -> Action<'_> {
    let text = text.trim();
    // The keys are looked for in the text's lower case: in the text itself
    // when lowering it keeps every offset, else in a lowered copy.
    let lower = (!lowering_keeps_offsets(text)).then(|| text.to_lowercase());
    let same_len = lower.as_ref().is_none_or(|l| l.len() == text.len());
    let find = |k: &str| match &lower {
        None => find_lowered(text, k),
        Some(l) => l.find(k),
    };
    if same_len {
        let owner_key = ["owner:", "responsável:", "responsavel:", "dono:"]
            .iter()
            .find_map(|k| find(k).map(|i| (i, k.len())));
        let due_key = ["deadline:", "due:", "by:", "prazo:", "até:"]
            .iter()
            .find_map(|k| find(k).map(|i| (i, k.len())));
        if owner_key.is_some() || due_key.is_some() {
            let cut = [owner_key.map(|(i, _)| i), due_key.map(|(i, _)| i)]
                .into_iter()
                .flatten()
                .min()
                .unwrap_or(text.len());
            let what = text[..cut]
                .trim_end()
                .trim_end_matches(['(', '-', '—', '–', ',', ';'])
                .trim();
            let value = |at: Option<(usize, usize)>| {
                at.map(|(i, len)| {
                    let rest = &text[i + len..];
                    let end = rest.find([',', ';', ')']).unwrap_or(rest.len());
                    let end = rest[..end]
                        .find(" - ")
                        .or_else(|| rest[..end].find(" — "))
                        .unwrap_or(end);
                    rest[..end].trim()
                })
                .filter(|v| !v.is_empty())
            };
            return Action {
                what,
                owner: value(owner_key),
                deadline: value(due_key),
            };
        }
    }
    for sep in ["→", "->", " — ", " – "] {
        if text.contains(sep) {
            let parts: Vec<&str> = text.split(sep).map(str::trim).collect();
            let nonempty = |i: usize| parts.get(i).copied().filter(|p| !p.is_empty());
            return Action {
                what: parts[0],
                owner: nonempty(1),
                deadline: nonempty(2),
            };
        }
    }
    // `Ship the fix by 2026-05-15` / `… até 15/05`: a deadline, no owner.
    let deadline = [" by ", " até ", " before ", " antes de "]
        .iter()
        .find_map(|k| {
            let i = match &lower {
                None => rfind_lowered(text, k)?,
                Some(l) if same_len => l.rfind(k)?,
                Some(_) => return None,
            };
            let rest = text[i + k.len()..].trim();
            rest.chars()
                .any(|c| c.is_ascii_digit())
                .then_some((i, rest))
        });
    match deadline {
        Some((i, rest)) => Action {
            what: text[..i].trim(),
            owner: None,
            deadline: Some(rest),
        },
        None => Action {
            what: text,
            owner: None,
            deadline: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_actions() {
        let a = parse_action("Open two reqs → CHRO → 2026-04-15");
        assert_eq!((a.owner, a.deadline), (Some("CHRO"), Some("2026-04-15")));
        let a = parse_action("Open two reqs — CHRO — April 15");
        assert_eq!((a.owner, a.deadline), (Some("CHRO"), Some("April 15")));
        let a = parse_action("Open two reqs (owner: CHRO, due: 2026-04-15)");
        assert_eq!(
            (a.what, a.owner, a.deadline),
            ("Open two reqs", Some("CHRO"), Some("2026-04-15"))
        );
        let a = parse_action("Open two reqs - Owner: CHRO - Deadline: Friday");
        assert_eq!(
            (a.what, a.owner, a.deadline),
            ("Open two reqs", Some("CHRO"), Some("Friday"))
        );
        let a = parse_action("We open two reqs → CHRO");
        assert_eq!((a.owner, a.deadline), (Some("CHRO"), None));
        assert_eq!(parse_action("Open two reqs").owner, None);
        let a = parse_action("Abrir duas vagas até 2026-05-15");
        assert_eq!((a.owner, a.deadline), (None, Some("2026-05-15")));
        assert_eq!(parse_action("Stand by the plan").deadline, None);
    }
}
