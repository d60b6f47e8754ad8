fn main() {
    std::process::exit(boardlint::run_command_line(std::env::args_os()));
}
