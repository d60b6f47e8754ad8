use crate::rules::prelude::*;
use crate::syntax::{LineKind, Span};

declare_rule! {
    /// ## What it does
    /// Reads a devil's advocate's concerns, written as its template writes
    /// them (`[CRITICAL] Concern #1: Single-thread fundraise`, in Portuguese
    /// `[CRÍTICA] Preocupação #1: …`), and flags:
    /// - a set of concerns that is not exactly three (a set starts at
    ///   `Concern #1`, and is one message's: a set whose first concern is
    ///   not #1 is not counted);
    /// - a severity other than `CRITICAL`, `HIGH` or `MEDIUM` (`CRÍTICA`,
    ///   `ALTA`, `MÉDIA`, or their masculine forms);
    /// - a concern with no `Mitigation:` (`Mitigação:`) line before the
    ///   next concern, a `---` rule or a heading.
    ///
    /// A set of concerns is the devil's advocate's when its concerns are
    /// written in the template's fields: at least one has a `What the plan
    /// assumes:`, `Why this might be wrong:`, `What happens if it is:` or
    /// `Mitigation:` line (`O que o plano assume:`, `Por que pode estar
    /// errado:`, `O que acontece se estiver:`, `Mitigação:`). Concerns
    /// tagged with a severity in prose (a board meeting's critic analysis
    /// borrows the tags) are not read, nor is text that does not write
    /// concerns so: the rule never guesses which paragraphs are concerns.
    ///
    /// ## Why is this bad?
    /// The devil's advocate's rules are that it always gives exactly three
    /// specific concerns, rates each one's severity and suggests a
    /// mitigation for each: fewer hides a risk, more dilutes the ones that
    /// matter, an unrated concern cannot be weighed, and a concern without a
    /// mitigation gives the team nothing to do.
    ///
    /// ## Example
    /// ```transcript
    /// [CRITICAL] Concern #1: Single-thread fundraise
    /// What the plan assumes: the Tier 1 VC leads the round.
    ///
    /// [LOW] Concern #2: Valuation
    /// What the plan assumes: expectations are aligned.
    /// Mitigation: raise valuation in the next meeting.
    /// ```
    ///
    /// Use instead: three concerns, each rated and each with a mitigation.
    /// ```transcript
    /// [CRITICAL] Concern #1: Single-thread fundraise
    /// Mitigation: run parallel conversations with three more funds now.
    ///
    /// [HIGH] Concern #2: Valuation expectation mismatch
    /// Mitigation: raise valuation explicitly in the next meeting.
    ///
    /// [MEDIUM] Concern #3: Hiring plan assumes a Q2 close
    /// Mitigation: model the hires six weeks later.
    /// ```
    pub struct DevilsAdvocateConcerns {
        code: "B005",
        name: "devils-advocate-concerns",
        family: Board,
        severity: Error,
        added: "0.1.0",
        summary: "A devil's advocate does not give three rated concerns, each with a mitigation",
    }
}

/// The severities a concern may have, in English and Portuguese.
const SEVERITIES: &[&str] = &[
    "critical", "high", "medium", "crítica", "crítico", "alta", "alto", "média", "médio",
];

/// A concern's header line.
struct Concern {
    /// The header's text (after any list marker or emphasis).
    span: Span,
    /// The severity inside its brackets, and where it is.
    severity: (Span, String),
    number: u32,
    mitigated: bool,
    /// A line of the template's fields follows it.
    fielded: bool,
}

