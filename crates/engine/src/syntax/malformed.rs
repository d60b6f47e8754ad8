//! Why a marker-looking span does not parse.
//!
//! The grammar only says "this starts like a marker but is not one"; this
//! module reads that short span once more to say what is wrong with it and
//! what the canonical form is. It runs on malformed markers only. The
//! keywords are the scanner's (`scan::KEYWORDS`), none a prefix of another.

use super::scan::KEYWORDS;

/// The reason a span is malformed, and the canonical form to use instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Malformation {
    pub reason: String,
    pub help: String,
}

fn m(reason: impl Into<String>, help: impl Into<String>) -> Malformation {
    Malformation {
        reason: reason.into(),
        help: help.into(),
    }
}

/// The canonical form of each marker, for help texts.
pub fn canonical_form(keyword: &str) -> &'static str {
    match keyword {
        "INVOKE" => "[INVOKE:role|question]",
        "BROADCAST" => "[BROADCAST:all|question]",
        "RESPONSE" => "[RESPONSE:role] … [/RESPONSE]",
        "PEER-VERIFY" => "[PEER-VERIFY:role] … [/PEER-VERIFY]",
        "CRITIC-SCREEN" => "[CRITIC-SCREEN] … [/CRITIC-SCREEN]",
        "CHAIN" => "[CHAIN: a → b → c]",
        "BLOCKED" => "[BLOCKED: reason]",
        "ASSUMPTION" => "[ASSUMPTION: what you assume]",
        "CONFLICT" => "[CONFLICT: the disagreement] or [CONFLICT DETECTED] … [/CONFLICT]",
        "VERIFIED" => "[VERIFIED: source]",
        "ASSUMED" | "ASSUMIDO" => "[ASSUMED: basis]",
        "VERIFICADO" => "[VERIFIED: source]",
        _ => "a protocol marker",
    }
}

/// The grammar's `role`: a letter, then letters, combining marks, ASCII
/// digits and `_`.
fn is_role_token(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if pest::unicode::LETTER(c))
        && chars.all(|c| {
            c.is_ascii_digit() || c == '_' || pest::unicode::LETTER(c) || pest::unicode::MARK(c)
        })
}

