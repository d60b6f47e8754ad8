//! Reading the prose inside cards: sentences, figures, sources, confidence
//! levels and actions. Shared by the card rules and the formatter.

/// A confidence level, in either language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    Low,
    Medium,
    High,
}

impl Level {
    pub fn emoji(self) -> &'static str {
        match self {
            Level::High => "🟢",
            Level::Medium => "🟡",
            Level::Low => "🔴",
        }
    }

    pub fn word(self, pt: bool) -> &'static str {
        match (self, pt) {
            (Level::High, false) => "High",
            (Level::Medium, false) => "Medium",
            (Level::Low, false) => "Low",
            (Level::High, true) => "Alta",
            (Level::Medium, true) => "Média",
            (Level::Low, true) => "Baixa",
        }
    }

    pub fn of_emoji(s: &str) -> Option<Level> {
        match s {
            "🟢" => Some(Level::High),
            "🟡" => Some(Level::Medium),
            "🔴" => Some(Level::Low),
            _ => None,
        }
    }

    pub fn of_word(s: &str) -> Option<Level> {
        let w = s
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        match w.as_str() {
            "high" | "alta" | "alto" => Some(Level::High),
            "medium" | "média" | "media" | "médio" | "medio" => Some(Level::Medium),
            "low" | "baixa" | "baixo" => Some(Level::Low),
            _ => None,
        }
    }
}

/// The urgency levels of a proactive alert, English and Portuguese, as the
/// template writes them.
pub const URGENCY_LEVELS: [(&str, &str); 6] = [
    ("🔴", "Act today"),
    ("🟡", "This week"),
    ("⚪", "Next review"),
    ("🔴", "Agir hoje"),
    ("🟡", "Esta semana"),
    ("⚪", "Próxima revisão"),
];

/// The canonical form of an urgency value, if it is one of the levels
/// (words in any case; a variation selector after the emoji is ignored).
pub fn canonical_urgency(value: &str) -> Option<String> {
    let v = value
        .trim()
        .trim_matches(['*', '_'])
        .trim()
        .trim_end_matches('.')
        .replace('\u{FE0F}', "");
    URGENCY_LEVELS.iter().find_map(|(emoji, word)| {
        v.strip_prefix(emoji)
            .filter(|rest| rest.trim().to_lowercase() == word.to_lowercase())
            .map(|_| format!("{emoji} {word}"))
    })
}

/// The confidence emojis, as written (🟢 🟡 🔴).
pub const CONFIDENCE_EMOJIS: [&str; 3] = ["🟢", "🟡", "🔴"];

/// A `Confidence: 🟢 High` (or `Confiança: 🟡 Média`) suffix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confidence {
    /// Byte offset in the text where the suffix starts (at its dash, or at
    /// the label when there is none).
    pub start: usize,
    pub emoji: Option<Level>,
    pub word: Option<Level>,
}

impl Confidence {
    /// The level that counts: the word when both are written.
    pub fn level(&self) -> Option<Level> {
        self.word.or(self.emoji)
    }
}

/// Find a `Confidence:` / `Confiança:` label in a text and read its level.
pub fn find_confidence(text: &str) -> Option<Confidence> {
    // Every label starts `confi`: most texts hold none.
    if !contains_ignoring_ascii_case(text, "confi") {
        return None;
    }
    let lower = text.to_lowercase();
    // `to_lowercase` keeps byte lengths for these ASCII and `ç` labels.
    let at = ["confidence:", "confiança:", "confianca:"]
        .iter()
        .find_map(|l| lower.find(l).map(|i| (i, l.len())))?;
    if lower.len() != text.len() {
        return find_confidence_slow(text);
    }
    let (label, len) = at;
    let value = &text[label + len..];
    let mut start = label;
    let before = text[..label].trim_end();
    for dash in ["—", "–", "-"] {
        if let Some(b) = before.strip_suffix(dash) {
            start = b.trim_end().len();
            break;
        }
    }
    Some(read_level(value, start))
}

