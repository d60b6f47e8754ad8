//! A file's change as a unified diff: written safe for a terminal, and
//! coloured as git colours one (`fmt --diff`, `check --fix --diff`, the
//! agent hooks' install preview, the MCP `format` tool).

/// A unified diff coloured as git colours one, when `color`: file headers
/// bold, hunk headers cyan, removed lines red, added lines green.
pub fn paint(diff: &str, color: bool) -> std::borrow::Cow<'_, str> {
    use owo_colors::OwoColorize as _;
    if !color {
        return std::borrow::Cow::Borrowed(diff);
    }
    let mut out = String::with_capacity(diff.len() + diff.len() / 4);
    for line in diff.split_inclusive('\n') {
        let (text, end) = match line.strip_suffix('\n') {
            Some(t) => (t, "\n"),
            None => (line, ""),
        };
        let painted = if text.starts_with("+++ ") || text.starts_with("--- ") {
            text.bold().to_string()
        } else if text.starts_with("@@") {
            text.cyan().to_string()
        } else if text.starts_with('-') {
            text.red().to_string()
        } else if text.starts_with('+') {
            text.green().to_string()
        } else {
            text.to_string()
        };
        out.push_str(&painted);
        out.push_str(end);
    }
    std::borrow::Cow::Owned(out)
}

/// The diff of a file's formatting, safe for a terminal: control
/// characters, escape sequences and bidirectional controls from the content
/// or the name are escaped as in every human output.
pub fn unified_diff(name: &str, old: &str, new: &str) -> String {
    let name = crate::output::safe::text(name);
    let diff = similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_string();
    crate::output::safe::lines(&diff).into_owned()
}