/// Explain a malformed marker. `text` starts with `[` and runs to its `]`
/// or to the end of the line.
pub fn diagnose(text: &str) -> Malformation {
    let closing = text.starts_with("[/");
    let after_bracket = if closing { &text[2..] } else { &text[1..] };
    let Some(keyword) = KEYWORDS
        .iter()
        .copied()
        .find(|k| after_bracket.starts_with(k))
    else {
        return m(
            "this is not a valid marker",
            "write a marker exactly as the protocol does",
        );
    };
    let form = canonical_form(keyword);
    if let Some(english) = match keyword {
        "VERIFICADO" => Some("VERIFIED"),
        "ASSUMIDO" => Some("ASSUMED"),
        _ => None,
    } {
        if after_bracket[keyword.len()..].trim_start().starts_with(']') {
            return m(
                format!(
                    "`[{keyword}]` is `[{english}]` in Portuguese; the protocol writes its tags in English in every language"
                ),
                format!("write `[{english}]`"),
            );
        }
        return m(
            format!(
                "`[{keyword}: …]` is `[{english}: …]` in Portuguese; the protocol writes its tags in English in every language"
            ),
            format!("write {form}; the text after the colon can stay in Portuguese"),
        );
    }
    let rest = &after_bracket[keyword.len()..];
    if !closing && matches!(keyword, "VERIFIED" | "ASSUMED") && rest.starts_with('/') {
        // `[VERIFIED/ASSUMED]`: the contribution template's choice, unmade.
        return m(
            format!("`{text}` is the template's choice between tags, left unmade"),
            "write `[VERIFIED]` or `[ASSUMED]`, whichever the finding is",
        );
    }
    let closed = rest.ends_with(']');
    let body = rest.strip_suffix(']').unwrap_or(rest);

    if closing {
        return match keyword {
            "RESPONSE" | "PEER-VERIFY" | "CRITIC-SCREEN" | "CONFLICT" if !closed => m(
                format!("`[/{keyword}` is not closed with `]`"),
                format!("write `[/{keyword}]`"),
            ),
            "RESPONSE" | "PEER-VERIFY" | "CRITIC-SCREEN" | "CONFLICT" => m(
                format!(
                    "a closing `[/{keyword}]` takes nothing after its keyword: did you mean `[/{keyword}]`?"
                ),
                format!("write `[/{keyword}]` on its own; until then its block stays open"),
            ),
            _ => m(
                format!("`{keyword}` is not a block, so it has no closing marker"),
                format!("remove it; the marker is written {form}"),
            ),
        };
    }
    if !closed {
        return m(
            format!("the `[{keyword}` marker has no closing `]` before the end of its paragraph"),
            format!("close the marker: {form}"),
        );
    }
    match keyword {
        "CRITIC-SCREEN" => m(
            "`[CRITIC-SCREEN]` takes no role or text",
            "write `[CRITIC-SCREEN]` on its own",
        ),
        "CONFLICT" if body.trim_start().starts_with("DETECTED") => m(
            "write the block opener exactly as `[CONFLICT DETECTED]`",
            "use `[CONFLICT DETECTED]` … `[/CONFLICT]`, or the inline `[CONFLICT: …]`",
        ),
        _ => {
            let Some(after_colon) = body.strip_prefix(':') else {
                return m(
                    format!("`{keyword}` must be followed by a colon"),
                    format!("write {form}"),
                );
            };
            match keyword {
                "INVOKE" | "BROADCAST" => {
                    let Some((role, question)) = after_colon.split_once('|') else {
                        return m(
                            format!("the `[{keyword}:…]` marker has no `|question`"),
                            format!("write {form}: the role, a `|`, then the question"),
                        );
                    };
                    let role = role.trim();
                    if role.is_empty() {
                        return m(
                            format!("the `[{keyword}:…]` marker has an empty role"),
                            format!("write {form}"),
                        );
                    }
                    if !is_role_token(role) {
                        return m(
                            format!("`{role}` is not a role token (a letter, then letters, digits and `_`)"),
                            format!("write {form}"),
                        );
                    }
                    if question.trim().is_empty() {
                        return m(
                            format!("the `[{keyword}:{role}|…]` marker has an empty question"),
                            format!("write the question after the `|`: {form}"),
                        );
                    }
                    if keyword == "BROADCAST" && !role.eq_ignore_ascii_case("all") {
                        return m(
                            format!("a BROADCAST goes to `all`, not to `{role}`"),
                            format!(
                                "write `[BROADCAST:all|…]`, or `[INVOKE:{}|…]` to ask one role",
                                role.to_ascii_lowercase()
                            ),
                        );
                    }
                    m("the marker does not parse", format!("write {form}"))
                }
                "RESPONSE" | "PEER-VERIFY" => {
                    let role = after_colon.trim();
                    if role.is_empty() {
                        return m(
                            format!("the `[{keyword}:…]` marker has an empty role"),
                            format!("write {form}"),
                        );
                    }
                    m(
                        format!("`{role}` is not a single role token"),
                        format!("write {form}"),
                    )
                }
                "CHAIN" => {
                    let roles: Vec<&str> = after_colon
                        .split(['→', '>'])
                        .map(|r| r.trim().trim_end_matches('-').trim())
                        .collect();
                    if roles.iter().any(|r| r.is_empty()) {
                        return m("the chain has an empty role", format!("write {form}"));
                    }
                    if roles.len() < 2 {
                        return m(
                            "a chain needs at least two roles joined by `→`",
                            format!("write the whole call chain: {form}"),
                        );
                    }
                    if let Some(bad) = roles.iter().find(|r| !is_role_token(r)) {
                        return m(
                            format!("`{bad}` is not a role token"),
                            format!("write {form}"),
                        );
                    }
                    m("the chain does not parse", format!("write {form}"))
                }
                _ => {
                    if after_colon.trim().is_empty() {
                        return m(
                            format!("the `[{keyword}: …]` marker is empty"),
                            format!("say what it records: {form}"),
                        );
                    }
                    m("the marker does not parse", format!("write {form}"))
                }
            }
        }
    }
}