fn find_confidence_slow(text: &str) -> Option<Confidence> {
    for label in [
        "Confidence:",
        "confidence:",
        "CONFIDENCE:",
        "Confiança:",
        "confiança:",
        "CONFIANÇA:",
    ] {
        if let Some(i) = text.find(label) {
            let before = text[..i].trim_end();
            let start = ["—", "–", "-"]
                .iter()
                .find_map(|d| before.strip_suffix(d).map(|b| b.trim_end().len()))
                .unwrap_or(i);
            return Some(read_level(&text[i + label.len()..], start));
        }
    }
    None
}

fn read_level(value: &str, start: usize) -> Confidence {
    let mut emoji = None;
    let mut word = None;
    for token in value.split_whitespace().take(3) {
        let bare = token.trim_matches(|c: char| c == '*' || c == '_' || c == '.' || c == ',');
        if emoji.is_none() {
            if let Some(l) = Level::of_emoji(bare) {
                emoji = Some(l);
                continue;
            }
        }
        if word.is_none() {
            if let Some(l) = Level::of_word(bare) {
                word = Some(l);
            }
        }
    }
    Confidence { start, emoji, word }
}

/// Pairs of a confidence emoji and a level word written next to each other
/// that disagree (`🟢 Low`): (byte range, emoji level, word level).
pub fn emoji_word_mismatches(text: &str) -> Vec<(std::ops::Range<usize>, Level, Level)> {
    let mut out = Vec::new();
    // Every confidence emoji starts with the byte 0xF0: look only there.
    for at in memchr::memchr_iter(0xF0, text.as_bytes()) {
        let Some(emoji) = CONFIDENCE_EMOJIS
            .iter()
            .find(|e| text.as_bytes()[at..].starts_with(e.as_bytes()))
        else {
            continue;
        };
        let after = &text[at + emoji.len()..];
        let word_start = after.trim_start();
        let gap = after.len() - word_start.len();
        let word_len = word_start
            .char_indices()
            .find(|(_, c)| !c.is_alphabetic())
            .map_or(word_start.len(), |(i, _)| i);
        let word = &word_start[..word_len];
        if let (Some(e), Some(w)) = (Level::of_emoji(emoji), Level::of_word(word)) {
            if !word.is_empty() && e != w {
                out.push((at..at + emoji.len() + gap + word.len(), e, w));
            }
        }
    }
    out
}

/// Common abbreviations whose period ends no sentence.
const ABBREVIATIONS: &[&str] = &[
    "e.g.", "i.e.", "vs.", "etc.", "approx.", "inc.", "mr.", "ms.", "dr.", "no.", "p.ex.", "sr.",
    "sra.",
];

/// How many sentences a text holds. A sentence ends at `.`, `!`, `?` or `…`
/// followed by white space or the end, except in numbers (`$2.4M`) and
/// common abbreviations.
pub fn sentence_count(text: &str) -> usize {
    let text = text.trim();
    if text.is_empty() {
        return 0;
    }
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut count = 0;
    let mut open = false;
    for (k, &(i, c)) in chars.iter().enumerate() {
        if c.is_alphanumeric() {
            open = true;
        }
        if !matches!(c, '.' | '!' | '?' | '…') || !open {
            continue;
        }
        let next = chars.get(k + 1).map(|&(_, n)| n);
        if !matches!(
            next,
            None | Some(' ' | '\t' | '\n' | '"' | '\'' | ')' | '”')
        ) {
            continue;
        }
        if c == '.' {
            let word_start = text[..i]
                .char_indices()
                .rev()
                .find(|(_, ch)| ch.is_whitespace())
                .map_or(0, |(p, ch)| p + ch.len_utf8());
            let word = text[word_start..=i].to_lowercase();
            if ABBREVIATIONS.iter().any(|a| word.ends_with(a)) {
                continue;
            }
        }
        count += 1;
        open = false;
    }
    if open {
        count += 1;
    }
    count
}

