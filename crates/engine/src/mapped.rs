//! A large file's text mapped into memory instead of copied, guarded
//! against the file being shortened while it is read.
//!
//! Bringing a copy's memory into being is most of what reading a large file
//! the system has cached costs (on a 100 MB session log, about as much as
//! parsing its records); a mapping shares the system's cached pages and
//! costs a few milliseconds. The catch every tool that maps files knows: a
//! read of a page another program cut off the end of the file (truncating
//! or rewriting it in place) raises `SIGBUS`, which ends the process. Here
//! such a page is replaced by a page of zeros, the mapping is marked, and
//! the caller, who asks [`Text::intact`] after its work, reads the file
//! again the ordinary way: nothing stops, and no result of a file that
//! changed while it was read is kept.
//!
//! A `SIGBUS` at any other address goes to the handler that was there
//! before (Rust's own, or the system's default).

/// A file's text, mapped; see the module's documentation.
pub struct Text {
    #[cfg(unix)]
    map: memmap2::Mmap,
    #[cfg(unix)]
    slot: usize,
}

impl Text {
    /// The file's text mapped, when it is UTF-8 and a guard is free; `None`
    /// otherwise (the caller reads it instead, and reports what is wrong).
    #[cfg(unix)]
    pub fn map(file: &std::fs::File, size: u64) -> Option<Text> {
        let len = usize::try_from(size).ok().filter(|&len| len > 0)?;
        guard::install()?;
        // SAFETY: the mapping is read only, and a page the file loses while
        // it is mapped is handled by the guard (this module's documentation).
        let map = unsafe { memmap2::MmapOptions::new().len(len).populate().map(file) }.ok()?;
        let slot = guard::watch(map.as_ptr() as usize, map.len())?;
        let text = Text { map, slot };
        // Checked once (on every core): the bytes a `str` is made of below.
        if !crate::parallel::is_utf8(&text.map) {
            return None;
        }
        Some(text)
    }

    #[cfg(not(unix))]
    pub fn map(_: &std::fs::File, _: u64) -> Option<Text> {
        None
    }

    /// Whether every page read so far held the file's bytes: `false` once
    /// the file was shortened under a read (the text then holds zeros where
    /// it lost bytes, and whatever was made of it is to be thrown away).
    pub fn intact(&self) -> bool {
        #[cfg(unix)]
        return !guard::hit(self.slot);
        #[cfg(not(unix))]
        true
    }

    pub fn as_str(&self) -> &str {
        #[cfg(unix)]
        {
            // SAFETY: checked as UTF-8 when mapped. A page the guard replaced
            // since holds zeros, which are UTF-8; what is made of such a text
            // is thrown away (`intact`).
            unsafe { std::str::from_utf8_unchecked(&self.map) }
        }
        #[cfg(not(unix))]
        ""
    }
}

#[cfg(unix)]
impl Drop for Text {
    fn drop(&mut self) {
        guard::release(self.slot);
    }
}

impl std::fmt::Debug for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Text")
            .field("len", &self.as_str().len())
            .field("intact", &self.intact())
            .finish()
    }
}

#[cfg(unix)]
mod guard {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::OnceLock;

    /// Mappings watched at once (a run maps a file a thread).
    const SLOTS: usize = 16;

    struct Slot {
        /// The mapping's first byte; 0 when the slot is free.
        start: AtomicUsize,
        len: AtomicUsize,
        /// A page of it was replaced.
        hit: AtomicBool,
        /// Taken (set before `start`, cleared after it).
        taken: AtomicBool,
    }

    #[allow(clippy::declare_interior_mutable_const)]
    const FREE: Slot = Slot {
        start: AtomicUsize::new(0),
        len: AtomicUsize::new(0),
        hit: AtomicBool::new(false),
        taken: AtomicBool::new(false),
    };

    static WATCHED: [Slot; SLOTS] = [FREE; SLOTS];
    static PAGE: AtomicUsize = AtomicUsize::new(0);

    /// Whether the handler is installed (tried once).
    static INSTALLED: OnceLock<bool> = OnceLock::new();

    /// The handler there was before, for the signal handler: a pointer to
    /// a `sigaction` that is never freed, or 0.
    static PREVIOUS: AtomicUsize = AtomicUsize::new(0);

    /// Install the handler once; `None` when it could not be.
    pub fn install() -> Option<()> {
        let installed = *INSTALLED.get_or_init(|| {
            // SAFETY: sysconf, and sigaction with structures owned here.
            unsafe {
                let page = libc::sysconf(libc::_SC_PAGESIZE);
                if page <= 0 {
                    return false;
                }
                PAGE.store(page as usize, Ordering::Relaxed);
                // The handler there was is kept where this one finds it
                // before this one is installed.
                let mut previous: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(libc::SIGBUS, std::ptr::null(), &mut previous) != 0 {
                    return false;
                }
                PREVIOUS.store(
                    Box::into_raw(Box::new(previous)) as usize,
                    Ordering::Release,
                );
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_sigbus as *const () as usize;
                action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(libc::SIGBUS, &action, std::ptr::null_mut()) == 0
            }
        });
        installed.then_some(())
    }

