//! `boardlint completions SHELL` and `boardlint man`.

use clap::Args;

use super::{EXIT_FAILURE, EXIT_OK};

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// The completion script of the command line `cmd` describes.
pub fn completions(shell: clap_complete::Shell, mut cmd: clap::Command) -> i32 {
    clap_complete::generate(shell, &mut cmd, "boardlint", &mut std::io::stdout());
    EXIT_OK
}

/// The man page of the command line `cmd` describes.
pub fn man(cmd: clap::Command) -> i32 {
    let page = clap_mangen::Man::new(cmd);
    match page.render(&mut std::io::stdout()) {
        Ok(()) => EXIT_OK,
        Err(e) => {
            eprintln!("error: standard output: {e}");
            EXIT_FAILURE
        }
    }
}
