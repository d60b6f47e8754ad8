//! File paths as the report formats need them: absolute for SARIF's
//! `file://` URIs outside the run directory, relative to the project for
//! GitLab. Lexical, so that a path that no longer exists keeps its place.

use std::path::{Component, Path, PathBuf};

/// `path` (as given, maybe relative) made absolute against `cwd`, with
/// `.` and `..` resolved lexically.
pub fn absolute(path: &Path, cwd: &Path) -> PathBuf {
    let mut abs = PathBuf::new();
    for c in cwd.join(path).components() {
        match c {
            Component::ParentDir => {
                abs.pop();
            }
            Component::CurDir => {}
            c => abs.push(c),
        }
    }
    abs
}

/// `path` relative to the directory `base`, both made absolute against
/// `cwd`: `docs/a.md` inside it, `../other/a.md` outside it, with forward
/// slashes. A path on another root (a Windows drive) stays absolute.
/// `path` is a file as the formats show it ([`crate::files::display_path`]),
/// and so is the result: a name that is not UTF-8 keeps its escapes.
pub fn relative(path: &str, base: &Path, cwd: &Path) -> String {
    let path = absolute(&crate::files::path_from_text(path), cwd);
    let base = absolute(base, cwd);
    let (mut p, mut b) = (path.components().peekable(), base.components().peekable());
    if p.peek() != b.peek() {
        let shown = crate::files::path_text(&path).into_owned();
        return match cfg!(windows) {
            true => shown.replace('\\', "/"),
            false => shown,
        };
    }
    while p.peek().is_some() && p.peek() == b.peek() {
        p.next();
        b.next();
    }
    let mut parts: Vec<String> = b.map(|_| "..".to_string()).collect();
    parts.extend(p.map(|c| crate::files::path_text(Path::new(c.as_os_str())).into_owned()));
    parts.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absolute_resolves_dots_lexically() {
        let cwd = Path::new("/work/repo");
        assert_eq!(
            absolute(Path::new("a/./b/../c.md"), cwd),
            Path::new("/work/repo/a/c.md")
        );
        assert_eq!(
            absolute(Path::new("/tmp/x/../y.md"), cwd),
            Path::new("/tmp/y.md")
        );
    }

    #[test]
    fn relative_climbs_out_of_the_base_only_as_far_as_needed() {
        let cwd = Path::new("/work/repo/sub");
        let base = Path::new("/work/repo");
        assert_eq!(relative("a.md", base, cwd), "sub/a.md");
        assert_eq!(relative("/work/repo/docs/a.md", base, cwd), "docs/a.md");
        assert_eq!(
            relative("../../shared/x/a.md", base, cwd),
            "../shared/x/a.md"
        );
        assert_eq!(relative("/work/repo/../repo/b.md", base, cwd), "b.md");
        assert_eq!(relative("a.md", Path::new("."), cwd), "a.md");
    }

    #[cfg(unix)]
    #[test]
    fn relative_keeps_the_escapes_of_a_name_that_is_not_utf8() {
        let cwd = Path::new("/work/repo/sub");
        assert_eq!(
            relative("d/bad\\xFFname.md", Path::new("/work/repo"), cwd),
            "sub/d/bad\\xFFname.md"
        );
        assert_eq!(
            relative("a\\\\b.md", Path::new("/work/repo"), cwd),
            "sub/a\\\\b.md"
        );
    }
}
