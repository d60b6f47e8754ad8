//! A read transcript as a whole: its front matter, its lines and its
//! fenced code blocks.

use super::{Lines, Span};

/// A parsed transcript: its front matter and every line, in order.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Document {
    /// Span of the YAML front matter body (without the `---` fences).
    pub front_matter: Option<Span>,
    pub lines: Lines,
    /// Opaque fenced code blocks (their whole span, fences included).
    pub code_fences: Vec<Span>,
}
