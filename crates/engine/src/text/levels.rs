//! Confidence and urgency levels, as emojis and as words in either language.

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
