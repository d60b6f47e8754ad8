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

fn is_role_token(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
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
        return m(
            format!(
                "`[{keyword}: …]` is `[{english}: …]` in Portuguese; the protocol writes its tags in English in every language"
            ),
            format!("write {form}; the text after the colon can stay in Portuguese"),
        );
    }
    let rest = &after_bracket[keyword.len()..];
    let closed = rest.ends_with(']');
    let body = rest.strip_suffix(']').unwrap_or(rest);

    if closing {
        return match keyword {
            "RESPONSE" | "PEER-VERIFY" | "CRITIC-SCREEN" | "CONFLICT" if !closed => m(
                format!("`[/{keyword}` is not closed with `]`"),
                format!("write `[/{keyword}]`"),
            ),
            "RESPONSE" | "PEER-VERIFY" | "CRITIC-SCREEN" | "CONFLICT" => m(
                format!("a closing `[/{keyword}]` takes nothing after its keyword"),
                format!("write `[/{keyword}]` on its own"),
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
                            format!("`{role}` is not a role token (letters, digits and `_`)"),
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
            ("[RESPONSE:]", "empty role"),
        ];
        for (text, needle) in cases {
            let d = diagnose(text);
            assert!(d.reason.contains(needle), "{text}: {}", d.reason);
        }
    }
}
