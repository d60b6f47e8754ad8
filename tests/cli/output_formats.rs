//! The machine-readable formats and the flags that shape a report.

use std::fs;

use crate::boardlint;
use crate::config_settings::{check, repo, write};

const TWO: &str = "CFO: x\n[INVOKE:cfo|What, is: our 100% burn?]\n[RESPONSE:cfo]\nKey finding: a\nSupporting data:\n  - one\nConfidence: low\nCaveat: c\n[/RESPONSE]\n";

/// `check` of `TWO` with the two rules it breaks, L001 and R003, alone.
fn run(args: &[&str]) -> (i32, String) {
    let root = repo();
    write(root.path(), "t d.md", TWO);
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "--select", "L001,R003"])
        .args(args)
        .arg("t d.md")
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

#[test]
fn jsonl_is_one_object_per_line() {
    let (code, out) = run(&["--format", "jsonl"]);
    assert_eq!(code, 1);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(lines.len() >= 2, "{out}");
    assert_eq!(lines[0]["code"], "L001");
    assert_eq!(lines[0]["start"]["line"], 2);
}

#[test]
fn sarif_has_what_github_code_scanning_needs() {
    let (_, out) = run(&["--format", "sarif"]);
    let sarif: serde_sarif::sarif::Sarif = serde_json::from_str(&out).expect("valid SARIF");
    assert_eq!(serde_json::to_value(&sarif.version).unwrap(), "2.1.0");
    let run = &sarif.runs[0];
    assert_eq!(run.tool.driver.name, "boardlint");
    let rules = run.tool.driver.rules.as_ref().unwrap();
    assert_eq!(rules.len(), boardlint::rules().count());
    for r in rules {
        assert!(
            r.name.is_some() && r.short_description.is_some() && r.help_uri.is_some(),
            "{:?}",
            r.id
        );
    }
    assert_eq!(
        run.column_kind
            .as_ref()
            .map(|c| serde_json::to_value(c).unwrap()),
        Some("unicodeCodePoints".into())
    );
    let results = run.results.as_ref().unwrap();
    let first = &results[0];
    assert_eq!(first.rule_id.as_deref(), Some("L001"));
    assert_eq!(
        serde_json::to_value(first.level.as_ref().unwrap()).unwrap(),
        "error"
    );
    assert!(first
        .message
        .text
        .as_ref()
        .unwrap()
        .contains("invokes itself"));
    let loc = first.locations.as_ref().unwrap()[0]
        .physical_location
        .as_ref()
        .unwrap();
    assert_eq!(
        loc.artifact_location.as_ref().unwrap().uri.as_deref(),
        Some("t%20d.md")
    );
    let region = loc.region.as_ref().unwrap();
    assert_eq!((region.start_line, region.start_column), (Some(2), Some(1)));
}

#[test]
fn github_annotations_escape_properties_and_messages() {
    let (_, out) = run(&["--format", "github"]);
    let line = out.lines().find(|l| l.contains("L001")).unwrap();
    assert!(
        line.starts_with("::error file=t d.md,line=2,col=1,endLine=2,endColumn="),
        "{line}"
    );
    assert!(line.contains("title=L001 self-invocation::"), "{line}");
    let warning = out.lines().find(|l| l.starts_with("::warning")).unwrap();
    assert!(
        warning.contains("title=R003 supporting-data-count::"),
        "{warning}"
    );
    // A message with `%` is escaped.
    let root = repo();
    write(root.path(), "a.md", "[INVOKE:cfo|x]\n[RESPONSE:cfo]\nKey finding: a\nSupporting data:\n  - 1\n  - 2\nConfidence: 100%\nCaveat: c\n[/RESPONSE]\n");
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "--format", "github", "a.md"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("100%25"), "{text}");
}