/// Whether a text states a figure: a number with a currency sign, a percent
/// sign, a multiplier or a unit, or any other number that is not a date, a
/// year, a quarter or half (`Q3`, `H2`) or an ordinal.
pub fn has_figure(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len()
            && (bytes[i].is_ascii_digit()
                || matches!(bytes[i], b'.' | b',')
                    && i + 1 < bytes.len()
                    && bytes[i + 1].is_ascii_digit())
        {
            i += 1;
        }
        let number = &text[start..i];
        let before = text[..start].chars().next_back();
        let after = &text[i..];
        // Q3, H2, FY26, v2: a period or a name, not a figure.
        if matches!(before, Some('Q' | 'H' | 'q' | 'h' | 'v' | 'V'))
            || text[..start].ends_with("FY")
        {
            continue;
        }
        if before.is_some_and(|c| c.is_alphabetic()) {
            continue;
        }
        // Dates: 2026-03-05, 05/03/2026.
        if after.starts_with('-') && after[1..].starts_with(|c: char| c.is_ascii_digit())
            || after.starts_with('/')
            || text[..start].ends_with('-') && before == Some('-')
            || text[..start].ends_with('/')
        {
            i = skip_date(bytes, i);
            continue;
        }
        let unit: String = after
            .chars()
            .take_while(|c| c.is_alphabetic())
            .collect::<String>()
            .to_lowercase();
        if matches!(unit.as_str(), "st" | "nd" | "rd" | "th" | "º" | "ª") {
            continue;
        }
        let currency = matches!(before, Some('$' | '€' | '£' | '¥'))
            || text[..start].ends_with("R$ ")
            || text[..start].ends_with("R$");
        let percent = after.starts_with('%') || after.trim_start().starts_with('%');
        // A year stands alone: four digits from 1900 to 2099.
        let year = number.len() == 4
            && (number.starts_with("19") || number.starts_with("20"))
            && unit.is_empty()
            && !currency
            && !percent;
        if year {
            continue;
        }
        return true;
    }
    false
}

fn skip_date(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && (bytes[i].is_ascii_digit() || matches!(bytes[i], b'-' | b'/')) {
        i += 1;
    }
    i
}

/// Whether a finding names its source: `[VERIFIED: …]`, `[ASSUMED: …]`,
/// `— VERIFIED —`, `— ASSUMED —`, `(from …)`, `(source: …)`, `(fonte: …)`.
pub fn has_source(text: &str) -> bool {
    text.contains("[VERIFIED:")
        || text.contains("[ASSUMED:")
        || ["(from ", "(source:", "(fonte:", "(de "]
            .iter()
            .any(|p| contains_ignoring_ascii_case(text, p))
        || dashed_tag(text, "VERIFIED")
        || dashed_tag(text, "ASSUMED")
        || dashed_tag(text, "VERIFICADO")
        || dashed_tag(text, "ASSUMIDO")
}

/// `needle` (ASCII) occurs in `text` in any ASCII case.
pub fn contains_ignoring_ascii_case(text: &str, needle: &str) -> bool {
    let (t, n) = (text.as_bytes(), needle.as_bytes());
    let Some(&first) = n.first() else {
        return true;
    };
    memchr::memchr2_iter(first.to_ascii_lowercase(), first.to_ascii_uppercase(), t).any(|i| {
        t[i..]
            .get(..n.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(n))
    })
}

/// The byte length of `phrase` (written in lower case) at the start of
/// `text` in any case, when it is there.
pub fn prefix_len_ignoring_case(text: &str, phrase: &str) -> Option<usize> {
    // Most texts differ from the phrase at its first ASCII byte.
    let first = *phrase.as_bytes().first()?;
    if first.is_ascii() && text.as_bytes().first()?.to_ascii_lowercase() != first {
        return None;
    }
    if phrase.is_ascii() {
        let n = phrase.len();
        return text
            .as_bytes()
            .get(..n)
            .filter(|w| w.eq_ignore_ascii_case(phrase.as_bytes()))
            .map(|_| n);
    }
    let mut chars = text.char_indices();
    for p in phrase.chars() {
        let (_, c) = chars.next()?;
        if c != p && !c.to_lowercase().eq(std::iter::once(p)) {
            return None;
        }
    }
    Some(chars.next().map_or(text.len(), |(i, _)| i))
}

