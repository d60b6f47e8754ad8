//! Work on a large text spread over every core: a pass over all of its
//! bytes (whether it is UTF-8, where its lines start, how many lines and
//! markers it holds) made on each piece at once and put together, and what
//! was made of it let go of on another core while the results go out.
//!
//! On a text of 100 MB each of those passes, and freeing what a check built
//! of it, costs a few milliseconds on one core, with the other cores idle;
//! under [`FROM`] bytes a text is read in one piece, as the cost of handing
//! out pieces would be most of it.

use std::ops::Range;

use rayon::prelude::*;

/// Texts of at least this many bytes are read in pieces.
pub const FROM: usize = 4 << 20;

/// Pieces of about this many bytes: enough for every core to take some,
/// few enough that handing them out costs nothing to speak of.
const PIECE: usize = 4 << 20;

/// `bytes` cut into consecutive ranges of about [`PIECE`] bytes, each
/// starting where a UTF-8 character does (a cut never splits one): a
/// single range when `bytes` is shorter than [`FROM`].
pub fn pieces(bytes: &[u8]) -> Vec<Range<usize>> {
    let mut out = Vec::with_capacity(bytes.len() / PIECE + 1);
    if bytes.len() < FROM {
        out.push(0..bytes.len());
        return out;
    }
    let mut start = 0;
    while start < bytes.len() {
        let mut end = (start + PIECE).min(bytes.len());
        // Back to the first byte of the character the cut falls in: a
        // character has at most three continuation bytes after it.
        let floor = end.saturating_sub(3).max(start + 1);
        while end < bytes.len() && end > floor && bytes[end] & 0xC0 == 0x80 {
            end -= 1;
        }
        out.push(start..end);
        start = end;
    }
    out
}

/// Whether `bytes` are UTF-8, each piece checked on a core of its own.
/// Cut where characters start, the text is UTF-8 when every piece is: a
/// sequence cut short at a piece's end is an error in that piece, and so is
/// a piece that starts with a fourth continuation byte.
pub fn is_utf8(bytes: &[u8]) -> bool {
    pieces(bytes)
        .into_par_iter()
        .all(|r| std::str::from_utf8(&bytes[r]).is_ok())
}

/// How many times each of `needles` occurs in `bytes`, counted piece by
/// piece on every core.
pub fn count<const N: usize>(bytes: &[u8], needles: [&[u8]; N]) -> [usize; N] {
    pieces(bytes)
        .into_par_iter()
        .map(|r| {
            let piece = &bytes[r];
            needles.map(|set| match set {
                [a] => memchr::memchr_iter(*a, piece).count(),
                [a, b] => memchr::memchr2_iter(*a, *b, piece).count(),
                [a, b, c] => memchr::memchr3_iter(*a, *b, *c, piece).count(),
                _ => piece.iter().filter(|b| set.contains(b)).count(),
            })
        })
        .reduce(|| [0; N], |a, b| std::array::from_fn(|i| a[i] + b[i]))
}

/// The offsets just after each line feed of `bytes`, in order, pushed to
/// `out`: found piece by piece on every core in a large text.
pub fn line_feeds_after(bytes: &[u8], out: &mut Vec<usize>) {
    fn after(at: usize, piece: &[u8]) -> impl Iterator<Item = usize> + '_ {
        memchr::memchr_iter(b'\n', piece).map(move |i| at + i + 1)
    }
    if bytes.len() < FROM {
        out.extend(after(0, bytes));
        return;
    }
    let found: Vec<Vec<usize>> = pieces(bytes)
        .into_par_iter()
        .map(|r| after(r.start, &bytes[r]).collect())
        .collect();
    out.reserve(found.iter().map(Vec::len).sum());
    for piece in found {
        out.extend(piece);
    }
}

/// Let go of `value` on another core: what a large text was made into
/// (its assembled copy, the tables of its lines) takes milliseconds to give
/// back to the system, which the caller need not wait for. A process that
/// ends first leaves the rest to the system.
///
/// The value goes to a thread of its own, not to the thread pool: a
/// worker of the pool that is waiting on a join runs the pool's pending
/// jobs first, so a drop handed to the pool would hold up whoever waits
/// on that join (the findings' output, behind a conversation's drop).
pub fn drop_later<T: Send + 'static>(value: T) {
    type Later = Box<dyn Send>;
    static DROPPER: std::sync::OnceLock<Option<std::sync::mpsc::Sender<Later>>> =
        std::sync::OnceLock::new();
    let sender = DROPPER.get_or_init(|| {
        let (tx, rx) = std::sync::mpsc::channel::<Later>();
        std::thread::Builder::new()
            .name("boardlint-drop".into())
            .spawn(move || rx.into_iter().for_each(drop))
            .ok()
            .map(|_| tx)
    });
    // Without a thread to hand it to, it is let go here.
    if let Some(sender) = sender {
        let _ = sender.send(Box::new(value));
    }
}

