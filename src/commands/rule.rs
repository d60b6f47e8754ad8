//! `boardlint rule`.

use super::EXIT_FAILURE;
use clap::Args;

#[derive(Debug, Args)]
pub struct RuleArgs {
    /// A rule code (`L001`) or name (`self-invocation`).
    #[arg(required_unless_present = "all", value_parser = super::RuleSelector, hide_possible_values = true)]
    pub rule: Option<String>,
    /// List every rule with its code, name, default severity and summary.
    #[arg(long, conflicts_with = "rule")]
    pub all: bool,
}

pub fn run(args: &RuleArgs) -> i32 {
    if args.all {
        let mut out = String::new();
        let mut family = None;
        for r in crate::rules::all() {
            let m = r.meta();
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
        return super::print_out(out.as_bytes());
    }
    let key = args.rule.as_deref().unwrap_or_default();
    match crate::rules::find(key) {
        Some(r) => super::print_out(r.page().as_bytes()),
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
