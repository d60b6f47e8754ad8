use crate::rules::prelude::*;
use crate::syntax::{Lead, LineKind, Span};
use crate::text::{find_confidence, prefix_len_ignoring_case, tagged, CONFIDENCE_EMOJIS};

declare_rule! {
    /// ## What it does
    /// Reads a board meeting's Phase 2 contribution, written as its template
    /// writes it (a `Key points (max 5):` label, its bullets, then
    /// `Recommendation:`, `Confidence:`, `Source:` and `What would change my
    /// mind:` lines; in Portuguese `Pontos-chave`, `Recomendação:`,
    /// `Confiança:`, `Fonte:`, `O que mudaria minha posição:` and the like),
    /// and flags:
    /// - a sixth key point and every one after it;
    /// - a key point with no `VERIFIED`/`ASSUMED` tag (`— VERIFIED —`,
    ///   `[VERIFIED: …]`) or no confidence emoji (🟢 🟡 🔴), figure or not:
    ///   the template has no untagged claims (an `[ASSUMPTION: …]` marker is
    ///   a key point's tag and rating both);
    /// - a contribution missing any of the four lines after its key points;
    /// - a `Confidence:` line whose value is not High, Medium or Low (Alta,
    ///   Média, Baixa).
    ///
    /// A contribution runs from its `Key points` label to the next heading,
    /// frame line, card header, `Key points` label or message: a speaker
    /// line inside it (another role answering an invocation it made) does
    /// not end it, and the lines of blocks inside it are not its own. A `Key points` label is a contribution's when it carries the
    /// template's `(max 5)` note or at least one of the four lines follows
    /// it: a list of key points in ordinary notes is not held to the
    /// template. Q001 still checks that the key points' figures are sourced.
    ///
    /// ## Why is this bad?
    /// Each role self-verifies before contributing (source attribution,
    /// assumption audit, confidence scoring) and keeps to five key points;
    /// "What would change my mind" is the line that makes a position
    /// falsifiable (board-meeting, Phase 2 and its facilitation guide).
    ///
    /// ## Example
    /// ```transcript
    /// ## CFO — 2026-03-05
    ///
    /// Key points (max 5):
    /// • Burn is $180K a month
    ///
    /// Recommendation: hire two engineers in Q3
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// ## CFO — 2026-03-05
    ///
    /// Key points (max 5):
    /// • Burn is $180K a month — VERIFIED (May ledger) — 🟢
    ///
    /// Recommendation: hire two engineers in Q3
    /// Confidence: High
    /// Source: May ledger, hiring plan
    /// What would change my mind: burn above $220K for two months
    /// ```
    pub struct ContributionTemplate {
        code: "B006",
        name: "contribution-template",
        family: Board,
        severity: Warning,
        added: "0.1.0",
        summary: "A Phase 2 contribution does not follow its template",
    }
}

/// The template's lines after the key points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Recommendation,
    Confidence,
    Source,
    ChangeMind,
}

impl Field {
    const ALL: [Field; 4] = [
        Field::Recommendation,
        Field::Confidence,
        Field::Source,
        Field::ChangeMind,
    ];

    /// Its labels, in lower case; a label is read up to its colon.
    fn labels(self) -> &'static [&'static str] {
        match self {
            Field::Recommendation => &["recommendation", "recomendação", "recomendacao"],
            Field::Confidence => &["confidence", "confiança", "confianca"],
            Field::Source => &["sources", "source", "fontes", "fonte"],
            Field::ChangeMind => &[
                "what would change my mind",
                "what would change our mind",
                "o que mudaria minha posição",
                "o que mudaria minha posicao",
                "o que mudaria minha opinião",
                "o que mudaria minha opiniao",
                "o que mudaria minha ideia",
                "o que me faria mudar de ideia",
                "o que me faria mudar de opinião",
                "o que me faria mudar de opiniao",
            ],
        }
    }

    fn name(self) -> &'static str {
        match self {
            Field::Recommendation => "Recommendation:",
            Field::Confidence => "Confidence:",
            Field::Source => "Source:",
            Field::ChangeMind => "What would change my mind:",
        }
    }

    /// The field a line's text opens, with where its value starts: the
    /// label, in any case, with emphasis or a list marker around it, then a
    /// colon.
    fn of(text: &str) -> Option<(Field, usize)> {
        let lead = text.len()
            - text
                .trim_start_matches(['-', '*', '•', '+', '_', ' ', '\t'])
                .len();
        let rest = &text[lead..];
        Field::ALL.into_iter().find_map(|f| {
            f.labels().iter().find_map(|l| {
                let len = prefix_len_ignoring_case(rest, l)?;
                let after = &rest[len..];
                let gap = after.len() - after.trim_start_matches(['*', '_', ' ']).len();
                let after = &after[gap..];
                // `What would change my mind (if anything):` keeps its note.
                let note = if after.starts_with('(') {
                    after.find(')').map_or(0, |i| i + 1)
                } else {
                    0
                };
                let after = after[note..].trim_start_matches(['*', '_', ' ']);
                after
                    .starts_with(':')
                    .then(|| (f, text.len() - after.len() + 1))
            })
        })
    }
}

/// The `Key points` labels: `Key points (max 5):`, `Pontos-chave (máx. 5):`.
const KEY_POINTS: &[&str] = &["key points", "pontos-chave", "pontos chave"];

/// A contribution being read.
struct Contribution {
    /// The `Key points` label.
    label: Span,
    /// The label carries the template's `(max 5)` note.
    noted: bool,
    /// Its key points (line indexes).
    points: Vec<usize>,
    /// Its fields found, with the line of each.
    fields: Vec<(Field, usize)>,
    /// Its last line with text.
    last: usize,
}