#[test]
fn junit_is_valid_xml_with_a_failure_per_diagnostic() {
    let (_, out) = run(&["--format", "junit"]);
    assert!(out.starts_with("<?xml"));
    assert!(
        out.contains("<testcase classname=\"boardlint\" name=\"t d.md\">"),
        "{out}"
    );
    assert_eq!(out.matches("<failure ").count(), 2, "{out}");
    assert!(out.contains("type=\"L001\""));
    assert_eq!(
        out.matches("<testsuite ").count(),
        out.matches("</testsuite>").count()
    );
}

/// `--output-format` (ruff's spelling) and BOARDLINT_OUTPUT_FORMAT choose
/// the format as `--format` does; the flag wins over the variable.
#[test]
fn output_format_is_an_alias_and_an_environment_variable() {
    let root = repo();
    write(root.path(), "a.md", TWO);
    let concise = |cmd: &mut assert_cmd::Command| {
        let out = cmd.current_dir(root.path()).output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let by_alias = concise(boardlint().args(["check", "--output-format", "concise", "a.md"]));
    assert!(by_alias.contains("a.md:2:1: error[L001]"), "{by_alias}");
    let by_env = concise(
        boardlint()
            .env("BOARDLINT_OUTPUT_FORMAT", "concise")
            .args(["check", "a.md"]),
    );
    assert_eq!(by_env, by_alias);
    let flag_wins = concise(
        boardlint()
            .env("BOARDLINT_OUTPUT_FORMAT", "concise")
            .args(["check", "--format", "json", "a.md"]),
    );
    let json: serde_json::Value = serde_json::from_str(&flag_wins).unwrap();
    assert_eq!(json[0]["code"], "L001");
}

#[test]
fn output_file_writes_the_report_there() {
    let root = repo();
    write(root.path(), "a.md", TWO);
    let out = boardlint()
        .current_dir(root.path())
        .args([
            "check",
            "--format",
            "json",
            "--output-file",
            "report.json",
            "a.md",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(root.path().join("report.json")).unwrap())
            .unwrap();
    assert_eq!(report[0]["code"], "L001");
}

#[test]
fn statistics_counts_per_rule() {
    let (_, out) = run(&["--format", "concise", "--statistics"]);
    assert!(
        out.lines().any(|l| l.trim() == "1  L001  self-invocation"),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.trim() == "1  R003  supporting-data-count"),
        "{out}"
    );
}

#[test]
fn fail_on_and_exit_zero_choose_the_exit_code() {
    let root = repo();
    write(root.path(), "w.md", "[RESPONSE:cfo]\nKey finding: a\nSupporting data:\n  - one\nConfidence: low\nCaveat: c\n[/RESPONSE]\n");
    assert_eq!(check(root.path(), &[]).0, 0);
    assert_eq!(check(root.path(), &["--fail-on", "warning"]).0, 1);
    write(root.path(), "e.md", "CFO: x\n[INVOKE:cfo|y]\n");
    assert_eq!(check(root.path(), &["--fail-on", "never"]).0, 0);
    assert_eq!(check(root.path(), &["--exit-zero"]).0, 0);
    assert_eq!(check(root.path(), &["--fail-on", "error"]).0, 1);
}

#[test]
fn quiet_prints_no_summary() {
    let (_, loud) = run(&["--format", "concise"]);
    let (_, quiet) = run(&["--format", "concise", "--quiet"]);
    assert!(loud.contains("Found "));
    assert!(
        !quiet.contains("Found ") && quiet.contains("error[L001]"),
        "{quiet}"
    );
}

#[test]
fn completions_and_man_page_are_generated() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = boardlint().args(["completions", shell]).output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("boardlint"),
            "{shell}"
        );
    }
    let out = boardlint().arg("man").output().unwrap();
    let page = String::from_utf8_lossy(&out.stdout);
    assert!(
        page.contains(".TH boardlint") && page.contains("check"),
        "{page}"
    );
}

