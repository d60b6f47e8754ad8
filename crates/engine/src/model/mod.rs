//! The transcript model: who speaks where, which blocks are open, which
//! invocations are pending, and what call chain each one carries.
//!
//! It is built once per file, in one pass over the lines of the
//! [`Document`](crate::syntax::Document), and every rule reads it. The
//! speaker and chain model it implements is written down in
//! `docs/transcript-format.md`.
//!
//! The files point one way: the types (`blocks`, `cards`, `card_body`, `carry`,
//! `decisions`, `faults`, `invocations`, `line_starts`, `notes`,
//! `response`, `sections`) know nothing of the [`Transcript`] that holds them
//! (`transcript.rs`); what reads a transcript (`build`, `card_fill`,
//! `decision_log`, `fields`) comes after both. This file only names them.

mod blocks;
mod build;
pub mod card_body;
mod card_fill;
pub mod cards;
mod carry;
pub mod decision_log;
pub mod decisions;
mod faults;
mod fields;
mod invocations;
mod line_starts;
mod notes;
pub mod response;
pub mod sections;
mod transcript;

pub use blocks::{Answer, Block};
#[cfg(any(test, feature = "internals"))]
pub use build::build;
pub use build::{build_continuing, build_conversation, build_file, build_with_items, Continuing};
pub use cards::{Card, CardKind, CardSection};
pub use carry::{Carry, Cut};
pub use faults::{PhaseFault, PhaseFaultKind};
pub use fields::{read_fields_ahead, response_fields, FIELD_READERS};
pub use invocations::InvocationKind;
pub use notes::Note;
pub use response::{FieldName, ResponseField};
pub use sections::Section;
pub use transcript::Transcript;
