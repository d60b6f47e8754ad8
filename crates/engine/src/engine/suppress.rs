//! Suppression comments:
//! `<!-- boardlint-disable CODE|name ... -->` … `<!-- boardlint-enable -->`,
//! `<!-- boardlint-disable-next-line CODE -->` and
//! `<!-- boardlint-disable-file CODE -->`. With no code they cover every
//! rule; a selector that names no rule covers nothing (and is reported);
//! a reason may follow ` -- `. A suppression that suppressed nothing
//! is reported as X001 unused-suppression.

use crate::config::resolve_selector;
use crate::diagnostic::{Diagnostic, Fix};
use crate::model::Transcript;
use crate::rules;
use crate::syntax::{Lead, Span};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    File,
    NextLine,
    Disable,
    Enable,
}

#[derive(Debug)]
struct Comment {
    kind: Kind,
    span: Span,
    line: usize,
    /// The comment names no rule: it covers every rule.
    every: bool,
    /// The rules it names.
    rules: Vec<usize>,
    /// Why each selector that names no rule names none ("did you mean").
    unknown: Vec<String>,
    used: bool,
}

fn parse_comments(t: &Transcript<'_>) -> Vec<Comment> {
    let mut out = Vec::new();
    for (line, lead) in t.doc.lines.leads() {
        let Lead::Comment { text, span } = &lead else {
            continue;
        };
        let body = t.text(text).trim();
        let Some(rest) = body.strip_prefix("boardlint-") else {
            continue;
        };
        let (directive, args) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let kind = match directive {
            "disable-file" => Kind::File,
            "disable-next-line" => Kind::NextLine,
            "disable" => Kind::Disable,
            "enable" => Kind::Enable,
            _ => continue,
        };
        // A reason may follow ` -- `.
        let args = args.split(" -- ").next().unwrap_or_default();
        let args = args.strip_prefix("--").map_or(args, |_| "");
        let mut rules = Vec::new();
        let mut unknown = Vec::new();
        let mut every = true;
        for selector in args.split([' ', ',', '\t']).filter(|s| !s.is_empty()) {
            // A selector that names no rule covers nothing: a typo must not
            // silence every rule.
            every = false;
            match resolve_selector(selector) {
                Ok(found) => rules.extend(found),
                Err(why) => unknown.push(why),
            }
        }
        out.push(Comment {
            kind,
            span: span.clone(),
            line,
            every,
            rules,
            unknown,
            used: false,
        });
    }
    out
}

fn covers(c: &Comment, rule: usize) -> bool {
    c.every || c.rules.contains(&rule)
}

/// The index of the line holding a byte offset.
fn line_of(t: &Transcript<'_>, offset: usize) -> usize {
    t.doc.lines.index_of(offset)
}

