//! What unit tests share.

/// The text of every transcript fixture (`tests/fixtures/**/*.md`), in a
/// fixed order.
pub fn fixture_texts() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
    let mut paths = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                paths.push(path);
            }
        }
    }
    paths.sort();
    paths
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

/// A warning of a test rule `code` at `span`, numbered `n` in its message.
pub fn finding(
    code: &'static str,
    span: std::ops::Range<usize>,
    n: usize,
) -> crate::diagnostic::Diagnostic {
    crate::diagnostic::Diagnostic {
        code,
        name: "test",
        severity: crate::diagnostic::Severity::Warning,
        span,
        message: format!("finding {n}").into(),
        label: "".into(),
        help: "".into(),
        related: Vec::new(),
        internal: false,
        redact: Vec::new(),
        fixable: false,
        fix: None,
    }
}