/// `— VERIFIED —` (the board-meeting template's form), also at the end.
fn dashed_tag(text: &str, tag: &str) -> bool {
    text.match_indices(tag).any(|(i, _)| {
        let before = text[..i].trim_end();
        before.ends_with('—') || before.ends_with('-') || before.ends_with('/')
    })
}

/// Whether a finding is tagged as assumed rather than verified.
pub fn tagged(text: &str) -> Option<bool> {
    let assumed =
        text.contains("[ASSUMED:") || dashed_tag(text, "ASSUMED") || dashed_tag(text, "ASSUMIDO");
    let verified = text.contains("[VERIFIED:")
        || dashed_tag(text, "VERIFIED")
        || dashed_tag(text, "VERIFICADO");
    match (verified, assumed) {
        (_, true) => Some(true),
        (true, false) => Some(false),
        _ => None,
    }
}

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
    let lower = text.to_lowercase();
    if lower.len() == text.len() {
        let owner_key = ["owner:", "responsável:", "responsavel:", "dono:"]
            .iter()
            .find_map(|k| lower.find(k).map(|i| (i, k.len())));
        let due_key = ["deadline:", "due:", "by:", "prazo:", "até:"]
            .iter()
            .find_map(|k| lower.find(k).map(|i| (i, k.len())));
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
            let i = if lower.len() == text.len() {
                lower.rfind(k)?
            } else {
                return None;
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

/// A fixed list of phrases, searched for whole-word and case-insensitively
/// in one pass over the text (an Aho-Corasick automaton, built on first
/// use).
pub struct Phrases {
    list: &'static [&'static str],
    automaton: std::sync::OnceLock<Option<aho_corasick::AhoCorasick>>,
}

impl Phrases {
    /// Phrases written in lower case.
    #[must_use]
    pub const fn new(list: &'static [&'static str]) -> Phrases {
        Phrases {
            list,
            automaton: std::sync::OnceLock::new(),
        }
    }

    /// Every whole-word occurrence, as byte ranges in `text`, in order; of
    /// overlapping occurrences the first (and, at one start, the longest)
    /// is kept.
    pub fn find(&self, text: &str) -> Vec<std::ops::Range<usize>> {
        let automaton = self.automaton.get_or_init(|| {
            aho_corasick::AhoCorasick::builder()
                .ascii_case_insensitive(true)
                .build(self.list.iter().flat_map(|p| case_variants(p)))
                .ok()
        });
        let Some(ac) = automaton else {
            return Vec::new();
        };
        let mut out: Vec<std::ops::Range<usize>> = ac
            .find_overlapping_iter(text)
            .map(|m| m.range())
            .filter(|r| whole_word(text, r))
            .collect();
        out.sort_by_key(|r| (r.start, std::cmp::Reverse(r.end)));
        out.dedup_by(|b, a| b.start < a.end);
        out
    }

    /// Some phrase occurs in `text`.
    pub fn any(&self, text: &str) -> bool {
        !self.find(text).is_empty()
    }
}

/// A lower-case phrase in every case its non-ASCII letters may be written
/// in (`deveríamos`, `deverÍamos`); ASCII letters are matched in any case by
/// the automaton. At most 16 spellings a phrase.
fn case_variants(phrase: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    for c in phrase.chars() {
        let mut upper = c.to_uppercase();
        let alternative = match (upper.next(), upper.next()) {
            (Some(u), None) if !c.is_ascii() && u != c && out.len() < 16 => Some(u),
            _ => None,
        };
        match alternative {
            Some(u) => {
                let mut more = out.clone();
                for v in &mut out {
                    v.push(c);
                }
                for v in &mut more {
                    v.push(u);
                }
                out.extend(more);
            }
            None => {
                for v in &mut out {
                    v.push(c);
                }
            }
        }
    }
    out
}

