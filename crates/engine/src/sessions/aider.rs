//! Aider's chat history (`.aider.chat.history.md`, or the file
//! `--chat-history-file` names): Markdown that aider only appends to. Each
//! session opens with `# aider chat started at YYYY-MM-DD HH:MM:SS`; the
//! user's input is written as `#### ` lines, tool output as `> ` lines, and
//! the model's reply as it is, after a blank line. Only the model's replies
//! are read, each a message, with a leading reasoning block
//! (`<thinking-content-…>` or `<think>`) left out; each session is a
//! conversation of its own.
//!
//! Aider ends each of its own records with two spaces: its user lines,
//! each tool line, and the last line of a tool message that holds line
//! breaks, whose later lines carry no `> ` (a failed edit echoed, `/git`
//! output, a proposed shell command). A `>` line without the two spaces
//! opens such a message, which runs to the first line that has them. A
//! file whose trailing spaces were stripped (an editor, a hook) has no
//! such mark: there a tool message runs to the first blank line.

use super::log::{Conversation, Piece, SessionLog};
use super::read::{fence_of, text_lines, TextLine};
use super::spec::Spec;
use crate::syntax::Span;

pub(super) const FORMAT: Spec = Spec {
    name: "Aider chat history",
    document: None,
    text: Some(is_history),
    record: None,
    read,
    structured_tools: false,
    resumes_at_messages: false,
    version: None,
};

const HEADER: &str = "# aider chat started at ";

/// How far into a file its first session header is looked for: a file
/// may open with a preface of its own.
const HEAD: usize = 4096;

/// A session header: the prefix and a `YYYY-MM-DD HH:MM:SS` time.
fn is_header(line: &str) -> bool {
    let Some(time) = line.strip_prefix(HEADER) else {
        return false;
    };
    let b = time.trim_end().as_bytes();
    b.len() == 19
        && b.iter().enumerate().all(|(i, c)| match i {
            4 | 7 => *c == b'-',
            10 => *c == b' ',
            13 | 16 => *c == b':',
            _ => c.is_ascii_digit(),
        })
}

fn is_history(text: &str, _name: &str) -> bool {
    let mut end = text.len().min(HEAD);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].lines().any(is_header)
}

/// What aider's records look like, line by line.
trait AiderLine {
    fn is_user(&self) -> bool;
    fn is_tool(&self) -> bool;
    /// Ends with aider's two spaces.
    fn marked(&self) -> bool;
}

impl AiderLine for TextLine<'_> {
    fn is_user(&self) -> bool {
        self.text.starts_with("####")
            && self.text[4..].chars().next().is_none_or(|c| c == ' ')
    }

    fn is_tool(&self) -> bool {
        self.text.starts_with('>')
    }

    fn marked(&self) -> bool {
        self.text.ends_with("  ")
    }
}

