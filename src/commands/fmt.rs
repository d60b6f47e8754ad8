//! `boardlint fmt`.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::failing::config_failure;
use super::{
    display_path, ColorChoice, ConfigFlags, Failure, Unchecked, WalkFlags, Workspace, EXIT_FAILURE,
    EXIT_FINDINGS, EXIT_OK,
};
use crate::config::Config;
use crate::files::{self, Input};
use crate::format::FormatOptions;
use crate::kinds::FileKind;
use crate::model::sections::Lang;
use clap::{Args, ValueEnum};

#[derive(Debug, Args)]
pub struct FmtArgs {
    /// Files and directories to format; `-` (or `--stdin-filename`)
    /// formats standard input to standard output. With none, standard input
    /// is formatted when it is a pipe or a file, and the current directory
    /// when it is a terminal.
    pub paths: Vec<PathBuf>,
    /// Write nothing; exit 1 when a file would change.
    #[arg(long)]
    pub check: bool,
    /// Write nothing; print a unified diff of the changes (exit 1 when any).
    #[arg(long)]
    pub diff: bool,
    /// With `--check` or `--diff`: run again whenever a file under the
    /// paths changes, until interrupted.
    #[arg(long, short)]
    pub watch: bool,
    /// When to colour the diff: `auto` colours a terminal, unless NO_COLOR
    /// is set; FORCE_COLOR or CLICOLOR_FORCE colour any output.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// The language of the card headings printed (default: the language each
    /// card is written in; English when mixed).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// Format standard input, as the file at this path: its name in
    /// messages, and the path whose configuration applies. Paths given
    /// beside it are ignored, with a warning.
    #[arg(long, value_name = "PATH", conflicts_with = "watch")]
    pub stdin_filename: Option<String>,
    /// Print nothing but errors.
    #[arg(long, short)]
    pub quiet: bool,
    #[command(flatten)]
    pub config: ConfigFlags,
    #[command(flatten)]
    pub walk: WalkFlags,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    En,
    #[value(name = "pt-BR", alias = "pt")]
    PtBr,
}

