//! Founder-card section headings, in English and Brazilian Portuguese, in
//! every usual written form: a bare line (`BOTTOM LINE`, `⚠️ RISKS (if any)`),
//! a markdown heading (`## Bottom line`) or a label with the content on the
//! same line (`**Bottom Line:** …`, `What: …`).

/// A card section, whatever language it is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Section {
    BottomLine,
    What,
    WhyThisMatters,
    HowToAct,
    Risks,
    YourDecision,
    Detail,
    WhatINoticed,
    WhyItMatters,
    RecommendedAction,
    Urgency,
    DecisionRequired,
    Perspectives,
    WhereTheyAgree,
    WhereTheyDisagree,
    CriticsView,
    RecommendedDecision,
    ActionItems,
    YourCall,
    /// `**The Decision:**`, of the role skills' output standard.
    TheDecision,
    /// `**The Evidence:**`, of the role skills' output standard.
    TheEvidence,
    /// `**The Risks:**`, of the general counsel's review standard.
    TheRisks,
    /// `**Counter-Proposals:**`, of the general counsel's review standard.
    CounterProposals,
    /// `**Outside Counsel Action Items:**`, of the general counsel's review
    /// standard.
    OutsideCounselActionItems,
}

impl Section {
    /// The canonical heading, as the card template prints it.
    pub fn title(self, pt: bool) -> &'static str {
        use Section::*;
        match (self, pt) {
            (BottomLine, false) => "BOTTOM LINE",
            (BottomLine, true) => "CONCLUSÃO",
            (What, false) => "WHAT",
            (What, true) => "O QUÊ",
            (WhyThisMatters, false) => "WHY THIS MATTERS",
            (WhyThisMatters, true) => "POR QUE ISSO IMPORTA",
            (HowToAct, false) => "HOW TO ACT",
            (HowToAct, true) => "COMO AGIR",
            (Risks, false) => "⚠️ RISKS",
            (Risks, true) => "⚠️ RISCOS",
            (YourDecision, false) => "🔑 YOUR DECISION",
            (YourDecision, true) => "🔑 SUA DECISÃO",
            (Detail, false) => "📎 DETAIL",
            (Detail, true) => "📎 DETALHE",
            (WhatINoticed, false) => "WHAT I NOTICED",
            (WhatINoticed, true) => "O QUE OBSERVEI",
            (WhyItMatters, false) => "WHY IT MATTERS",
            (WhyItMatters, true) => "POR QUE IMPORTA",
            (RecommendedAction, false) => "RECOMMENDED ACTION",
            (RecommendedAction, true) => "AÇÃO RECOMENDADA",
            (Urgency, false) => "URGENCY",
            (Urgency, true) => "URGÊNCIA",
            (DecisionRequired, false) => "DECISION REQUIRED",
            (DecisionRequired, true) => "DECISÃO NECESSÁRIA",
            (Perspectives, false) => "PERSPECTIVES",
            (Perspectives, true) => "PERSPECTIVAS",
            (WhereTheyAgree, false) => "WHERE THEY AGREE",
            (WhereTheyAgree, true) => "ONDE CONCORDAM",
            (WhereTheyDisagree, false) => "WHERE THEY DISAGREE",
            (WhereTheyDisagree, true) => "ONDE DISCORDAM",
            (CriticsView, false) => "CRITIC'S VIEW (Executive Mentor)",
            (CriticsView, true) => "VISÃO DO CRÍTICO (Mentor Executivo)",
            (RecommendedDecision, false) => "RECOMMENDED DECISION",
            (RecommendedDecision, true) => "DECISÃO RECOMENDADA",
            (ActionItems, false) => "ACTION ITEMS",
            (ActionItems, true) => "ITENS DE AÇÃO",
            (YourCall, false) => "🔑 YOUR CALL",
            (YourCall, true) => "🔑 SUA DECISÃO",
            (TheDecision, false) => "The Decision",
            (TheDecision, true) => "A Decisão",
            (TheEvidence, false) => "The Evidence",
            (TheEvidence, true) => "As Evidências",
            (TheRisks, false) => "The Risks",
            (TheRisks, true) => "Os Riscos",
            (CounterProposals, false) => "Counter-Proposals",
            (CounterProposals, true) => "Contrapropostas",
            (OutsideCounselActionItems, false) => "Outside Counsel Action Items",
            (OutsideCounselActionItems, true) => "Itens para o Advogado Externo",
        }
    }
}

