//! The command line: argument definitions and the run of each command.

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use rayon::prelude::*;

use crate::diagnostic::{Diagnostic, Severity};
use crate::files::{self, Input};
use crate::format::{self, FormatOptions};
use crate::lines::LineIndex;
use crate::model::sections::Lang;
use crate::output::{self, Format, Located};
use crate::rules::{self, Family};
use crate::settings::Settings;

/// Exit codes.
pub const EXIT_OK: i32 = 0;
pub const EXIT_FINDINGS: i32 = 1;
pub const EXIT_FAILURE: i32 = 2;

#[derive(Debug, Parser)]
#[command(
    name = "boardlint",
    version,
    about = "A linter for C-suite agent transcripts: markers, call chains, board meetings and responses.",
    propagate_version = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check transcripts for protocol violations.
    Check(CheckArgs),
    /// Rewrite founder cards, protocol blocks and CHAIN markers into their
    /// canonical layout. With no path, or `-`, format standard input to
    /// standard output.
    Fmt(FmtArgs),
    /// Show the documentation of a rule, or list every rule.
    Rule(RuleArgs),
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files and directories to check (`-` reads standard input). Directories
    /// are walked for .md, .markdown, .txt and .transcript files. Default: `.`.
    pub paths: Vec<PathBuf>,
    /// How to print diagnostics.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// When to use colour. `auto` colours a terminal unless NO_COLOR is set.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// The file name to show for standard input.
    #[arg(long, value_name = "NAME")]
    pub stdin_filename: Option<String>,
    /// Apply `fmt`'s rewrite to files where it removes diagnostics, then
    /// report what remains.
    #[arg(long)]
    pub fix: bool,
}

#[derive(Debug, Args)]
pub struct FmtArgs {
    /// Files and directories to format; none, or `-`, formats standard input
    /// to standard output.
    pub paths: Vec<PathBuf>,
    /// Write nothing; exit 1 when a file would change.
    #[arg(long)]
    pub check: bool,
    /// Write nothing; print a unified diff of the changes (exit 1 when any).
    #[arg(long)]
    pub diff: bool,
    /// The language of the card headings printed (default: the language each
    /// card is written in; English when mixed).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// The file name to show for standard input.
    #[arg(long, value_name = "NAME")]
    pub stdin_filename: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    En,
    #[value(name = "pt-BR", alias = "pt")]
    PtBr,
}

#[derive(Debug, Args)]
pub struct RuleArgs {
    /// A rule code (`L001`) or name (`self-invocation`).
    #[arg(required_unless_present = "all")]
    pub rule: Option<String>,
    /// List every rule with its code, name, default severity and summary.
    #[arg(long, conflicts_with = "rule")]
    pub all: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    fn enabled(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::io::stdout().is_terminal()
            }
        }
    }
}

/// Parse the arguments and run; returns the exit code.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            return if err.use_stderr() {
                EXIT_FAILURE
            } else {
                EXIT_OK
            };
        }
    };
    match cli.command {
        Command::Check(args) => check(&args),
        Command::Fmt(args) => fmt(&args),
        Command::Rule(args) => rule(&args),
    }
}

/// What checking one input produced.
struct Outcome {
    name: String,
    result: Result<FileFindings, String>,
}

struct FileFindings {
    located: Vec<Located>,
    rendered: String,
    /// Diagnostics removed by `--fix`.
    fixed: usize,
}

fn check(args: &CheckArgs) -> i32 {
    let color = args.color.enabled();
    let settings = Settings::default();
    let (inputs, mut run_errors) = files::discover(&args.paths);
    let stdin_name = args
        .stdin_filename
        .clone()
        .unwrap_or_else(|| "<stdin>".to_string());

    let outcomes: Vec<Outcome> = inputs
        .par_iter()
        .map(|input| {
            let name = match input {
                Input::File(path) => display_path(path),
                Input::Stdin => stdin_name.clone(),
            };
            let result = files::read(input).and_then(|source| {
                let mut diagnostics = crate::check_source(&source, &settings);
                let mut source = source;
                let mut fixed = 0;
                if let (true, Input::File(path)) = (args.fix, input) {
                    let formatted = format::format(&source, &settings, &FormatOptions::default());
                    if formatted != source {
                        let after = crate::check_source(&formatted, &settings);
                        if after.len() < diagnostics.len() {
                            files::write_atomic(path, &formatted)?;
                            fixed = diagnostics.len() - after.len();
                            diagnostics = after;
                            source = formatted;
                        }
                    }
                }
                let mut f = findings(&name, &source, &diagnostics, args.format, color);
                f.fixed = fixed;
                Ok(f)
            });
            Outcome { name, result }
        })
        .collect();

    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut all: Vec<Located> = Vec::new();
    let mut files_with = 0;
    for outcome in &outcomes {
        match &outcome.result {
            Ok(f) => {
                if !f.located.is_empty() {
                    files_with += 1;
                }
                if args.format == Format::Human {
                    let _ = out.write_all(f.rendered.as_bytes());
                }
                all.extend(f.located.iter().cloned());
            }
            Err(cause) => run_errors.push(format!("{}: {cause}", outcome.name)),
        }
    }
    let count = |s: Severity| all.iter().filter(|l| l.severity == s).count();
    let (errors, warnings, infos) = (
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Info),
    );
    let checked = outcomes.iter().filter(|o| o.result.is_ok()).count();
    let fixed: usize = outcomes
        .iter()
        .filter_map(|o| o.result.as_ref().ok())
        .map(|f| f.fixed)
        .sum();
    if fixed > 0 && args.format != Format::Json {
        let _ = writeln!(
            out,
            "Fixed {fixed} problem{}.",
            if fixed == 1 { "" } else { "s" }
        );
    }
    let text = match args.format {
        Format::Json => output::json(&all),
        Format::Concise => {
            output::concise(&all, color)
                + &output::summary(errors, warnings, infos, files_with, checked, color)
        }
        Format::Human => output::summary(errors, warnings, infos, files_with, checked, color),
    };
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();

    for e in &run_errors {
        eprintln!("error: {e}");
    }
    if !run_errors.is_empty() {
        EXIT_FAILURE
    } else if errors > 0 {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}

