//! What each tool does, apart from the protocol: arguments in, a result or
//! the message of a tool error out. Every text goes through the engine, as
//! a file of `boardlint check` or `boardlint fmt` would.

use std::path::Path;
use std::sync::Arc;

use super::input::{self, CheckInput, FormatInput, RuleInput};
use super::results::{CheckResult, FormatResult, RuleResult, RuleSummary, RulesResult};
use crate::commands::engines::Engines;
use crate::kinds::FileKind;
use crate::lines::LineIndex;

/// The name a text with no `path` is reported under.
const NO_PATH: &str = "<text>";

pub fn check(engines: &Engines, args: CheckInput) -> Result<CheckResult, String> {
    input::within_limit(&args.text)?;
    let path = input::path(args.path.as_deref())?;
    let forced = args.kind.as_deref().map(input::kind).transpose()?;
    let path = path.as_deref();
    let engine = engines.for_path(path)?;
    let text = &args.text;
    let kind = forced.unwrap_or_else(|| engine.kind(path, text));
    let diagnostics = engine.check_as(kind, path, text);
    let name: Arc<str> = args.path.as_deref().unwrap_or(NO_PATH).into();
    let index = LineIndex::new(text);
    let located = diagnostics
        .into_iter()
        .map(|d| crate::output::locate(&name, &index, d))
        .collect();
    Ok(CheckResult::new(kind.name(), located))
}

pub fn format(engines: &Engines, args: FormatInput) -> Result<FormatResult, String> {
    input::within_limit(&args.text)?;
    let path = input::path(args.path.as_deref())?;
    let lang = args.lang.as_deref().map(input::lang).transpose()?;
    let path = path.as_deref();
    let engine = engines.for_path(path)?;
    let text = args.text;
    let kind = engine.kind(path, &text);
    if kind == FileKind::SessionLog {
        return Err(
            "the text is a session log, a record, not a draft: it is not formatted".to_string(),
        );
    }
    let Some(formatted) = engine.format_in(path, &text, lang) else {
        return Ok(FormatResult {
            formatted: crate::secrets::scrub(&text).into_owned(),
            changed: false,
            diff: String::new(),
            kind: kind.name(),
        });
    };
    let changed = formatted != text;
    let diff = if changed {
        let name = path.map_or(NO_PATH.into(), Path::to_string_lossy);
        crate::output::diff::unified_diff(&name, &text, &formatted)
    } else {
        String::new()
    };
    // What the tool returns goes to a model: no credential in it.
    Ok(FormatResult {
        formatted: crate::secrets::scrub(&formatted).into_owned(),
        changed,
        diff: crate::secrets::scrub(&diff).into_owned(),
        kind: kind.name(),
    })
}

pub fn explain_rule(args: RuleInput) -> Result<RuleResult, String> {
    let key = args.rule.trim();
    let meta = crate::rules::find(key).ok_or_else(|| {
        format!("no rule `{key}`: give a code such as `L001` or a name such as `self-invocation` (`list_rules` lists them)")
    })?;
    Ok(RuleResult {
        rule: RuleSummary::of(meta),
        page: meta.page(),
    })
}

pub fn list_rules() -> RulesResult {
    RulesResult {
        rules: crate::rules::all()
            .iter()
            .map(|r| RuleSummary::of(r.meta()))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::results::Answer;
    use super::*;

    fn engines() -> Engines {
        Engines::isolated()
    }

    fn check_args(text: &str, path: Option<&str>, kind: Option<&str>) -> CheckInput {
        CheckInput {
            text: text.to_string(),
            path: path.map(String::from),
            kind: kind.map(String::from),
        }
    }

    const SELF_INVOCATION: &str = "CFO: [INVOKE:cfo|What is our runway?]\n";

    #[test]
    fn check_locates_each_diagnostic() {
        let result = check(&engines(), check_args(SELF_INVOCATION, None, None)).unwrap();
        assert_eq!(result.kind, "transcript");
        let d = &result.diagnostics[0];
        assert_eq!((d.code, &*d.path), ("L001", NO_PATH));
        assert_eq!((d.start.line, d.start.column), (1, 6));
        let named = check(
            &engines(),
            check_args(SELF_INVOCATION, Some("drafts/a.md"), None),
        );
        assert_eq!(&*named.unwrap().diagnostics[0].path, "drafts/a.md");
    }

    #[test]
    fn a_forced_kind_wins_over_the_path() {
        let record = "task_id: T-1\nstatus: nonsense\n";
        let as_record =
            check(&engines(), check_args(record, Some("a.handoff.yaml"), None)).unwrap();
        assert_eq!(as_record.kind, "handoff");
        assert!(as_record
            .diagnostics
            .iter()
            .all(|d| d.code.starts_with('P')));
        let as_transcript = check(
            &engines(),
            check_args(SELF_INVOCATION, Some("a.handoff.yaml"), Some("transcript")),
        )
        .unwrap();
        assert_eq!(as_transcript.kind, "transcript");
        assert_eq!(as_transcript.diagnostics[0].code, "L001");
        // JSON that is no record boardlint reads: nothing to check.
        let data = check(
            &engines(),
            check_args("{\"a\": 1}\n", Some("data.json"), None),
        )
        .unwrap();
        assert_eq!((data.kind, data.diagnostics.len()), ("other", 0));
        assert!(data.text().starts_with("Not checked"));
        let error = check(&engines(), check_args("x", None, Some("memo"))).unwrap_err();
        assert!(error.starts_with("`memo` is not a kind"), "{error}");
    }

    #[test]
    fn format_rewrites_drafts_only() {
        let unchanged = format(
            &engines(),
            FormatInput {
                text: "task_id: T-1\nstatus: done\n".into(),
                path: Some("a.handoff.yaml".into()),
                lang: None,
            },
        )
        .unwrap();
        assert!(!unchanged.changed && unchanged.diff.is_empty());
        assert_eq!(unchanged.kind, "handoff");
        let error = format(
            &engines(),
            FormatInput {
                text: "x".into(),
                path: None,
                lang: Some("de".into()),
            },
        )
        .unwrap_err();
        assert!(error.contains("`de` is not a language"), "{error}");
    }

    #[test]
    fn rules_by_code_or_name() {
        let by_code = explain_rule(RuleInput {
            rule: "l001".into(),
        })
        .unwrap();
        let by_name = explain_rule(RuleInput {
            rule: "self-invocation".into(),
        })
        .unwrap();
        assert_eq!(by_code.page, by_name.page);
        assert!(by_code.page.starts_with("# L001 self-invocation"));
        let error = explain_rule(RuleInput {
            rule: "Z999".into(),
        })
        .unwrap_err();
        assert!(error.starts_with("no rule `Z999`"), "{error}");
        let all = list_rules();
        assert_eq!(all.rules.len(), crate::rules::all().len());
        assert_eq!(all.rules[0].code, crate::rules::all()[0].meta().code);
    }
}
