//! `boardlint completions SHELL` and `boardlint man`.

use super::{EXIT_FAILURE, EXIT_OK};

pub fn completions(shell: clap_complete::Shell) -> i32 {
    let mut cmd = crate::cli::command();
    clap_complete::generate(shell, &mut cmd, "boardlint", &mut std::io::stdout());
    EXIT_OK
}

pub fn man() -> i32 {
    let page = clap_mangen::Man::new(crate::cli::command());
    match page.render(&mut std::io::stdout()) {
        Ok(()) => EXIT_OK,
        Err(e) => {
            eprintln!("error: standard output: {e}");
            EXIT_FAILURE
        }
    }
}
