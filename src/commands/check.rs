//! `boardlint check`.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use rayon::prelude::*;

use super::failing::{config_failure, FailOn};
use super::fix::{self, Removed};
use super::noqa;
use super::prepare;
use super::{
    display_path, ColorChoice, ConfigFlags, Failure, RuleFlags, Unchecked, WalkFlags, Workspace,
    EXIT_FAILURE, EXIT_FINDINGS, EXIT_OK,
};
use std::path::PathBuf;

use crate::config::Config;
use crate::diagnostic::{Diagnostic, Severity};
use crate::files::{self, Input};
use crate::format::FormatOptions;
use crate::kinds::FileKind;
use crate::lines::LineIndex;
use clap::Args;

use crate::context::{FileContext, RunContext};
use crate::output::{self, Located, OutputFormat};

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("fixing").args(["fix", "fix_only"]).multiple(true)))]
pub struct CheckArgs {
    /// Files and directories to check (`-` reads standard input). Default:
    /// `.`. Directories are walked for transcripts and decision logs (.md,
    /// .markdown, .txt, .transcript), and for the .yaml, .yml, .json and
    /// .jsonl files that are pipeline handoff records, transition logs,
    /// handshake logs (.team/inbox, .mailboxes) or session logs (Claude
    /// Code, Codex CLI, Gemini CLI, Cursor, Cline, OpenAI chat messages, OpenCode,
    /// Pi); other YAML and JSON is skipped. `--show-files` lists what a run
    /// would check.
    pub paths: Vec<PathBuf>,
    /// How to print diagnostics (`--output-format` too, as ruff spells it;
    /// so are its values `full`, the same as `human`, and `json-lines`, the
    /// same as `jsonl`).
    #[arg(
        long,
        visible_alias = "output-format",
        env = "BOARDLINT_OUTPUT_FORMAT",
        value_enum,
        default_value_t = OutputFormat::Human
    )]
    pub format: OutputFormat,
    /// When to use colour: `auto` colours a terminal, unless NO_COLOR is
    /// set; FORCE_COLOR or CLICOLOR_FORCE colour any output.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Check standard input, as the file at this path: its name in
    /// messages, and the path whose configuration, per-file-ignores and
    /// excludes apply. Paths given beside it are ignored, with a warning.
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<String>,
    /// Make the fixes of the findings reported (each rewrites the card or
    /// block its finding is about, as `fmt` prints it), then report what
    /// remains. With standard input, the fixed text goes to standard output
    /// and the report to standard error.
    #[arg(long)]
    pub fix: bool,
    /// Print the unified diff of what `--fix` would write, and write
    /// nothing (exit 1 when there is a diff); with or without `--fix`.
    #[arg(long, conflicts_with_all = ["watch", "show_files", "show_settings"])]
    pub diff: bool,
    /// With `--fix` or `--fix-only`: exit 1 when anything was fixed, even
    /// if nothing remains.
    #[arg(long, requires = "fixing")]
    pub exit_non_zero_on_fix: bool,
    /// Make the fixes as `--fix` does, and report nothing of what remains:
    /// exit 0 unless `--exit-non-zero-on-fix` (or the run fails).
    #[arg(long, conflicts_with_all = ["watch", "show_files", "show_settings"])]
    pub fix_only: bool,
    /// After the run, list the fixes made (or, with `--diff`, that would
    /// be): each file, and how many findings of each rule they removed.
    #[arg(long)]
    pub show_fixes: bool,
    /// Accepted for ruff's command lines, and changes nothing: boardlint
    /// has no unsafe fix (a fix moves and relabels text; it never changes
    /// what it says).
    #[arg(long)]
    pub unsafe_fixes: bool,
    /// Write a suppression comment (`<!-- boardlint-disable-next-line CODE
    /// -->`) above the line of each finding, in transcripts and decision
    /// logs, and report nothing else.
    #[arg(long, conflicts_with_all = ["fixing", "diff", "watch", "show_files", "show_settings", "statistics", "stdin_filename"])]
    pub add_noqa: bool,
    /// Write the report to this file instead of standard output (`-` is
    /// standard output).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output_file: Option<PathBuf>,
    /// After the diagnostics, print how many each rule produced (with
    /// `--format json`, instead of them: a JSON array of each rule's code,
    /// name, count and whether a finding is fixable).
    #[arg(long)]
    pub statistics: bool,
    /// The lowest severity that makes the run exit 1.
    #[arg(long, value_enum, default_value_t = FailOn::Error)]
    pub fail_on: FailOn,
    /// Exit 0 even when diagnostics are found (same as `--fail-on never`).
    #[arg(long, short = 'e')]
    pub exit_zero: bool,
    /// Print the diagnostics only: no summary line.
    #[arg(long, short, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Print nothing, not even the diagnostics (an `--output-file` is still
    /// written): the exit code tells. A run that fails still says why on
    /// standard error.
    #[arg(long, short, conflicts_with = "verbose")]
    pub silent: bool,
    /// Check, then check again whenever a file under the paths changes
    /// (the screen is cleared between runs on a terminal), until
    /// interrupted.
    #[arg(long, short, conflicts_with_all = ["fix", "show_files", "show_settings", "output_file", "stdin_filename"])]
    pub watch: bool,
    /// Log to standard error which configuration each directory gets, how
    /// many files were found, and how long reading and checking took.
    #[arg(long, short)]
    pub verbose: bool,
    /// List the files the run would check, each with its kind and the
    /// configuration file that applies, and check nothing.
    #[arg(long, conflicts_with_all = ["fix", "show_settings"])]
    pub show_files: bool,
    /// Print the settings that apply to this file (as `boardlint config
    /// PATH` does, with these flags), and check nothing.
    #[arg(long, value_name = "PATH", conflicts_with = "fix")]
    pub show_settings: Option<PathBuf>,
    #[command(flatten)]
    pub config: ConfigFlags,
    #[command(flatten)]
    pub rules: RuleFlags,
    #[command(flatten)]
    pub walk: WalkFlags,
}

