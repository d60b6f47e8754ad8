//! What the servers' message-stream tests share: a seeded generator, a
//! process's resident memory and its peak, and texts that are costly to
//! check.

/// A small seeded generator, so a failure can be replayed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.next() as usize % items.len()]
    }
}

/// The resident memory of a process, in KB (Linux).
pub fn rss_kb(pid: u32) -> u64 {
    status_kb(pid, "VmRSS:")
}

/// The most resident memory a process has had, in KB (Linux).
#[allow(dead_code)]
pub fn peak_kb(pid: u32) -> u64 {
    status_kb(pid, "VmHWM:")
}

fn status_kb(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("{field} in /proc/PID/status"))
}

/// A transcript of `kb` KB of `[INVOKE:` without a closing bracket: every
/// one a diagnostic, so that its check takes seconds in a debug build and
/// about 470 bytes of memory a byte of text (a release build checks 256 KB
/// of it in 0.6 s, at a 120 MB peak).
#[allow(dead_code)]
pub fn costly_text(kb: usize) -> String {
    "[INVOKE:".repeat(kb * 1024 / 8)
}
