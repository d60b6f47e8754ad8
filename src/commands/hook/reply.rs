//! What the hook answers: the reason the model reads when its answer is
//! sent back, in the tool's own contract, and the one line the user reads
//! when the retries are spent.

use serde_json::json;

use super::payload::Agent;
use crate::diagnostic::Diagnostic;
use crate::lines::LineIndex;

/// The most characters of offending text a reason quotes.
const QUOTE: usize = 80;

/// The longest card rewrite a reason shows.
const REWRITE: usize = 8 << 10;

/// The most findings a reason lists one by one; the rest are counted by
/// rule, so that a reason stays a few kilobytes whatever the answer holds.
pub const SHOWN: usize = 20;

/// The most characters of a finding's message or help a reason shows.
const WORDS: usize = 400;

/// The reason for the model: one line a finding (code, name, where, the
/// text at fault, what is wrong, how to fix it), then, when the answer's
/// card has findings `fmt` can put right, the card as `boardlint fmt`
/// writes it, then what to do. `text` is the answer the findings' spans
/// point into; credentials are never quoted.
pub fn reason(text: &str, found: &[Diagnostic], rewrite: Option<&str>) -> String {
    let shown = crate::diagnostic::redact_source(text, found);
    let shown = shown.as_deref().unwrap_or(text);
    let lines = LineIndex::new(shown);
    let mut out = format!(
        "boardlint found {} in your answer that break{} the agent protocol:\n",
        count(found.len(), "problem"),
        if found.len() == 1 { "s" } else { "" },
    );
    // The most severe first, each in the order of the answer.
    let mut order: Vec<&Diagnostic> = found.iter().collect();
    order.sort_by_key(|d| (std::cmp::Reverse(d.severity), d.span.start));
    let (listed, rest) = order.split_at(order.len().min(SHOWN));
    for d in listed {
        let at = lines.position(d.span.start.min(shown.len()));
        out.push_str(&format!("- {} {} (line {}", d.code, d.name, at.line));
        if let Some(q) = quote(shown, &d.span) {
            out.push_str(&format!(", `{q}`"));
        }
        out.push_str(&format!("): {}", one_line(&d.message)));
        if !d.help.is_empty() {
            out.push_str(&format!(". Fix: {}", one_line(&d.help)));
        }
        out.push('\n');
    }
    if !rest.is_empty() {
        let mut by_rule: Vec<(&str, &str, usize)> = Vec::new();
        for d in rest {
            match by_rule.iter_mut().find(|(code, _, _)| *code == d.code) {
                Some(entry) => entry.2 += 1,
                None => by_rule.push((d.code, d.name, 1)),
            }
        }
        let counted: Vec<String> = by_rule
            .iter()
            .map(|(code, name, n)| format!("{n} × {code} {name}"))
            .collect();
        out.push_str(&format!(
            "- and {} more not listed: {}. Fix the ones above first; the rest are of the same rules or less severe.\n",
            rest.len(),
            counted.join(", ")
        ));
    }
    if let Some(rewrite) = rewrite.filter(|r| r.len() <= REWRITE) {
        out.push_str(
            "`boardlint fmt` puts your answer's card in the canonical form; start from it:\n",
        );
        let fence = if rewrite.contains("```") {
            "~~~~"
        } else {
            "```"
        };
        out.push_str(&format!(
            "{fence}\n{}\n{fence}\n",
            crate::secrets::scrub(rewrite).trim_end()
        ));
    }
    out.push_str(
        "Rewrite your answer so that none of these remain, and keep everything else in it as it is.",
    );
    out
}

/// The block decision in the tool's contract.
pub fn block(agent: Agent, reason: &str) -> String {
    match agent {
        Agent::Claude | Agent::Codex => json!({"decision": "block", "reason": reason}),
        Agent::Gemini => json!({"decision": "deny", "reason": reason}),
        Agent::Cursor => json!({"followup_message": reason}),
    }
    .to_string()
}

/// The answer when the retries are spent: the turn ends, and the user is
/// told in one line what is still broken, through the tool's user-facing
/// field. Cursor has none: `None`, and the line goes to standard error.
pub fn spent(agent: Agent, line: &str) -> Option<String> {
    match agent {
        Agent::Claude | Agent::Codex | Agent::Gemini => {
            Some(json!({"systemMessage": line}).to_string())
        }
        Agent::Cursor => None,
    }
}

/// How many times the answer was sent back before the turn is let end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tries {
    Counted(usize),
    /// The count could not be kept (no session id, no state directory).
    Unknown,
}

/// The user's line when the retries are spent.
pub fn spent_line(tries: Tries, found: &[Diagnostic]) -> String {
    let mut codes: Vec<String> = Vec::new();
    for d in found {
        let code = format!("{} {}", d.code, d.name);
        if !codes.contains(&code) {
            codes.push(code);
        }
    }
    let when = match tries {
        Tries::Counted(0) => {
            "still breaks the agent protocol (`hook.max-retries` is 0: it is not sent back)"
                .to_string()
        }
        Tries::Counted(n) => format!(
            "still breaks the agent protocol after {}",
            count(n, "retry")
        ),
        Tries::Unknown => "still breaks the agent protocol after a retry (how many could not be counted: no session id or no state directory)".to_string(),
    };
    format!("boardlint: the answer {when}: {}", codes.join(", "))
}

