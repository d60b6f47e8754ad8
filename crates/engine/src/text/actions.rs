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
        let dash = sep.trim();
        let parts: Vec<&str> = if sep.starts_with(' ') {
            // A dash between white space of any kind: a wrapped action
            // (`Ship it —⏎  CFO — Friday`) reads as its one line does.
            split_spaced(text, dash)
        } else if text.contains(sep) {
            text.split(sep).map(str::trim).collect()
        } else {
            Vec::new()
        };
        if parts.len() > 1 {
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

/// `text` split at each `dash` that has white space (a line break too) on
/// both sides, the parts trimmed; one part when there is none.
fn split_spaced<'a>(text: &'a str, dash: &str) -> Vec<&'a str> {
    let mut parts = Vec::new();
    let mut from = 0;
    for (i, _) in text.match_indices(dash) {
        let before = text[..i].chars().next_back();
        let after = text[i + dash.len()..].chars().next();
        if before.is_some_and(char::is_whitespace) && after.is_some_and(char::is_whitespace) {
            parts.push(text[from..i].trim());
            from = i + dash.len();
        }
    }
    parts.push(text[from..].trim());
    parts
}

/// Values that stand where a deadline goes but set no time (`TBD`, `ASAP`,
/// `soon`, `later`; `em breve`, `depois`, `assim que possível`, `a
/// definir`), in lower case.
const NO_DEADLINES: &[&str] = &[
    "tbd",
    "tba",
    "tbc",
    "asap",
    "a.s.a.p.",
    "a.s.a.p",
    "soon",
    "later",
    "eventually",
    "someday",
    "some day",
    "at some point",
    "when possible",
    "as soon as possible",
    "when we can",
    "ongoing",
    "em breve",
    "depois",
    "mais tarde",
    "logo",
    "assim que possível",
    "assim que possivel",
    "o quanto antes",
    "quanto antes",
    "o mais rápido possível",
    "o mais rapido possivel",
    "quando possível",
    "quando possivel",
    "oportunamente",
    "a definir",
    "a combinar",
    "em algum momento",
];

/// Values that stand where an owner goes but name no one who answers for
/// the action (`TBD`, `team`, `everyone`, `all`; `equipe`, `todos`, `a
/// definir`), in lower case.
const NO_OWNERS: &[&str] = &[
    "tbd",
    "tba",
    "tbc",
    "team",
    "the team",
    "our team",
    "everyone",
    "everybody",
    "all",
    "all of us",
    "we",
    "us",
    "someone",
    "somebody",
    "anyone",
    "a definir",
    "a combinar",
    "equipe",
    "a equipe",
    "nossa equipe",
    "time",
    "o time",
    "todos",
    "todos nós",
    "todo mundo",
    "nós",
    "alguém",
    "alguem",
    "qualquer um",
];

/// A value as written, without the emphasis, brackets, quotes and
/// punctuation around it, in lower case.
fn bare_value(value: &str) -> String {
    value
        .trim()
        .trim_matches(|c: char| {
            matches!(
                c,
                '*' | '_' | '[' | ']' | '(' | ')' | '"' | '“' | '”' | '`' | '.' | ',' | ';' | '!'
            ) || c.is_whitespace()
        })
        .to_lowercase()
}

/// Whether a deadline sets no time: `TBD`, `ASAP`, `soon`, `later`, `em
/// breve`, `depois`, `assim que possível`, `a definir`, and the like, as
/// the whole value.
pub fn vague_deadline(deadline: &str) -> bool {
    let value = bare_value(deadline);
    NO_DEADLINES.contains(&value.as_str())
}

/// Whether an owner names no one: `TBD`, `team`, `everyone`, `all`,
/// `equipe`, `todos`, `a definir`, and the like, as the whole value.
pub fn vague_owner(owner: &str) -> bool {
    let value = bare_value(owner);
    NO_OWNERS.contains(&value.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrapped_action_reads_as_one_line() {
        let wrapped = parse_action("Ship the plan —\n  CFO — 2026-05-01");
        assert_eq!(wrapped, parse_action("Ship the plan — CFO — 2026-05-01"));
        assert_eq!(wrapped.owner, Some("CFO"));
        assert_eq!(wrapped.deadline, Some("2026-05-01"));
        assert_eq!(parse_action("A—B—C").owner, None);
    }

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

    #[test]
    fn reads_vague_owners_and_deadlines() {
        for d in [
            "TBD",
            "ASAP",
            "soon",
            "Later.",
            "**asap**",
            "[TBD]",
            "em breve",
            "Depois",
            "assim que possível",
            "A definir",
        ] {
            assert!(vague_deadline(d), "{d}");
        }
        for d in [
            "2026-05-15",
            "Friday",
            "end of Q3",
            "ASAP, at the latest 2026-05-01",
            "15/05",
        ] {
            assert!(!vague_deadline(d), "{d}");
        }
        for o in [
            "TBD",
            "Team",
            "everyone",
            "All",
            "equipe",
            "Todos",
            "a definir",
            "the team",
        ] {
            assert!(vague_owner(o), "{o}");
        }
        for o in ["CFO", "Maria (RevOps)", "Eng team lead", "CHRO"] {
            assert!(!vague_owner(o), "{o}");
        }
    }
}
