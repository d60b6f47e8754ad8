//! `boardlint server`: a Language Server on standard input and output, for
//! editors. It publishes the diagnostics of every file kind boardlint reads
//! as the file is opened, edited and saved; offers `fmt` as formatting and
//! as code actions (format a card, format the file, fix all, a quick fix
//! on each diagnostic `fmt` removes, a suppression comment for a line);
//! and shows a rule's page on hover. The documents are the editor's: the
//! server keeps the open ones, in memory, and lets a closed one go.
//!
//! Built on `lsp-server` (the JSON-RPC scaffold) and `lsp-types`, as ruff's
//! server is, with a transport of its own that survives malformed messages
//! (`transport.rs`). The message loop (`session.rs`) runs on one thread and
//! never checks a document itself: it waits for a message, a check done or
//! the end of an edit's debounce, whichever comes first, while the checks
//! run on worker threads (`checks.rs`), each called off once the document
//! it reads has changed.

mod actions;
mod checks;
mod documents;
#[cfg(any(test, feature = "internals"))]
mod fuzz;
mod hover;
mod lint;
mod positions;
mod session;
#[cfg(test)]
mod tests;
mod transport;
mod uri;

use clap::Args;

#[cfg(feature = "internals")]
pub use fuzz::stream;

use super::engines::Engines;
use super::{ConfigFlags, EXIT_FAILURE};

#[derive(Debug, Args)]
pub struct ServerArgs {
    /// Serve on standard input and output (the only transport; accepted
    /// because editors pass it).
    #[arg(long)]
    pub stdio: bool,
    #[command(flatten)]
    pub config: ConfigFlags,
}

pub fn run(args: &ServerArgs) -> i32 {
    let engines = match Engines::new(&args.config) {
        Ok(engines) => engines,
        Err(failure) => return super::failing::config_failure(&failure),
    };
    let (connection, io) = match transport::stdio() {
        Ok(started) => started,
        Err(e) => {
            eprintln!("error: boardlint server: cannot start: {e}");
            return EXIT_FAILURE;
        }
    };
    let code = session::serve(&connection, engines);
    // The writer sends what is left, then ends; the reader may be waiting
    // on standard input and is not waited for.
    drop(connection);
    if let Err(e) = io.finish() {
        eprintln!("error: boardlint server: {e}");
        return EXIT_FAILURE;
    }
    code
}