/// Bring the pages of `memory` into being at once, one call for them all,
/// instead of a fault for each page at its first write (Linux 5.14 and
/// later): for a large buffer about to be written from its start. Where the
/// system cannot, the pages come into being as they are written, as ever.
pub fn populate(memory: &mut [u8]) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let at = memory.as_mut_ptr() as usize;
        // The whole pages inside it.
        let (start, end) = (at.next_multiple_of(PAGE), (at + memory.len()) / PAGE * PAGE);
        if start < end {
            // SAFETY: the pages lie within `memory`, which is ours to
            // write; populating them for writing leaves what they hold.
            unsafe {
                libc::madvise(
                    start as *mut libc::c_void,
                    end - start,
                    libc::MADV_POPULATE_WRITE,
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = memory;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A text of `n` bytes of several widths of character: ASCII, two,
    /// three and four bytes, and line feeds.
    fn mixed(n: usize) -> String {
        let unit = "ab\u{e9}\u{20ac}c\u{1f600}\n[x]`";
        let mut s = String::with_capacity(n + unit.len());
        while s.len() < n {
            s.push_str(unit);
        }
        s
    }

    #[test]
    fn pieces_cover_the_text_and_start_where_characters_do() {
        let text = mixed(3 * FROM + 17);
        let pieces = pieces(text.as_bytes());
        assert!(pieces.len() > 1);
        assert_eq!(pieces.first().unwrap().start, 0);
        assert_eq!(pieces.last().unwrap().end, text.len());
        for w in pieces.windows(2) {
            assert_eq!(w[0].end, w[1].start);
        }
        for p in &pieces {
            assert!(text.is_char_boundary(p.start), "{p:?}");
            assert!(!p.is_empty());
        }
    }

    #[test]
    fn a_large_text_is_utf8_exactly_when_the_standard_check_says_so() {
        let text = mixed(2 * FROM + 5);
        assert!(is_utf8(text.as_bytes()));
        let cuts = pieces(text.as_bytes());
        // A byte broken at a cut, just before it, just after it, and at
        // the very end: each is found, whichever piece it falls in.
        for at in [
            cuts[1].start,
            cuts[1].start - 1,
            cuts[1].start + 1,
            text.len() - 1,
        ] {
            let mut bytes = text.clone().into_bytes();
            bytes[at] = 0xFF;
            assert_eq!(
                is_utf8(&bytes),
                std::str::from_utf8(&bytes).is_ok(),
                "byte {at}"
            );
            assert!(!is_utf8(&bytes), "byte {at}");
        }
        // A character cut short at a piece's end.
        let mut bytes = text.clone().into_bytes();
        let end = cuts[0].end;
        let euro = "\u{20ac}".as_bytes();
        bytes[end - 2..end].copy_from_slice(&euro[..2]);
        assert_eq!(is_utf8(&bytes), std::str::from_utf8(&bytes).is_ok());
        // Four continuation bytes in a row, across a cut.
        let mut bytes = text.into_bytes();
        let at = cuts[1].start;
        bytes[at - 2..at + 2].fill(0x80);
        assert!(!is_utf8(&bytes));
    }

    #[test]
    fn populated_memory_keeps_what_it_holds() {
        // Unaligned at both ends, with pages written and pages not.
        let mut buffer = vec![0u8; 5 * 4096 + 123];
        let part = &mut buffer[7..];
        for (i, b) in part.iter_mut().take(4096 + 9).enumerate() {
            *b = (i % 251) as u8;
        }
        populate(part);
        populate(&mut []);
        for (i, b) in buffer[7..].iter().enumerate() {
            let want = if i < 4096 + 9 { (i % 251) as u8 } else { 0 };
            assert_eq!(*b, want, "byte {i}");
        }
    }

    #[test]
    fn what_is_dropped_later_is_dropped() {
        struct Told(std::sync::mpsc::Sender<()>);
        impl Drop for Told {
            fn drop(&mut self) {
                self.0.send(()).unwrap();
            }
        }
        let (tx, rx) = std::sync::mpsc::channel();
        drop_later(Told(tx));
        rx.recv_timeout(std::time::Duration::from_secs(30)).unwrap();
    }

    #[test]
    fn counts_and_line_starts_match_one_pass_over_the_text() {
        for n in [0, 10, FROM - 1, 2 * FROM + 3] {
            let text = mixed(n);
            let b = text.as_bytes();
            let [lines, items] = count(b, [b"\n", b"[`"]);
            assert_eq!(lines, b.iter().filter(|&&c| c == b'\n').count());
            assert_eq!(items, b.iter().filter(|&&c| c == b'[' || c == b'`').count());
            let starts: Vec<usize> = memchr::memchr_iter(b'\n', b).map(|i| i + 1).collect();
            let mut found = Vec::new();
            line_feeds_after(b, &mut found);
            assert_eq!(found, starts);
        }
    }
}