/// Where a line stands.
#[derive(Clone, Copy, PartialEq)]
enum State {
    /// Between records, or in the model's reply.
    Open,
    /// In a tool message's lines, up to the one with aider's mark (or, in
    /// a file without marks, up to a blank line).
    Tool,
    /// Just after a tool message: lines with no prefix and no blank line
    /// before them still belong to it.
    AfterTool,
    /// In the reasoning block at a reply's start, up to its closing tag.
    Thinking(&'static str),
}

fn read(log: &mut SessionLog, text: &str) {
    // Whether aider's two spaces survive: any of its records keeps them.
    let marks = text_lines(text).any(|l| (l.is_user() || l.is_tool()) && l.marked());
    let mut conversation = Conversation::default();
    let mut reply: Option<Span> = None;
    let mut state = State::Open;
    // The fence of a code block open in the reply (its character and
    // length): its lines are the reply's whatever they start with (an
    // edit's `>>>>>>> REPLACE`).
    let mut fence: Option<(u8, usize)> = None;
    let flush = |conversation: &mut Conversation, reply: &mut Option<Span>| {
        if let Some(span) = reply.take() {
            conversation.push(
                vec![Piece::lines(span)],
                None,
            );
        }
    };
    // What comes before the first session's header is no session's.
    let mut started = false;
    for line in text_lines(text) {
        if is_header(line.text) {
            flush(&mut conversation, &mut reply);
            log.conversations.push(std::mem::take(&mut conversation));
            state = State::Open;
            fence = None;
            started = true;
            continue;
        }
        if !started {
            continue;
        }
        match state {
            State::Thinking(close) => {
                if line.text.contains(close) {
                    state = State::Open;
                }
                continue;
            }
            State::Tool => {
                // With marks, the marked line is the message's last and the
                // lines right after it are its too; without, the blank line
                // ends it.
                match marks {
                    true if line.marked() => state = State::AfterTool,
                    false if line.is_blank() => state = State::Open,
                    _ => {}
                }
                continue;
            }
            State::AfterTool if !line.is_blank() && !line.is_user() && !line.is_tool() => {
                continue;
            }
            _ => {}
        }
        if let (Some(open), Some(span)) = (fence, &mut reply) {
            span.end = line.end();
            if fence_of(line.text).is_some_and(|(c, n)| c == open.0 && n >= open.1) {
                fence = None;
            }
            continue;
        }
        if line.is_user() || line.is_tool() {
            flush(&mut conversation, &mut reply);
            state = match line.is_tool() && (!marks || !line.marked()) {
                // A tool message of several lines; in a file without marks
                // any tool line may be one.
                true => State::Tool,
                false => State::AfterTool,
            };
            continue;
        }
        if line.is_blank() {
            state = State::Open;
            continue;
        }
        // A line of the model's reply; a reasoning block opening it is not.
        if reply.is_none() {
            let opening = line.text.trim_start();
            let close = if opening.starts_with("<thinking-content-") {
                Some("</thinking-content-")
            } else if opening.starts_with("<think>") {
                Some("</think>")
            } else {
                None
            };
            if let Some(close) = close {
                if !line.text.contains(close) {
                    state = State::Thinking(close);
                }
                continue;
            }
        }
        match &mut reply {
            Some(span) => span.end = line.end(),
            None => reply = Some(line.start..line.end()),
        }
        fence = fence_of(line.text);
    }
    flush(&mut conversation, &mut reply);
    log.conversations.push(conversation);
    // The conversations before the first header (a preface) hold nothing.
    log.conversations.retain(|c| !c.messages.is_empty());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text of each reply of each conversation, as the file holds it.
    fn replies(text: &str) -> Vec<Vec<&str>> {
        assert!(is_history(text, "x.md"), "{text}");
        let mut log = SessionLog::default();
        read(&mut log, text);
        log.conversations
            .iter()
            .map(|c| c.messages.iter().map(|m| &text[m[0].raw.clone()]).collect())
            .collect()
    }

    #[test]
    fn each_session_is_a_conversation_and_each_reply_a_message() {
        let text = "Notes kept by hand.\n\n# aider chat started at 2026-03-14 09:12:40\n\n\
                    > Aider v0.86.1  \n\n#### Plan Q3.  \n\nCRO: first.\n\nStill the reply.\n\n\
                    > Tokens: 1k sent.  \n\n#### More?  \n\n<think>\nCFO: [INVOKE:cfo|x]\n</think>\n\nCFO: second.\n\n\
                    # aider chat started at 2026-03-15 10:00:00\n\n#### Again.  \n\nCMO: third.\n";
        assert_eq!(
            replies(text),
            vec![vec!["CRO: first.\n\nStill the reply.", "CFO: second."], vec!["CMO: third."]]
        );
        assert!(!is_history("# aider chat started at yesterday\n", "x.md"));
        assert!(!is_history("# Notes\n\n#### Not aider.\n", "x.md"));
    }

    #[test]
    fn a_tool_message_runs_to_aiders_mark_or_without_marks_to_a_blank_line() {
        let head = "# aider chat started at 2026-03-14 09:12:40\n\n";
        // With marks: the message's unquoted lines, blank ones too, up to
        // the line that ends with two spaces, and the lines right after it.
        let marked = format!(
            "{head}#### Go.  \n> # 1 SEARCH/REPLACE block failed to match!\n\n\
             ## SearchReplaceNoExactMatch\n[INVOKE:cfo|x]\nThe SEARCH section must match  \n\
             Cost: $0.01\n\nCFO: the reply.\n"
        );
        assert_eq!(replies(&marked), vec![vec!["CFO: the reply."]]);
        // Without marks (stripped): up to the first blank line.
        let stripped = format!(
            "{head}#### Go.\n> Aider v0.79.1\n> bazel clean\nbazel build\n\nCFO: the reply.\n\n\
             #### And?\n\nCRO: next.\n"
        );
        assert_eq!(replies(&stripped), vec![vec!["CFO: the reply.", "CRO: next."]]);
    }

    #[test]
    fn a_fenced_block_in_a_reply_is_the_replys_whatever_its_lines_start_with() {
        let text = "# aider chat started at 2026-03-14 09:12:40\n\n#### Edit.  \n\n\
                    CRO: the edit.\n\nnotes.md\n```markdown\n<<<<<<< SEARCH\n#### old\n=======\n> new\n\
                    >>>>>>> REPLACE\n```\n\nCFO: done.\n\n> Applied edit to notes.md  \n";
        assert_eq!(
            replies(text),
            vec![vec![
                "CRO: the edit.\n\nnotes.md\n```markdown\n<<<<<<< SEARCH\n#### old\n=======\n> new\n\
                 >>>>>>> REPLACE\n```\n\nCFO: done."
            ]]
        );
    }
}
