fn main() {
    std::process::exit(boardlint::cli::run(std::env::args_os()));
}
