//! Actions: `Action → Owner → Deadline` and the other usual forms.

use super::{find_lowered, lowering_keeps_offsets, rfind_lowered};

/// An action, as `Action → Owner → Deadline` and the other usual forms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Action<'a> {
    pub what: &'a str,
    pub owner: Option<&'a str>,
    pub deadline: Option<&'a str>,
}

/// Read an action in any of its usual forms: `A → O → D`, `A -> O -> D`,
/// `A — O — D`, `A -- O -- D`, `A - O - D` and `A | O | D` (the last three
/// only with a deadline-like last part), `A (owner: O, due: D)`, `A (owner:
/// O; by D)`, `A -- owner: O, due D`, `A - Owner: O - Deadline: D`, `A —
/// Owner: O | Due: D`, and in Portuguese (`responsável:`, `prazo:`, `até`).
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
        let due_key = ["deadline:", "due:", "by:", "until:", "prazo:", "até:"]
            .iter()
            .find_map(|k| find(k).map(|i| (i, k.len())))
            .or_else(|| owner_key.and_then(|(i, len)| bare_due_key(text, &lower, i + len)));
        if owner_key.is_some() || due_key.is_some() {
            let cut = [owner_key.map(|(i, _)| i), due_key.map(|(i, _)| i)]
                .into_iter()
                .flatten()
                .min()
                .unwrap_or(text.len());
            let what = text[..cut]
                .trim_end()
                .trim_end_matches(['(', '-', '—', '–', ',', ';', '|', ' '])
                .trim();
            let keys = [owner_key, due_key];
            let value = |at: Option<(usize, usize)>| {
                at.map(|(i, len)| {
                    let from = i + len;
                    // Up to the other key, or a separator.
                    let next_key = keys
                        .iter()
                        .flatten()
                        .map(|&(k, _)| k)
                        .filter(|&k| k > i)
                        .min()
                        .unwrap_or(text.len());
                    let rest = &text[from..next_key.max(from)];
                    let end = rest.find([',', ';', ')', '|']).unwrap_or(rest.len());
                    let end = [" - ", " — ", " – ", " -- "]
                        .iter()
                        .filter_map(|d| rest[..end].find(d))
                        .min()
                        .unwrap_or(end);
                    rest[..end].trim().trim_end_matches(['-', '—', '–']).trim()
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
    // Separators that prose uses too: three parts, an owner's few words in
    // the middle and a deadline last.
    for sep in ["--", "-", "|"] {
        let parts = split_spaced(text, sep);
        if let [what, owner, deadline] = parts[..] {
            if !what.is_empty() && owner_like(owner) && deadline_like(deadline) {
                return Action {
                    what,
                    owner: Some(owner),
                    deadline: Some(deadline),
                };
            }
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

/// A deadline named without a colon after the owner's value (`owner: CMO,
/// due Dec 20`, `(owner: CFO; by 2026-05-01)`, `responsável: CFO, prazo
/// 15/05`): the word after a comma, semicolon or bar that follows `from`,
/// with a deadline-like value after it; (where the word is, its length
/// with the space after it).
fn bare_due_key(text: &str, lower: &Option<String>, from: usize) -> Option<(usize, usize)> {
    let hay = lower.as_deref().unwrap_or(text);
    let at = from + hay[from..].find([',', ';', '|', ')'])? + 1;
    let rest = &hay[at..];
    let gap = rest.len() - rest.trim_start().len();
    let word_at = at + gap;
    ["due ", "by ", "until ", "deadline ", "prazo ", "até "]
        .iter()
        .find(|k| hay[word_at..].starts_with(**k))
        .filter(|k| deadline_like(text[word_at + k.len()..].trim()))
        .map(|k| (word_at, k.len()))
}

/// Whether a part of an action reads as an owner: one to four words, no
/// digit, no sentence punctuation.
fn owner_like(part: &str) -> bool {
    let words = part.split_whitespace().count();
    (1..=4).contains(&words)
        && !part
            .chars()
            .any(|c| c.is_ascii_digit() || matches!(c, '.' | ',' | ';' | ':' | '!' | '?'))
}

/// Whether a part of an action reads as a deadline: a date or a number
/// (`2026-03-01`, `Dec 20`, `15/05`, `Q3`), a day or month named
/// (`Friday`, `end of March`, `sexta`), `today`, `tomorrow`, `EOW` and the
/// like, or a value that sets no time (`ASAP`, `TBD`, which C007 reports).
fn deadline_like(part: &str) -> bool {
    const WORDS: &[&str] = &[
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "mon",
        "tue",
        "wed",
        "thu",
        "fri",
        "sat",
        "sun",
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "today",
        "tomorrow",
        "tonight",
        "eod",
        "eow",
        "eom",
        "eoq",
        "eoy",
        "end",
        "next",
        "this",
        "segunda",
        "terça",
        "terca",
        "quarta",
        "quinta",
        "sexta",
        "sábado",
        "sabado",
        "domingo",
        "janeiro",
        "fevereiro",
        "março",
        "marco",
        "abril",
        "maio",
        "junho",
        "julho",
        "agosto",
        "setembro",
        "outubro",
        "novembro",
        "dezembro",
        "hoje",
        "amanhã",
        "amanha",
        "fim",
        "final",
        "próxima",
        "proxima",
        "próximo",
        "proximo",
        "até",
        "ate",
    ];
    let part = part.trim();
    if part.is_empty() || part.split_whitespace().count() > 6 {
        return false;
    }
    if part.chars().any(|c| c.is_ascii_digit()) || vague_deadline(part) {
        return true;
    }
    // The first word's letters (`sexta-feira` is `sexta`'s).
    let first: String = part
        .chars()
        .skip_while(|c| !c.is_alphabetic())
        .take_while(|c| c.is_alphabetic())
        .collect::<String>()
        .to_lowercase();
    WORDS.contains(&first.as_str())
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
        // The notations drafts write, with and without colons.
        for (text, owner, deadline) in [
            (
                "Rebuild the model -- owner: CMO, due Dec 20",
                "CMO",
                "Dec 20",
            ),
            ("Rebuild the model - CRO - 2026-03-01", "CRO", "2026-03-01"),
            (
                "Update the deck (owner: CFO; by 2026-05-01)",
                "CFO",
                "2026-05-01",
            ),
            (
                "Update the deck — Owner: CFO | Due: 2026-05-01",
                "CFO",
                "2026-05-01",
            ),
            ("Update the deck -- CFO -- Friday", "CFO", "Friday"),
            (
                "Atualizar o deck (responsável: CFO, prazo 15/05)",
                "CFO",
                "15/05",
            ),
            ("Atualizar o deck — CFO — até 15/05", "CFO", "até 15/05"),
        ] {
            let a = parse_action(text);
            assert_eq!(
                (a.owner, a.deadline),
                (Some(owner), Some(deadline)),
                "{text}"
            );
            assert!(!a.what.ends_with(['-', '(', ' ']), "{text}: {:?}", a.what);
        }
        // Prose with hyphens is no action form.
        for text in [
            "Cut the budget - marketing first - then sales",
            "Run the A - B test",
            "Decide - now or never",
        ] {
            assert_eq!(parse_action(text).owner, None, "{text}");
        }
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