/// The markers a misspelt keyword is compared with, by the shape of the
/// bracket it stands in.
/// Each is (a spelling, the keyword it stands for): the keyword itself,
/// and its Portuguese where a writer may translate it, as `[VERIFICADO: …]`
/// translates `[VERIFIED: …]` (the protocol writes markers in English in
/// every language).
const CLOSERS: [(&str, &str); 6] = [
    ("RESPONSE", "RESPONSE"),
    ("PEER-VERIFY", "PEER-VERIFY"),
    ("CRITIC-SCREEN", "CRITIC-SCREEN"),
    ("CONFLICT", "CONFLICT"),
    ("RESPOSTA", "RESPONSE"),
    ("CONFLITO", "CONFLICT"),
];
const ASKS: [(&str, &str); 3] = [
    ("INVOKE", "INVOKE"),
    ("BROADCAST", "BROADCAST"),
    ("INVOCAR", "INVOKE"),
];
const ROLE_OPENERS: [(&str, &str); 3] = [
    ("RESPONSE", "RESPONSE"),
    ("PEER-VERIFY", "PEER-VERIFY"),
    ("RESPOSTA", "RESPONSE"),
];
const LITERAL_OPENERS: [(&str, &str); 3] = [
    ("CRITIC-SCREEN", "CRITIC-SCREEN"),
    ("CONFLICT DETECTED", "CONFLICT DETECTED"),
    ("CONFLITO DETECTADO", "CONFLICT DETECTED"),
];
const CHAINS: [(&str, &str); 2] = [("CHAIN", "CHAIN"), ("CADEIA", "CHAIN")];

/// The longest keyword-like word compared: longer words are prose.
const MAX_WORD: usize = 40;

/// How many edits a word may be from a keyword of this length and still
/// be read as that keyword misspelt: one for a short keyword, two from six
/// letters, three from ten (`PEER-VERIFIED` is three from `PEER-VERIFY`).
fn allowance(keyword: &str) -> usize {
    match keyword.len() {
        0..=5 => 1,
        6..=9 => 2,
        _ => 3,
    }
}

/// Written as a marker keyword is: upper-case ASCII letters, with `-`,
/// `_` or single spaces between them.
fn keyword_shaped(word: &str) -> bool {
    !word.is_empty()
        && word.len() <= MAX_WORD
        && word.starts_with(|c: char| c.is_ascii_uppercase())
        && word
            .chars()
            .all(|c| c.is_ascii_uppercase() || matches!(c, '-' | '_' | ' '))
        && !word.contains("  ")
}

/// The keyword of `candidates` nearest to `word`, within its allowance,
/// with its distance; `None` when none is near. Of two at the same
/// distance, the first.
fn nearest(word: &str, candidates: &[(&str, &'static str)]) -> Option<(&'static str, usize)> {
    candidates
        .iter()
        .map(|(spelling, keyword)| (*keyword, typo_distance(word, spelling), *spelling))
        .filter(|(_, d, spelling)| *d <= allowance(spelling))
        .min_by_key(|(_, d, _)| *d)
        // A translation is no spelling of the keyword, however exact.
        .map(|(keyword, d, spelling)| (keyword, d.max(usize::from(spelling != keyword))))
}

/// Edits between two short words, a swap of two neighbouring letters
/// counting as one (optimal string alignment).
fn typo_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        d[i * w] = i;
    }
    for (j, cell) in d.iter_mut().enumerate().take(w) {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[(i - 1) * w + j] + 1)
                .min(d[i * w + j - 1] + 1)
                .min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = v;
        }
    }
    d[a.len() * w + b.len()]
}