/// Drop the diagnostics the transcript's comments suppress, and add an X001
/// diagnostic for each suppression that suppressed nothing (when X001 is on).
pub fn apply(t: &Transcript<'_>, diagnostics: &mut Vec<Diagnostic>) {
    let mut comments = parse_comments(t);
    if comments.is_empty() {
        return;
    }
    // Disable ranges: (comment index, first line, end line exclusive, rules).
    let mut ranges: Vec<(usize, usize, usize, usize)> = Vec::new();
    let mut open: Vec<(usize, Option<usize>)> = Vec::new();
    let end = t.doc.lines.len();
    for (i, c) in comments.iter().enumerate() {
        match c.kind {
            Kind::Disable if c.every => open.push((i, None)),
            Kind::Disable => open.extend(c.rules.iter().map(|&r| (i, Some(r)))),
            Kind::Enable => {
                let mut still = Vec::new();
                for (ci, r) in open.drain(..) {
                    let closes = match r {
                        None => c.every,
                        Some(r) => covers(c, r),
                    };
                    if closes {
                        ranges.push((ci, comments[ci].line, c.line, r.unwrap_or(usize::MAX)));
                    } else {
                        still.push((ci, r));
                    }
                }
                open = still;
            }
            _ => {}
        }
    }
    for (ci, r) in open {
        ranges.push((ci, comments[ci].line, end, r.unwrap_or(usize::MAX)));
    }

    diagnostics.retain(|d| {
        // A rule's internal error is never suppressed.
        if d.internal {
            return true;
        }
        let Some(rule) = rules::index_of(d.code) else {
            return true;
        };
        let line = line_of(t, d.span.start);
        let mut suppressed = false;
        for c in comments.iter_mut() {
            let hit = match c.kind {
                Kind::File => covers(c, rule),
                Kind::NextLine => c.line + 1 == line && covers(c, rule),
                _ => false,
            };
            if hit {
                c.used = true;
                suppressed = true;
            }
        }
        for &(ci, first, last, r) in &ranges {
            if first < line && line < last && (r == usize::MAX || r == rule) {
                comments[ci].used = true;
                suppressed = true;
            }
        }
        !suppressed
    });

    let Some(x001) = rules::index_of("X001") else {
        return;
    };
    if !t.settings.rules.is_on(x001) {
        return;
    }
    let meta = rules::all()[x001].meta();
    let severity = t.settings.rules.severity(x001, meta.severity);
    for c in &comments {
        let message = if !c.unknown.is_empty() {
            // What names no rule suppresses nothing; the rules it does
            // name work as written.
            let part = if c.rules.is_empty() {
                "this"
            } else {
                "part of this"
            };
            format!(
                "{part} suppression names no rule, and suppresses nothing: {}",
                c.unknown.join("; ")
            )
        } else if !c.used && c.kind != Kind::Enable {
            "this suppression suppresses nothing".to_string()
        } else {
            continue;
        };
        let mut d = meta
            .diagnostic(c.span.clone(), message)
            .with_label("unused suppression")
            .with_help("remove the comment, or name the rule it is meant for (`boardlint rule --all` lists them)");
        d.severity = severity;
        diagnostics.push(d);
    }
}

/// The comment that suppresses these rules on the line after it, with its
/// line end.
pub fn next_line_comment(codes: &[&str], eol: &str) -> String {
    format!(
        "<!-- boardlint-disable-next-line {} -->{eol}",
        codes.join(" ")
    )
}

/// The edits that suppress each of these findings where it is: a
/// `<!-- boardlint-disable-next-line CODE … -->` line above the line it
/// starts on, indented and quoted as that line is, naming each rule found
/// there once; or, when the line above is such a comment already, the codes
/// added to it (before its ` -- ` reason). Internal errors and X001, which
/// no comment suppresses, are left out. One edit a line, in source order,
/// each with the indices of the findings it is for.
pub fn comments_for(t: &Transcript<'_>, diagnostics: &[Diagnostic]) -> Vec<(Fix, Vec<usize>)> {
    let lines = &t.doc.lines;
    if lines.is_empty() {
        return Vec::new();
    }
    // The findings on each line.
    let mut wanted: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for (i, d) in diagnostics.iter().enumerate() {
        if !d.internal && d.code != "X001" {
            wanted.entry(line_of(t, d.span.start)).or_default().push(i);
        }
    }
    let comments = parse_comments(t);
    let eol = if t.source.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    let mut out = Vec::with_capacity(wanted.len());
    for (line, findings) in wanted {
        // Each rule once, in the order found.
        let mut codes: Vec<&str> = Vec::with_capacity(findings.len());
        for &i in &findings {
            if !codes.contains(&diagnostics[i].code) {
                codes.push(diagnostics[i].code);
            }
        }
        let above = comments.iter().find(|c| {
            c.kind == Kind::NextLine
                && c.line + 1 == line
                && matches!(
                    &t.source[lines.span(c.line).end..lines.span(line).start],
                    "\n" | "\r\n"
                )
        });
        match above {
            Some(c) => {
                let Some(Lead::Comment { text, .. }) = lines.get(c.line).lead else {
                    continue;
                };
                let body = t.text(&text);
                let at = text.start + body.find(" -- ").unwrap_or(body.trim_end().len());
                let fix = Fix {
                    span: at..at,
                    text: format!(" {}", codes.join(" ")),
                };
                out.push((fix, findings));
            }
            None => {
                let start = lines.span(line).start;
                let prefix = t.source[start..]
                    .bytes()
                    .take_while(|b| matches!(b, b' ' | b'\t' | b'>'))
                    .count();
                let fix = Fix {
                    span: start..start,
                    text: format!(
                        "{}{}",
                        &t.source[start..start + prefix],
                        next_line_comment(&codes, eol)
                    ),
                };
                out.push((fix, findings));
            }
        }
    }
    out
}
