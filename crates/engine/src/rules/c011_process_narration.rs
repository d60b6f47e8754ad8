use super::card_util::card_lines;
use crate::rules::prelude::*;
use crate::text::prefix_len_ignoring_case;

declare_rule! {
    /// ## What it does
    /// Flags process narration inside a founder card: a line or sentence that
    /// tells how the agent worked instead of what it found ("First I
    /// analyzed…", "Let me…", "I looked at…", "I started by…"; Portuguese
    /// "Primeiro analisei…", "Deixe-me…", "Depois de analisar…", "Após
    /// revisar…", "Analisei…").
    ///
    /// ## Why is this bad?
    /// Results and decisions only: no process narration, no thinking out loud
    /// (agent-protocol, Communication Rule 2).
    ///
    /// ## Example
    /// ```transcript
    /// BOTTOM LINE
    /// First I analyzed the pipeline, and it covers 2.1x of target.
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// BOTTOM LINE
    /// Pipeline covers 2.1x of the Q3 target, short of the 3x we need.
    /// ```
    pub struct ProcessNarration {
        code: "C011",
        name: "process-narration",
        family: Card,
        severity: Warning,
        added: "0.1.0",
        summary: "A card narrates process instead of results",
    }
}

/// Openings that narrate process, matched at the start of a line or sentence.
pub const NARRATION: &[&str] = &[
    "first i ",
    "first, i ",
    "let me ",
    "let's start",
    "i looked at",
    "i started by",
    "i began by",
    "i analyzed",
    "i analysed",
    "i reviewed",
    "i went through",
    "after analyzing",
    "after analysing",
    "to answer this, i",
    "primeiro analisei",
    "primeiro, analisei",
    "primeiro eu",
    "deixe-me",
    "vou começar",
    "comecei por",
    "comecei analisando",
    "eu analisei",
    "analisei ",
    "eu revisei",
    "revisei ",
    "eu olhei",
    "olhei ",
    // "after analyzing": the Portuguese forms, with and without the accent.
    "depois de analisar",
    "depois de revisar",
    "após analisar",
    "após revisar",
    "apos analisar",
    "apos revisar",
];

/// Byte ranges of narrating openings in a line.
#[cfg(test)]
fn narration(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    each_narration(text, |r| out.push(r));
    out
}

/// Where a line's first sentence starts: after list markers and emphasis.
fn sentence_lead(text: &str) -> usize {
    let b = text.as_bytes();
    let mut first = 0;
    loop {
        if first < b.len() && b" \t-*+>#_0123456789.)".contains(&b[first]) {
            first += 1;
        } else if text[first..].starts_with('•') {
            first += '•'.len_utf8();
        } else {
            break;
        }
    }
    first
}

/// Whether a line opens with process narration (`• First I analyzed …`):
/// such a bullet tells how, not what, so it is no finding (Q002 leaves it
/// to this rule).
pub(super) fn opens_with_narration(text: &str) -> bool {
    let lead = sentence_lead(text);
    let mut opens = false;
    each_narration(text, |r| opens |= r.start == lead);
    opens
}

/// Each narrating opening in a line, as a byte range, in order.
fn each_narration(text: &str, mut found: impl FnMut(std::ops::Range<usize>)) {
    let b = text.as_bytes();
    // Sentence starts: the line start (after list markers and emphasis) and
    // after `. `, `! `, `? `.
    let first = sentence_lead(text);
    let after_marks = memchr::memchr3_iter(b'.', b'!', b'?', b).filter_map(|i| {
        let rest = &text[i + 1..];
        rest.starts_with(' ')
            .then(|| i + 1 + (rest.len() - rest.trim_start().len()))
    });
    // The line start may be found twice: once past a list number (`1. `),
    // once after that number's dot.
    let mut last = None;
    for s in std::iter::once(first).chain(after_marks) {
        if last == Some(s) {
            continue;
        }
        last = Some(s);
        // Every opening starts with an ASCII letter: only those whose first
        // letter is the sentence's are compared.
        let Some(first) = b.get(s).map(u8::to_ascii_lowercase) else {
            continue;
        };
        if !first.is_ascii_alphabetic() {
            continue;
        }
        let len = NARRATION
            .iter()
            .filter(|p| p.as_bytes()[0] == first)
            .find_map(|p| {
                let words = p.trim_end();
                let len = prefix_len_ignoring_case(&text[s..], words)?;
                // A phrase written with a trailing space needs one after it.
                (!p.ends_with(' ') || text[s + len..].starts_with(' ')).then_some(len)
            });
        if let Some(len) = len {
            found(s..s + len);
        }
    }
}

impl Rule for ProcessNarration {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for card in &t.cards {
            for (_, span) in card_lines(t, card) {
                each_narration(t.text(&span), |r| {
                    let at = span.start + r.start..span.start + r.end;
                    out.push(
                        self.meta()
                            .diagnostic(at.clone(), format!("process narration: \"{}…\"", t.text(&at)))
                            .with_label("narrates the process")
                            .with_help("state the result itself; the founder needs what you found, not how"),
                    );
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_narration_at_sentence_starts() {
        assert_eq!(narration("First I analyzed the data.").len(), 1);
        assert_eq!(narration("• Let me explain the gap").len(), 1);
        assert_eq!(
            narration("1. Let me open two reqs → CRO → 2026-06-01").len(),
            1
        );
        assert_eq!(
            narration("12) Let me open two reqs. I reviewed May.").len(),
            2
        );
        assert_eq!(narration("Churn rose. I looked at May.").len(), 1);
        assert_eq!(narration("Deixe-me explicar.").len(), 1);
        assert!(narration("The data I looked at is old").is_empty());
        assert!(narration("Churn rose to 4%.").is_empty());
        // Any case, accents included; the phrase's trailing space counts.
        assert_eq!(narration("VOU COMEÇAR pelo caixa").len(), 1);
        assert!(narration("Analisei").is_empty());
        assert_eq!(narration("İ. Analisei o caixa").len(), 1);
        // "After analyzing" and "I reviewed" in Portuguese.
        assert_eq!(
            narration("Depois de analisar as coortes, concluí que o payback caiu.").len(),
            1
        );
        assert_eq!(narration("• Após revisar o contrato, vi a multa.").len(), 1);
        assert_eq!(narration("APÓS REVISAR o contrato").len(), 1);
        assert_eq!(narration("Apos analisarmos o funil, o CAC caiu.").len(), 1);
        assert_eq!(narration("O caixa caiu. Revisei março e abril.").len(), 1);
        assert_eq!(narration("Analisei os números e o churn caiu.").len(), 1);
        assert!(narration("O time que revisei ontem cresceu.").is_empty());
        assert!(narration("Após a revisão, o contrato segue igual.").is_empty());
        assert!(narration("Revisão do contrato: sem mudanças.").is_empty());
    }
}
