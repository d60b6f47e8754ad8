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

#[test]
fn one_log_named_alone_is_its_own_run() {
    // A run of one file reads it once and takes what it contributes (the
    // proposals it flags) from that reading.
    let root = repo();
    let log = format!(
        "{}{}",
        entry(
            "2026-02-01",
            "Vendors",
            "Keep one vendor.",
            "Build our own tracing stack"
        ),
        entry(
            "2026-04-01",
            "Tracing",
            "Build our own tracing stack!",
            "Do nothing"
        )
    );
    write(root.path(), "decisions.md", &log);
    let (code, out, _) = check(root.path(), &["decisions.md"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("decisions.md:14:15: error[D006]"), "{out}");
    // The same file beside another: the same finding.
    write(root.path(), "other.md", "CFO: nothing to see\n");
    let (_, both, _) = check(root.path(), &["decisions.md", "other.md"]);
    assert!(both.contains("decisions.md:14:15: error[D006]"), "{both}");
}

#[test]
fn files_checked_after_the_others_keep_their_place_in_the_output() {
    // Decision logs read what every other file flags, so they are checked
    // once the rest of the run has been read; the output keeps input order.
    let root = repo();
    write(root.path(), "a.md", "CFO: checking\n[INVOKE:cfo|burn?]\n");
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
    write(
        root.path(),
        "c/decisions.md",
        &entry(
            "2026-02-01",
            "Vendors",
            "Keep one vendor.",
            "Build our own tracing stack",
        ),
    );
    write(root.path(), "d.md", "CFO: checking\n[INVOKE:cfo|runway?]\n");
    for format in ["concise", "human"] {
        let run = crate::boardlint()
            .current_dir(root.path())
            .args(["check", "--format", format, "--color", "never"])
            .output()
            .unwrap();
        let out = String::from_utf8(run.stdout).unwrap();
        assert_eq!(run.status.code(), Some(1), "{out}");
        let at = |needle: &str| {
            out.find(needle)
                .unwrap_or_else(|| panic!("{needle} in {out}"))
        };
        assert!(at("a.md") < at("b/decisions.md"), "{out}");
        assert!(at("b/decisions.md") < at("d.md"), "{out}");
        assert!(out.contains("D006"), "{out}");
    }
}

#[test]
fn a_directory_mixing_kinds_reports_each_file_under_its_kind() {
    let root = repo();
    write(root.path(), "talk.md", "CFO: x\n[INVOKE:cfo|y]\n");
    write(
        root.path(),
        "decisions/approved/decisions.md",
        "## 2026-03-01 — Pricing\n\n**Decision:** Raise prices.\n**Owner:** CFO\n",
    );
    write(root.path(), "state/PAY-1.handoff.yaml", "task_id: PAY-1\nattempt: 1\nstage: review\nstatus: done\ninput_ref: 3f9c2ab\noutput_ref: null\nchecks: []\nblocked_by: []\nnext_allowed: null\n");
    write(root.path(), ".github/ci.yml", "name: CI\non: push\n");
    write(
        root.path(),
        "team/.team/inbox/alice.jsonl",
        "{\"type\":\"shutdown_request\",\"from\":\"lead\",\"content\":\"stop\",\"timestamp\":1.0,\"request_id\":\"a1b2c3d4\"}\nnot json\n{\"type\":\"message\",\"from\":\"lead\",\"content\":\"still here?\",\"timestamp\":2.0}\n",
    );
    write(
        root.path(),
        "runs/PAY-1.events.jsonl",
        "{\"at\":\"2026-03-05T14:00:00Z\",\"task_id\":\"PAY-1\",\"stage\":\"implement\",\"attempt\":1,\"prev_state\":null,\"new_state\":\"approved\",\"actor\":\"a\",\"refs\":{\"input\":\"3f9c2ab\",\"output\":null}}\n{broken\n",
    );
    write(root.path(), "data.jsonl", "{\"event\":\"click\"}\n");
    write(
        root.path(),
        "notes.yml",
        "title: not a record\n[INVOKE:cfo|x]\n",
    );
    let (code, out, _) = check(root.path(), &[]);
    assert_eq!(code, 1);
    assert!(out.contains("talk.md:2:1: error[L001]"), "{out}");
    assert!(
        out.contains("decisions/approved/decisions.md:1:1: error[D001]"),
        "{out}"
    );
    assert!(
        out.contains("state/PAY-1.handoff.yaml:4:9: error[P002]"),
        "{out}"
    );
    assert!(
        out.contains("team/.team/inbox/alice.jsonl:2:1: error[H001]"),
        "{out}"
    );
    assert!(
        out.contains("team/.team/inbox/alice.jsonl:1:") && out.contains("warning[H108]"),
        "{out}"
    );
    assert!(
        out.contains("runs/PAY-1.events.jsonl:1:") && out.contains("error[T003]"),
        "{out}"
    );
    assert!(
        out.contains("runs/PAY-1.events.jsonl:2:1: error[T001]"),
        "{out}"
    );
    assert!(
        !out.contains("notes.yml") && !out.contains("ci.yml") && !out.contains("data.jsonl"),
        "{out}"
    );
    assert!(out.contains("(5 files checked)"), "{out}");
    // Hidden directories are skipped by walks; named explicitly, an inbox is checked.
    let (_, out, _) = check(root.path(), &["team/.team/inbox/alice.jsonl"]);
    assert!(out.contains("H001"), "{out}");
    // fmt leaves records that are not markdown alone.
    let fmt = crate::boardlint()
        .current_dir(root.path())
        .args(["fmt", "--check", "."])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&fmt.stdout).contains(".yaml"));
}

