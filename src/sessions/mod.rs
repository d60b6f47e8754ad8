//! Session logs written by agent tools: Claude Code, Codex CLI, Gemini CLI
//! (JSON and JSONL), Cline, OpenCode exports, the Pi agent, and OpenAI chat
//! messages (JSON or JSONL). `docs/sessions.md` describes each format.
//!
//! Each format has a file of its own that gives its name, the shapes its
//! logs are recognised by and its reader (a [`Spec`]); one entry in the
//! table below makes it a [`SessionFormat`], and [`detect`] asks the
//! formats in the table's order. The assistant text of each
//! conversation becomes one transcript, checked by every transcript rule;
//! each diagnostic is mapped back, through the decoded JSON strings, to the
//! raw bytes of the log that hold the text. Strings no rule reads (tool
//! input and output, thinking, images) are never decoded.

/// One entry a format: its file (a module) and, for each format the file
/// gives, the variant of [`SessionFormat`] and the file's [`Spec`] of it.
/// The `mod` lines, the enum, [`SessionFormat::ALL`] and the dispatch to
/// each format's name, detection and reader all come from the entries.
macro_rules! formats {
    ($(
        $module:ident { $( $(#[$doc:meta])* $variant:ident = $spec:ident ),+ $(,)? }
    )+) => {
        $( mod $module; )+

        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum SessionFormat {
            $( $( $(#[$doc])* $variant, )+ )+
        }

        impl SessionFormat {
            /// Every format, in the order detection asks them.
            pub const ALL: [SessionFormat; [$( $( stringify!($variant) ),+ ),+].len()] =
                [$( $( SessionFormat::$variant ),+ ),+];

            /// What the format's file says of it.
            fn spec(self) -> &'static Spec {
                match self {
                    $( $( SessionFormat::$variant => &$module::$spec, )+ )+
                }
            }
        }
    };
}

// The formats, in the order detection asks them: where two formats accept
// a shape, the first wins. Each format's file gives its `Spec` (name,
// detection, reader); one entry here makes it a `SessionFormat`.
//
// That order matters: a Gemini document before an OpenCode export, both
// before Cline's history and OpenAI messages (Cline's arrays are OpenAI
// messages too; Gemini's and OpenCode's documents are objects, so any
// array in Cline's history file is Cline's); a `.jsonl` file of one OpenAI
// conversation is a dataset of one; Claude Code, Codex and Pi records
// before Gemini's and OpenAI's.
formats! {
    claude { ClaudeCode = FORMAT }
    codex { Codex = FORMAT }
    pi { Pi = FORMAT }
    gemini {
        /// Gemini CLI's chat recording as one JSON document.
        GeminiJson = DOCUMENT,
        /// Gemini CLI's chat recording as JSONL (0.61 and later).
        GeminiJsonl = JSONL,
    }
    opencode { OpenCode = FORMAT }
    cline { Cline = FORMAT }
    openai {
        /// OpenAI chat messages as JSONL, one conversation a line (a dataset).
        OpenAiJsonl = JSONL,
        /// OpenAI chat messages as one JSON document (a request body).
        OpenAi = DOCUMENT,
    }
}

mod assemble;
mod format;
pub mod json;
mod log;
mod read;

use format::Spec;

pub use format::detect;
pub use log::{Session, SessionLog};

impl SessionFormat {
    pub fn name(self) -> &'static str {
        self.spec().name
    }
}
