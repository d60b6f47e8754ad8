//! Between standard input and output and rmcp: the requests rmcp drops
//! without a word are answered here, so that no client waits forever on
//! one. A request whose `params` is no object (a number, a string, an
//! array: every MCP request takes named parameters), or that asks a
//! notification's method, gets a JSON-RPC error with its id. A request
//! serde_json cannot read (a lone surrogate such as `"\ud800"` in a
//! string, bytes that are not UTF-8, nesting deeper than 128 levels) gets a
//! parse error with the id a lenient scan of its top level finds
//! (`super::super::jsonrpc`), and a request over the line limit an invalid
//! request with the id found in what was read of it. Every other line
//! passes through unchanged, and what rmcp writes reaches standard output
//! line by line, between the gate's own answers, never inside one of them.

use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

/// The size of the pipes between the gate and rmcp.
const PIPE: usize = 1 << 16;

/// rmcp's ends of the two pipes (what it reads, what it writes), with the
/// gate running between them and `input` and `output`, and the task that
/// writes the output: it ends once rmcp's end is dropped and all is
/// written, and gives the output back. A line longer than `max_line`
/// (its newline counted) never reaches rmcp.
pub fn spawn<R, W>(
    input: R,
    output: W,
    max_line: usize,
    answering: std::sync::Arc<super::calls::Answering>,
) -> (
    tokio::io::DuplexStream,
    tokio::io::DuplexStream,
    tokio::task::JoinHandle<W>,
)
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let (rmcp_reads, mut to_rmcp) = tokio::io::duplex(PIPE);
    let (rmcp_writes, from_rmcp) = tokio::io::duplex(PIPE);
    let (answers, mut answered) = mpsc::unbounded_channel::<String>();
    tokio::spawn(async move {
        let mut input = BufReader::new(input);
        let mut line = Vec::new();
        loop {
            line.clear();
            let read = match read_line(&mut input, &mut line, max_line).await {
                Ok(0) | Err(_) => break,
                Ok(read) => read,
            };
            match verdict(&line, read, max_line) {
                Verdict::Pass => {
                    if to_rmcp.write_all(&line).await.is_err() {
                        break;
                    }
                }
                Verdict::Answer(answer) => {
                    if answers.send(answer).is_err() {
                        break;
                    }
                }
                Verdict::Drop => {}
            }
        }
        // The input ended: so does rmcp's, which ends the session.
        let _ = to_rmcp.shutdown().await;
    });
    let writer = tokio::spawn(async move {
        let mut output = output;
        let mut from_rmcp = BufReader::new(from_rmcp);
        let mut line = Vec::new();
        let mut answers_open = true;
        loop {
            tokio::select! {
                read = from_rmcp.read_until(b'\n', &mut line) => match read {
                    Ok(0) | Err(_) => {
                        // The session is over: what the gate has answered
                        // already is written, then the output ends.
                        while let Ok(answer) = answered.try_recv() {
                            let _ = output.write_all(answer.as_bytes()).await;
                            let _ = output.write_all(b"\n").await;
                        }
                        let _ = output.flush().await;
                        break;
                    }
                    Ok(_) => {
                        let written = output.write_all(&line).await.is_ok() && output.flush().await.is_ok();
                        answering.written();
                        line.clear();
                        if !written {
                            break;
                        }
                    }
                },
                answer = answered.recv(), if answers_open => match answer {
                    None => answers_open = false,
                    Some(answer) => {
                        let written = output.write_all(answer.as_bytes()).await.is_ok()
                            && output.write_all(b"\n").await.is_ok()
                            && output.flush().await.is_ok();
                        if !written {
                            break;
                        }
                    }
                },
                else => break,
            }
        }
        output
    });
    (rmcp_reads, rmcp_writes, writer)
}

