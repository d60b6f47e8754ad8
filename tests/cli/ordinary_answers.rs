//! The stop hook over an agent's ordinary answer: markdown with emoji
//! headings (`## 📋 Summary`, `### 📊 Results`), emoji lines in prose
//! (`📊 Test results: 12 passed`) and a bottom line with the usual sections
//! of a summary (`## Risks`, `**Why:**`) holds no card, so the turn ends
//! with nothing sent back, in English and in Brazilian Portuguese.

use std::path::Path;

use super::agent_hook::{claude_log, hook, payload};

/// The fixtures that are such answers, read in place.
const ANSWERS: &[&str] = &[
    "C001/clean/07-answer-emoji-headings.md",
    "C001/clean/08-pt-answer-emoji-headings.md",
    "C001/clean/09-header-shape-without-role.md",
    "C001/clean/10-header-without-section.md",
    "C002/clean/05-answer-bottom-line-and-risks.md",
    "C002/clean/06-answer-bold-bottom-line-why-risks.md",
    "Q002/clean/08-pt-answer-conclusao-riscos.md",
];

#[test]
fn an_ordinary_answer_ends_the_turn_with_nothing_sent_back() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for name in ANSWERS {
        let answer = std::fs::read_to_string(fixtures.join(name)).unwrap();
        for agent in ["claude", "codex"] {
            let dir = tempfile::tempdir().unwrap();
            let log = claude_log(dir.path(), &[answer.as_str()]);
            let (code, out, err) = hook(
                dir.path(),
                &payload(agent, dir.path(), &log, &answer, false),
                &[],
            );
            assert_eq!(
                (code, out.as_str(), err.as_str()),
                (0, "", ""),
                "{agent}, {name}"
            );
        }
    }
}
