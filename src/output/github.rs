//! GitHub Actions workflow commands: one `::error` / `::warning` / `::notice`
//! annotation per diagnostic.

use super::Located;
use crate::diagnostic::Severity;

/// Escape an annotation's message, as the workflow-command format requires.
fn escape_data(s: &str) -> String {
    // Control characters go escaped too: the log viewer renders ANSI.
    super::safe::text_keeping_lines(s)
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escape a property value (`file=`, `title=`): also `:` and `,`.
fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

pub fn github(located: &[Located]) -> String {
    let mut out = String::new();
    for l in located {
        let command = match l.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        out.push_str(&format!(
            "::{command} file={},line={},col={},endLine={},endColumn={},title={}::{}\n",
            escape_property(&l.path),
            l.start.line,
            l.start.column,
            l.end.line,
            l.end.column,
            escape_property(&format!("{} {}", l.code, l.name)),
            escape_data(&format!("{} ({})", l.message, l.help)),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_properties_and_data() {
        assert_eq!(escape_data("50% a\nb"), "50%25 a%0Ab");
        assert_eq!(escape_property("a:b,c%"), "a%3Ab%2Cc%25");
    }
}