fn count(n: usize, what: &str) -> String {
    match (n, what) {
        (1, _) => format!("1 {what}"),
        (_, "retry") => format!("{n} retries"),
        _ => format!("{n} {what}s"),
    }
}

/// The text at a span on one line, at most [`QUOTE`] characters.
fn quote(text: &str, span: &std::ops::Range<usize>) -> Option<String> {
    let s = text.get(span.clone())?.trim();
    let first = s.lines().next().unwrap_or("").trim();
    if first.is_empty() {
        return None;
    }
    let mut q: String = first.chars().take(QUOTE).collect();
    if q.len() < s.len() {
        q.push('…');
    }
    Some(q.replace('`', "'"))
}

/// A text on one line, at most [`WORDS`] characters.
fn one_line(s: &str) -> String {
    let line = s.split_whitespace().collect::<Vec<_>>().join(" ");
    match line.char_indices().nth(WORDS) {
        Some((at, _)) => format!("{}…", &line[..at]),
        None => line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(code: &'static str, span: std::ops::Range<usize>) -> Diagnostic {
        let mut d = crate::test_support::finding(code, span, 0);
        d.name = "self-invocation";
        d.message = "`cfo` invokes itself".into();
        d.help = "invoke another role".into();
        d
    }

    #[test]
    fn a_reason_names_each_finding_its_text_and_its_fix() {
        let text = "Intro.\nCFO: [INVOKE:cfo|What is our runway?]\n";
        let found = [finding("L001", 12..44)];
        let r = reason(text, &found, None);
        assert!(
            r.starts_with("boardlint found 1 problem in your answer that breaks"),
            "{r}"
        );
        assert!(r.contains("- L001 "), "{r}");
        assert!(
            r.contains("(line 2, `[INVOKE:cfo|What is our runway?]`)"),
            "{r}"
        );
        assert!(
            r.contains(": `cfo` invokes itself. Fix: invoke another role\n"),
            "{r}"
        );
        assert!(r.ends_with("keep everything else in it as it is."), "{r}");
    }

    #[test]
    fn a_reason_never_quotes_a_credential() {
        let key = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789";
        let text = format!("CFO: the key is {key}\n");
        let at = text.find(key).unwrap();
        let mut d = finding("C001", 0..text.len() - 1);
        d.redact.push(at..at + key.len());
        let r = reason(&text, &[d.clone()], None);
        assert!(!r.contains("abcdefghij"), "{r}");
        // Nor in the card's rewrite.
        let r = reason(&text, &[d], Some(&text));
        assert!(r.contains("canonical form"), "{r}");
        assert!(!r.contains("abcdefghij"), "{r}");
    }

    #[test]
    fn each_tool_gets_its_own_contract() {
        let parse = |s: String| serde_json::from_str::<serde_json::Value>(&s).unwrap();
        assert_eq!(
            parse(block(Agent::Claude, "r")),
            json!({"decision": "block", "reason": "r"})
        );
        assert_eq!(
            parse(block(Agent::Codex, "r")),
            json!({"decision": "block", "reason": "r"})
        );
        assert_eq!(
            parse(block(Agent::Gemini, "r")),
            json!({"decision": "deny", "reason": "r"})
        );
        assert_eq!(
            parse(block(Agent::Cursor, "r")),
            json!({"followup_message": "r"})
        );
        assert_eq!(
            parse(spent(Agent::Claude, "l").unwrap()),
            json!({"systemMessage": "l"})
        );
        assert_eq!(spent(Agent::Cursor, "l"), None);
        let line = spent_line(
            Tries::Counted(2),
            &[finding("L001", 0..1), finding("L001", 2..3)],
        );
        assert!(
            line.ends_with("after 2 retries: L001 self-invocation"),
            "{line}"
        );
        let line = spent_line(Tries::Counted(1), &[finding("L001", 0..1)]);
        assert!(line.contains("after 1 retry:"), "{line}");
        let line = spent_line(Tries::Unknown, &[finding("L001", 0..1)]);
        assert!(!line.contains("retries"), "{line}");
    }

    #[test]
    fn a_reason_lists_the_most_severe_findings_and_counts_the_rest() {
        let text = "x\n".repeat(5000);
        let mut found: Vec<Diagnostic> = (0..5000)
            .map(|i| finding("L001", 2 * i..2 * i + 1))
            .collect();
        found[4000].severity = crate::diagnostic::Severity::Error;
        for d in &mut found[..4000] {
            d.severity = crate::diagnostic::Severity::Warning;
        }
        let r = reason(&text, &found, None);
        assert!(r.len() < 8 << 10, "{} bytes", r.len());
        assert_eq!(r.matches("\n- L001 ").count(), SHOWN, "{r}");
        // The error comes first, wherever it is.
        assert!(r.contains("- L001 self-invocation (line 4001"), "{r}");
        assert!(r.contains("- and 4980 more not listed: 4980 × L001"), "{r}");
    }
}