impl CheckArgs {
    /// The fixes are worked out: `--fix`, `--fix-only`, or `--diff` (a dry
    /// run of `--fix`).
    fn fixing(&self) -> bool {
        self.fix || self.fix_only || self.diff
    }

    /// The fixes are written: to the file, or for standard input to
    /// standard output.
    fn writing_fixes(&self) -> bool {
        (self.fix || self.fix_only) && !self.diff
    }
}

/// Files checked at a time (see `run`).
const CHUNK: usize = 512;

/// Findings past which a file's human output is rendered as it is written
/// (one file at a time) rather than beside the other files' checks and
/// held until its turn: the rendered text takes several hundred bytes a
/// finding, which for a file with millions of them is more memory than the
/// rest of the run.
const RENDER_IN_ORDER: usize = 4096;

/// What the human output of a file is rendered from.
struct Unrendered {
    source: files::Source,
    diagnostics: Vec<Diagnostic>,
    color: bool,
}

/// What checking one input produced.
struct Outcome {
    name: String,
    result: Result<Checked, Failure>,
}

/// A file checked, or, in the first pass of a run, set aside until every
/// file has said what it contributes to the run.
enum Checked {
    Done(Findings, RunContext),
    /// A decision log or handoff record: its rules read the whole run's
    /// context, so it is checked in the second pass.
    Deferred(RunContext),
}

/// How a file's rules learn the run's context (D006's flagged proposals,
/// T100's transition-log ends).
#[derive(Clone, Copy)]
enum Context<'a> {
    /// Known before the file is checked.
    Known(&'a Arc<RunContext>),
    /// From the file itself: a run of one file.
    Own,
    /// Being gathered: every file reports what it contributes, and the
    /// files that read the context are deferred.
    Gather,
}

struct Findings {
    located: Vec<Located>,
    rendered: String,
    /// The human output of a file with more than [`RENDER_IN_ORDER`]
    /// findings: rendered as it is written, in input order, instead of
    /// held.
    unrendered: Option<Unrendered>,
    /// What `--fix` removed (or would remove, with `--diff`), by rule.
    fixed: Vec<fix::Removed>,
    /// `--add-noqa`: the suppression comments written or extended.
    noqa: usize,
    /// `--fix --diff`: the diff of what `--fix` would write.
    diff: String,
    /// `--fix` of standard input: the text, fixed or as it was.
    fixed_text: Option<String>,
    /// Excluded by configuration (standard input named by `--stdin-filename`).
    skipped: bool,
}

impl Findings {
    /// A file checked that has nothing to show.
    fn none() -> Findings {
        Findings {
            located: Vec::new(),
            rendered: String::new(),
            unrendered: None,
            fixed: Vec::new(),
            noqa: 0,
            diff: String::new(),
            fixed_text: None,
            skipped: false,
        }
    }

    /// A file not checked (and not counted).
    fn skipped() -> Findings {
        Findings {
            skipped: true,
            ..Findings::none()
        }
    }
}

pub fn run(args: &CheckArgs) -> i32 {
    let started = std::time::Instant::now();
    let ws = match open_workspace(args) {
        Ok(ws) => ws,
        Err(code) => return code,
    };
    if let Some(path) = &args.show_settings {
        return super::shown_settings::print_settings(&ws, path);
    }
    let paths = super::stdin_or_paths(&args.paths, args.stdin_filename.is_some(), args.silent);
    let (inputs, mut run_errors) = ws.inputs(&paths, &args.walk);
    if args.show_files {
        return show_files(&ws, &inputs, &run_errors, args.format == OutputFormat::Json);
    }
    if args.verbose {
        eprintln!(
            "boardlint: {} input{} found in {} ms",
            inputs.len(),
            if inputs.len() == 1 { "" } else { "s" },
            started.elapsed().as_millis()
        );
    }
    // `--output-file -` is standard output.
    let output_file = args.output_file.as_ref().filter(|p| p.as_os_str() != "-");
    let color = args.color.enabled() && output_file.is_none();
    // `--fix` of standard input writes the text to standard output: the
    // report goes to standard error.
    let stdin_fix = args.writing_fixes() && inputs.contains(&Input::Stdin);
    // The report is written as it is made, never held whole.
    let mut report = match args.diff || args.add_noqa || (args.silent && output_file.is_none()) {
        true => Report::nowhere(),
        false => Report::open(output_file, stdin_fix),
    };
    let tally = check_inputs(args, &ws, &inputs, color, &mut report, &mut run_errors);
    if args.verbose {
        let threads = rayon::current_num_threads();
        eprintln!(
            "boardlint: {} file{} read and checked in {} ms ({threads} thread{})",
            tally.checked,
            if tally.checked == 1 { "" } else { "s" },
            started.elapsed().as_millis(),
            if threads == 1 { "" } else { "s" }
        );
    }
    if args.diff {
        let said = fixes_said(args, &tally, true);
        return fix_diff(&tally.diffs, &said, args, &run_errors, &tally.unchecked);
    }
    if args.add_noqa {
        return noqa_done(args, &tally, &run_errors);
    }
    report_findings(args, tally, report, run_errors, color)
}