/// The long flags a `--help` text names.
fn long_flags(help: &str) -> Vec<String> {
    let mut flags: Vec<String> = help
        .split(|c: char| {
            c.is_whitespace()
                || c == ','
                || c == '['
                || c == ']'
                || c == '='
                || c == '`'
                || c == '('
                || c == ')'
        })
        .filter(|w| {
            w.starts_with("--")
                && w.len() > 2
                && w[2..].chars().all(|c| c.is_ascii_lowercase() || c == '-')
        })
        .map(str::to_string)
        .collect();
    flags.sort();
    flags.dedup();
    flags
}

#[test]
fn man_writes_a_page_per_command_that_agrees_with_its_help() {
    let dir = tempfile::tempdir().unwrap();
    boardlint()
        .args(["man", "--dir"])
        .arg(dir.path())
        .assert()
        .code(0);
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // One page per command of `boardlint --help`, and per `hook` command.
    let help = String::from_utf8(boardlint().arg("--help").output().unwrap().stdout).unwrap();
    let commands: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .unwrap()
        .split("Options:")
        .next()
        .unwrap()
        .lines()
        // A command's line is indented two spaces; its wrapped help, more.
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(
        commands.contains(&"check") && commands.contains(&"server"),
        "{commands:?}"
    );
    for command in &commands {
        assert!(
            names.contains(&format!("boardlint-{command}.1")),
            "no page for {command}: {names:?}"
        );
    }
    assert!(
        names.contains(&"boardlint.1".to_string())
            && names.contains(&"boardlint-hook-install.1".to_string())
    );
    for name in &names {
        let page = std::fs::read_to_string(dir.path().join(name)).unwrap();
        let path: Vec<&str> = name.trim_end_matches(".1").split('-').skip(1).collect();
        // Every page it names is written (`boardlint-check(1)`, …).
        for (at, _) in page.match_indices("(1)") {
            let start = page[..at]
                .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '\\'))
                .map_or(0, |i| i + 1);
            let named = page[start..at].replace("\\-", "-");
            if named.starts_with("boardlint") {
                assert!(
                    names.contains(&format!("{named}.1")),
                    "{name} names {named}(1), which is not written"
                );
            }
        }
        assert!(
            page.contains(".SH \"EXIT STATUS\""),
            "{name} has no EXIT STATUS"
        );
        // The page and `--help` name the same options.
        let mut args: Vec<&str> = path.clone();
        args.push("--help");
        let help = String::from_utf8(boardlint().args(&args).output().unwrap().stdout).unwrap();
        for flag in long_flags(&help) {
            assert!(
                page.contains(&flag.replace('-', "\\-")),
                "{name} lacks {flag}, which `{}` lists",
                args.join(" ")
            );
        }
        // `man COMMAND` prints the same page.
        let mut args: Vec<&str> = vec!["man"];
        args.extend(&path);
        let printed = String::from_utf8(boardlint().args(&args).output().unwrap().stdout).unwrap();
        assert_eq!(printed, page, "boardlint {}", args.join(" "));
    }
    for command in ["check", "fmt", "config"] {
        let page =
            std::fs::read_to_string(dir.path().join(format!("boardlint-{command}.1"))).unwrap();
        assert!(
            page.contains(".SH \"FILES\"") && page.contains("boardlint.yaml"),
            "{command}"
        );
    }
    let check = std::fs::read_to_string(dir.path().join("boardlint-check.1")).unwrap();
    assert!(
        check.contains("FORCE_COLOR") && check.contains("\\-\\-exit\\-non\\-zero\\-on\\-fix"),
        "{check}"
    );
    boardlint().args(["man", "nonsense"]).assert().code(2);
}