pub fn run(args: &FmtArgs) -> i32 {
    let flags = args.walk.with_excludes(crate::config::Overrides::default());
    let ws = match Workspace::with_rules(&args.config, &flags) {
        Ok(ws) => ws,
        Err(e) => return config_failure(&e),
    };
    let lang = args.lang.map(|l| match l {
        LangArg::En => Lang::En,
        LangArg::PtBr => Lang::Pt,
    });
    // With no path, a pipe is formatted as a filter; a terminal means the
    // user wants the current directory formatted (as `ruff format` does),
    // not a command waiting silently for input.
    // `--stdin-filename` reads standard input whatever the paths.
    let paths = super::stdin_or_paths(&args.paths, args.stdin_filename.is_some(), args.quiet);
    let stdin_only = (paths.is_empty() && !std::io::stdin().is_terminal())
        || (paths.len() == 1 && paths[0].as_os_str() == "-");
    if stdin_only {
        return stdin(args, &ws, lang);
    }

    let (inputs, mut run_errors) = ws.inputs(&paths, &args.walk);
    let results: Vec<(String, Result<Option<String>, Failure>)> = inputs
        .par_iter()
        .map(|input| {
            let Some(path) = input.path() else {
                return (
                    "-".to_string(),
                    Err(Failure::File(
                        "standard input cannot be mixed with paths".to_string(),
                    )),
                );
            };
            let name = display_path(path);
            // A configuration with errors fails the files under it, not the run.
            let result = match ws.config_for(path) {
                Ok(config) => {
                    format_one(args, input, path, &name, &config, lang).map_err(Failure::File)
                }
                Err(failure) => match super::walked_kind(input) {
                    Some(kind)
                        if !matches!(
                            kind,
                            FileKind::Transcript | FileKind::DecisionLog | FileKind::SessionLog
                        ) =>
                    {
                        Ok(None)
                    }
                    _ => Err(Failure::Config(failure)),
                },
            };
            (name, result)
        })
        .collect();
    let color = args.color.enabled();
    let mut out = std::io::stdout().lock();
    let (mut changed, mut unchanged) = (0, 0);
    let mut unchecked = Unchecked::default();
    for (name, result) in &results {
        match result {
            Ok(Some(diff)) => {
                changed += 1;
                if args.diff {
                    let _ = out.write_all(crate::output::diff::paint(diff, color).as_bytes());
                } else if args.check && !args.quiet {
                    let _ = writeln!(out, "Would reformat: {}", crate::output::safe::text(name));
                }
            }
            Ok(None) => unchanged += 1,
            Err(Failure::Config(failure)) => unchecked.add(failure, name),
            Err(Failure::File(cause)) => run_errors.push(format!("{name}: {cause}")),
        }
    }
    let _ = out.flush();
    let plural = |n: usize| if n == 1 { "file" } else { "files" };
    if !args.quiet {
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
    }
    unchecked.report("formatted");
    for e in &run_errors {
        eprintln!("error: {}", crate::output::safe::error(e));
    }
    if !run_errors.is_empty() || !unchecked.is_empty() {
        EXIT_FAILURE
    } else if changed > 0 && (args.check || args.diff) {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}

/// Format one file: `Some` when it changed (its diff with `--diff`),
/// `None` when it was left as it is.
fn format_one(
    args: &FmtArgs,
    input: &Input,
    path: &Path,
    name: &str,
    config: &Config,
    lang: Option<Lang>,
) -> Result<Option<String>, String> {
    let how = super::prepare::Reading {
        work: files::Work::Format,
        map: false,
        tidy: !args.check && !args.diff,
        notes: true,
        name,
    };
    let Some(prepared) = super::prepare::prepare(input, config, path, Some(path), &how)? else {
        return Ok(None);
    };
    let super::prepare::Prepared {
        source,
        settings,
        kind,
    } = prepared;
    let source = source.into_string();
    // Only transcripts and decision logs are formatted.
    if kind == FileKind::SessionLog {
        return Err("a session log is a record, not a draft: it is not formatted (exclude it, or name only drafts)".to_string());
    }
    if !crate::engine::formats(kind) {
        return Ok(None);
    }
    let options = FormatOptions {
        lang: lang.or(config.lang),
    };
    // A formatter bug leaves the file untouched.
    let formatted = crate::guard::contain(|| crate::engine::format(&source, &settings, &options))
        .map_err(|cause| {
        format!("internal error while formatting, file left unchanged: {cause}")
    })?;
    if formatted == source {
        return Ok(None);
    }
    if args.diff {
        return Ok(Some(crate::output::diff::unified_diff(
            name, &source, &formatted,
        )));
    }
    if !args.check {
        if let Some(note) = files::write_atomic(path, &source, &formatted)? {
            eprintln!("note: {}: {note}", crate::output::safe::text(name));
        }
    }
    Ok(Some(String::new()))
}

/// Standard input to standard output; messages go to standard error.
fn stdin(args: &FmtArgs, ws: &Workspace, lang: Option<Lang>) -> i32 {
    let name = args
        .stdin_filename
        .clone()
        .unwrap_or_else(|| "<stdin>".to_string());
    let path = PathBuf::from(&name);
    let config = match ws.config_for(&path) {
        Ok(c) => c,
        Err(failure) => {
            let mut unchecked = Unchecked::default();
            unchecked.add(&failure, &name);
            unchecked.report("formatted");
            return EXIT_FAILURE;
        }
    };
    let source = match files::read(&Input::Stdin)
        .map_err(String::from)
        .and_then(|s| files::room_to_work(files::Work::Format, &s).map(|()| s))
    {
        Ok(s) => s,
        Err(cause) => {
            eprintln!(
                "error: {}: {}",
                crate::output::safe::text(&name),
                crate::output::safe::error(&cause)
            );
            return EXIT_FAILURE;
        }
    };
    let named = args.stdin_filename.as_ref().map(|_| path.as_path());
    // Only transcripts and decision logs are formatted.
    let crate::engine::Prepared { settings, kind } =
        crate::engine::prepare(&config, Some(&path), named, &source);
    if kind == FileKind::SessionLog {
        eprintln!(
            "error: {}: a session log is a record, not a draft: it is not formatted",
            crate::output::safe::text(&name)
        );
        return EXIT_FAILURE;
    }
    let excluded =
        (args.stdin_filename.is_some() && args.walk.force_exclude && config.is_excluded(&path))
            || !crate::engine::formats(kind);
    let formatted = if excluded {
        source.clone()
    } else {
        let options = FormatOptions {
            lang: lang.or(config.lang),
        };
        match crate::guard::contain(|| crate::engine::format(&source, &settings, &options)) {
            Ok(formatted) => formatted,
            Err(cause) => {
                eprintln!(
                    "error: {}: internal error while formatting: {}",
                    crate::output::safe::text(&name),
                    crate::output::safe::text(&cause)
                );
                return EXIT_FAILURE;
            }
        }
    };
    let changed = formatted != source;
    let mut out = std::io::stdout().lock();
    let written = if args.diff {
        let diff = crate::output::diff::unified_diff(&name, &source, &formatted);
        out.write_all(crate::output::diff::paint(&diff, args.color.enabled()).as_bytes())
    } else if !args.check {
        out.write_all(formatted.as_bytes())
    } else {
        Ok(())
    };
    match written.and_then(|_| out.flush()) {
        Err(e) if !super::is_closed_pipe(&e) => {
            eprintln!("error: standard output: {e}");
            return EXIT_FAILURE;
        }
        _ => {}
    }
    if changed && (args.check || args.diff) {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}
