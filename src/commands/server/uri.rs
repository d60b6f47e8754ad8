//! A document's URI as the path the engine is given: a `file:` URI is the
//! file it names (its configuration, per-file-ignores and kinds apply, and
//! its name helps tell the kind); any other (`untitled:`, a remote scheme)
//! is text without a path.

use std::path::PathBuf;

use percent_encoding::percent_decode_str;

/// The path of a `file:` URI; `None` for any other.
pub fn to_path(uri: &str) -> Option<PathBuf> {
    let (scheme, rest) = uri.split_once(':')?;
    if !scheme.eq_ignore_ascii_case("file") {
        return None;
    }
    // `file:///p`, `file://host/p` (the host is dropped) or `file:/p`.
    let rest = match rest.strip_prefix("//") {
        Some(authority_and_path) => &authority_and_path[authority_and_path.find('/')?..],
        None => rest,
    };
    let path = rest.split(['?', '#']).next().unwrap_or_default();
    let decoded: String = percent_decode_str(path).decode_utf8().ok()?.into_owned();
    if decoded.is_empty() || decoded.contains('\0') {
        return None;
    }
    // `/C:/x` on Windows is `C:/x`.
    #[cfg(windows)]
    let decoded = match decoded.strip_prefix('/') {
        Some(p) if p.as_bytes().get(1) == Some(&b':') => p.to_string(),
        _ => decoded,
    };
    Some(PathBuf::from(decoded))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(unix)]
    fn file_uris_are_their_paths_and_others_have_none() {
        assert_eq!(to_path("file:///a/b.md"), Some(PathBuf::from("/a/b.md")));
        assert_eq!(
            to_path("file:///a/Q3%20board%20%C3%A9.md"),
            Some(PathBuf::from("/a/Q3 board é.md"))
        );
        assert_eq!(to_path("file://host/a.md"), Some(PathBuf::from("/a.md")));
        assert_eq!(to_path("FILE:/a.md?x#y"), Some(PathBuf::from("/a.md")));
        assert_eq!(to_path("untitled:Untitled-1"), None);
        assert_eq!(to_path("vscode-remote://ssh/a.md"), None);
        assert_eq!(to_path("file://"), None);
        assert_eq!(to_path("file:///a%00b"), None);
        assert_eq!(to_path("file:///%FF"), None);
        assert_eq!(to_path("no scheme"), None);
    }
}
