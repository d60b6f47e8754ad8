//! What the tools answer: each result's structured content (with the JSON
//! Schema the tool is listed with) and the short text that goes with it
//! for clients that show the model text alone.

use schemars::JsonSchema;
use serde::Serialize;

use crate::diagnostic::Severity;
use crate::output::Located;
pub use crate::output::RuleSummary;

/// A result of a tool: its structured content, and a few lines of text.
pub trait Answer: Serialize {
    fn text(&self) -> String;
}

/// The diagnostics listed in a result's text; the rest are counted.
const LISTED: usize = 50;

#[derive(Debug, Serialize, JsonSchema)]
pub struct CheckResult {
    /// The kind the text was read as: transcript, decision-log, handoff,
    /// transition-log, handshake-log, session-log, or other (no record
    /// boardlint reads: nothing is checked).
    pub kind: &'static str,
    /// Every diagnostic, in source order, as `boardlint check --format json`
    /// prints them.
    pub diagnostics: Vec<Located>,
    pub summary: Summary,
}

/// How many diagnostics there are of each severity.
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct Summary {
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
}

impl CheckResult {
    pub fn new(kind: &'static str, diagnostics: Vec<Located>) -> CheckResult {
        let mut summary = Summary::default();
        for d in &diagnostics {
            match d.severity {
                Severity::Error => summary.errors += 1,
                Severity::Warning => summary.warnings += 1,
                Severity::Info => summary.infos += 1,
            }
        }
        CheckResult {
            kind,
            diagnostics,
            summary,
        }
    }
}

impl Answer for CheckResult {
    fn text(&self) -> String {
        if self.kind == "other" {
            return "Not checked: the text is no transcript, record or session log boardlint \
                    reads (pass `kind` to read it as one)."
                .to_string();
        }
        if self.diagnostics.is_empty() {
            return format!("No problems found ({}).", self.kind);
        }
        let mut out = String::new();
        for d in self.diagnostics.iter().take(LISTED) {
            out.push_str(&format!(
                "{}:{}: {}[{}] {}: {}\n",
                d.start.line,
                d.start.column,
                d.severity.as_str(),
                d.code,
                d.name,
                d.message
            ));
            if !d.help.is_empty() {
                out.push_str(&format!("  help: {}\n", d.help));
            }
        }
        if self.diagnostics.len() > LISTED {
            out.push_str(&format!(
                "… and {} more.\n",
                self.diagnostics.len() - LISTED
            ));
        }
        let s = &self.summary;
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        let mut counts = vec![plural(s.errors, "error"), plural(s.warnings, "warning")];
        if s.infos > 0 {
            counts.push(plural(s.infos, "note"));
        }
        out.push_str(&format!("Found {} ({}).", counts.join(", "), self.kind));
        out
    }
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct FormatResult {
    /// The text as `boardlint fmt` writes it (the text itself when nothing
    /// changes).
    pub formatted: String,
    /// Whether `formatted` differs from the text.
    pub changed: bool,
    /// A unified diff from the text to `formatted`; empty when unchanged.
    pub diff: String,
    /// The kind the text was read as; only transcripts and decision logs
    /// are rewritten.
    pub kind: &'static str,
}

impl Answer for FormatResult {
    fn text(&self) -> String {
        match (self.changed, self.kind) {
            (true, _) => format!(
                "Formatted: the text changed ({} lines of diff):\n{}",
                self.diff.lines().count(),
                self.diff
            ),
            (false, "transcript" | "decision-log") => {
                "Already formatted: nothing changed.".to_string()
            }
            (false, kind) => format!(
                "Not formatted: only transcripts and decision logs are rewritten, and this \
                 text reads as `{kind}`; nothing changed."
            ),
        }
    }
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct RuleResult {
    #[serde(flatten)]
    pub rule: RuleSummary,
    /// The rule's documentation page (markdown), as `boardlint rule CODE`
    /// prints it.
    pub page: String,
}

impl Answer for RuleResult {
    fn text(&self) -> String {
        self.page.clone()
    }
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct RulesResult {
    /// Every rule, in the order `boardlint rule --all` lists them.
    pub rules: Vec<RuleSummary>,
}

impl Answer for RulesResult {
    fn text(&self) -> String {
        let mut out = String::new();
        for r in &self.rules {
            out.push_str(&format!(
                "{} {} ({}): {}\n",
                r.code,
                r.name,
                r.severity.as_str(),
                r.summary
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::LineIndex;

    /// The findings of L001 in `text`, the rule these tests' texts break.
    fn located(text: &str) -> Vec<Located> {
        let index = LineIndex::new(text);
        let path: std::sync::Arc<str> = "draft.md".into();
        crate::engine::Engine::default()
            .check(None, text)
            .into_iter()
            .filter(|d| d.code == "L001")
            .map(|d| crate::output::locate(&path, &index, d))
            .collect()
    }

    #[test]
    fn a_check_result_counts_and_lists_its_findings() {
        let result = CheckResult::new(
            "transcript",
            located("CFO: [INVOKE:cfo|What is our runway?]\n"),
        );
        assert_eq!(result.summary.errors, 1);
        let text = result.text();
        assert!(
            text.starts_with("1:6: error[L001] self-invocation: "),
            "{text}"
        );
        assert!(text.contains("\n  help: "), "{text}");
        assert!(
            text.ends_with("Found 1 error, 0 warnings (transcript)."),
            "{text}"
        );
        let clean = CheckResult::new("transcript", Vec::new());
        assert_eq!(clean.text(), "No problems found (transcript).");
    }

    #[test]
    fn a_long_list_is_cut_in_the_text_not_in_the_content() {
        // One speaker, many self-invocations: one finding each.
        let text = "CFO: thinking.\n".to_string()
            + &"[INVOKE:cfo|What is our runway?]\n".repeat(LISTED + 3);
        let result = CheckResult::new("transcript", located(&text));
        assert_eq!(result.diagnostics.len(), LISTED + 3);
        assert!(result.text().contains("… and 3 more."));
    }

    #[test]
    fn the_diagnostics_schema_has_the_json_format_fields() {
        // The fields `boardlint check --format json` writes are the ones the
        // tool's output schema describes, and each is required.
        let d = &located("CFO: [INVOKE:cfo|What is our runway?]\n")[0];
        let written = serde_json::to_value(d).unwrap();
        let mut keys: Vec<&String> = written.as_object().unwrap().keys().collect();
        keys.sort();
        let schema = schemars::schema_for!(Located);
        let schema = schema.as_value();
        let mut described: Vec<&String> =
            schema["properties"].as_object().unwrap().keys().collect();
        described.sort();
        assert_eq!(keys, described);
        let mut required: Vec<&str> = schema["required"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        required.sort();
        assert_eq!(keys, required);
    }
}