/// The workspace the paths are read in (each file's configuration), told
/// under `--verbose`; a configuration given that has errors ends the run
/// with its exit code.
fn open_workspace(args: &CheckArgs) -> Result<Workspace, i32> {
    let flags = args.walk.with_excludes(args.rules.overrides());
    let ws = match Workspace::with_rules(&args.config, &flags) {
        Ok(ws) => ws.verbose(args.verbose),
        Err(e) => return Err(config_failure(&e)),
    };
    if args.verbose {
        eprintln!(
            "boardlint {}: {}",
            env!("CARGO_PKG_VERSION"),
            match (args.config.file(), args.config.isolated) {
                (_, true) => "--isolated: every file gets the defaults".to_string(),
                (Some(p), false) => format!(
                    "--config {}: for every file",
                    crate::output::safe::text(&display_path(p))
                ),
                (None, false) => "each file gets the closest configuration file".to_string(),
            }
        );
    }
    Ok(ws)
}

/// Check every input, in input order, folding each outcome into the
/// tally (and, for the human format, the report) as it comes.
fn check_inputs(
    args: &CheckArgs,
    ws: &Workspace,
    inputs: &[Input],
    color: bool,
    report: &mut Report,
    run_errors: &mut Vec<String>,
) -> Tally {
    let stdin_name = args
        .stdin_filename
        .clone()
        .unwrap_or_else(|| "<stdin>".to_string());
    // Every file is read once. Most files neither read nor add to the
    // run's context; the few that read it (decision logs, handoff records)
    // are checked in a second pass, once every file has said what it adds.
    // A run with standard input among many inputs gathers the context in a
    // pass of its own first, as standard input cannot be read twice.
    let gathered: Option<Arc<RunContext>> = (inputs.contains(&Input::Stdin) && inputs.len() > 1)
        .then(|| Arc::new(run_context(ws, inputs)));
    let first_pass = match (&gathered, inputs.len()) {
        (Some(known), _) => Context::Known(known),
        (None, 1) => Context::Own,
        (None, _) => Context::Gather,
    };
    let check = |input: &Input, context: Context<'_>| -> Outcome {
        let (name, config_path) = match input.path() {
            Some(path) => (display_path(path), path.to_path_buf()),
            None => (stdin_name.clone(), std::path::PathBuf::from(&stdin_name)),
        };
        let result = crate::guard::contain(|| match ws.config_for(&config_path) {
            Ok(config) => check_one(args, &config, context, input, &name, &config_path, color)
                .map_err(Failure::File),
            // A configuration with errors fails the files under it, not the
            // run (a file no command would read is not one of them).
            Err(failure) => match super::walked_kind(input) {
                Some(FileKind::Other) => {
                    Ok(Checked::Done(Findings::skipped(), RunContext::default()))
                }
                _ => Err(Failure::Config(failure)),
            },
        })
        .unwrap_or_else(|cause| Err(Failure::File(format!("internal error: {cause}"))));
        Outcome { name, result }
    };

    // Files are checked a chunk at a time, in parallel within a chunk; what
    // a chunk's files produced is folded into the totals (and, for the human
    // format, written to the report) before the next chunk is read, so that
    // memory follows the diagnostics found, never the number of files.
    // Results after a deferred file wait for it, to keep the input order.
    let mut tally = Tally::default();
    let mut run_context = RunContext::default();
    let mut held: Vec<(usize, Outcome)> = Vec::new();
    let mut deferred: Vec<usize> = Vec::new();
    for (c, chunk) in inputs.chunks(CHUNK).enumerate() {
        let outcomes: Vec<Outcome> = chunk
            .par_iter()
            .map(|input| check(input, first_pass))
            .collect();
        for (k, mut outcome) in outcomes.into_iter().enumerate() {
            let at = c * CHUNK + k;
            match &mut outcome.result {
                Ok(Checked::Deferred(part)) => {
                    run_context.add(std::mem::take(part));
                    deferred.push(at);
                }
                Ok(Checked::Done(_, part)) => run_context.add(std::mem::take(part)),
                Err(_) => {}
            }
            // A file that prints nothing has no place to keep: it is
            // counted at once, so that held results follow the findings,
            // not the number of files (JUnit lists every file, in order).
            let silent = matches!(&outcome.result, Ok(Checked::Done(f, _)) if f.located.is_empty() && f.rendered.is_empty() && f.unrendered.is_none());
            if deferred.is_empty() || (silent && args.format != OutputFormat::Junit) {
                tally.add(args, outcome, report, run_errors);
            } else {
                held.push((at, outcome));
            }
        }
    }
    if !deferred.is_empty() {
        let known = Arc::new(run_context);
        let second: Vec<Outcome> = deferred
            .par_iter()
            .map(|&at| check(&inputs[at], Context::Known(&known)))
            .collect();
        let mut second = deferred.into_iter().zip(second).peekable();
        for (at, outcome) in held {
            let outcome = match second.peek() {
                Some((d, _)) if *d == at => second.next().map(|(_, o)| o).unwrap_or(outcome),
                _ => outcome,
            };
            tally.add(args, outcome, report, run_errors);
        }
    }
    tally
}

/// What the fixes removed: a line, or the list `--show-fixes` asks for.
fn fixes_said(args: &CheckArgs, tally: &Tally, dry_run: bool) -> String {
    match (tally.fixed, args.show_fixes) {
        (0, _) => String::new(),
        // `--silent`: not a word.
        _ if args.silent => String::new(),
        (_, true) => fix::listing(&tally.fixes, dry_run),
        (_, false) if args.quiet => String::new(),
        (_, false) => fix::summary(tally.fixed, &tally.fixed_names, dry_run),
    }
}

