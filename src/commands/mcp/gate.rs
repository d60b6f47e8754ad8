//! Between standard input and output and rmcp: the requests rmcp drops
//! without a word are answered here, so that no client waits forever on
//! one. A request whose `params` is no object (a number, a string, an
//! array: every MCP request takes named parameters), or that asks a
//! notification's method, gets a JSON-RPC error with its id. Every other line passes through
//! unchanged, and what rmcp writes reaches standard output line by line,
//! between the gate's own answers, never inside one of them.

use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

/// The size of the pipes between the gate and rmcp.
const PIPE: usize = 1 << 16;

/// rmcp's ends of the two pipes (what it reads, what it writes), with the
/// gate running between them and `input` and `output`, and the task that
/// writes the output: it ends once rmcp's end is dropped and all is
/// written. Lines longer than `max_line` are cut short, for rmcp to drop.
pub fn spawn<R, W>(
    input: R,
    output: W,
    max_line: usize,
) -> (
    tokio::io::DuplexStream,
    tokio::io::DuplexStream,
    tokio::task::JoinHandle<()>,
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
            match read_line(&mut input, &mut line, max_line).await {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            if let Some(answer) = refusal(&line) {
                if answers.send(answer).is_err() {
                    break;
                }
                continue;
            }
            if to_rmcp.write_all(&line).await.is_err() {
                break;
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

/// The answer to a request rmcp would not answer, or `None` to pass the
/// line on: `params` that is no object (every MCP request takes its
/// parameters by name), or a notification's method asked as a request.
fn refusal(line: &[u8]) -> Option<String> {
    let message: serde_json::Value = serde_json::from_slice(line).ok()?;
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
    Some(
        serde_json::json!({
            "jsonrpc": "2.0",
            "id": id,
            "error": {"code": code, "message": why}
        })
        .to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_request_whose_params_are_no_structure_is_refused() {
        let refused = refusal(br#"{"jsonrpc":"2.0","id":"a","method":"tools/call","params":-1}"#)
            .expect("refused");
        let refused: serde_json::Value = serde_json::from_str(&refused).unwrap();
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
            let refused: serde_json::Value =
                serde_json::from_str(&refusal(line.as_bytes()).expect(line)).unwrap();
            assert_eq!(refused["error"]["code"], code, "{line}");
        }
        for line in [
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/x","params":3}"#,
            "not json",
        ] {
            assert_eq!(refusal(line.as_bytes()), None, "{line}");
        }
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