#[test]
fn kinds_forces_a_file_kind() {
    let root = repo();
    write(
        root.path(),
        "state/current.yaml",
        "task: PAY-1\nstate: done\n",
    );
    let (_, out, _) = check(root.path(), &[]);
    assert!(
        !out.contains("current.yaml"),
        "not a record by content: {out}"
    );
    write(
        root.path(),
        ".boardlint.yaml",
        "kinds:\n  \"state/*.yaml\": handoff\n",
    );
    let (code, out, _) = check(root.path(), &[]);
    assert_eq!(code, 1);
    assert!(
        out.contains("state/current.yaml") && out.contains("P001"),
        "{out}"
    );
}

#[test]
fn pipeline_settings_shape_the_handoff_rules() {
    let root = repo();
    let record = "task_id: PAY-1\nattempt: 4\nstage: design\nstatus: running\ninput_ref: 3f9c2ab\noutput_ref: null\nchecks: []\nblocked_by: []\nnext_allowed: null\n";
    write(root.path(), "a.handoff.yaml", record);
    let (_, out, _) = check(root.path(), &[]);
    assert!(out.contains("P003") && out.contains("P004"), "{out}");
    write(
        root.path(),
        ".boardlint.yaml",
        "pipeline:\n  stages: [design, build]\n  max-attempts: 5\n",
    );
    let (code, out, _) = check(root.path(), &[]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn a_handoff_record_is_checked_against_the_transition_log_of_its_task() {
    let root = repo();
    write(
        root.path(),
        "runs/PAY-1.events.jsonl",
        "{\"at\":\"2026-03-05T14:00:00Z\",\"task_id\":\"PAY-1\",\"stage\":\"implement\",\"attempt\":1,\"prev_state\":null,\"new_state\":\"queued\",\"actor\":\"orchestrator\",\"refs\":{\"input\":\"3f9c2ab\",\"output\":null}}\n",
    );
    let record = |status: &str| {
        format!("task_id: PAY-1\nattempt: 1\nstage: implement\nstatus: {status}\ninput_ref: 3f9c2ab\noutput_ref: null\nchecks: []\nblocked_by: []\nnext_allowed: null\n")
    };
    write(root.path(), "runs/PAY-1.handoff.yaml", &record("running"));
    let (code, out, _) = check(root.path(), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("runs/PAY-1.handoff.yaml:4:9: error[T100]")
            && out.contains("runs/PAY-1.events.jsonl:1"),
        "{out}"
    );
    write(root.path(), "runs/PAY-1.handoff.yaml", &record("queued"));
    assert_eq!(check(root.path(), &[]).0, 0);
}
