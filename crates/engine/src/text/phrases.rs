//! Fixed lists of phrases, found whole-word in any case.

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

    /// The phrases, as written.
    #[cfg(test)]
    pub fn list(&self) -> &'static [&'static str] {
        self.list
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
}
