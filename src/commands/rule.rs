//! `boardlint rule`.

use super::{EXIT_FAILURE, EXIT_OK};
use clap::Args;

#[derive(Debug, Args)]
pub struct RuleArgs {
    /// A rule code (`L001`) or name (`self-invocation`).
    #[arg(required_unless_present = "all")]
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
        print!("{out}");
        return EXIT_OK;
    }
    let key = args.rule.as_deref().unwrap_or_default();
    match crate::rules::find(key) {
        Some(r) => {
            print!("{}", r.page());
            EXIT_OK
        }
        None => {
            eprintln!("error: no rule `{key}`; `boardlint rule --all` lists them");
            EXIT_FAILURE
        }
    }
}