/// Heading texts, longest first within a shared prefix so that `WHAT I
/// NOTICED` wins over `WHAT`.
const NAMES: &[(&str, Section, Lang)] = &[
    ("THE DECISION", Section::TheDecision, Lang::En),
    ("THE EVIDENCE", Section::TheEvidence, Lang::En),
    ("THE RISKS", Section::TheRisks, Lang::En),
    ("COUNTER-PROPOSALS", Section::CounterProposals, Lang::En),
    ("COUNTER PROPOSALS", Section::CounterProposals, Lang::En),
    ("COUNTERPROPOSALS", Section::CounterProposals, Lang::En),
    (
        "OUTSIDE COUNSEL ACTION ITEMS",
        Section::OutsideCounselActionItems,
        Lang::En,
    ),
    ("A DECISÃO", Section::TheDecision, Lang::Pt),
    ("AS EVIDÊNCIAS", Section::TheEvidence, Lang::Pt),
    ("A EVIDÊNCIA", Section::TheEvidence, Lang::Pt),
    ("OS RISCOS", Section::TheRisks, Lang::Pt),
    ("CONTRAPROPOSTAS", Section::CounterProposals, Lang::Pt),
    (
        "ITENS PARA O ADVOGADO EXTERNO",
        Section::OutsideCounselActionItems,
        Lang::Pt,
    ),
    ("BOTTOM LINE", Section::BottomLine, Lang::En),
    ("CONCLUSÃO", Section::BottomLine, Lang::Pt),
    ("WHAT I NOTICED", Section::WhatINoticed, Lang::En),
    ("WHAT", Section::What, Lang::En),
    ("O QUE OBSERVEI", Section::WhatINoticed, Lang::Pt),
    ("O QUÊ", Section::What, Lang::Pt),
    ("O QUE", Section::What, Lang::Pt),
    ("WHY THIS MATTERS", Section::WhyThisMatters, Lang::En),
    ("WHY IT MATTERS", Section::WhyItMatters, Lang::En),
    ("WHY", Section::WhyThisMatters, Lang::En),
    ("POR QUE ISSO IMPORTA", Section::WhyThisMatters, Lang::Pt),
    ("POR QUE IMPORTA", Section::WhyItMatters, Lang::Pt),
    ("HOW TO ACT", Section::HowToAct, Lang::En),
    ("COMO AGIR", Section::HowToAct, Lang::Pt),
    ("RISKS", Section::Risks, Lang::En),
    ("RISCOS", Section::Risks, Lang::Pt),
    ("YOUR DECISION", Section::YourDecision, Lang::En),
    ("SUA DECISÃO", Section::YourDecision, Lang::Pt),
    ("DETAIL", Section::Detail, Lang::En),
    ("DETALHE", Section::Detail, Lang::Pt),
    ("RECOMMENDED ACTION", Section::RecommendedAction, Lang::En),
    (
        "RECOMMENDED DECISION",
        Section::RecommendedDecision,
        Lang::En,
    ),
    ("AÇÃO RECOMENDADA", Section::RecommendedAction, Lang::Pt),
    (
        "DECISÃO RECOMENDADA",
        Section::RecommendedDecision,
        Lang::Pt,
    ),
    ("URGENCY", Section::Urgency, Lang::En),
    ("URGÊNCIA", Section::Urgency, Lang::Pt),
    ("DECISION REQUIRED", Section::DecisionRequired, Lang::En),
    ("DECISÃO NECESSÁRIA", Section::DecisionRequired, Lang::Pt),
    ("PERSPECTIVES", Section::Perspectives, Lang::En),
    ("PERSPECTIVAS", Section::Perspectives, Lang::Pt),
    ("WHERE THEY AGREE", Section::WhereTheyAgree, Lang::En),
    ("WHERE THEY DISAGREE", Section::WhereTheyDisagree, Lang::En),
    ("ONDE CONCORDAM", Section::WhereTheyAgree, Lang::Pt),
    ("ONDE DISCORDAM", Section::WhereTheyDisagree, Lang::Pt),
    ("CRITIC'S VIEW", Section::CriticsView, Lang::En),
    ("CRITIC’S VIEW", Section::CriticsView, Lang::En),
    ("VISÃO DO CRÍTICO", Section::CriticsView, Lang::Pt),
    ("ACTION ITEMS", Section::ActionItems, Lang::En),
    ("ITENS DE AÇÃO", Section::ActionItems, Lang::Pt),
    ("YOUR CALL", Section::YourCall, Lang::En),
];

