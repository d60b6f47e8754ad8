//! `boardlint rule`: a rule's documentation, or every rule, as text or
//! JSON.

use serde::Serialize;

use super::EXIT_FAILURE;
use crate::output::RuleSummary;
use clap::{Args, ValueEnum};

#[derive(Debug, Args)]
pub struct RuleArgs {
    /// A rule code (`L001`) or name (`self-invocation`); with none, every
    /// rule.
    #[arg(value_parser = super::RuleSelector, hide_possible_values = true)]
    pub rule: Option<String>,
    /// List every rule with its code, name, default severity and summary.
    #[arg(long, conflicts_with = "rule")]
    pub all: bool,
    /// `text`, or `json`: the rule as an object (code, name, family,
    /// severity, summary, fixable, explanation), every rule as an array of
    /// them (`--output-format` too, as ruff spells it).
    #[arg(long, visible_alias = "output-format", value_enum, default_value_t = RuleFormat::Text)]
    pub format: RuleFormat,
}

/// How `rule` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RuleFormat {
    Text,
    Json,
}

/// A rule as `boardlint rule --format json` prints it: what ruff's `rule
/// --output-format json` says of a rule, in boardlint's terms.
#[derive(Debug, Serialize)]
struct RuleDoc {
    #[serde(flatten)]
    rule: RuleSummary,
    /// Whether `check --fix` can remove some of its findings.
    fixable: bool,
    /// The documentation (markdown), as its page holds it after the
    /// title line.
    explanation: String,
}

impl RuleDoc {
    fn of(meta: &'static crate::rules::RuleMeta) -> RuleDoc {
        RuleDoc {
            rule: RuleSummary::of(meta),
            fixable: meta.fixable(),
            explanation: meta.markdown(),
        }
    }
}

pub fn run(args: &RuleArgs) -> i32 {
    let Some(key) = args.rule.as_deref().filter(|_| !args.all) else {
        return super::print_out(every_rule(args.format).as_bytes());
    };
    match crate::rules::find(key) {
        Some(r) => super::print_out(
            match args.format {
                RuleFormat::Text => r.page(),
                RuleFormat::Json => json(&RuleDoc::of(r)),
            }
            .as_bytes(),
        ),
        None => {
            let shown = crate::output::safe::text(key);
            match crate::config::nearest_rule(key).and_then(crate::rules::find) {
                Some(r) => eprintln!(
                    "error: no rule `{shown}`; did you mean `{}` ({})? `boardlint rule --all` lists them",
                    r.name, r.code
                ),
                None => eprintln!("error: no rule `{shown}`; `boardlint rule --all` lists them"),
            }
            EXIT_FAILURE
        }
    }
}

/// Every rule: by family, one a line, or a JSON array.
fn every_rule(format: RuleFormat) -> String {
    let metas = crate::rules::all().iter().map(|r| r.meta());
    if format == RuleFormat::Json {
        return json(&metas.map(RuleDoc::of).collect::<Vec<_>>());
    }
    let mut out = String::new();
    let mut family = None;
    for m in metas {
        if family != Some(m.family()) {
            family = Some(m.family());
            out.push_str(&format!(
                "{}{}:\n",
                if out.is_empty() { "" } else { "\n" },
                m.family().title()
            ));
        }
        out.push_str(&format!(
            "  {}  {:<28} {:<8} {}\n",
            m.code,
            m.name,
            m.severity.as_str(),
            m.summary
        ));
    }
    out
}

/// A value as pretty-printed JSON and a newline.
fn json(value: &impl Serialize) -> String {
    // Plain data of strings and booleans: it always serialises.
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    text
}