/// Nothing alphanumeric touches the range on either side.
fn whole_word(text: &str, r: &std::ops::Range<usize>) -> bool {
    let before_ok = text[..r.start]
        .chars()
        .next_back()
        .is_none_or(|c| !c.is_alphanumeric());
    let after_ok = text[r.end..]
        .chars()
        .next()
        .is_none_or(|c| !c.is_alphanumeric());
    before_ok && after_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_phrases_whole_word_in_any_case() {
        static P: Phrases = Phrases::new(&["we should consider", "se", "deveríamos considerar"]);
        let text = "So WE SHOULD CONSIDER it; Deveríamos Considerar; sem se.";
        let found: Vec<&str> = P.find(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(found, ["WE SHOULD CONSIDER", "Deveríamos Considerar", "se"]);
        // Inside a word is no match; text around whose lower case would
        // change length is searched all the same.
        assert!(!P.any("baseline, cases"));
        assert!(P.any("İ we should consider"));
        assert!(P.any("DEVERÍAMOS CONSIDERAR"));
    }

    #[test]
    fn compares_ignoring_case_without_lowering_the_text() {
        assert!(contains_ignoring_ascii_case(
            "burn (SOURCE: ledger)",
            "(source:"
        ));
        assert!(!contains_ignoring_ascii_case("burn (sauce: x)", "(source:"));
        assert_eq!(
            prefix_len_ignoring_case("OPÇÃO A: x", "opção "),
            Some("OPÇÃO ".len())
        );
        assert_eq!(
            prefix_len_ignoring_case("Recommendation**: go", "recommendation**:"),
            Some(17)
        );
        assert_eq!(prefix_len_ignoring_case("Rec", "recommendation:"), None);
        assert_eq!(prefix_len_ignoring_case("option", "opção "), None);
    }

    #[test]
    fn counts_sentences() {
        assert_eq!(
            sentence_count("Extend runway 6 months; raise at $2.4M ARR."),
            1
        );
        assert_eq!(sentence_count("Raise now. Terms get worse later."), 2);
        assert_eq!(sentence_count("Cut e.g. two channels now"), 1);
        assert_eq!(sentence_count("Why? Because burn doubled! It did."), 3);
        assert_eq!(sentence_count(""), 0);
    }

    #[test]
    fn finds_figures() {
        for yes in [
            "ARR is $2.1M",
            "churn at 4%",
            "3x coverage",
            "runway of 14 months",
            "R$ 500 mil",
            "12 engineers",
        ] {
            assert!(has_figure(yes), "{yes}");
        }
        for no in [
            "in Q3",
            "by 2026-04-15",
            "for H2",
            "the 2nd hire",
            "in 2027",
            "FY26 plan",
            "no numbers here",
        ] {
            assert!(!has_figure(no), "{no}");
        }
    }

    #[test]
    fn finds_sources() {
        assert!(has_source("ARR $2.1M [VERIFIED: Q4 actuals] 🟢"));
        assert!(has_source("Churn 4% — ASSUMED — 🟡"));
        assert!(has_source("ARR is $2.1M (from CRO pipeline report)"));
        assert!(has_source("CAC $9K (source: HubSpot)"));
        assert!(!has_source("ARR is around $2M"));
    }

    #[test]
    fn reads_confidence() {
        let c = find_confidence("Hire two now. — Confidence: 🟢 High").unwrap();
        assert_eq!((c.emoji, c.word), (Some(Level::High), Some(Level::High)));
        assert_eq!(c.start, "Hire two now.".len());
        let c = find_confidence("Contratar dois. — Confiança: 🟡 Média").unwrap();
        assert_eq!(c.level(), Some(Level::Medium));
        assert!(find_confidence("no label").is_none());
        assert_eq!(emoji_word_mismatches("— Confidence: 🟢 Low").len(), 1);
        assert!(emoji_word_mismatches("— Confidence: 🟢 High").is_empty());
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
}
