//! The syntax layer: a transcript turned into a flat, typed list of lines
//! with byte spans.
//!
//! The language is defined by the pest grammar in
//! `grammar/transcript.pest`. Texts are read by the line scanner (`scan`),
//! a hand-compiled copy of the grammar driven by `read`; the grammar itself
//! runs only in the tests and fuzz targets (`spec`), which hold that the
//! scanner reads every input exactly as the grammar does.
//!
//! Nothing here knows who is speaking or what a block means: that is the
//! job of [`crate::model`]. This layer only says what each line is and which
//! markers, brackets and code spans it holds.

mod document;
mod lines;
mod malformed;
mod read;
mod scan;
#[cfg(any(test, feature = "internals"))]
#[doc(hidden)]
pub mod spec;
#[cfg(test)]
mod spec_tests;
mod types;

pub use document::Document;
pub use lines::Lines;
pub use malformed::canonical_form;
pub use malformed::diagnose as diagnose_malformed;
pub use malformed::misspelt as misspelt_marker;
pub use read::parse_with;
#[cfg(test)]
pub(crate) use read::with_pieces_of;
pub use read::{parse_apart, InPieces};
#[cfg(any(test, feature = "internals"))]
#[doc(hidden)]
pub use read::{parse_in_pieces, parse_split_at};
pub use scan::KEYWORDS as MARKER_KEYWORDS;
pub use types::{
    BlockKind, CardEmoji, Inline, Lead, Line, LineKind, Marker, MarkerKind, NoteKind, Span,
    MAX_SOURCE,
};

use types::LineData;
