//! Paths by their text: made absolute, `.` and `..` resolved, without
//! touching the file system.

use std::path::{Component, Path, PathBuf};

/// A path made absolute against the current directory, and tidied.
pub fn absolute(path: &Path) -> PathBuf {
    if path.is_absolute() {
        tidy(path)
    } else {
        tidy(&std::env::current_dir().unwrap_or_default().join(path))
    }
}

/// A path with `.` and `..` resolved by its text alone, without touching the
/// file system.
pub fn tidy(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir
                if matches!(out.components().next_back(), Some(Component::Normal(_))) =>
            {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}
