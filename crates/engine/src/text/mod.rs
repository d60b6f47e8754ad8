//! Reading the prose inside cards: sentences, figures, sources, confidence
//! levels and actions. Shared by the card rules and the formatter. One idea
//! a file; everything is used as `crate::text::…`.

mod actions;
mod case;
mod confidence;
mod figures;
mod levels;
mod options;
mod phrases;
mod sentences;
mod sources;

pub use actions::{parse_action, vague_deadline, vague_owner};
pub use case::{
    contains_ignoring_ascii_case, find_lowered, lowering_keeps_offsets, prefix_len_ignoring_case,
    rfind_lowered,
};
pub use confidence::{emoji_word_mismatches, find_confidence};
pub use figures::has_figure;
pub use levels::{canonical_urgency, Level, CONFIDENCE_EMOJIS};
pub use options::{
    abdication, canonical_option, no_recommendation, option, option_line, recommendation_line,
    recommendation_value,
};
pub use phrases::Phrases;
pub use sentences::sentence_count;
pub use sources::{has_source, tagged};