/// `--add-noqa`: how many comments were written, and the exit code.
fn noqa_done(args: &CheckArgs, tally: &Tally, run_errors: &[String]) -> i32 {
    if tally.noqa > 0 && !args.quiet && !args.silent {
        eprintln!("{}", noqa::summary(tally.noqa));
    }
    tally.unchecked.report("checked");
    for e in run_errors {
        eprintln!("error: {}", crate::output::safe::error(e));
    }
    match run_errors.is_empty() && tally.unchecked.is_empty() {
        true => EXIT_OK,
        false => EXIT_FAILURE,
    }
}

/// Write the findings in the format asked for, with the summary after
/// them, and what failed to stderr; the exit code.
fn report_findings(
    args: &CheckArgs,
    tally: Tally,
    mut report: Report,
    mut run_errors: Vec<String>,
    color: bool,
) -> i32 {
    let fixes_said = |dry_run: bool| fixes_said(args, &tally, dry_run);
    let all = &tally.all;
    let count = |s: Severity| all.iter().filter(|l| l.severity == s).count();
    let (errors, warnings, infos) = (
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Info),
    );
    let summarised = matches!(
        args.format,
        OutputFormat::Human | OutputFormat::Concise | OutputFormat::Grouped
    );
    let quiet = args.quiet || args.silent;
    let unread = unread_stdin(
        args,
        tally.checked + run_errors.len() + tally.unchecked.count(),
    );
    // Formats of one line a diagnostic are made a batch of lines at a time.
    let lines = |report: &mut Report, each: &dyn Fn(&[Located]) -> String| {
        for batch in all.chunks(4096) {
            report.put(|w| w.write_all(each(batch).as_bytes()));
        }
    };
    match args.format {
        OutputFormat::Human => {}
        OutputFormat::Concise => lines(&mut report, &|b| output::concise(b, color)),
        OutputFormat::Grouped => report.put(|w| output::grouped(w, all, color)),
        // The counts instead of the diagnostics, as ruff prints them.
        OutputFormat::Json if args.statistics => report.put(|w| output::statistics_json(w, all)),
        OutputFormat::Json => report.put(|w| output::json(w, all)),
        OutputFormat::Jsonl => lines(&mut report, &output::jsonl),
        OutputFormat::Sarif => report.put(|w| output::sarif(w, all)),
        OutputFormat::Github => lines(&mut report, &output::github),
        OutputFormat::Junit => {
            let names: Vec<&str> = tally.checked_names.iter().map(String::as_str).collect();
            report.put(|w| output::junit(w, all, &names));
        }
        OutputFormat::Gitlab => report.put(|w| output::gitlab(w, all)),
        OutputFormat::Rdjson => report.put(|w| output::rdjson(w, all)),
        OutputFormat::Pylint => lines(&mut report, &output::pylint),
        OutputFormat::Azure => lines(&mut report, &output::azure),
    }
    let mut tail = String::new();
    if summarised && args.statistics {
        tail.push_str(&output::statistics(all));
    }
    if summarised {
        tail.push_str(&fixes_said(false));
    } else if args.show_fixes {
        eprint!("{}", fixes_said(false));
    }
    let fixable = all.iter().filter(|l| l.fixable).count();
    // `--fix-only` reports nothing of what remains.
    if summarised && !quiet && !args.fix_only && unread != Some(Unread::NothingChecked) {
        tail.push_str(&output::summary(
            errors,
            warnings,
            infos,
            tally.files_with,
            tally.checked,
            run_errors.len() + tally.unchecked.count(),
            color,
        ));
        if fixable > 0 {
            tail.push_str(&format!(
                "[*] {fixable} fixable with `boardlint check --fix`.\n"
            ));
        }
    }
    report.put(|w| w.write_all(tail.as_bytes()));
    // `--fix` of standard input: the text on standard output (the report
    // went to standard error, as `ruff check --fix -` does).
    if let Some(text) = &tally.fixed_text {
        let mut out = std::io::stdout().lock();
        match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
            Err(e) if !super::is_closed_pipe(&e) => {
                run_errors.push(format!("standard output: {e}"))
            }
            _ => {}
        }
    }
    if let Err(e) = report.finish() {
        run_errors.push(e);
    }
    if !summarised && args.statistics && !args.silent && args.format != OutputFormat::Json {
        eprint!("{}", output::statistics(all));
    }

    tally.unchecked.report("checked");
    match unread {
        Some(Unread::NothingChecked) => run_errors.push(format!(
            "no file was checked: the current directory holds none, and standard input was not read; {STDIN_HINT}"
        )),
        Some(Unread::BesideFiles) if !args.silent => {
            eprintln!("warning: standard input was not read; {STDIN_HINT}")
        }
        _ => {}
    }
    for e in &run_errors {
        eprintln!("error: {}", crate::output::safe::error(e));
    }
    let failed = !run_errors.is_empty() || !tally.unchecked.is_empty();
    exit_code(args, &tally, failed, [errors, warnings])
}

/// A run that failed to check anything it was given (`failed`: a file
/// unread or unchecked, or a rule's internal error) fails; else one whose findings reach
/// `--fail-on` (or whose fixes changed a file, with
/// `--exit-non-zero-on-fix`) reports findings.
fn exit_code(args: &CheckArgs, tally: &Tally, failed: bool, [errors, warnings]: [usize; 2]) -> i32 {
    let fail_on = if args.exit_zero {
        FailOn::Never
    } else {
        args.fail_on
    };
    let found = (errors > 0 && fail_on.fails(Severity::Error))
        || (warnings > 0 && fail_on.fails(Severity::Warning));
    if failed || tally.all.iter().any(|l| l.internal) {
        EXIT_FAILURE
    } else if found || (args.exit_non_zero_on_fix && tally.fixed > 0) {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}

/// Standard input, holding text, left unread by a run given no path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unread {
    /// The current directory was checked instead.
    BesideFiles,
    /// And the current directory held nothing to check either: the run
    /// fails rather than pass having checked nothing.
    NothingChecked,
}

