//! JUnit XML: one test case per file checked, one failure per diagnostic.

use std::io::Write;

use super::Located;

/// Text for an element's content.
fn escape(s: &str) -> String {
    escape_xml(s, false)
}

/// Text for an attribute value: line breaks and tabs as character
/// references, since XML turns them into spaces in attributes.
fn attr(s: &str) -> String {
    escape_xml(s, true)
}

fn escape_xml(s: &str, attribute: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\n' if attribute => out.push_str("&#10;"),
            '\r' if attribute => out.push_str("&#13;"),
            '\t' if attribute => out.push_str("&#9;"),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // XML 1.0 cannot hold other control characters, nor U+FFFE and
            // U+FFFF, even escaped.
            c if ((c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r'))
                || matches!(c, '\u{fffe}' | '\u{ffff}') =>
            {
                out.push_str(&format!("\\u{{{:x}}}", c as u32))
            }
            c => out.push(c),
        }
    }
    out
}

/// The JUnit XML report, written to `out` a failure at a time.
pub fn junit(
    out: &mut dyn std::io::Write,
    located: &[Located],
    checked: &[&str],
) -> std::io::Result<()> {
    let failures = located.len();
    let mut out = std::io::BufWriter::new(out);
    out.write_all(b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")?;
    write!(
        out,
        "<testsuites name=\"boardlint\" tests=\"{}\" failures=\"{failures}\">\n  <testsuite name=\"boardlint\" tests=\"{}\" failures=\"{failures}\" errors=\"0\">\n",
        checked.len(),
        checked.len()
    )?;
    // Each file's diagnostics, looked up once per file (not by a scan of
    // every diagnostic per file).
    let mut by_path: std::collections::HashMap<&str, Vec<&Located>> =
        std::collections::HashMap::new();
    for l in located {
        by_path.entry(&*l.path).or_default().push(l);
    }
    for path in checked {
        let mine = by_path.remove(path).unwrap_or_default();
        let name = attr(path);
        if mine.is_empty() {
            writeln!(
                out,
                "    <testcase classname=\"boardlint\" name=\"{name}\"/>"
            )?;
            continue;
        }
        writeln!(
            out,
            "    <testcase classname=\"boardlint\" name=\"{name}\">"
        )?;
        for l in mine {
            writeln!(
                out,
                "      <failure type=\"{}\" message=\"{}\">{}:{}:{}: {} {}: {}&#10;help: {}</failure>",
                attr(l.code),
                attr(&l.message),
                escape(path),
                l.start.line,
                l.start.column,
                escape(l.severity.as_str()),
                escape(l.name),
                escape(&l.message),
                escape(&l.help),
            )?;
        }
        out.write_all(b"    </testcase>\n")?;
    }
    out.write_all(b"  </testsuite>\n</testsuites>\n")?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_control_characters() {
        assert_eq!(escape("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&apos;");
        assert_eq!(escape("x\u{1b}y"), "x\\u{1b}y");
        assert_eq!(escape("\u{0}\u{ffff}\t"), "\\u{0}\\u{ffff}\t");
    }

    #[test]
    fn attribute_values_keep_line_breaks_as_references() {
        assert_eq!(attr("a\r\nb\tc"), "a&#13;&#10;b&#9;c");
        assert_eq!(escape("a\nb"), "a\nb");
        let doc = format!("<x m=\"{}\"/>", attr("one\r\ntwo\n"));
        let parsed = roxmltree::Document::parse(&doc).unwrap();
        assert_eq!(parsed.root_element().attribute("m"), Some("one\r\ntwo\n"));
    }
}
