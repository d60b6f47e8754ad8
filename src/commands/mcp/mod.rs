//! `boardlint mcp`: a Model Context Protocol server on standard input and
//! output, for agents to lint their own drafts. Its tools (`check`,
//! `format`, `explain_rule`, `list_rules`) take the text itself and answer
//! with what `boardlint check --format json`, `boardlint fmt --diff` and
//! `boardlint rule` say of it, through the same engine. Bad input is a tool
//! error the model can read; a bug inside a call ends that call, never the
//! server. Standard output carries the protocol alone.

mod calls;
#[cfg(any(test, feature = "internals"))]
mod fuzz;
mod gate;
mod input;
mod results;
mod server;
mod tools;

use clap::Args;

#[cfg(feature = "internals")]
pub use fuzz::stream;

use super::{ConfigFlags, EXIT_FAILURE, EXIT_OK};

#[derive(Debug, Args)]
pub struct McpArgs {
    #[command(flatten)]
    pub config: ConfigFlags,
}

pub fn run(args: &McpArgs) -> i32 {
    let engines = match super::engines::Engines::new(&args.config) {
        Ok(engines) => engines,
        Err(failure) => return super::failing::config_failure(&failure),
    };
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: boardlint mcp: cannot start: {e}");
            return EXIT_FAILURE;
        }
    };
    let served = runtime.block_on(server::serve(engines));
    // A read of standard input still pending cannot be cancelled: do not
    // wait for it.
    runtime.shutdown_background();
    match served {
        Ok(()) => EXIT_OK,
        Err(e) => {
            eprintln!("error: boardlint mcp: {e}");
            EXIT_FAILURE
        }
    }
}
