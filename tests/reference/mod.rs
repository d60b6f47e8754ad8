//! The reference folder beside the project (`../shared/reference/`): the
//! protocol texts' examples and real session logs, read in place by the
//! tests that need them. A clone of the project alone has no such folder,
//! so those tests skip, and say so on the test output; CI requires it by
//! setting `BOARDLINT_REQUIRE_REFERENCE=1` (as `.ci/run` does), where a
//! missing folder fails the test instead.

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The variable that makes a missing reference folder an error.
pub const REQUIRE: &str = "BOARDLINT_REQUIRE_REFERENCE";

/// `../shared/reference/<rel>`, when it exists. When it does not: a
/// failure under `BOARDLINT_REQUIRE_REFERENCE=1`, else `None` after a
/// notice naming the test that skips.
pub fn path(rel: &str, test: &str) -> Option<PathBuf> {
    let required = std::env::var_os(REQUIRE).is_some_and(|v| !v.is_empty() && v != "0");
    lookup(rel, test, required)
}

fn lookup(rel: &str, test: &str, required: bool) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/reference")
        .join(rel);
    if path.exists() {
        return Some(path);
    }
    assert!(
        !required,
        "{} is missing, and {REQUIRE} requires it",
        path.display()
    );
    // Straight to the process's standard error: the test harness captures
    // what `eprintln!` prints and shows it only for a failing test, and a
    // skip is worth seeing on a passing run.
    let _ = writeln!(
        std::io::stderr(),
        "notice: skipped {test}: {} is absent (set {REQUIRE}=1 to require it)",
        path.display()
    );
    None
}

#[test]
fn a_missing_reference_skips_unless_it_is_required() {
    assert_eq!(lookup("no-such-file", "this test", false), None);
    let required = std::panic::catch_unwind(|| lookup("no-such-file", "this test", true));
    assert!(
        required.is_err(),
        "a required reference folder that is absent must fail"
    );
}
