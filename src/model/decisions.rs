//! Decision-log entries (the decision-logger's Layer 2 format):
//! `## YYYY-MM-DD — Title` followed by bold fields.

use super::Transcript;
use crate::syntax::{Lead, LineKind, Span};

/// A calendar date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

impl Date {
    /// A real calendar date written `YYYY-MM-DD`.
    pub fn parse(s: &str) -> Option<Date> {
        let b = s.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return None;
        }
        let year: i32 = s[..4].parse().ok()?;
        let month: u32 = s[5..7].parse().ok()?;
        let day: u32 = s[8..10].parse().ok()?;
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        (1..=days)
            .contains(&day)
            .then_some(Date { year, month, day })
    }

    /// Days since 1970-01-01 (proleptic Gregorian), for differences.
    pub fn ordinal(self) -> i64 {
        let (y, m, d) = (
            i64::from(self.year),
            i64::from(self.month),
            i64::from(self.day),
        );
        let y = if m <= 2 { y - 1 } else { y };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let mp = (m + 9) % 12;
        let doy = (153 * mp + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }
}

/// The date and title of an entry heading's text (after `## `).
pub fn entry_heading(text: &str) -> Option<(Date, &str)> {
    let text = text.trim();
    let date = Date::parse(text.get(..10)?)?;
    let rest = text[10..].trim_start();
    let title = ["—", "–", "-"]
        .iter()
        .find_map(|d| rest.strip_prefix(d))?
        .trim();
    Some((date, title))
}

/// A bold field: `**Owner:** CTO`.
#[derive(Debug, Clone)]
pub struct Field {
    pub name: String,
    /// The label, `**Owner:**`.
    pub label: Span,
    /// The value on the label's line, trimmed (possibly empty).
    pub value: Span,
    /// List items under the field, by line index.
    pub items: Vec<usize>,
}

/// One decision entry.
#[derive(Debug, Clone)]
pub struct Entry {
    pub date: Date,
    /// The heading line's index and its text span.
    pub line: usize,
    pub heading: Span,
    pub title: Span,
    pub fields: Vec<Field>,
}

impl Entry {
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields
            .iter()
            .find(|f| f.name.eq_ignore_ascii_case(name))
    }
}

/// Read the entries of a decision log. A file under `decisions/approved/`
/// holding one record is read the same way.
pub fn parse(t: &Transcript<'_>) -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    // Whether the last entry is still open: a heading of level 1 or 2 that
    // is not an entry heading closes it.
    let mut open = false;
    for (i, line) in t.doc.lines.iter().enumerate() {
        if let LineKind::Heading { level } = line.kind {
            if level <= 2 {
                let text = t.text(&line.content);
                open = false;
                if let (2, Some((date, title))) = (level, entry_heading(text)) {
                    let title_start = line.content.start + text.rfind(title).unwrap_or(0);
                    entries.push(Entry {
                        date,
                        line: i,
                        heading: line.span.clone(),
                        title: title_start..title_start + title.len(),
                        fields: Vec::new(),
                    });
                    open = true;
                }
                continue;
            }
        }
        let Some(entry) = entries.last_mut().filter(|_| open) else {
            continue;
        };
        match (&line.lead, line.kind) {
            (Some(Lead::Label { text, span }), LineKind::Plain)
                if t.text(span).starts_with("**") =>
            {
                let value = trimmed(t, &line.content);
                entry.fields.push(Field {
                    name: t.text(text).to_string(),
                    label: span.clone(),
                    value,
                    items: Vec::new(),
                });
            }
            (_, LineKind::ListItem { .. }) => {
                if let Some(field) = entry.fields.last_mut() {
                    field.items.push(i);
                }
            }
            _ => {}
        }
    }
    entries
}

fn trimmed(t: &Transcript<'_>, span: &Span) -> Span {
    let text = t.text(span);
    let start = span.start + (text.len() - text.trim_start().len());
    start..start + text.trim().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_real_calendar_dates() {
        assert!(Date::parse("2026-02-28").is_some());
        assert!(Date::parse("2024-02-29").is_some());
        assert!(Date::parse("2026-02-29").is_none());
        assert!(Date::parse("2026-06-31").is_none());
        assert!(Date::parse("TBD").is_none());
        assert!(Date::parse("2026-6-1").is_none());
        let d = |s| Date::parse(s).unwrap().ordinal();
        assert_eq!(d("2026-03-01") - d("2026-02-28"), 1);
        assert_eq!(d("1970-01-01"), 0);
    }
}
