//! `boardlint config` and `boardlint init`.

use std::path::PathBuf;

use super::failing::config_failure;
use super::shown_settings::print_settings;
use super::{display_path, Workspace, EXIT_FAILURE, EXIT_OK};
use super::{ConfigFlags, RuleFlags};
use crate::config::{CONFIG_NAMES, DEFAULT_CONFIG};
use clap::Args;

#[derive(Debug, Args)]
pub struct ConfigArgs {
    /// The file or directory whose settings to show (default `.`).
    pub path: Option<PathBuf>,
    #[command(flatten)]
    pub config: ConfigFlags,
    #[command(flatten)]
    pub rules: RuleFlags,
    /// Print the reference of every setting, as docs/configuration.md holds
    /// it, instead of a path's settings.
    #[arg(long, hide = true, conflicts_with = "path")]
    pub reference_markdown: bool,
}

#[derive(Debug, Args)]
pub struct InitArgs {
    /// Where to write the file (default `.boardlint.yaml`): a directory to
    /// write `.boardlint.yaml` in, created with its parents when it does
    /// not exist, or a YAML file name (`strict.yaml`, its directory
    /// created too). An existing file is never overwritten.
    pub path: Option<PathBuf>,
}

/// Print the resolved settings for a path, each with where it came from.
pub fn show(args: &ConfigArgs) -> i32 {
    if args.reference_markdown {
        return super::print_out(crate::config::reference_markdown().as_bytes());
    }
    let path = args.path.clone().unwrap_or_else(|| PathBuf::from("."));
    let ws = match Workspace::with_rules(&args.config, &args.rules.overrides()) {
        Ok(ws) => ws,
        Err(e) => return config_failure(&e),
    };
    print_settings(&ws, &path)
}

/// Write a commented default configuration; never overwrite one. A
/// directory given gets a `.boardlint.yaml` in it.
pub fn init(args: &InitArgs) -> i32 {
    let path = init_file(args.path.as_deref());
    let shown = crate::output::safe::text(&display_path(&path)).into_owned();
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if let Err(e) = std::fs::create_dir_all(dir) {
            let dir = crate::output::safe::text(&display_path(dir)).into_owned();
            eprintln!(
                "error: {dir}: cannot create the directory: {}",
                crate::files::io_cause(&e)
            );
            return EXIT_FAILURE;
        }
    }
    // `create_new` refuses an existing file (or link) without a window
    // between looking and writing.
    let created = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .and_then(|mut f| {
            use std::io::Write;
            f.write_all(DEFAULT_CONFIG.as_bytes())
        });
    match created {
        Ok(()) => {
            eprintln!("wrote {shown}");
            EXIT_OK
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            eprintln!("error: {shown}: already exists; not overwriting it");
            EXIT_FAILURE
        }
        Err(e) => {
            eprintln!("error: {shown}: {}", crate::files::io_cause(&e));
            EXIT_FAILURE
        }
    }
}

/// The file `init` writes for the path given: `.boardlint.yaml` in a
/// directory, whether it exists or is to be made (a path that does not
/// exist, or ends with a separator); the path itself when it names a YAML
/// file that does not exist (`team/strict.yaml`, to use with `--config`),
/// or anything that exists and is no directory (refused as existing).
fn init_file(given: Option<&std::path::Path>) -> PathBuf {
    let Some(given) = given else {
        return PathBuf::from(CONFIG_NAMES[0]);
    };
    let names_a_directory = crate::files::path_text(given)
        .chars()
        .next_back()
        .is_some_and(std::path::is_separator);
    let yaml = given
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"));
    let exists = given.symlink_metadata().is_ok();
    if given.is_dir() || (!exists && (names_a_directory || !yaml)) {
        given.join(CONFIG_NAMES[0])
    } else {
        given.to_path_buf()
    }
}
