//! Calendar dates as the protocol writes them: `YYYY-MM-DD`, read by
//! decision logs (entry headings, deadlines, reviews) and compared across
//! files of a run.

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

/// The date a field's value starts with, if it is a real one: the first
/// word, less trailing `,` `.` `;` (`2026-04-01 — after the pilot`).
pub fn field_date(value: &str) -> Option<Date> {
    Date::parse(
        value
            .split_whitespace()
            .next()?
            .trim_end_matches([',', '.', ';']),
    )
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
