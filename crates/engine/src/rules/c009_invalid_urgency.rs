use super::card_util::items;
use crate::model::Section;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a proactive alert whose URGENCY (URGÊNCIA) is not exactly one of
    /// `🔴 Act today`, `🟡 This week`, `⚪ Next review` (Portuguese
    /// `🔴 Agir hoje`, `🟡 Esta semana`, `⚪ Próxima revisão`). Words match in
    /// any case; the emoji must match the word.
    ///
    /// ## Why is this bad?
    /// The urgency tells the founder when to read the alert. The template's
    /// three levels are the vocabulary; "ASAP", "high", or all three left in
    /// from the template say nothing.
    ///
    /// ## Example
    /// ```transcript
    /// URGENCY: 🔴 Act today | 🟡 This week | ⚪ Next review
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// URGENCY: 🟡 This week
    /// ```
    pub struct InvalidUrgency {
        code: "C009",
        name: "invalid-urgency",
        family: Card,
        severity: Error,
        added: "0.1.0",
        summary: "An alert's urgency is not one of the three levels",
    }
}

impl Rule for InvalidUrgency {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for card in &t.cards {
            let Some(section) = card.section(Section::Urgency) else {
                continue;
            };
            let spans = items(t, section);
            let (span, value) = match spans.first() {
                Some(s) => (s.clone(), t.text(s)),
                None => (section.heading.clone(), ""),
            };
            if crate::text::canonical_urgency(value).is_some() {
                continue;
            }
            let shown = if value.trim().is_empty() {
                "empty".to_string()
            } else {
                format!("`{}`", value.trim())
            };
            out.push(
                self.meta()
                    .diagnostic(span, format!("urgency is {shown}; it must be one level"))
                    .with_label("not an urgency level")
                    .with_help("choose one: `🔴 Act today`, `🟡 This week` or `⚪ Next review` (`🔴 Agir hoje`, `🟡 Esta semana`, `⚪ Próxima revisão`)"),
            );
        }
    }
}