/// Read a line, its newline included; of a line longer than `max`, only
/// the first `max` bytes are kept (rmcp drops such a line anyway).
async fn read_line<R: AsyncBufRead + Unpin>(
    input: &mut R,
    line: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<usize> {
    let mut total = 0;
    loop {
        let buffer = input.fill_buf().await?;
        if buffer.is_empty() {
            return Ok(total);
        }
        let (chunk, done) = match memchr::memchr(b'\n', buffer) {
            Some(i) => (&buffer[..=i], true),
            None => (buffer, false),
        };
        let n = chunk.len();
        let room = (max + 1).saturating_sub(line.len());
        line.extend_from_slice(&chunk[..n.min(room)]);
        input.consume(n);
        total += n;
        if done {
            if !line.ends_with(b"\n") {
                line.push(b'\n');
            }
            return Ok(total);
        }
    }
}

/// What the gate does with a line.
#[derive(Debug, PartialEq)]
enum Verdict {
    /// Hand it to rmcp.
    Pass,
    /// Answer it with this, in rmcp's stead.
    Answer(String),
    /// Neither: nothing in it waits for an answer.
    Drop,
}

/// What to do with a line of `read` bytes (of which `line` holds the first
/// `max + 1` at most, and its newline).
fn verdict(line: &[u8], read: usize, max: usize) -> Verdict {
    if read > max {
        // rmcp would drop it unread: answer it if an id shows in what
        // was read of it.
        return match super::super::jsonrpc::salvage(line).id {
            Some(id) => Verdict::Answer(error(
                &id,
                -32600,
                &format!(
                    "Invalid Request: the message is {read} bytes, over the {max} bytes a \
                     message may take: it was not read"
                ),
            )),
            None => Verdict::Drop,
        };
    }
    let body = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if body.iter().all(u8::is_ascii_whitespace) {
        return Verdict::Drop;
    }
    match serde_json::from_slice::<serde_json::Value>(body) {
        Ok(message) => refusal(&message).map_or(Verdict::Pass, Verdict::Answer),
        Err(e) => {
            // rmcp ignores whatever serde_json refuses. A whole request
            // is answered with its id; a line that is no JSON object at
            // all (garbage, a line cut short) is left to rmcp to ignore,
            // as the MCP SDKs do: no request can be told in it, and
            // answering junk can feed a peer that echoes it.
            let found = super::super::jsonrpc::salvage(body);
            if !found.whole || found.unanswered() {
                return Verdict::Pass;
            }
            Verdict::Answer(super::super::jsonrpc::parse_error(found.answer_id(), &e).to_string())
        }
    }
}

fn error(id: &serde_json::Value, code: i64, message: &str) -> String {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {"code": code, "message": message}
    })
    .to_string()
}