/// `→` is three bytes and `é` two: the INVOKE starts at byte column 13 but
/// code point column 10.
#[test]
fn every_format_counts_columns_in_bytes_but_sarif_in_code_points() {
    let root = repo();
    write(root.path(), "w.md", "CFO: → é [INVOKE:cfo|why?]\n");
    let out = |format: &str| {
        let out = boardlint()
            .current_dir(root.path())
            .args(["check", "--color", "never", "--format", format, "w.md"])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(
        out("concise").starts_with("w.md:1:13: error[L001]"),
        "{}",
        out("concise")
    );
    assert!(out("human").contains("[w.md:1:13]"), "{}", out("human"));
    assert!(
        out("github").contains("line=1,col=13,endLine=1,endColumn=30"),
        "{}",
        out("github")
    );
    let json: serde_json::Value = serde_json::from_str(&out("json")).unwrap();
    assert_eq!(json[0]["start"]["column"], 13);
    assert_eq!(json[0]["start"]["offset"], 12);
    assert_eq!(json[0]["end"]["column"], 30);
    let sarif: serde_json::Value = serde_json::from_str(&out("sarif")).unwrap();
    let region = &sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(region["startColumn"], 10);
    assert_eq!(region["endColumn"], 27);
    assert_eq!(region["byteOffset"], 12);
    assert_eq!(region["byteLength"], 17);
}

#[test]
fn sarif_names_a_file_outside_the_run_directory_by_its_absolute_uri() {
    let root = repo();
    write(root.path(), "inside/a.md", TWO);
    write(root.path(), "outside/b c.md", TWO);
    write(root.path(), "inside/c.md", TWO);
    let out = boardlint()
        .current_dir(root.path().join("inside"))
        .args(["check", "--format", "sarif", "a.md", "../outside/b c.md"])
        .arg(root.path().canonicalize().unwrap().join("inside/c.md"))
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let _: serde_sarif::sarif::Sarif = serde_json::from_value(doc.clone()).expect("valid SARIF");
    let run = &doc["runs"][0];
    let places: Vec<&serde_json::Value> = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["locations"][0]["physicalLocation"]["artifactLocation"])
        .collect();
    assert!(
        places.contains(&&serde_json::json!({"uri": "a.md", "uriBaseId": "%SRCROOT%"})),
        "{places:?}"
    );
    // Named by its absolute path, a file inside is still relative.
    assert!(
        places.contains(&&serde_json::json!({"uri": "c.md", "uriBaseId": "%SRCROOT%"})),
        "{places:?}"
    );
    let outside = root.path().canonicalize().unwrap().join("outside");
    let expected = format!("file://{}/b%20c.md", outside.display());
    assert!(
        places
            .iter()
            .any(|p| p["uri"] == expected.as_str() && p.get("uriBaseId").is_none()),
        "{expected} in {places:?}"
    );
    let base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
        .as_str()
        .unwrap();
    assert!(
        base.starts_with("file:///") && base.ends_with("/inside/"),
        "{base}"
    );
}