/// How to check standard input, told when it was left unread.
const STDIN_HINT: &str = "with no path, `boardlint check` checks the current directory; to check standard input, give `-` or `--stdin-filename PATH`";

/// Whether a run given no path left text on standard input unread (`cat
/// draft.md | boardlint check`), as ruff does checking the current
/// directory; `inputs` is how many inputs were checked or failed. A
/// terminal, `/dev/null` and an empty input, which CI runners, pre-commit
/// and git hooks give, are not told of.
fn unread_stdin(args: &CheckArgs, inputs: usize) -> Option<Unread> {
    if !args.paths.is_empty() || args.stdin_filename.is_some() || !files::stdin_holds_data() {
        return None;
    }
    Some(match inputs {
        0 => Unread::NothingChecked,
        _ => Unread::BesideFiles,
    })
}

/// A file's kind as a listing shows it: a session log with the reader that
/// takes it (`session-log (Claude Code session 2.1.197)`).
fn described(kind: FileKind, path: &Path, source: &str) -> String {
    match kind {
        FileKind::SessionLog => match crate::sessions::describe(Some(path), source) {
            Some(reader) => format!("{} ({reader})", kind.name()),
            None => kind.name().to_string(),
        },
        _ => kind.name().to_string(),
    }
}

/// `--show-files`: each file the run would check (in the order it would
/// check them), its kind, and the configuration file that applies. Files
/// a walk skips (excluded, ignored, YAML or JSON that is no record) are not
/// listed; standard input is listed as `-`.
fn show_files(ws: &Workspace, inputs: &[Input], run_errors: &[String], json: bool) -> i32 {
    let mut rows: Vec<(String, String, String)> = Vec::new();
    // For `--format json`: each file's path, kind, reader, tool version
    // and configuration.
    let mut records: Vec<serde_json::Value> = Vec::new();
    let mut errors: Vec<String> = run_errors.to_vec();
    for input in inputs {
        let Some(path) = input.path() else {
            rows.push(("-".to_string(), "from standard input".into(), String::new()));
            records.push(serde_json::json!({"path": "-", "kind": null, "config": null}));
            continue;
        };
        let name = display_path(path);
        let config = match ws.config_for(path) {
            Ok(c) => c,
            Err(failure) => {
                errors.push(format!(
                    "{name}: its configuration {} has errors",
                    display_path(&failure.path)
                ));
                continue;
            }
        };
        let source = match files::read(input) {
            Ok(s) => s,
            Err(files::ReadError::Binary { .. }) if matches!(input, Input::Walked(_)) => continue,
            Err(e) => {
                errors.push(format!("{name}: {e}"));
                continue;
            }
        };
        let kind = crate::engine::prepare(&config, Some(path), Some(path), &source).kind;
        if kind == FileKind::Other {
            continue;
        }
        let shown = config
            .path()
            .map_or_else(|| "(defaults)".to_string(), display_path);
        let (reader, version) = match kind {
            FileKind::SessionLog => crate::sessions::identify(Some(path), &source)
                .map_or((None, None), |(f, v)| (Some(f.name()), v)),
            _ => (None, None),
        };
        records.push(serde_json::json!({
            "path": name,
            "kind": kind.name(),
            "reader": reader,
            "version": version,
            "config": config.path().map(display_path),
        }));
        rows.push((name, described(kind, path, &source), shown));
    }
    if json {
        let mut stdout = std::io::stdout().lock();
        let _ = serde_json::to_writer_pretty(&mut stdout, &records)
            .map_err(std::io::Error::other)
            .and_then(|_| stdout.write_all(b"\n"))
            .and_then(|_| stdout.flush());
        for e in &errors {
            eprintln!("error: {}", crate::output::safe::error(e));
        }
        return if errors.is_empty() {
            EXIT_OK
        } else {
            EXIT_FAILURE
        };
    }
    let width = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let kind_width = rows.iter().map(|r| r.1.len()).max().unwrap_or(0);
    let mut out = String::new();
    for (name, kind, config) in &rows {
        let name = crate::output::safe::text(name);
        let pad = width.saturating_sub(name.chars().count());
        out.push_str(
            format!(
                "{name}{}  {kind:<kind_width$}  {}",
                " ".repeat(pad),
                crate::output::safe::text(config)
            )
            .trim_end(),
        );
        out.push('\n');
    }
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(out.as_bytes())
        .and_then(|_| stdout.flush());
    for e in &errors {
        eprintln!("error: {}", crate::output::safe::error(e));
    }
    eprintln!(
        "{} file{} would be checked",
        rows.len(),
        if rows.len() == 1 { "" } else { "s" }
    );
    if errors.is_empty() {
        EXIT_OK
    } else {
        EXIT_FAILURE
    }
}