/// Characters that may stand before a heading: emoji, variation selectors,
/// markdown emphasis and heading marks, white space.
fn is_decoration(c: char) -> bool {
    matches!(c, '*' | '_' | '#' | ' ' | '\t' | '\u{FE0F}' | '\u{200D}')
        || matches!(c as u32, 0x2190..=0x2BFF | 0x1F000..=0x1FAFF)
}

/// Notes the card template writes after a heading, which are part of it.
const TEMPLATE_NOTES: &[&str] = &[
    "if any",
    "if needed",
    "executive mentor",
    "se houver",
    "se necessário",
    "se necessario",
    "mentor executivo",
];

/// The language a heading is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    Pt,
}

/// A section heading found at the start of a line's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Heading {
    pub section: Section,
    pub lang: Lang,
    /// The name as the table writes it (`WHY`, `WHY THIS MATTERS`).
    pub name: &'static str,
    /// Where the heading (with any parenthesised note, emphasis and colon)
    /// ends in the text: the content written on the same line starts here.
    pub end: usize,
}

/// The section heading a line's text opens, if any, with its language and
/// extent. `full` is the line after its list marker or heading hashes. A
/// heading stands alone or is followed by `:` (a label with its content), a
/// parenthesised note, or emphasis.
pub fn heading_of(full: &str) -> Option<Heading> {
    let text = full.trim_start_matches(is_decoration);
    let offset = full.len() - text.len();
    // Every heading starts with an ASCII letter: reject most prose at once.
    let first = text.as_bytes().first()?.to_ascii_uppercase();
    if !first.is_ascii_uppercase() {
        return None;
    }
    for &(n, ascii) in &names_by_letter()[usize::from(first - b'A')] {
        let (name, section, lang) = &NAMES[usize::from(n)];
        // The ASCII part of the name first: most lines differ there.
        let ascii = usize::from(ascii);
        let prefix_matches = text
            .as_bytes()
            .get(..ascii)
            .is_some_and(|p| p.eq_ignore_ascii_case(&name.as_bytes()[..ascii]));
        if !prefix_matches {
            continue;
        }
        let Some(head) = text.get(..name.len()) else {
            continue;
        };
        if !head.eq_ignore_ascii_case(name)
            && (name.is_ascii() || !eq_ignore_case_unicode(head, name))
        {
            continue;
        }
        let after = &text[name.len()..];
        let rest = after.trim_start_matches(['*', '_']);
        let rest_trim = rest.trim_start();
        let accepted = rest_trim.is_empty()
            || rest.starts_with(':')
            || rest_trim.starts_with('(')
            || rest_trim.starts_with(':');
        if !accepted {
            continue;
        }
        // Extend over `(note)`, emphasis, a colon and white space.
        let mut end = name.len() + (after.len() - rest.len());
        let mut tail = &text[end..];
        let trimmed = tail.trim_start();
        // The template's own notes belong to the heading; any other
        // parenthesis is content.
        if trimmed.starts_with('(') {
            if let Some(close) = trimmed.find(')') {
                let note = trimmed[1..close].trim().to_lowercase();
                if TEMPLATE_NOTES.contains(&note.as_str()) {
                    end += (tail.len() - trimmed.len()) + close + 1;
                    tail = &text[end..];
                }
            }
        }
        let stripped = tail.trim_start_matches(['*', '_']);
        let stripped = stripped.strip_prefix(':').unwrap_or(stripped);
        let stripped = stripped.trim_start_matches(['*', '_']).trim_start();
        end += tail.len() - stripped.len();
        return Some(Heading {
            section: *section,
            lang: *lang,
            name,
            end: offset + end,
        });
    }
    None
}

