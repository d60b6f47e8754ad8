//! Protocol records other than transcripts: pipeline handoff records and
//! transition logs.
//! Decision logs are markdown and read by the transcript model
//! (`crate::model::decisions`).

pub mod handoff;
pub mod transition;
