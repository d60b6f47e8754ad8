//! Decision logs checked together in one run.

use crate::config_settings::{check, repo, write};

fn entry(date: &str, title: &str, decision: &str, rejected: &str) -> String {
    format!(
        "## {date} — {title}\n\n**Decision:** {decision}\n**Owner:** CTO\n**Deadline:** 2026-05-15\n**Review:** 2026-06-01\n\
         **Rationale:** Cheaper.\n\n**Rejected:**\n- {rejected} — too slow [DO_NOT_RESURFACE]\n\n"
    )
}

#[test]
fn a_proposal_rejected_in_one_log_is_caught_when_resurfaced_in_another() {
    let root = repo();
    write(
        root.path(),
        "a/decisions.md",
        &entry(
            "2026-02-01",
            "Vendors",
            "Keep one vendor.",
            "Build our own tracing stack",
        ),
    );
    write(
        root.path(),
        "b/decisions.md",
        &entry(
            "2026-04-01",
            "Tracing",
            "Build our own tracing stack!",
            "Do nothing",
        ),
    );
    let (code, out, _) = check(root.path(), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("b/decisions.md:3:15: error[D006]") && out.contains("a/decisions.md:10"),
        "{out}"
    );
    // Dated before the rejection: not a resurfacing.
    write(
        root.path(),
        "b/decisions.md",
        &entry(
            "2026-01-01",
            "Tracing",
            "Build our own tracing stack!",
            "Do nothing",
        ),
    );
    let (code, out, _) = check(root.path(), &[]);
    assert_eq!(code, 0, "{out}");
}