impl Rule for DevilsAdvocateConcerns {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        let mut sets: Vec<Vec<Concern>> = Vec::new();
        let mut open: Option<usize> = None;
        // A message (a session's, a hook's answer) is an output of its own:
        // a set of concerns does not run on into the next.
        let mut messages = t.message_starts.iter().peekable();
        let mut new_message = true;
        for index in 0..t.doc.lines.len() {
            // Most lines are passed over on their first bytes: only one that
            // may head a concern, or one under a concern, is read.
            let span = t.line_span(index);
            while messages.next_if(|&&at| at <= span.start).is_some() {
                new_message = true;
                open = None;
            }
            if open.is_none() && !may_head(&t.source.as_bytes()[span.clone()]) {
                continue;
            }
            let line = t.line(index);
            if line.quoted {
                continue;
            }
            // With any label kept: `Mitigation:` is a label.
            let content = line.text();
            if let Some(concern) = header(t, &content) {
                if concern.number == 1 || new_message {
                    sets.push(Vec::new());
                    new_message = false;
                }
                sets.last_mut().unwrap().push(concern);
                open = Some(sets.last().unwrap().len() - 1);
                continue;
            }
            let text = t.text(&content).trim();
            let ends = matches!(line.kind, LineKind::Heading { .. } | LineKind::Frame { .. })
                || (text.len() >= 3 && text.bytes().all(|b| b == b'-'));
            if ends {
                open = None;
                continue;
            }
            // Only the lines under a concern are read for its fields.
            let Some(c) = open.and_then(|i| sets.last_mut().and_then(|s| s.get_mut(i))) else {
                continue;
            };
            if let Some(field) = field(text) {
                c.fielded = true;
                c.mitigated |= field == Field::Mitigation;
            }
        }
        for set in sets.iter().filter(|s| s.iter().any(|c| c.fielded)) {
            // A set that does not start at concern #1 began elsewhere (in
            // an earlier message, or a quote of part of it): its count is
            // not known.
            if set.len() != 3 && set[0].number == 1 {
                let first = &set[0];
                out.push(
                    self.meta()
                        .diagnostic(
                            first.span.clone(),
                            format!(
                                "the devil's advocate gives {} concern{} here; it gives exactly three",
                                set.len(),
                                if set.len() == 1 { "" } else { "s" }
                            ),
                        )
                        .with_label(format!("{} of 3", set.len()))
                        .with_help("give three specific concerns, the most important assumptions first: merge or drop the rest, or find the missing ones"),
                );
            }
            for c in set {
                let (span, severity) = &c.severity;
                if !SEVERITIES.contains(&severity.to_lowercase().as_str()) {
                    out.push(
                        self.meta()
                            .diagnostic(
                                span.clone(),
                                format!("concern #{} is rated `{severity}`, not CRITICAL, HIGH or MEDIUM", c.number),
                            )
                            .with_label("not a severity")
                            .with_help("rate it CRITICAL (the plan likely fails), HIGH (needs a contingency) or MEDIUM (worth watching); in Portuguese CRÍTICA, ALTA or MÉDIA"),
                    );
                }
                if !c.mitigated {
                    out.push(
                        self.meta()
                            .diagnostic(c.span.clone(), format!("concern #{} names no mitigation", c.number))
                            .with_label("no mitigation")
                            .with_help("add a `Mitigation:` line (`Mitigação:`) with a specific action the team can take"),
                    );
                }
            }
        }
    }
}

/// Whether a line may head a concern: after its indentation, heading
/// hashes, list marker and emphasis, it opens a bracket.
fn may_head(line: &[u8]) -> bool {
    let start = line
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t' | b'#' | b'*' | b'_' | b'-' | b'+'))
        .unwrap_or(line.len());
    let rest = &line[start..];
    // An ordered list item: `1. [HIGH] Concern #1: …`.
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let rest = match rest.get(digits) {
        Some(b'.' | b')') if digits > 0 => rest[digits + 1..].trim_ascii_start(),
        _ => rest,
    };
    let rest = rest.trim_ascii_start();
    let rest = rest
        .strip_prefix(b"**")
        .or_else(|| rest.strip_prefix(b"__"))
        .unwrap_or(rest);
    rest.first() == Some(&b'[')
}

/// The concern a line's text heads: `[SEVERITY] Concern #N: title`, with
/// emphasis around it or around the severity allowed.
fn header(t: &Transcript<'_>, content: &Span) -> Option<Concern> {
    let raw = t.text(content);
    let lead = raw.len() - raw.trim_start_matches(['*', '_', ' ']).len();
    let rest = &raw[lead..];
    let body = rest.strip_prefix('[')?;
    let close = body.find(']')?;
    let severity = &body[..close];
    if severity.is_empty() || severity.contains(['[', ':', '|']) || severity.split_whitespace().count() != 1 {
        return None;
    }
    let after = body[close + 1..].trim_start_matches(['*', '_', ' ']);
    let lower = after.to_lowercase();
    let tail = ["concern", "preocupação", "preocupacao"]
        .iter()
        .find_map(|w| lower.strip_prefix(w))?;
    let tail = tail.trim_start().strip_prefix('#')?;
    let digits: String = tail.chars().take_while(char::is_ascii_digit).collect();
    let number = digits.parse().ok()?;
    let after_number = tail[digits.len()..].trim_start();
    if !after_number.starts_with([':', '—', '–', '-', '.']) {
        return None;
    }
    let start = content.start + lead;
    let sev_start = start + 1;
    Some(Concern {
        span: start..content.end,
        severity: (sev_start..sev_start + severity.len(), severity.to_string()),
        number,
        mitigated: false,
        fielded: false,
    })
}

/// A field of the concern template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Mitigation,
    Other,
}

/// The template field a line's text opens (`Mitigation:`, `What the plan
/// assumes:`, …; in Portuguese too), in any case, with emphasis or a list
/// marker around its label.
fn field(text: &str) -> Option<Field> {
    const LABELS: &[(&str, Field)] = &[
        ("mitigation", Field::Mitigation),
        ("mitigação", Field::Mitigation),
        ("mitigacao", Field::Mitigation),
        ("what the plan assumes", Field::Other),
        ("why this might be wrong", Field::Other),
        ("what happens if it is", Field::Other),
        ("o que o plano assume", Field::Other),
        ("por que pode estar errado", Field::Other),
        ("o que acontece se estiver", Field::Other),
    ];
    let text = text.trim_start_matches(['-', '*', '•', '_', ' ']).to_lowercase();
    LABELS.iter().find_map(|(label, kind)| {
        text.strip_prefix(label)
            .is_some_and(|rest| rest.trim_start_matches(['*', '_', ' ']).starts_with(':'))
            .then_some(*kind)
    })
}