/// `--fix --diff`: the diffs on standard output, what they would fix on
/// standard error; nothing written. Exit 1 when there is a diff.
fn fix_diff(
    diffs: &str,
    fixes_said: &str,
    args: &CheckArgs,
    run_errors: &[String],
    unchecked: &Unchecked,
) -> i32 {
    let mut out = std::io::stdout().lock();
    // `--silent`: the exit code alone tells.
    let shown = if args.silent { "" } else { diffs };
    let written = out
        .write_all(crate::output::diff::paint(shown, args.color.enabled()).as_bytes())
        .and_then(|_| out.flush());
    if !fixes_said.is_empty() {
        eprint!("{fixes_said}");
    } else if !args.quiet && !args.silent {
        eprintln!("No fixes available.");
    }
    unchecked.report("checked");
    for e in run_errors {
        eprintln!("error: {}", crate::output::safe::error(e));
    }
    match written {
        Err(e) if !super::is_closed_pipe(&e) => {
            eprintln!("error: standard output: {e}");
            return EXIT_FAILURE;
        }
        _ => {}
    }
    if !run_errors.is_empty() || !unchecked.is_empty() {
        EXIT_FAILURE
    } else if !diffs.is_empty() {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}

/// What the files checked so far add up to.
#[derive(Default)]
struct Tally {
    all: Vec<Located>,
    files_with: usize,
    checked: usize,
    checked_names: Vec<String>,
    fixed: usize,
    /// The files `--fix` fixed (or would fix), in input order.
    fixed_names: Vec<String>,
    /// `--show-fixes`: what the fixes of each file removed, in input order.
    fixes: Vec<(String, Vec<Removed>)>,
    /// `--add-noqa`: the suppression comments written or extended.
    noqa: usize,
    /// `--fix --diff`: the diffs, in input order.
    diffs: String,
    /// `--fix` of standard input: the text to write to standard output.
    fixed_text: Option<String>,
    /// Files whose configuration has errors.
    unchecked: Unchecked,
}

impl Tally {
    /// Fold in one file's outcome, in input order; its human output goes
    /// to the report at once.
    fn add(
        &mut self,
        args: &CheckArgs,
        outcome: Outcome,
        report: &mut Report,
        errors: &mut Vec<String>,
    ) {
        let mut f = match outcome.result {
            Ok(Checked::Done(f, _)) => f,
            // Checked in the second pass; never folded in deferred.
            Ok(Checked::Deferred(_)) => return,
            Err(Failure::Config(failure)) => {
                self.unchecked.add(&failure, &outcome.name);
                return;
            }
            Err(Failure::File(cause)) => {
                errors.push(format!("{}: {cause}", outcome.name));
                return;
            }
        };
        if f.skipped {
            return;
        }
        if let Some(Unrendered {
            source,
            diagnostics,
            color,
        }) = f.unrendered.take()
        {
            let lines = LineIndex::new(&source);
            if !args.diff {
                report.put(|w| {
                    output::human(w, &outcome.name, &source, Some(&lines), &diagnostics, color)
                });
            }
            f.located = located(&outcome.name, &lines, diagnostics);
        }
        self.checked += 1;
        if args.format == OutputFormat::Junit {
            self.checked_names.push(outcome.name.clone());
        }
        if !f.located.is_empty() {
            self.files_with += 1;
        }
        let fixed: usize = f.fixed.iter().map(|r| r.count).sum();
        self.fixed += fixed;
        if fixed > 0 {
            self.fixed_names.push(outcome.name.clone());
            if args.show_fixes {
                self.fixes
                    .push((outcome.name.clone(), std::mem::take(&mut f.fixed)));
            }
        }
        self.noqa += f.noqa;
        self.diffs.push_str(&f.diff);
        if f.fixed_text.is_some() {
            self.fixed_text = f.fixed_text;
        }
        if args.format == OutputFormat::Human && !args.diff {
            // Each file's findings shown as soon as the file is done.
            report.put(|w| w.write_all(f.rendered.as_bytes()).and_then(|_| w.flush()));
        }
        self.all.extend(f.located);
    }
}

fn check_one(
    args: &CheckArgs,
    config: &Config,
    context: Context<'_>,
    input: &Input,
    name: &str,
    config_path: &Path,
    color: bool,
) -> Result<Checked, String> {
    if *input == Input::Stdin
        && args.stdin_filename.is_some()
        && args.walk.force_exclude
        && config.is_excluded(config_path)
    {
        return Ok(Checked::Done(Findings::skipped(), RunContext::default()));
    }
    // A file too large for the memory there fails here, alone.
    let work = if (args.fixing() || args.add_noqa) && input.path().is_some() {
        files::Work::Format
    } else {
        files::Work::Check
    };
    // Standard input has a path only when `--stdin-filename` names one.
    let path = match input {
        Input::File(_) | Input::Walked(_) => Some(config_path),
        Input::Stdin => args.stdin_filename.as_ref().map(|_| config_path),
    };
    let how = prepare::Reading {
        work,
        map: true,
        tidy: args.writing_fixes() || args.add_noqa,
        notes: !args.silent,
        name,
    };
    let Some(prepared) = prepare::prepare(input, config, config_path, path, &how)? else {
        return Ok(Checked::Done(Findings::skipped(), RunContext::default()));
    };
    let prepare::Prepared {
        mut source,
        mut settings,
        kind,
    } = prepared;
    if args.add_noqa {
        // A comment that changes how the text around it reads shows as one
        // that suppresses nothing (X001): `--add-noqa` checks with X001 on,
        // whatever the selection.
        if let Some(x) = crate::rules::index_of("X001") {
            settings.rules.set(x, true);
        }
    }
    // A YAML or JSON file that is no record is not checked (and not counted).
    if kind == FileKind::Other {
        // Named on the command line, it deserves a word: walks skip such
        // files silently.
        if matches!(input, Input::File(_)) && !args.silent {
            eprintln!(
                "note: {}: not a file boardlint reads (no record or session log of a known shape): not checked",
                crate::output::safe::text(name)
            );
        }
        return Ok(Checked::Done(Findings::skipped(), RunContext::default()));
    }
    // Under `--verbose`, which reader takes each session log.
    if args.verbose && kind == FileKind::SessionLog {
        eprintln!(
            "boardlint: {}: {}",
            crate::output::safe::text(name),
            crate::output::safe::text(&described(kind, config_path, &source))
        );
    }
    // Detected once: what reads the file from here on is told its kind.
    let contribution = || {
        crate::guard::contain(|| {
            crate::engine::contribution(
                &source,
                &settings,
                FileContext {
                    path,
                    kind,
                    run: RunContext::empty(),
                },
            )
        })
        .unwrap_or_default()
    };
    let mut adds = RunContext::default();
    let own;
    let run: &RunContext = match context {
        Context::Known(run) => run.as_ref(),
        Context::Own => {
            own = contribution();
            &own
        }
        Context::Gather => {
            adds = contribution();
            if matches!(kind, FileKind::DecisionLog | FileKind::Handoff) {
                return Ok(Checked::Deferred(adds));
            }
            RunContext::empty()
        }
    };
    let this = FileContext { path, kind, run };
    let options = FormatOptions { lang: config.lang };
    let check = |text: &str| crate::engine::check(text, &settings, &options, this);
    let mut diagnostics = check(&source);
    if !source.intact() {
        // Shortened while it was read: read again, as a copy.
        source = files::Source::Read(files::read(input)?);
        diagnostics = check(&source);
    }
    if args.add_noqa {
        let suppressions =
            |found: &[Diagnostic]| crate::engine::suppressions(&source, &settings, this, found);
        let note = |what: &str| {
            if !args.silent {
                eprintln!("note: {}: {what}", crate::output::safe::text(name));
            }
        };
        return add_noqa(note, input, &source, kind, diagnostics, suppressions, check)
            .map(|f| Checked::Done(f, adds));
    }
    // `--fix`: the fixes of the findings reported (`Diagnostic::fix`),
    // kept when they remove one.
    let mut fixed = Vec::new();
    let mut diff = String::new();
    let stdin_fix = args.writing_fixes() && *input == Input::Stdin;
    let mut fixed_text = stdin_fix.then(|| source.to_string());
    if let Some(done) = args
        .fixing()
        .then(|| fix::fix(&source, &diagnostics, check))
        .flatten()
    {
        fixed = done.removed;
        if args.diff {
            diff = crate::output::diff::unified_diff(name, &source, &done.text);
        } else {
            if let Some(file) = input.path() {
                if let Some(note) = files::write_atomic(file, &source, &done.text)? {
                    if !args.silent {
                        eprintln!("note: {}: {note}", crate::output::safe::text(name));
                    }
                }
            }
            if stdin_fix {
                fixed_text = Some(done.text.clone());
            }
            diagnostics = done.diagnostics;
            source = files::Source::Read(done.text);
        }
    }
    // `--fix-only` reports nothing of what remains but a rule's internal
    // error, which fails the run.
    if args.fix_only {
        diagnostics.retain(|d| d.internal);
    }
    let mut findings = Findings {
        fixed,
        diff,
        fixed_text,
        ..Findings::none()
    };
    if args.format == OutputFormat::Human && diagnostics.len() > RENDER_IN_ORDER {
        findings.unrendered = Some(Unrendered {
            source,
            diagnostics,
            color,
        });
        return Ok(Checked::Done(findings, adds));
    }
    // SARIF's `fixes`: each fixable finding's fix, as the lines it changes.
    let sarif_fixes = (args.format == OutputFormat::Sarif)
        .then(|| output::FileFix::of_each(&source, &diagnostics));
    let index = LineIndex::new(&source);
    let (mut located, rendered) = locate(name, &source, &index, diagnostics, args.format, color);
    for (l, file_fix) in located.iter_mut().zip(sarif_fixes.into_iter().flatten()) {
        l.fix = file_fix;
    }
    findings.located = located;
    findings.rendered = rendered;
    Ok(Checked::Done(findings, adds))
}

/// `--add-noqa` of one file: its comments written (atomically), nothing
/// reported but a note (given to `note`, which prints it with the file's
/// name unless `--silent`) for a file none can be written in.
fn add_noqa(
    note: impl Fn(&str),
    input: &Input,
    source: &str,
    kind: FileKind,
    diagnostics: Vec<Diagnostic>,
    suppressions: impl FnOnce(&[Diagnostic]) -> Vec<(crate::diagnostic::Fix, Vec<usize>)>,
    check: impl Fn(&str) -> Vec<Diagnostic>,
) -> Result<Findings, String> {
    if let Some(internal) = diagnostics.iter().find(|d| d.internal) {
        return Err(internal.message.to_string());
    }
    let Some(path) = input.path() else {
        return Err("--add-noqa writes files: standard input has none".to_string());
    };
    let mut findings = Findings::none();
    let left = |n: usize, why: &str| {
        note(&format!(
            "{n} finding{} left as {}: {why}",
            if n == 1 { "" } else { "s" },
            if n == 1 { "it is" } else { "they are" },
        ))
    };
    match noqa::add(source, kind, &diagnostics, suppressions, check) {
        noqa::Noqa::Nothing => {}
        noqa::Noqa::Added {
            text,
            comments,
            left: n,
        } => {
            if let Some(written) = files::write_atomic(path, source, &text)? {
                note(&written);
            }
            findings.noqa = comments;
            if n > 0 {
                left(n, noqa::NO_LINE_ABOVE);
            }
        }
        noqa::Noqa::Cannot { findings: n, why } => left(n, &why),
    }
    Ok(findings)
}

fn locate(
    name: &str,
    source: &str,
    index: &LineIndex<'_>,
    diagnostics: Vec<Diagnostic>,
    format: OutputFormat,
    color: bool,
) -> (Vec<Located>, String) {
    let mut rendered = Vec::new();
    if format == OutputFormat::Human {
        // Written to memory: it cannot fail.
        let _ = output::human(
            &mut rendered,
            name,
            source,
            Some(index),
            &diagnostics,
            color,
        );
    }
    (
        located(name, index, diagnostics),
        String::from_utf8(rendered).unwrap_or_default(),
    )
}

/// The diagnostics of the file `name`, located.
fn located(name: &str, index: &LineIndex<'_>, diagnostics: Vec<Diagnostic>) -> Vec<Located> {
    // One shared copy of the path, and each diagnostic's text moved, not
    // copied: a file with many findings holds each string once.
    let path: std::sync::Arc<str> = name.into();
    located_in_place(diagnostics, |d| output::locate(&path, index, d))
}

/// Each diagnostic turned into what is kept of it, in order, without
/// holding every diagnostic and every result at once: they are taken from
/// the end, the diagnostics' table given back as it empties, and the
/// results put in order at the end.
fn located_in_place<T>(mut diagnostics: Vec<Diagnostic>, each: impl Fn(Diagnostic) -> T) -> Vec<T> {
    let mut out = Vec::with_capacity(diagnostics.len());
    while let Some(d) = diagnostics.pop() {
        out.push(each(d));
        if diagnostics.len() < diagnostics.capacity() / 2 {
            diagnostics.shrink_to_fit();
        }
    }
    out.reverse();
    out
}

/// What rules may know across files: the proposals flagged
/// `[DO_NOT_RESURFACE]` in every decision log of the run (D006), and where
/// each run of every transition log ended (T100). Files that cannot be read
/// are left to the main pass to report.
fn run_context(ws: &Workspace, inputs: &[Input]) -> RunContext {
    inputs
        .par_iter()
        .filter_map(Input::path)
        .map(|path| {
            let source = files::read(&Input::File(path.to_path_buf())).ok();
            let config = ws.config_for(path).ok();
            match (source, config) {
                // A panic here is reported by the main pass over the file.
                (Some(source), Some(config)) => crate::guard::contain(|| {
                    let crate::engine::Prepared { settings, kind } =
                        crate::engine::prepare(&config, Some(path), Some(path), &source);
                    crate::engine::contribution(
                        &source,
                        &settings,
                        FileContext {
                            path: Some(path),
                            kind,
                            run: RunContext::empty(),
                        },
                    )
                })
                .unwrap_or_default(),
                _ => RunContext::default(),
            }
        })
        .reduce(RunContext::default, |mut run, part| {
            run.add(part);
            run
        })
}

/// Where the report goes, written as it is made: standard output,
/// standard error (`--fix` of standard input, whose text goes to standard
/// output) or the `--output-file`, written to a temporary file beside it
/// and renamed over it when the run ends. The first error stops the
/// writing, and is the run's error.
struct Report {
    to: Destination,
    failed: Option<String>,
}

enum Destination {
    Stdout(std::io::BufWriter<std::io::Stdout>),
    Stderr(std::io::BufWriter<std::io::Stderr>),
    File(Box<std::io::BufWriter<files::NewFile>>, PathBuf),
    /// `--fix --diff`: the diffs are the report.
    Nowhere,
}

impl Report {
    fn open(output_file: Option<&PathBuf>, stdin_fix: bool) -> Report {
        let (to, failed) = match (output_file, stdin_fix) {
            (Some(path), _) => match files::NewFile::create(path) {
                Ok(file) => (
                    Destination::File(Box::new(std::io::BufWriter::new(file)), path.clone()),
                    None,
                ),
                Err(e) => (
                    Destination::Nowhere,
                    Some(format!("{}: {e}", display_path(path))),
                ),
            },
            (None, true) => (
                Destination::Stderr(std::io::BufWriter::new(std::io::stderr())),
                None,
            ),
            (None, false) => (
                Destination::Stdout(std::io::BufWriter::new(std::io::stdout())),
                None,
            ),
        };
        Report { to, failed }
    }

    fn nowhere() -> Report {
        Report {
            to: Destination::Nowhere,
            failed: None,
        }
    }

    /// Write a part of the report, unless writing failed before.
    fn put(&mut self, write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) {
        if self.failed.is_some() {
            return;
        }
        let written = match &mut self.to {
            Destination::Stdout(w) => write(w),
            Destination::Stderr(w) => write(w),
            Destination::File(w, _) => write(w),
            Destination::Nowhere => Ok(()),
        };
        match written {
            // The reader has gone (`| head`): the report ends there.
            Err(e) if super::is_closed_pipe(&e) && !matches!(self.to, Destination::File(..)) => {
                self.to = Destination::Nowhere;
            }
            Err(e) => self.failed = Some(self.name_error(&e.to_string())),
            Ok(()) => {}
        }
    }

    fn name_error(&self, cause: &str) -> String {
        match &self.to {
            Destination::File(_, path) => format!("{}: {cause}", display_path(path)),
            Destination::Stderr(_) => format!("standard error: {cause}"),
            _ => format!("standard output: {cause}"),
        }
    }

    /// Flush what is left, and put the report file in place.
    fn finish(mut self) -> Result<(), String> {
        self.put(|w| w.flush());
        if let Some(failed) = self.failed {
            return Err(failed);
        }
        match self.to {
            Destination::File(w, path) => {
                let file = (*w)
                    .into_inner()
                    .map_err(|e| format!("{}: {}", display_path(&path), e.error()))?;
                file.commit()
                    .map_err(|e| format!("{}: {e}", display_path(&path)))
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(n: usize) -> Diagnostic {
        crate::test_support::finding("X000", n..n + 1, n)
    }

    #[test]
    fn diagnostics_are_located_in_order() {
        for n in [0, 1, 2, 3, 17, 1000] {
            let diagnostics: Vec<Diagnostic> = (0..n).map(finding).collect();
            let starts = located_in_place(diagnostics, |d| d.span.start);
            assert_eq!(starts, (0..n).collect::<Vec<_>>());
        }
    }
}
