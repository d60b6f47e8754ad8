//! Protocol records other than transcripts: pipeline handoff records.
//! Decision logs are markdown and read by the transcript model
//! (`crate::model::decisions`).

pub mod handoff;