/// The answer to a request rmcp would not answer, or `None` to pass the
/// line on: `params` that is no object (every MCP request takes its
/// parameters by name), or a notification's method asked as a request.
fn refusal(message: &serde_json::Value) -> Option<String> {
    let object = message.as_object()?;
    let id = object
        .get("id")
        .filter(|id| id.is_string() || id.is_i64() || id.is_u64())?;
    let method = object.get("method")?.as_str()?;
    let (code, why) = match object.get("params") {
        _ if method.starts_with("notifications/") => (
            -32601,
            format!("Method not found: `{method}` is a notification, sent without an id"),
        ),
        Some(params) if params.is_array() => (
            -32602,
            "Invalid params: MCP requests take their parameters as an object".to_string(),
        ),
        Some(params) if !params.is_object() => (
            -32600,
            "Invalid Request: `params` must be an object".to_string(),
        ),
        _ => return None,
    };
    Some(error(id, code, &why))
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAX: usize = 1000;

    /// The verdict on a whole line, as read.
    fn judge(line: &[u8]) -> Verdict {
        let mut read = line.to_vec();
        read.push(b'\n');
        verdict(&read, read.len(), MAX)
    }

    fn answer(line: &[u8]) -> serde_json::Value {
        match judge(line) {
            Verdict::Answer(a) => serde_json::from_str(&a).unwrap(),
            other => panic!("{other:?}: {}", String::from_utf8_lossy(line)),
        }
    }

    #[test]
    fn only_a_request_whose_params_are_no_structure_is_refused() {
        let refused = answer(br#"{"jsonrpc":"2.0","id":"a","method":"tools/call","params":-1}"#);
        assert_eq!(refused["id"], "a");
        assert_eq!(refused["error"]["code"], -32600);
        for (line, code) in [
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":[]}"#,
                -32602,
            ),
            (
                r#"{"jsonrpc":"2.0","id":2,"method":"notifications/cancelled"}"#,
                -32601,
            ),
        ] {
            assert_eq!(answer(line.as_bytes())["error"]["code"], code, "{line}");
        }
        for line in [
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}"#,
            "\u{feff}{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}",
            r#"{"jsonrpc":"2.0","method":"notifications/x","params":3}"#,
            "not json",
            "{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\":",
        ] {
            assert_eq!(judge(line.as_bytes()), Verdict::Pass, "{line}");
        }
        assert_eq!(judge(b" \r"), Verdict::Drop);
    }

    #[test]
    fn a_request_serde_json_refuses_is_answered_with_its_id() {
        let surrogate = answer(
            br#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"check","arguments":{"text":"\ud800"}}}"#,
        );
        assert_eq!(surrogate["id"], 3);
        assert_eq!(surrogate["error"]["code"], -32700);
        let mut bytes = br#"{"jsonrpc":"2.0","id":"b","method":"ping","params":{"x":""#.to_vec();
        bytes.extend_from_slice(b"\xc3\x28\"}}");
        assert_eq!(answer(&bytes)["id"], "b");
        let deep = format!(
            r#"{{"jsonrpc":"2.0","id":4,"method":"ping","params":{{"a":{}0{}}}}}"#,
            "[".repeat(129),
            "]".repeat(129)
        );
        let deep = answer(deep.as_bytes());
        assert_eq!(deep["id"], 4);
        let message = deep["error"]["message"].as_str().unwrap();
        assert!(message.contains("recursion limit"), "{message}");
        // No id to be read: null. A notification, or a response: nothing
        // waits for an answer.
        assert!(answer(br#"{"jsonrpc":"2.0","id":"\udfff","method":"ping"}"#)["id"].is_null());
        for line in [
            &br#"{"jsonrpc":"2.0","method":"notifications/message","params":{"x":"\ud800"}}"#[..],
            br#"{"jsonrpc":"2.0","id":1,"result":{"x":"\ud800"}}"#,
        ] {
            assert_eq!(judge(line), Verdict::Pass);
        }
    }

    #[test]
    fn a_line_over_the_limit_is_answered_when_its_id_shows() {
        let long = format!(
            r#"{{"jsonrpc":"2.0","id":"big","method":"tools/call","params":{{"arguments":{{"text":"{}"}}}}}}"#,
            "x".repeat(2 * MAX)
        );
        let cut = &long.as_bytes()[..MAX + 1];
        let Verdict::Answer(answer) = verdict(cut, long.len() + 1, MAX) else {
            panic!("not answered");
        };
        let answer: serde_json::Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(answer["id"], "big");
        assert_eq!(answer["error"]["code"], -32600);
        let text_first = format!(r#"{{"params":"{}","id":1}}"#, "x".repeat(2 * MAX));
        let cut = &text_first.as_bytes()[..MAX + 1];
        assert_eq!(verdict(cut, text_first.len() + 1, MAX), Verdict::Drop);
    }

    #[test]
    fn a_long_line_is_cut_and_the_next_read_whole() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(async {
            let text = format!("{}\nnext\n", "x".repeat(100));
            let mut input = BufReader::with_capacity(16, text.as_bytes());
            let mut line = Vec::new();
            assert_eq!(read_line(&mut input, &mut line, 10).await.unwrap(), 101);
            assert_eq!(line.len(), 12);
            line.clear();
            read_line(&mut input, &mut line, 10).await.unwrap();
            assert_eq!(line, b"next\n");
        });
    }
}
