//! One file made ready for a command that reads files (`check`, `fmt`): its
//! text read (mapped when large and the command allows it), the memory to
//! work on it probed, then its settings and its kind decided by the
//! engine's one preparation (`engine::prepare`, which the servers and the
//! hook reach through `Engine`). Both commands skip what this skips, with
//! the same notes.

use std::path::Path;

use crate::config::Config;
use crate::files::{self, Input, Source, Work};
use crate::kinds::FileKind;
use crate::settings::Settings;

/// A file ready to be worked on.
pub struct Prepared {
    pub source: Source,
    pub settings: Settings,
    pub kind: FileKind,
}

/// How a file is read.
pub struct Reading<'a> {
    /// What is done to it: what memory it takes.
    pub work: Work,
    /// A large file may be mapped instead of copied (a command that holds
    /// on to the text, and reads it again should it change meanwhile).
    pub map: bool,
    /// Temporary files a killed run left beside it are removed first (a
    /// command about to write it).
    pub tidy: bool,
    /// Notes (a binary file skipped) are printed.
    pub notes: bool,
    /// Its name as messages show it.
    pub name: &'a str,
}

/// `input` read and made ready: `None` for a binary file met while walking
/// (skipped, with a note), an error naming the cause for a file that
/// cannot be read or is too large for the memory there. `config_path` is
/// the path its configuration is resolved for; `path` the one its kind is
/// decided by (none for standard input without `--stdin-filename`).
pub fn prepare(
    input: &Input,
    config: &Config,
    config_path: &Path,
    path: Option<&Path>,
    how: &Reading<'_>,
) -> Result<Option<Prepared>, String> {
    if let (true, Some(file)) = (how.tidy, input.path()) {
        files::tidy(file);
    }
    let read = match how.map {
        true => files::read_source(input),
        false => files::read(input).map(Source::Read),
    };
    let source = match read {
        // A binary file met while walking is skipped, with a note.
        Err(files::ReadError::Binary { .. }) if matches!(input, Input::Walked(_)) => {
            if how.notes {
                eprintln!(
                    "note: {}: binary file skipped",
                    crate::output::safe::text(how.name)
                );
            }
            return Ok(None);
        }
        read => read?,
    };
    // A file too large for the memory there fails here, alone.
    files::room_to_work(how.work, &source)?;
    let crate::engine::Prepared { settings, kind } =
        crate::engine::prepare(config, Some(config_path), path, &source);
    Ok(Some(Prepared {
        source,
        settings,
        kind,
    }))
}