#[test]
fn completions_offer_rule_codes_and_names_for_rule_and_the_selection_flags() {
    let fish = String::from_utf8(
        boardlint()
            .args(["completions", "fish"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    for flag in ["select", "extend-select", "ignore", "extend-ignore"] {
        // One `complete` command, whose values may span several lines.
        let line = fish
            .split("\ncomplete ")
            .find(|l| {
                l.contains("__fish_boardlint_using_subcommand check")
                    && l.contains(&format!("-l {flag} "))
            })
            .unwrap_or_else(|| panic!("no --{flag} in the fish completions"));
        for value in [
            "ALL",
            "L001",
            "self-invocation",
            "C013",
            "perspectives-mismatch",
        ] {
            assert!(
                line.contains(value),
                "--{flag} does not offer {value}: {line}"
            );
        }
    }
    // `rule NAME`: zsh completes positional values (fish and bash do not).
    let zsh = String::from_utf8(
        boardlint()
            .args(["completions", "zsh"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let at = zsh.find("'::rule -- ").expect("zsh completes `rule`");
    let rule = &zsh[at..at + zsh[at..].find("&& ret=0").unwrap_or(zsh.len() - at)];
    assert!(
        rule.contains("L001") && rule.contains("too-many-bullets") && rule.contains("T016"),
        "{rule}"
    );
    let bash = String::from_utf8(
        boardlint()
            .args(["completions", "bash"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert!(
        bash.contains("self-invocation") && bash.contains("--select"),
        "bash"
    );
    // Offering values does not restrict them: a prefix is still a selector.
    boardlint().args(["rule", "--all"]).assert().code(0);
    boardlint()
        .args(["check", "--select", "L0", "--format", "concise", "-"])
        .write_stdin("CFO: fine.\n")
        .assert()
        .code(0);
}

/// `check --format FORMAT` of the two-finding transcript, parsed as JSON.
fn json_of(format: &str) -> serde_json::Value {
    let (code, out) = run(&["--format", format]);
    assert_eq!(code, 1, "{format}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{format} is not JSON: {e}\n{out}"))
}

#[test]
fn gitlab_is_code_quality_json_with_stable_distinct_fingerprints() {
    let issues = json_of("gitlab");
    let issues = issues.as_array().expect("an array of issues");
    assert_eq!(issues.len(), 2);
    for issue in issues {
        for key in ["description", "check_name", "fingerprint", "severity"] {
            assert!(issue[key].is_string(), "`{key}` in {issue}");
        }
        assert!(["info", "minor", "major", "critical", "blocker"]
            .contains(&issue["severity"].as_str().unwrap()));
        assert_eq!(issue["location"]["path"], "t d.md");
        assert!(issue["location"]["lines"]["begin"].as_u64().unwrap() >= 1);
    }
    let l001 = issues.iter().find(|i| i["check_name"] == "L001").unwrap();
    assert_eq!(l001["severity"], "major");
    assert_eq!(l001["location"]["lines"]["begin"], 2);
    assert_ne!(issues[0]["fingerprint"], issues[1]["fingerprint"]);
    // The same findings, the same fingerprints, run after run.
    assert_eq!(json_of("gitlab"), serde_json::Value::Array(issues.clone()));
}

#[test]
fn gitlab_paths_are_relative_to_the_project_directory() {
    let root = repo();
    write(root.path(), "sub/a.md", TWO);
    write(root.path(), "other/b.md", TWO);
    let paths = |project: Option<&std::path::Path>, args: &[&str]| {
        let mut cmd = boardlint();
        cmd.current_dir(root.path().join("sub"))
            .env_remove("CI_PROJECT_DIR")
            .args(["check", "--format", "gitlab"])
            .args(args);
        if let Some(dir) = project {
            cmd.env("CI_PROJECT_DIR", dir);
        }
        let out = cmd.output().unwrap();
        let issues: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let mut paths: Vec<String> = issues
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["location"]["path"].as_str().unwrap().to_string())
            .collect();
        paths.dedup();
        (paths, issues)
    };
    let absolute = root.path().join("sub/a.md");
    // Without CI_PROJECT_DIR, relative to where the run started, however
    // the file was named.
    let (plain, _) = paths(None, &["a.md", "../other/b.md"]);
    assert_eq!(plain, ["a.md", "../other/b.md"]);
    let (named_absolutely, _) = paths(None, &[absolute.to_str().unwrap()]);
    assert_eq!(named_absolutely, ["a.md"]);
    // In a GitLab job, relative to the project, and the fingerprints follow
    // the path, not the way the file was named.
    let (in_ci, from_sub) = paths(Some(root.path()), &["a.md"]);
    assert_eq!(in_ci, ["sub/a.md"]);
    let mut from_root = boardlint();
    from_root
        .current_dir(root.path())
        .env("CI_PROJECT_DIR", root.path())
        .args(["check", "--format", "gitlab", "sub/a.md"]);
    let from_root: serde_json::Value =
        serde_json::from_slice(&from_root.output().unwrap().stdout).unwrap();
    assert_eq!(from_sub, from_root);
}

#[test]
fn rdjson_is_reviewdogs_diagnostic_result() {
    let doc = json_of("rdjson");
    assert_eq!(doc["source"]["name"], "boardlint");
    let diagnostics = doc["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 2);
    let l001 = diagnostics
        .iter()
        .find(|d| d["code"]["value"] == "L001")
        .unwrap();
    assert_eq!(l001["severity"], "ERROR");
    assert_eq!(l001["location"]["path"], "t d.md");
    assert_eq!(
        l001["location"]["range"]["start"],
        serde_json::json!({"line": 2, "column": 1})
    );
    assert!(l001["location"]["range"]["end"]["column"].as_u64().unwrap() > 1);
    assert!(l001["code"]["url"]
        .as_str()
        .unwrap()
        .ends_with("/docs/rules/L001.md"));
    assert!(l001["message"].as_str().unwrap().contains("invokes itself"));
    let warning = diagnostics
        .iter()
        .find(|d| d["code"]["value"] != "L001")
        .unwrap();
    assert_eq!(warning["severity"], "WARNING");
}

#[test]
fn pylint_is_one_parseable_line_per_finding() {
    let (code, out) = run(&["--format", "pylint"]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("t d.md:2: [L001] self-invocation: ")),
        "{out}"
    );
    for l in &lines {
        let (place, rest) = l.split_once(": [").unwrap();
        assert!(
            place.rsplit_once(':').unwrap().1.parse::<usize>().is_ok(),
            "{l}"
        );
        assert!(rest.split_once("] ").is_some(), "{l}");
    }
}

#[test]
fn azure_writes_logging_commands_with_their_escapes() {
    let (code, out) = run(&["--format", "azure"]);
    assert_eq!(code, 1);
    let l001 = out
        .lines()
        .find(|l| l.contains("code=L001;"))
        .expect("an L001 command");
    assert!(l001.starts_with("##vso[task.logissue type=error;sourcepath=t d.md;linenumber=2;columnnumber=1;code=L001;]L001 self-invocation: "), "{l001}");
    let warning = out.lines().find(|l| !l.contains("code=L001;")).unwrap();
    assert!(
        warning.starts_with("##vso[task.logissue type=warning;"),
        "{warning}"
    );
    // One command a line: a message's own line breaks are escaped.
    assert_eq!(out.lines().count(), 2);
}

#[test]
fn statistics_follow_the_documented_layout() {
    let root = repo();
    // Two card-frame findings (fixable), one self-invocation: the two rules
    // counted.
    let card = "━━━━━━━━━━━━\n\n📊 CFO — Runway\n\nBOTTOM LINE\nWe hold. — Confidence: 🟢 High\n\nWHAT\n• Burn is flat [VERIFIED: ledger] 🟢\n\nWHY THIS MATTERS\nThe board asks.\n\nHOW TO ACT\n1. Keep the plan → CEO → 2026-04-10\n\n━━━━━━━━━━━━\n";
    write(root.path(), "a.md", card);
    write(
        root.path(),
        "b.md",
        &format!("{card}\nCFO: checking\n[INVOKE:cfo|What is our burn?]\n"),
    );
    let (_, out, _) = check(
        root.path(),
        &["--select", "C001,L001", "--statistics", "--quiet"],
    );
    let table: Vec<&str> = out.lines().filter(|l| !l.contains(": ")).collect();
    assert_eq!(
        table,
        ["2  C001  [*] card-frame", "1  L001      self-invocation"],
        "{out}"
    );
    // Counts of different widths: right-aligned.
    for i in 0..10 {
        write(root.path(), &format!("c{i}.md"), card);
    }
    let (_, out, _) = check(
        root.path(),
        &["--select", "C001,L001", "--statistics", "--quiet"],
    );
    assert!(
        out.lines().any(|l| l == "12  C001  [*] card-frame"),
        "{out}"
    );
    assert!(
        out.lines().any(|l| l == " 1  L001      self-invocation"),
        "{out}"
    );
    // With a machine-readable format but `json` (which prints the counts
    // as its document), the table goes to standard error.
    let out = crate::boardlint()
        .current_dir(root.path())
        .args([
            "check",
            "--select",
            "C001,L001",
            "--format",
            "sarif",
            "--statistics",
        ])
        .output()
        .unwrap();
    assert!(serde_json::from_slice::<serde_json::Value>(&out.stdout).is_ok());
    assert!(String::from_utf8_lossy(&out.stderr).contains("12  C001  [*] card-frame"));
}

/// ruff's names of the formats: `full` is `human`, `json-lines` is
/// `jsonl`.
#[test]
fn ruffs_format_names_full_and_json_lines_are_human_and_jsonl() {
    for (ruff, ours) in [("full", "human"), ("json-lines", "jsonl")] {
        let (code, theirs) = run(&["--color", "never", "--output-format", ruff]);
        assert_eq!(code, 1, "{ruff}");
        assert_eq!(
            theirs,
            run(&["--color", "never", "--format", ours]).1,
            "{ruff}"
        );
    }
}

#[test]
fn grouped_lists_each_files_findings_under_its_name() {
    let root = repo();
    write(root.path(), "a.md", TWO);
    let mut far = "CFO: x\n".repeat(11);
    far.push_str("[INVOKE:cfo|y]\n");
    write(root.path(), "b.md", &far);
    let out = boardlint()
        .current_dir(root.path())
        .args([
            "check",
            "--select",
            "L001,R003",
            "--output-format",
            "grouped",
            "a.md",
            "b.md",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let concise = boardlint()
        .current_dir(root.path())
        .args([
            "check",
            "--select",
            "L001,R003",
            "--format",
            "concise",
            "--quiet",
            "a.md",
            "b.md",
        ])
        .output()
        .unwrap();
    let concise = String::from_utf8(concise.stdout).unwrap();
    // Every finding of `concise`, under its file's name, each file's
    // places aligned on the colon.
    // (path, [(line, column, finding)])
    type Findings<'a> = Vec<(&'a str, &'a str, &'a str)>;
    let mut files: Vec<(&str, Findings)> = Vec::new();
    for line in concise.lines() {
        let (path, rest) = line.split_once(':').unwrap();
        let (at_line, rest) = rest.split_once(':').unwrap();
        let (column, finding) = rest.split_once(": ").unwrap();
        match files.last_mut() {
            Some((p, findings)) if *p == path => findings.push((at_line, column, finding)),
            _ => files.push((path, vec![(at_line, column, finding)])),
        }
    }
    let mut expected = String::new();
    for (path, findings) in &files {
        expected.push_str(&format!("{path}:\n"));
        let lw = findings.iter().map(|f| f.0.len()).max().unwrap();
        let cw = findings.iter().map(|f| f.1.len()).max().unwrap();
        for (at_line, column, finding) in findings {
            expected.push_str(&format!("  {at_line:>lw$}:{column:<cw$} {finding}\n"));
        }
        expected.push('\n');
    }
    let (report, summary) = text.split_at(text.find("Found ").unwrap());
    assert_eq!(report, expected);
    assert!(report.contains("a.md:\n  2:1 error[L001]"), "{report}");
    assert!(report.contains("b.md:\n  12:1 error[L001]"), "{report}");
    assert_eq!(
        summary,
        "Found 2 errors, 1 warning in 2 files (2 files checked).\n"
    );
}

/// ruff's short flags: `-o` for `--output-file`, `-e` for `--exit-zero`,
/// `-s` for `--silent`; `-w` for `--watch` is held by the watch tests.
#[test]
fn short_flags_are_ruffs() {
    let root = repo();
    write(root.path(), "a.md", TWO);
    let out = boardlint()
        .current_dir(root.path())
        .args([
            "check",
            "-e",
            "-o",
            "report.json",
            "--format",
            "json",
            "a.md",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(root.path().join("report.json")).unwrap())
            .unwrap();
    assert_eq!(report[0]["code"], "L001");
}

#[test]
fn silent_prints_nothing_and_the_exit_code_tells() {
    let root = repo();
    write(root.path(), "a.md", TWO);
    // A binary file met while walking would get a note; a data file named
    // explicitly too.
    fs::write(root.path().join("bin.md"), b"\xff\x00\xfe").unwrap();
    write(root.path(), "data.json", "{\"a\": 1}\n");
    for format in ["human", "concise", "json", "sarif"] {
        for flag in ["--silent", "-s"] {
            let out = boardlint()
                .current_dir(root.path())
                .args(["check", flag, "--statistics", "--format", format])
                .args([".", "data.json"])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(1), "{format}");
            assert!(out.stdout.is_empty(), "{format}: {out:?}");
            assert!(out.stderr.is_empty(), "{format}: {out:?}");
        }
    }
    // An `--output-file` is still written, without the summary.
    let out = boardlint()
        .current_dir(root.path())
        .args([
            "check",
            "-s",
            "-o",
            "report.txt",
            "--format",
            "concise",
            "a.md",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty() && out.stderr.is_empty(), "{out:?}");
    let report = fs::read_to_string(root.path().join("report.txt")).unwrap();
    assert!(report.starts_with("a.md:2:1: error[L001]"), "{report}");
    assert!(!report.contains("Found "), "{report}");
    // A run that fails still says why.
    let out = boardlint()
        .current_dir(root.path())
        .args(["check", "-s", "missing.md"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: missing.md: no such file or directory\n"
    );
}

#[test]
fn format_is_a_visible_alias_of_fmt() {
    let root = repo();
    let draft = "BOTTOM LINE\nGo. — Confidence: 🟢 High\n\nWHAT\n• x (from ledger) 🟢\n";
    let by = |command: &str| {
        let out = boardlint()
            .current_dir(root.path())
            .args([command, "-"])
            .write_stdin(draft)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{command}: {out:?}");
        out.stdout
    };
    assert_eq!(by("format"), by("fmt"));
    let help = boardlint().arg("--help").output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    // The entry of `fmt`, up to the next command's.
    let fmt = help
        .split_once("\n  fmt ")
        .and_then(|(_, rest)| rest.split_once("\n  rule "))
        .map(|(entry, _)| entry)
        .unwrap_or_else(|| panic!("{help}"));
    assert!(fmt.contains("[alias: format]"), "{help}");
}

/// `--statistics --format json`: the counts as a JSON array instead of the
/// diagnostics, as ruff prints them.
#[test]
fn statistics_as_json_is_an_array_of_each_rules_count() {
    let root = repo();
    write(root.path(), "a.md", TWO);
    write(root.path(), "b.md", &TWO.repeat(2));
    // A card whose section order `--fix` mends: a fixable finding.
    write(
        root.path(),
        "card.md",
        "━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n📊 CFO — Runway\n\nWHAT\n• Burn is $280K a month (from ledger) 🟢\n\nBOTTOM LINE\nExtend runway. — Confidence: 🟢 High\n━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n",
    );
    let run = |args: &[&str]| {
        let out = boardlint()
            .current_dir(root.path())
            .args(["check", "--format", "json"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        assert!(out.stderr.is_empty(), "{out:?}");
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let findings = run(&[]);
    let stats = run(&["--statistics"]);
    let stats = stats.as_array().unwrap();
    // Each rule's count and fixability, from the diagnostics themselves.
    let mut expected: Vec<(String, String, u64, bool)> = Vec::new();
    for d in findings.as_array().unwrap() {
        let code = d["code"].as_str().unwrap().to_string();
        match expected.iter_mut().find(|e| e.0 == code) {
            Some(e) => {
                e.2 += 1;
                e.3 |= d["fixable"] == true;
            }
            None => expected.push((
                code,
                d["name"].as_str().unwrap().to_string(),
                1,
                d["fixable"] == true,
            )),
        }
    }
    expected.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    let expected: Vec<serde_json::Value> = expected
        .into_iter()
        .map(|(code, name, count, fixable)| {
            serde_json::json!({"code": code, "name": name, "count": count, "fixable": fixable})
        })
        .collect();
    assert_eq!(stats, &expected);
    assert!(stats.iter().any(|s| s["fixable"] == true), "{stats:?}");
    assert!(
        stats.iter().any(|s| s["count"].as_u64() > Some(1)),
        "{stats:?}"
    );
}