/// Names that ordinary answers use as headings too (`**Why:**`, `## Risks`,
/// `Detail:`, `**The risks:**`): they are sections inside a card, but they
/// never make a BOTTOM LINE a draft card.
const COMMON_NAMES: &[&str] = &[
    "WHY",
    "RISKS",
    "RISCOS",
    "DETAIL",
    "DETALHE",
    "THE RISKS",
    "OS RISCOS",
    "URGENCY",
    "URGÊNCIA",
];

impl Heading {
    /// Whether the heading is written in a card's own words, not in words
    /// an ordinary answer uses as headings too: only such a heading after
    /// a BOTTOM LINE makes a draft card.
    pub fn distinctive(&self) -> bool {
        self.section != Section::BottomLine && !COMMON_NAMES.contains(&self.name)
    }
}

/// The indices into [`NAMES`] of the names starting with each letter, in
/// their order there, with the length of each name's leading ASCII part.
fn names_by_letter() -> &'static [Vec<(u8, u8)>; 26] {
    static BY_LETTER: std::sync::OnceLock<[Vec<(u8, u8)>; 26]> = std::sync::OnceLock::new();
    BY_LETTER.get_or_init(|| {
        let mut by: [Vec<(u8, u8)>; 26] = Default::default();
        for (i, (name, _, _)) in NAMES.iter().enumerate() {
            let first = name.as_bytes()[0];
            let ascii = name.bytes().take_while(u8::is_ascii).count();
            if first.is_ascii_uppercase() {
                by[usize::from(first - b'A')].push((i as u8, ascii as u8));
            }
        }
        by
    })
}

fn eq_ignore_case_unicode(a: &str, b: &str) -> bool {
    a.chars()
        .flat_map(char::to_uppercase)
        .eq(b.chars().flat_map(char::to_uppercase))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn section_of(text: &str) -> Option<Section> {
        heading_of(text).map(|h| h.section)
    }

    #[test]
    fn recognises_written_forms() {
        assert_eq!(section_of("BOTTOM LINE"), Some(Section::BottomLine));
        assert_eq!(section_of("Bottom line"), Some(Section::BottomLine));
        assert_eq!(
            section_of("**Bottom Line:** Extend runway"),
            Some(Section::BottomLine)
        );
        assert_eq!(section_of("What: three things"), Some(Section::What));
        assert_eq!(section_of("WHAT I NOTICED"), Some(Section::WhatINoticed));
        assert_eq!(section_of("⚠️ RISKS (if any)"), Some(Section::Risks));
        assert_eq!(section_of("🔑 YOUR DECISION"), Some(Section::YourDecision));
        assert_eq!(
            section_of("📎 DETAIL: see model.xlsx"),
            Some(Section::Detail)
        );
        assert_eq!(
            section_of("CRITIC'S VIEW (Executive Mentor)"),
            Some(Section::CriticsView)
        );
        assert_eq!(section_of("conclusão"), Some(Section::BottomLine));
        assert_eq!(section_of("URGÊNCIA: 🔴 Agir hoje"), Some(Section::Urgency));
    }

    #[test]
    fn heading_extent_and_language() {
        let h = heading_of("**Bottom Line:** Extend runway").unwrap();
        assert_eq!((h.section, h.lang), (Section::BottomLine, Lang::En));
        assert_eq!(&"**Bottom Line:** Extend runway"[h.end..], "Extend runway");
        let h = heading_of("⚠️ RISKS (if any)").unwrap();
        assert_eq!(&"⚠️ RISKS (if any)"[h.end..], "");
        let h = heading_of("URGÊNCIA: 🔴 Agir hoje").unwrap();
        assert_eq!(h.lang, Lang::Pt);
        assert_eq!(&"URGÊNCIA: 🔴 Agir hoje"[h.end..], "🔴 Agir hoje");
    }

    #[test]
    fn leaves_prose_alone() {
        assert_eq!(section_of("What we found is that churn rose"), None);
        assert_eq!(section_of("Whatever happens"), None);
        assert_eq!(section_of("Bottom-line thinking"), None);
        assert_eq!(section_of("Riskscore"), None);
    }
}
