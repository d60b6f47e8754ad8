//! The library's face: what `boardlint::Engine` promises its callers (the
//! command line, the agent hooks and servers, other programs).

use std::path::Path;

use boardlint::{Config, Engine, FileKind, LineIndex, RunContext, Severity};

/// An engine that runs `rules` alone (a configuration's `select`): what
/// the tests below read of its findings is not changed by another rule.
fn selecting(rules: &str) -> Engine {
    let yaml = format!("select: [{rules}]\n");
    Engine::new(Config::from_text(Path::new(".boardlint.yaml"), yaml).unwrap())
}

#[test]
fn an_engine_checks_a_text_and_returns_sorted_diagnostics_with_code_span_and_help() {
    let engine = selecting("L001");
    let text = "CFO: [INVOKE:cfo|What is our runway?]\nCTO: [INVOKE:cto|Can we ship?]\n";
    let found = engine.check(None, text);
    let codes: Vec<&str> = found.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["L001", "L001"], "{found:#?}");
    let first = &found[0];
    assert_eq!(first.name, "self-invocation");
    assert_eq!(first.severity, Severity::Error);
    assert!(first.span.start < found[1].span.start);
    assert!(
        text[first.span.clone()].contains("cfo"),
        "{:?}",
        &text[first.span.clone()]
    );
    assert!(!first.message.is_empty() && !first.help.is_empty());
    let at = LineIndex::new(text).position(found[1].span.start);
    assert_eq!(at.line, 2);
}

#[test]
fn the_kind_of_a_file_is_decided_by_path_then_content_and_the_kinds_setting() {
    let engine = Engine::default();
    assert_eq!(
        engine.kind(Some(Path::new("run.handoff.yaml")), ""),
        FileKind::Handoff
    );
    assert_eq!(
        engine.kind(Some(Path::new("notes.md")), "CFO: hi\n"),
        FileKind::Transcript
    );
    assert_eq!(
        engine.kind(None, "## 2026-03-05 — Pricing\n**Decision:** raise\n"),
        FileKind::DecisionLog
    );
    let forced = Config::from_text(
        Path::new(".boardlint.yaml"),
        "kinds:\n  \"logs/*.md\": decision-log\n".to_string(),
    )
    .unwrap();
    let forced = Engine::new(forced);
    assert_eq!(
        forced.kind(Some(Path::new("logs/a.md")), "CFO: hi\n"),
        FileKind::DecisionLog
    );
    assert_eq!(
        forced.kind(Some(Path::new("other/a.md")), "CFO: hi\n"),
        FileKind::Transcript
    );
}

#[test]
fn a_configuration_selects_rules_and_a_forced_kind_reads_the_text_as_that_kind() {
    let text = "CFO: [INVOKE:cfo|q]\n";
    let quiet =
        Config::from_text(Path::new(".boardlint.yaml"), "ignore: [L001]\n".to_string()).unwrap();
    assert!(Engine::new(quiet)
        .check(None, text)
        .iter()
        .all(|d| d.code != "L001"));
    let engine = Engine::default();
    let as_handoff = engine.check_as(FileKind::Handoff, None, "task_id: t1\n");
    assert!(
        as_handoff.iter().all(|d| d.code.starts_with('P')),
        "{as_handoff:#?}"
    );
    assert!(!as_handoff.is_empty());
}

#[test]
fn files_of_a_run_tell_each_other_what_they_hold() {
    let engine = Engine::default();
    let earlier = "## 2026-02-15 — Spain\n**Decision:** wait\n**Rejected:**\n- Partner with a local distributor — margins [DO_NOT_RESURFACE]\n";
    let later = "## 2026-04-02 — Iberia\n**Decision:** Partner with a local distributor.\n";
    let mut run = RunContext::default();
    run.add(engine.contribution(Path::new("a/decisions.md"), earlier));
    let alone = engine.check(Some(Path::new("b/decisions.md")), later);
    let together = engine.check_in_run(Some(Path::new("b/decisions.md")), later, &run);
    assert!(alone.iter().all(|d| d.code != "D006"), "{alone:#?}");
    assert!(together.iter().any(|d| d.code == "D006"), "{together:#?}");
}

