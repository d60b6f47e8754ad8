//! Protocol records other than transcripts: pipeline handoff records,
//! transition logs and handshake message logs.
//! Decision logs are markdown and read by the transcript model
//! (`crate::model::decisions`).

pub mod handoff;
pub mod handshake;
pub mod transition;
