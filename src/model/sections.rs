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
}

/// Heading texts, longest first within a shared prefix so that `WHAT I
/// NOTICED` wins over `WHAT`.
const NAMES: &[(&str, Section)] = &[
    ("BOTTOM LINE", Section::BottomLine),
    ("CONCLUSÃO", Section::BottomLine),
    ("WHAT I NOTICED", Section::WhatINoticed),
    ("WHAT", Section::What),
    ("O QUE OBSERVEI", Section::WhatINoticed),
    ("O QUÊ", Section::What),
    ("O QUE", Section::What),
    ("WHY THIS MATTERS", Section::WhyThisMatters),
    ("WHY IT MATTERS", Section::WhyItMatters),
    ("WHY", Section::WhyThisMatters),
    ("POR QUE ISSO IMPORTA", Section::WhyThisMatters),
    ("POR QUE IMPORTA", Section::WhyItMatters),
    ("HOW TO ACT", Section::HowToAct),
    ("COMO AGIR", Section::HowToAct),
    ("RISKS", Section::Risks),
    ("RISCOS", Section::Risks),
    ("YOUR DECISION", Section::YourDecision),
    ("SUA DECISÃO", Section::YourDecision),
    ("DETAIL", Section::Detail),
    ("DETALHE", Section::Detail),
    ("RECOMMENDED ACTION", Section::RecommendedAction),
    ("RECOMMENDED DECISION", Section::RecommendedDecision),
    ("AÇÃO RECOMENDADA", Section::RecommendedAction),
    ("DECISÃO RECOMENDADA", Section::RecommendedDecision),
    ("URGENCY", Section::Urgency),
    ("URGÊNCIA", Section::Urgency),
    ("DECISION REQUIRED", Section::DecisionRequired),
    ("DECISÃO NECESSÁRIA", Section::DecisionRequired),
    ("PERSPECTIVES", Section::Perspectives),
    ("PERSPECTIVAS", Section::Perspectives),
    ("WHERE THEY AGREE", Section::WhereTheyAgree),
    ("WHERE THEY DISAGREE", Section::WhereTheyDisagree),
    ("ONDE CONCORDAM", Section::WhereTheyAgree),
    ("ONDE DISCORDAM", Section::WhereTheyDisagree),
    ("CRITIC'S VIEW", Section::CriticsView),
    ("CRITIC’S VIEW", Section::CriticsView),
    ("VISÃO DO CRÍTICO", Section::CriticsView),
    ("ACTION ITEMS", Section::ActionItems),
    ("ITENS DE AÇÃO", Section::ActionItems),
    ("YOUR CALL", Section::YourCall),
];

/// Characters that may stand before a heading: emoji, variation selectors,
/// markdown emphasis and heading marks, white space.
fn is_decoration(c: char) -> bool {
    matches!(c, '*' | '_' | '#' | ' ' | '\t' | '\u{FE0F}' | '\u{200D}')
        || matches!(c as u32, 0x2190..=0x2BFF | 0x1F000..=0x1FAFF)
}

/// The section a line's text opens, if any. `text` is the line after its
/// list marker or heading hashes. A heading stands alone or is followed by
/// `:` (a label with its content), a parenthesised note, or emphasis.
pub fn section_of(text: &str) -> Option<Section> {
    let text = text.trim_start_matches(is_decoration);
    // Every heading starts with an ASCII letter: reject most prose at once.
    let first = text.as_bytes().first()?.to_ascii_uppercase();
    for (name, section) in NAMES {
        if name.as_bytes()[0] != first {
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
        let rest = text[name.len()..].trim_start_matches(['*', '_']);
        let rest_trim = rest.trim();
        if rest_trim.is_empty()
            || rest.starts_with(':')
            || rest_trim.starts_with('(')
            || rest_trim.starts_with(':')
        {
            return Some(*section);
        }
    }
    None
}

fn eq_ignore_case_unicode(a: &str, b: &str) -> bool {
    a.chars()
        .flat_map(char::to_uppercase)
        .eq(b.chars().flat_map(char::to_uppercase))
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn leaves_prose_alone() {
        assert_eq!(section_of("What we found is that churn rose"), None);
        assert_eq!(section_of("Whatever happens"), None);
        assert_eq!(section_of("Bottom-line thinking"), None);
        assert_eq!(section_of("Riskscore"), None);
    }
}