#[test]
fn format_rewrites_drafts_and_leaves_records_alone() {
    let engine = Engine::default();
    let draft = "[RESPONSE:cfo]\nconfidence: High\nKey finding: cash lasts.\n[/RESPONSE]\n";
    let out = engine
        .format(None, draft)
        .expect("a transcript is formatted");
    assert_ne!(out, draft);
    assert_eq!(engine.format(None, &out).as_deref(), Some(out.as_str()));
    assert_eq!(
        engine.format(Some(Path::new("x.handoff.yaml")), "task_id: t\n"),
        None
    );
}

#[test]
fn the_rule_list_is_the_registry() {
    let rules: Vec<_> = boardlint::rules().collect();
    assert!(rules.len() > 100);
    let l001 = rules.iter().find(|r| r.code == "L001").unwrap();
    assert_eq!(l001.name, "self-invocation");
    assert!(l001.page().starts_with("# L001 self-invocation"));
}

#[test]
fn a_session_log_is_recognised_by_its_shape() {
    let engine = Engine::default();
    let line = r#"{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"hi"}]},"uuid":"u1"}"#;
    assert_eq!(
        engine.session_format(Some(Path::new("s.jsonl")), line),
        Some(boardlint::SessionFormat::ClaudeCode)
    );
    assert_eq!(
        engine.kind(Some(Path::new("s.jsonl")), line),
        FileKind::SessionLog
    );
}

/// A Claude Code session log whose assistant turns say `replies`, in order.
fn claude_log(replies: &[&str]) -> String {
    let mut lines = vec![serde_json::json!({
        "type": "user", "sessionId": "s1", "uuid": "u0",
        "message": {"role": "user", "content": "go"}
    })];
    for (i, reply) in replies.iter().enumerate() {
        lines.push(serde_json::json!({
            "type": "assistant", "sessionId": "s1", "uuid": format!("a{i}"),
            "message": {"role": "assistant", "content": [{"type": "text", "text": reply}]}
        }));
    }
    lines
        .iter()
        .map(|l| l.to_string() + "\n")
        .collect::<String>()
}

#[test]
fn a_turn_is_checked_after_the_session_before_it_and_reports_only_its_own_text() {
    let engine = selecting("B001, L001");
    let path = Path::new("session.jsonl");
    let codes = |history: &str, text: &str| -> Vec<&'static str> {
        engine
            .check_turn(None, Some((history, Some(path))), text)
            .iter()
            .map(|d| d.code)
            .collect()
    };
    let selfish = "CFO: [INVOKE:cfo|What is our runway?]";
    // A violation in the new turn: reported, its span in the turn's text.
    let history = claude_log(&["CEO: The board meets today."]);
    let found = engine.check_turn(None, Some((&history, Some(path))), selfish);
    assert_eq!(found.iter().map(|d| d.code).collect::<Vec<_>>(), ["L001"]);
    assert!(selfish[found[0].span.clone()].contains("cfo"), "{found:?}");
    // A violation only in an earlier turn: not this turn's to fix.
    let history = claude_log(&[selfish]);
    assert_eq!(
        codes(&history, "CEO: Thank you, noted."),
        Vec::<&str>::new()
    );
    // Context carries over: Phase 2's isolation, opened earlier, holds.
    let invoke = "CFO: [INVOKE:cro|What is the pipeline?]";
    let phase = claude_log(&["## Phase 2: Independent contributions\n\nCFO: Runway is fine."]);
    assert_eq!(codes(&phase, invoke), ["B001"]);
    assert_eq!(
        codes(&claude_log(&["CFO: Runway is fine."]), invoke),
        Vec::<&str>::new()
    );
    // A log that already holds this turn's reply reads it once: the
    // finding is reported, and only once.
    let written = claude_log(&["CEO: The board meets today.", selfish]);
    assert_eq!(codes(&written, selfish), ["L001"]);
    // No history, or one that is no session log: the turn alone.
    assert_eq!(
        engine.check_turn(None, None, selfish).len(),
        1,
        "without history"
    );
    assert_eq!(codes("not a log at all", selfish), ["L001"]);
}