fn fmt(args: &FmtArgs) -> i32 {
    let settings = Settings::default();
    let options = FormatOptions {
        lang: args.lang.map(|l| match l {
            LangArg::En => Lang::En,
            LangArg::PtBr => Lang::Pt,
        }),
    };
    let stdin_only =
        args.paths.is_empty() || (args.paths.len() == 1 && args.paths[0].as_os_str() == "-");
    if stdin_only {
        let name = args
            .stdin_filename
            .clone()
            .unwrap_or_else(|| "<stdin>".to_string());
        let source = match files::read(&Input::Stdin) {
            Ok(s) => s,
            Err(cause) => {
                eprintln!("error: {name}: {cause}");
                return EXIT_FAILURE;
            }
        };
        let formatted = format::format(&source, &settings, &options);
        let changed = formatted != source;
        let mut out = std::io::stdout().lock();
        if args.diff {
            let _ = out.write_all(unified_diff(&name, &source, &formatted).as_bytes());
        } else if !args.check {
            let _ = out.write_all(formatted.as_bytes());
        }
        let _ = out.flush();
        return if changed && (args.check || args.diff) {
            EXIT_FINDINGS
        } else {
            EXIT_OK
        };
    }

    let (inputs, mut run_errors) = files::discover(&args.paths);
    let results: Vec<(String, Result<Option<String>, String>)> = inputs
        .par_iter()
        .map(|input| {
            let Input::File(path) = input else {
                return (
                    "-".to_string(),
                    Err("standard input cannot be mixed with paths".to_string()),
                );
            };
            let name = display_path(path);
            let result = files::read(input).and_then(|source| {
                let formatted = format::format(&source, &settings, &options);
                if formatted == source {
                    return Ok(None);
                }
                if args.diff {
                    return Ok(Some(unified_diff(&name, &source, &formatted)));
                }
                if !args.check {
                    files::write_atomic(path, &formatted)?;
                }
                Ok(Some(String::new()))
            });
            (name, result)
        })
        .collect();
    let mut out = std::io::stdout().lock();
    let (mut changed, mut unchanged) = (0, 0);
    for (name, result) in &results {
        match result {
            Ok(Some(diff)) => {
                changed += 1;
                if args.diff {
                    let _ = out.write_all(diff.as_bytes());
                } else if args.check {
                    let _ = writeln!(out, "Would reformat: {name}");
                }
            }
            Ok(None) => unchanged += 1,
            Err(cause) => run_errors.push(format!("{name}: {cause}")),
        }
    }
    let _ = out.flush();
    let plural = |n: usize| if n == 1 { "file" } else { "files" };
    if args.check || args.diff {
        eprintln!(
            "{changed} {} would be reformatted, {unchanged} {} already formatted",
            plural(changed),
            plural(unchanged)
        );
    } else {
        eprintln!(
            "{changed} {} reformatted, {unchanged} {} left unchanged",
            plural(changed),
            plural(unchanged)
        );
    }
    for e in &run_errors {
        eprintln!("error: {e}");
    }
    if !run_errors.is_empty() {
        EXIT_FAILURE
    } else if changed > 0 && (args.check || args.diff) {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}

fn unified_diff(name: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_string()
}

fn findings(
    name: &str,
    source: &str,
    diagnostics: &[Diagnostic],
    format: Format,
    color: bool,
) -> FileFindings {
    let index = LineIndex::new(source);
    let located = diagnostics
        .iter()
        .map(|d| output::locate(name, &index, d))
        .collect();
    let rendered = match format {
        Format::Human => output::human(name, source, diagnostics, color),
        _ => String::new(),
    };
    FileFindings {
        located,
        rendered,
        fixed: 0,
    }
}

/// Paths are shown as given, without a leading `./`.
fn display_path(path: &std::path::Path) -> String {
    let s = path.display().to_string();
    s.strip_prefix("./").map(str::to_string).unwrap_or(s)
}

fn rule(args: &RuleArgs) -> i32 {
    if args.all {
        let mut out = String::new();
        let mut family = None;
        for r in rules::all() {
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
    match rules::find(key) {
        Some(r) => {
            print!("{}", rule_page(r.meta()));
            EXIT_OK
        }
        None => {
            eprintln!("error: no rule `{key}`; `boardlint rule --all` lists them");
            EXIT_FAILURE
        }
    }
}

/// A rule's documentation page: what `boardlint rule CODE` prints and what
/// `docs/rules/CODE.md` holds.
pub fn rule_page(m: &rules::RuleMeta) -> String {
    let family: Family = m.family();
    format!(
        "# {} {}\n\n{}. Family: {}. Default severity: {}.\n\n{}\n",
        m.code,
        m.name,
        m.summary,
        family.title().to_lowercase(),
        m.severity.as_str(),
        m.markdown()
    )
}