/// Whether a bracketed span that is no marker is one misspelt: its
/// keyword an edit or a few from a real one (see [`allowance`]) and the
/// rest shaped as that marker is. `text` is the whole span, `[` to `]`;
/// `is_role` says whether a token is a valid role.
///
/// The shapes: a closer `[/KEYWORD]`; an invocation or broadcast
/// `[KEYWORD:token|question]`; a block opener `[KEYWORD:token]` or
/// `[KEYWORD]`; a chain `[KEYWORD: a → b]` of valid roles. A keyword two
/// or more edits away needs a valid role in the marker (`[INVOICE:acme|…]`
/// is no invocation). Notes (`[BLOCKER: …]`, `[ASSUMPTIONS: …]`) are
/// never read as misspelt: a tag followed by text is too common in prose.
pub fn misspelt(text: &str, is_role: impl Fn(&str) -> bool) -> Option<Malformation> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?;
    if let Some(word) = inner.strip_prefix('/') {
        let word = word.trim();
        if !keyword_shaped(word) {
            return None;
        }
        let (keyword, _) = nearest(word, &CLOSERS)?;
        return Some(m(
            format!("`{text}` is no closer: did you mean `[/{keyword}]`?"),
            format!("write the closer exactly as `[/{keyword}]`; until then its block stays open"),
        ));
    }
    let Some((word, rest)) = inner.split_once(':') else {
        let word = inner.trim();
        if !keyword_shaped(word) {
            return None;
        }
        let (keyword, d) = nearest(word, &LITERAL_OPENERS)?;
        return (d > 0).then(|| {
            m(
                format!("`{text}` is no block opener: did you mean `[{keyword}]`?"),
                format!("write the opener exactly as `[{keyword}]`"),
            )
        });
    };
    if !keyword_shaped(word) || word.contains(' ') {
        return None;
    }
    let known_if_far = |d: usize, token: &str| d <= 1 || is_role(token);
    if let Some((role, question)) = rest.split_once('|') {
        let role = role.trim();
        if !is_role_token(role) || question.trim().is_empty() {
            return None;
        }
        let (keyword, d) = nearest(word, &ASKS)?;
        let target_ok = if keyword == "BROADCAST" {
            role.eq_ignore_ascii_case("all") || known_if_far(d, role)
        } else {
            known_if_far(d, role)
        };
        return (d > 0 && target_ok).then(|| {
            m(
                format!("`{word}` is no marker keyword: did you mean `[{keyword}:{role}|…]`?"),
                format!("write {}", canonical_form(keyword)),
            )
        });
    }
    let role = rest.trim();
    if is_role_token(role) {
        let (keyword, d) = nearest(word, &ROLE_OPENERS)?;
        return (d > 0 && known_if_far(d, role)).then(|| {
            m(
                format!("`{text}` is no block opener: did you mean `[{keyword}:{role}]`?"),
                format!("write {}", canonical_form(keyword)),
            )
        });
    }
    let roles: Vec<&str> = rest
        .split(['→', '>'])
        .map(|r| r.trim().trim_end_matches('-').trim())
        .collect();
    if roles.len() >= 2 && roles.iter().all(|r| is_role(r)) {
        let (keyword, d) = nearest(word, &CHAINS)?;
        return (d > 0).then(|| {
            m(
                format!("`{word}` is no marker keyword: did you mean `[{keyword}: …]`?"),
                format!("write {}", canonical_form(keyword)),
            )
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explains_each_malformation() {
        let cases = [
            ("[INVOKE cfo|q]", "colon"),
            (
                "[VERIFICADO: faturas de março]",
                "is `[VERIFIED: …]` in Portuguese",
            ),
            ("[ASSUMIDO: roadmap]", "is `[ASSUMED: …]` in Portuguese"),
            ("[VERIFICADO]", "is `[VERIFIED]` in Portuguese"),
            ("[INVOKE:cfo]", "no `|question`"),
            ("[INVOKE:cfo|  ]", "empty question"),
            ("[INVOKE:|q]", "empty role"),
            ("[INVOKE:cfo|what", "no closing"),
            ("[BROADCAST:cfo|q]", "goes to `all`"),
            ("[CHAIN: cfo]", "at least two roles"),
            ("[CHAIN: cfo → → cmo]", "empty role"),
            ("[/RESPONSE x]", "takes nothing"),
            ("[/CHAIN]", "not a block"),
            ("[BLOCKED:  ]", "is empty"),
            ("[CRITIC-SCREEN:cfo]", "takes no role"),
            ("[VERIFIED/ASSUMED]", "choice between tags, left unmade"),
            ("[ASSUMED/VERIFIED]", "choice between tags, left unmade"),
            ("[RESPONSE:]", "empty role"),
        ];
        for (text, needle) in cases {
            let d = diagnose(text);
            assert!(d.reason.contains(needle), "{text}: {}", d.reason);
        }
    }

    fn misspelt_of(text: &str) -> Option<String> {
        misspelt(text, |r| {
            crate::roles::RoleSet::default().lookup(r).is_some()
        })
        .map(|m| m.reason)
    }

    #[test]
    fn reads_misspelt_markers_by_their_nearest_keyword() {
        let cases = [
            ("[/RESPONCE]", "did you mean `[/RESPONSE]`?"),
            ("[/RESPONSES]", "did you mean `[/RESPONSE]`?"),
            ("[/RESPNSE]", "did you mean `[/RESPONSE]`?"),
            ("[/ RESPONSE ]", "did you mean `[/RESPONSE]`?"),
            ("[/RESOPNSE]", "did you mean `[/RESPONSE]`?"),
            ("[/PEER-VERIFIED]", "did you mean `[/PEER-VERIFY]`?"),
            ("[/PEER VERIFY]", "did you mean `[/PEER-VERIFY]`?"),
            ("[/CRITIC-SCREENS]", "did you mean `[/CRITIC-SCREEN]`?"),
            ("[/CONFLICTS]", "did you mean `[/CONFLICT]`?"),
            ("[RESPONCE:cfo]", "did you mean `[RESPONSE:cfo]`?"),
            ("[RESPONSE_:CFO]", "did you mean `[RESPONSE:CFO]`?"),
            ("[PEER-VERIFIY:cto]", "did you mean `[PEER-VERIFY:cto]`?"),
            (
                "[INVOK:cfo|What is the burn?]",
                "did you mean `[INVOKE:cfo|…]`?",
            ),
            ("[INOVKE:cmo|CAC?]", "did you mean `[INVOKE:cmo|…]`?"),
            ("[INVOKES:board|x]", "did you mean `[INVOKE:board|…]`?"),
            (
                "[BRODCAST:all|Are we on plan?]",
                "did you mean `[BROADCAST:all|…]`?",
            ),
            ("[CRITIC SCREEN]", "did you mean `[CRITIC-SCREEN]`?"),
            ("[CONFLICT DETECT]", "did you mean `[CONFLICT DETECTED]`?"),
            ("[CHIAN: cro → cfo]", "did you mean `[CHAIN: …]`?"),
            // Translated keywords, as the translated source tags are.
            ("[/RESPOSTA]", "did you mean `[/RESPONSE]`?"),
            ("[/CONFLITO]", "did you mean `[/CONFLICT]`?"),
            ("[RESPOSTA:cfo]", "did you mean `[RESPONSE:cfo]`?"),
            (
                "[INVOCAR:gc|Podemos assinar?]",
                "did you mean `[INVOKE:gc|…]`?",
            ),
            (
                "[CONFLITO DETECTADO]",
                "did you mean `[CONFLICT DETECTED]`?",
            ),
            ("[CADEIA: cro → cfo]", "did you mean `[CHAIN: …]`?"),
        ];
        for (text, needle) in cases {
            let reason =
                misspelt_of(text).unwrap_or_else(|| panic!("{text}: not read as misspelt"));
            assert!(reason.contains(needle), "{text}: {reason}");
        }
    }

    #[test]
    fn leaves_brackets_that_are_no_marker_alone() {
        for text in [
            // Tags and placeholders, links' text, ordinary notes.
            "[RESPONSES]",
            "[CRITICAL]",
            "[VERIFIED]",
            "[DO_NOT_RESURFACE]",
            "[CONFLICTS]",
            "[TODO]",
            "[/path/to/file]",
            "[/TODO]",
            "[/response]",
            "[/Responce]",
            "[BLOCKER: waiting on legal]",
            "[ASSUMPTIONS: flat burn]",
            "[NOTE: cfo]",
            // Lower or mixed case is prose (decision 1).
            "[responce:cfo]",
            "[Invok:cfo|q]",
            // Two edits away with a token that is no role: another word.
            "[INVOICE:acme|paid in March]",
            "[INVITE:guests|dinner]",
            "[REPONSES:team]",
            // The shape is not the marker's.
            "[INVOK:cfo|  ]",
            "[INVOK:c-fo|q]",
            "[RESPONCE: two words]",
            "[CHIAN: cro]",
            "[CHIAN: cro → bob]",
            "[SUMMARY:cfo]",
        ] {
            assert_eq!(misspelt_of(text), None, "{text}");
        }
    }

    #[test]
    fn counts_a_swap_as_one_edit() {
        assert_eq!(typo_distance("RESOPNSE", "RESPONSE"), 1);
        assert_eq!(typo_distance("INVOK", "INVOKE"), 1);
        assert_eq!(typo_distance("PEER-VERIFIED", "PEER-VERIFY"), 3);
        assert_eq!(typo_distance("", "CHAIN"), 5);
    }
}
