//! Whether a text states a figure.

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
