//! Session logs written by agent tools: Claude Code, Qwen Code, Codex CLI,
//! Gemini CLI (JSON and JSONL), Cline (its history and its task messages,
//! which Roo Code and Kilo Code write too), OpenCode exports, the Pi agent,
//! Cursor's agent transcripts, GitHub Copilot CLI, VS Code's chat export,
//! OpenHands (trajectories and SDK events), Grok Build,
//! OpenAI chat messages (JSON or JSONL), and the chat histories written as
//! Markdown: Aider's, SpecStory's and Cursor's chat export, of which only
//! the model's turns are read.
//! `docs/sessions.md` describes each format.
//!
//! Each format has a file of its own that gives its name, the shapes its
//! logs are recognised by and its reader (a [`Spec`]); one entry in the
//! table below makes it a [`SessionFormat`], and [`detect`] asks the
//! formats in the table's order. The assistant text of each
//! conversation becomes one transcript, checked by every transcript rule;
//! each diagnostic is mapped back, through the decoded JSON strings, to the
//! raw bytes of the log that hold the text. Strings no rule reads (tool
//! input and output, thinking, images) are never decoded.

// The formats, in the order detection asks them: where two formats accept
// a shape, the first wins. Each format's file gives its `Spec` (name,
// detection, reader); one entry here makes it a `SessionFormat`.
//
// That order matters: a Gemini document before an OpenCode export, both
// before Cline's history and OpenAI messages (Cline's arrays are OpenAI
// messages too; Gemini's and OpenCode's documents are objects, so any
// array in Cline's history file is Cline's); a `.jsonl` file of one OpenAI
// conversation is a dataset of one; Claude Code, Codex, Pi and Cursor
// records before Gemini's and OpenAI's.
//
/// The table of formats, one entry a format, handed to another macro: this
/// file makes each entry's `mod` line from it, `format.rs` the enum, its
/// [`SessionFormat::ALL`] and the dispatch to each format's `Spec`.
macro_rules! with_formats {
    ($then:ident) => {
        $then! {
            claude {
                /// Qwen Code: Claude Code's envelopes with Gemini's parts,
                /// asked first.
                QwenCode = QWEN,
                ClaudeCode = FORMAT,
            }
            codex { Codex = FORMAT }
            pi { Pi = FORMAT }
            cursor { Cursor = FORMAT }
            grok { GrokBuild = FORMAT }
            aider { Aider = FORMAT }
            cursor_export { CursorExport = FORMAT }
            specstory { SpecStory = FORMAT }
            copilot { CopilotCli = FORMAT }
            gemini {
                /// Gemini CLI's chat recording as one JSON document.
                GeminiJson = DOCUMENT,
                /// Gemini CLI's chat recording as JSONL (0.61 and later).
                GeminiJsonl = JSONL,
            }
            opencode { OpenCode = FORMAT }
            cline { Cline = FORMAT }
            cline_ui { ClineMessages = FORMAT }
            vscode_chat { VsCodeChat = FORMAT }
            openhands {
                /// An OpenHands 0.x trajectory: one JSON array of events.
                OpenHandsTrajectory = TRAJECTORY,
                /// OpenHands SDK events, one a line.
                OpenHandsEvents = EVENTS,
            }
            openai {
                /// OpenAI chat messages as JSONL, one conversation a line (a dataset).
                OpenAiJsonl = JSONL,
                /// OpenAI chat messages as one JSON document (a request body).
                OpenAi = DOCUMENT,
            }
        }
    };
}

/// One `mod` line an entry of the table.
macro_rules! declare_modules {
    ($( $module:ident { $($entry:tt)* } )+) => {
        $( mod $module; )+
    };
}

with_formats!(declare_modules);

mod assemble;
mod format;
pub mod json;
mod log;
mod read;
mod spec;

pub use assemble::History;
pub use format::{describe, detect, identify, is_chat_history, SessionFormat};
pub use log::Session;
