fn main() {
    return_freed_memory();
    std::process::exit(boardlint::run_command_line(std::env::args_os()));
}

/// Blocks of 256 KB or more are mapped on their own, so that freeing one
/// gives it back to the system at once. glibc otherwise raises that bound
/// each time such a block is freed, up to 32 MB, and serves the large
/// tables of the next phase (parsed lines, the model, the findings) from
/// heap it cannot give back while anything above it is alive: on a large
/// transcript that kept a third of the file's size again resident
/// (docs/performance.md). Growing a mapped table moves no bytes (the
/// kernel remaps its pages), so this costs no speed.
fn return_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes the allocator's tuning; it is called
    // before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 256 * 1024);
    }
}
