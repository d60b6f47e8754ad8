//! Containing a panic to the file (or rule) it happened in.

use std::any::Any;
use std::panic::{self, AssertUnwindSafe};

/// Run `f`; a panic comes back as its message instead of ending the run.
pub fn contain<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    panic::catch_unwind(AssertUnwindSafe(f)).map_err(|payload| message(&*payload))
}

/// The message a panic was raised with.
pub fn message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown cause".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_its_message() {
        assert_eq!(contain(|| 7), Ok(7));
        assert_eq!(
            contain(|| -> u8 { panic!("boom {}", 1) }),
            Err("boom 1".into())
        );
        assert_eq!(contain(|| -> u8 { panic!("static") }), Err("static".into()));
    }
}
