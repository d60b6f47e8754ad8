//! `boardlint completions SHELL` and `boardlint man`.

use std::path::PathBuf;

use clap::Args;

use super::{EXIT_FAILURE, EXIT_OK};

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// The command whose page to print (`check`, `hook install`, …);
    /// default: the page of `boardlint` itself.
    pub command: Vec<String>,
    /// Write every page (`boardlint.1`, `boardlint-check.1`, …) into this
    /// directory instead of printing one.
    #[arg(long, value_name = "DIR", conflicts_with = "command")]
    pub dir: Option<PathBuf>,
}

/// The completion script of the command line `cmd` describes.
pub fn completions(shell: clap_complete::Shell, mut cmd: clap::Command) -> i32 {
    // Made whole first: the generator gives up on a failed write with a
    // panic.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, "boardlint", &mut script);
    super::print_out(&script)
}

/// `boardlint man`: one page on standard output, or every page into a
/// directory.
pub fn man(args: &ManArgs, cmd: clap::Command) -> i32 {
    let mut cmd = cmd.disable_help_subcommand(true);
    cmd.build();
    let pages = pages(&cmd, &[]);
    match &args.dir {
        Some(dir) => {
            for (path, page) in &pages {
                let file = dir.join(format!("{}.1", page_name(path)));
                if let Err(e) = std::fs::write(&file, page) {
                    eprintln!("error: {}: {}", file.display(), crate::files::io_cause(&e));
                    return EXIT_FAILURE;
                }
            }
            eprintln!("wrote {} pages to {}", pages.len(), dir.display());
            EXIT_OK
        }
        None => match pages.iter().find(|(path, _)| *path == args.command) {
            Some((_, page)) => super::print_out(page.as_bytes()),
            None => {
                eprintln!(
                    "error: no command `{}`; `boardlint --help` lists them",
                    crate::output::safe::text(&args.command.join(" "))
                );
                EXIT_FAILURE
            }
        },
    }
}

/// `boardlint-hook-install` for `["hook", "install"]`.
fn page_name(path: &[String]) -> String {
    std::iter::once("boardlint")
        .chain(path.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join("-")
}

/// Every page: the command's own, then its subcommands', depth first, each
/// with the path of subcommand names that leads to it.
fn pages(cmd: &clap::Command, path: &[String]) -> Vec<(Vec<String>, String)> {
    let subcommands: Vec<&clap::Command> =
        cmd.get_subcommands().filter(|s| !s.is_hide_set()).collect();
    let mut out = vec![(path.to_vec(), page(cmd, path, &subcommands))];
    for sub in subcommands {
        let mut sub_path = path.to_vec();
        sub_path.push(sub.get_name().to_string());
        out.extend(pages(sub, &sub_path));
    }
    out
}

/// One page: clap_mangen's sections, then the exit status, the files, the
/// environment and the pages to see, then the version.
fn page(cmd: &clap::Command, path: &[String], subcommands: &[&clap::Command]) -> String {
    let man = clap_mangen::Man::new(cmd.clone()).manual("boardlint");
    let mut out: Vec<u8> = Vec::new();
    let _ = man.render_title(&mut out);
    let _ = man.render_name_section(&mut out);
    let _ = man.render_synopsis_section(&mut out);
    let _ = man.render_description_section(&mut out);
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        let _ = man.render_options_section(&mut out);
    }
    if !subcommands.is_empty() {
        let _ = man.render_subcommands_section(&mut out);
    }
    let mut roff = String::from_utf8_lossy(&out).into_owned();
    let top = path.first().map(String::as_str).unwrap_or("");
    roff.push_str(&section("EXIT STATUS", &exit_status(top, path)));
    if matches!(
        top,
        "check" | "fmt" | "config" | "hook" | "mcp" | "server" | "init" | ""
    ) {
        roff.push_str(&section("FILES", &[
            (".boardlint.yaml, boardlint.yaml", "The configuration: for each file, the closest one in its directory or above, up to the repository root (the directory holding .git); --config FILE names one for every file, --isolated reads none. boardlint init writes a commented .boardlint.yaml."),
        ]));
    }
    if matches!(top, "check" | "fmt" | "") {
        roff.push_str(&section("ENVIRONMENT", &[
            ("NO_COLOR", "Set to anything but the empty string: no colour with --color auto."),
            ("FORCE_COLOR, CLICOLOR_FORCE", "Set to anything but empty or 0: colour any output with --color auto, NO_COLOR or not."),
        ]));
    }
    let mut see: Vec<String> = Vec::new();
    if !path.is_empty() {
        see.push(format!("{}(1)", page_name(&path[..path.len() - 1])));
    }
    for sub in subcommands {
        let mut sub_path = path.to_vec();
        sub_path.push(sub.get_name().to_string());
        see.push(format!("{}(1)", page_name(&sub_path)));
    }
    if !see.is_empty() {
        roff.push_str(&format!(".SH \"SEE ALSO\"\n{}\n", escape(&see.join(", "))));
    }
    let mut out: Vec<u8> = Vec::new();
    let _ = man.render_version_section(&mut out);
    roff.push_str(&String::from_utf8_lossy(&out));
    roff
}