impl Rule for ContributionTemplate {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        if t.key_points.is_empty() {
            return;
        }
        // Lines inside blocks (another role's RESPONSE to an invocation the
        // contribution made) are not the contribution's.
        let mut in_blocks: Vec<usize> = t.blocks.iter().flat_map(|b| b.lines()).collect();
        in_blocks.sort_unstable();
        let mut messages = t.message_starts.iter().peekable();
        let mut open: Option<Contribution> = None;
        let mut points = t.key_points.iter().copied().peekable();
        for index in 0..t.doc.lines.len() {
            let span = t.line_span(index);
            let new_message = messages.next_if(|&&at| at <= span.start).is_some();
            while messages.next_if(|&&at| at <= span.start).is_some() {}
            let line = t.line(index);
            let label = key_points_label(t, &line);
            let ends = new_message
                || label.is_some()
                || matches!(line.kind, LineKind::Heading { .. } | LineKind::Frame { .. })
                || matches!(line.lead, Some(Lead::CardHeader { .. }));
            if ends {
                if let Some(c) = open.take() {
                    self.report(t, &c, out);
                }
            }
            if let Some((label, noted)) = label {
                if !line.quoted {
                    open = Some(Contribution {
                        label,
                        noted,
                        points: Vec::new(),
                        fields: Vec::new(),
                        last: index,
                    });
                }
                continue;
            }
            let Some(c) = open.as_mut() else {
                while points.next_if(|&p| p <= index).is_some() {}
                continue;
            };
            if points.next_if_eq(&index).is_some() {
                c.points.push(index);
                c.last = index;
                continue;
            }
            if line.kind == LineKind::Blank || line.quoted || in_blocks.binary_search(&index).is_ok() {
                continue;
            }
            c.last = index;
            if let Some((field, _)) = Field::of(t.text(&line.text())) {
                c.fields.push((field, index));
            }
        }
        if let Some(c) = open.take() {
            self.report(t, &c, out);
        }
    }
}

impl ContributionTemplate {
    fn report(&self, t: &Transcript<'_>, c: &Contribution, out: &mut Vec<Diagnostic>) {
        // A list of key points in ordinary notes is no contribution.
        if !c.noted && c.fields.is_empty() {
            return;
        }
        for (n, &i) in c.points.iter().enumerate() {
            let span = t.line_text(i);
            let text = t.text(&span);
            if n >= 5 {
                out.push(
                    self.meta()
                        .diagnostic(span.clone(), format!("key point {} of a contribution that may give 5", n + 1))
                        .with_label(format!("key point {}", n + 1))
                        .with_help("keep the five most material key points: merge or drop the rest"),
                );
                continue;
            }
            // The tag as Q001 and Q003 read it; an `[ASSUMPTION: …]` is a
            // key point's tag and rating both.
            let has_tag = tagged(text).is_some();
            let rated = CONFIDENCE_EMOJIS.iter().any(|e| text.contains(e))
                || text.contains("[ASSUMPTION:");
            let missing = match (has_tag, rated) {
                (true, true) => continue,
                (false, true) => "no VERIFIED or ASSUMED tag",
                (true, false) => "no confidence emoji",
                (false, false) => "no VERIFIED or ASSUMED tag and no confidence emoji",
            };
            out.push(
                self.meta()
                    .diagnostic(span, format!("this key point has {missing}"))
                    .with_label("untagged")
                    .with_help("end it `— VERIFIED — 🟢` (or ASSUMED, and 🟡 or 🔴): the contribution has no untagged claims"),
            );
        }
        let missing: Vec<&str> = Field::ALL
            .into_iter()
            .filter(|f| !c.fields.iter().any(|(g, _)| g == f))
            .map(Field::name)
            .collect();
        if !missing.is_empty() {
            let names: Vec<String> = missing.iter().map(|m| format!("`{m}`")).collect();
            let list = match names.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => names.join(""),
            };
            let mut d = self
                .meta()
                .diagnostic(c.label.clone(), format!("this contribution has no {list} line"))
                .with_label("incomplete contribution");
            if !t.line_span(c.last).contains(&c.label.start) {
                d = d.with_related(t.line_text(c.last), "the missing lines go after this one");
            }
            out.push(
                d
                    .with_help("end the contribution with `Recommendation:`, `Confidence:` (High, Medium or Low), `Source:` and `What would change my mind:` lines"),
            );
        }
        for &(field, i) in &c.fields {
            if field != Field::Confidence {
                continue;
            }
            let span = t.line_text(i);
            let text = t.text(&span);
            if find_confidence(text).and_then(|c| c.level()).is_none() {
                out.push(
                    self.meta()
                        .diagnostic(span, "this confidence is not High, Medium or Low")
                        .with_label("no level")
                        .with_help("rate it `Confidence: High`, `Medium` or `Low` (`Alta`, `Média`, `Baixa`)"),
                );
            }
        }
    }
}

/// The `Key points` label a line opens, and whether it carries the
/// template's `(max 5)` note.
fn key_points_label(t: &Transcript<'_>, line: &crate::syntax::Line<'_>) -> Option<(Span, bool)> {
    let Some(Lead::Label { text, .. }) = &line.lead else {
        return None;
    };
    let label = t.text(text);
    KEY_POINTS
        .iter()
        .find_map(|k| prefix_len_ignoring_case(label, k))?;
    let lower = label.to_lowercase();
    let noted = lower.contains("max") || lower.contains("máx");
    Some((line.text(), noted))
}