    /// Watch a mapping; its slot, or `None` when every slot is taken.
    pub fn watch(start: usize, len: usize) -> Option<usize> {
        let slot = WATCHED.iter().position(|s| {
            s.taken
                .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
        })?;
        let s = &WATCHED[slot];
        s.hit.store(false, Ordering::Relaxed);
        s.len.store(len, Ordering::Relaxed);
        s.start.store(start, Ordering::Release);
        Some(slot)
    }

    pub fn hit(slot: usize) -> bool {
        WATCHED[slot].hit.load(Ordering::Acquire)
    }

    /// Stop watching (before the mapping is gone).
    pub fn release(slot: usize) {
        let s = &WATCHED[slot];
        s.start.store(0, Ordering::Release);
        s.taken.store(false, Ordering::Release);
    }

    extern "C" fn on_sigbus(
        signal: libc::c_int,
        info: *mut libc::siginfo_t,
        context: *mut libc::c_void,
    ) {
        // SAFETY: the kernel hands a valid siginfo to an SA_SIGINFO handler.
        let address = unsafe { (*info).si_addr() } as usize;
        let page = PAGE.load(Ordering::Relaxed);
        for s in &WATCHED {
            let start = s.start.load(Ordering::Acquire);
            if start == 0 || address < start || address >= start + s.len.load(Ordering::Relaxed) {
                continue;
            }
            let at = address & !(page - 1);
            // SAFETY: the page lies in a mapping of ours (watched until it
            // is unmapped); a private page of zeros takes its place, and the
            // read that faulted is run again on it. mmap is a plain system
            // call, safe in a signal handler.
            let zeros = unsafe {
                libc::mmap(
                    at as *mut libc::c_void,
                    page,
                    libc::PROT_READ,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED,
                    -1,
                    0,
                )
            };
            if zeros != libc::MAP_FAILED {
                s.hit.store(true, Ordering::Release);
                return;
            }
        }
        // Not ours: the handler there was before.
        let previous = PREVIOUS.load(Ordering::Acquire) as *const libc::sigaction;
        // SAFETY: set once to a leaked, never-freed `sigaction` before this
        // handler was installed.
        let Some(previous) = (unsafe { previous.as_ref() }) else {
            return restore_default(signal);
        };
        let handler = previous.sa_sigaction;
        if handler == libc::SIG_IGN {
            return;
        }
        if handler == libc::SIG_DFL {
            return restore_default(signal);
        }
        // SAFETY: the previous handler, called as it was installed to be.
        unsafe {
            if previous.sa_flags & libc::SA_SIGINFO != 0 {
                let f: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) =
                    std::mem::transmute(handler);
                f(signal, info, context);
            } else {
                let f: extern "C" fn(libc::c_int) = std::mem::transmute(handler);
                f(signal);
            }
        }
    }

    /// The system's default action: returning runs the faulting read again,
    /// which then ends the process as an unhandled SIGBUS does.
    fn restore_default(signal: libc::c_int) {
        // SAFETY: sigaction with a zeroed structure (SIG_DFL).
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = libc::SIG_DFL;
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::Text;
    use std::io::Write as _;

    #[test]
    fn a_file_shortened_while_mapped_reads_as_zeros_and_is_no_longer_intact() {
        let mut file = tempfile::tempfile().unwrap();
        let text = "CFO: the lease is €14K a month.\n".repeat(4096);
        file.write_all(text.as_bytes()).unwrap();
        let size = text.len() as u64;
        let mapped = Text::map(&file, size).expect("mapped");
        assert_eq!(mapped.as_str(), text);
        assert!(mapped.intact());
        // Another program cuts the file to one byte: the pages past it are
        // gone, and reading them raised SIGBUS.
        file.set_len(1).unwrap();
        let last = mapped.as_str().as_bytes()[text.len() - 1];
        assert_eq!(last, 0, "a lost page reads as zeros");
        assert!(!mapped.intact());
        // Another mapping is watched on its own.
        let mut other = tempfile::tempfile().unwrap();
        other.write_all(text.as_bytes()).unwrap();
        let again = Text::map(&other, size).expect("mapped");
        assert!(again.intact());
        assert_eq!(again.as_str().len(), text.len());
    }

    #[test]
    fn what_is_not_utf8_or_empty_is_not_mapped() {
        let mut file = tempfile::tempfile().unwrap();
        file.write_all(b"CFO: \xff\xfe").unwrap();
        assert!(Text::map(&file, 7).is_none());
        let empty = tempfile::tempfile().unwrap();
        assert!(Text::map(&empty, 0).is_none());
    }
}