/// What each exit code means for a command.
fn exit_status(top: &str, path: &[String]) -> Vec<(&'static str, &'static str)> {
    match (top, path.get(1).map(String::as_str)) {
        ("check", _) => vec![
            ("0", "No finding at or above --fail-on (error by default), or --exit-zero; with --fix --diff, nothing to fix."),
            ("1", "A finding at or above --fail-on; with --exit-non-zero-on-fix, something was fixed; with --fix --diff, there is a diff."),
            ("2", "The run failed: a bad argument or configuration, a path that does not exist, a file that cannot be read, a rule that failed on a file, text piped to a run given no path that found no file to check. The other files are still checked."),
        ],
        ("fmt", _) => vec![
            ("0", "Formatted, or with --check or --diff nothing to change."),
            ("1", "With --check or --diff, a file would change."),
            ("2", "The run failed (an unreadable or non-UTF-8 file, a bad argument); the other files are still formatted."),
        ],
        ("rule", _) => vec![("0", "The rule's page, or every rule, was printed."), ("2", "No rule has that code or name.")],
        ("hook", Some(_)) => vec![("0", "The hook was written into (or removed from) the tool's settings, or --dry-run showed the change."), ("2", "The settings file could not be read or written.")],
        ("hook", None) => vec![
            ("0", "The answer passes, or is sent back to the model with what to fix (the tool's JSON reply on standard output), or boardlint failed and fails open."),
            ("2", "With --fail-closed, boardlint failed (the tools read exit 2 as a block)."),
        ],
        ("mcp" | "server", _) => vec![("0", "The client closed the connection or asked the server to exit."), ("2", "The server could not start (a bad argument or configuration).")],
        ("init", _) => vec![("0", "The file was written."), ("2", "The file exists already, or cannot be written.")],
        ("config", _) => vec![("0", "The settings were printed."), ("2", "The configuration has errors.")],
        ("completions" | "man", _) => vec![("0", "Written."), ("2", "Standard output or the directory could not be written.")],
        _ => vec![
            ("0", "Success."),
            ("1", "check found a finding at or above --fail-on; fmt --check or --diff found a file to change."),
            ("2", "The run failed."),
        ],
    }
}

/// A section of tagged paragraphs.
fn section(title: &str, items: &[(&str, &str)]) -> String {
    let mut out = format!(".SH \"{title}\"\n");
    for (term, text) in items {
        out.push_str(&format!(
            ".TP\n\\fB{}\\fR\n{}\n",
            escape(term),
            escape(text)
        ));
    }
    out
}

/// Text safe in a roff line: backslashes and hyphens escaped, a leading
/// control character neutralised.
fn escape(text: &str) -> String {
    let s = text.replace('\\', "\\e").replace('-', "\\-");
    if s.starts_with('.') || s.starts_with('\'') {
        format!("\\&{s}")
    } else {
        s
    }
}
