//! The protocol side: the four tools as rmcp lists and calls them, over
//! standard input and output. Each call runs on one of a few threads of
//! its own (`calls.rs`: at most [`checks_at_once`] calls at a time) with
//! its panics contained; what it answers becomes a tool result (structured
//! content and a short text) or a tool error with its message.

use std::sync::Arc;

use tokio::io::{AsyncRead, AsyncWrite};

use rmcp::handler::server::tool::schema_for_output;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResult, ContentBlock, Implementation, JsonObject, ServerCapabilities, ServerConfig,
};
use rmcp::transport::async_rw::AsyncRwTransport;
use rmcp::{tool, tool_handler, tool_router, ServerHandler, ServiceExt};

use super::calls::{Answering, Calls};
use super::input::{CheckInput, FormatInput, RuleInput, MAX_TEXT};
use super::results::{Answer, CheckResult, FormatResult, RuleResult, RulesResult};
use super::tools;
use crate::commands::engines::{checks_at_once, Engines};

/// What the server tells a client it is for.
const INSTRUCTIONS: &str = "boardlint lints the transcripts of C-suite agent teams \
(INVOKE, RESPONSE, CHAIN, BLOCKED and BROADCAST markers, call chains, board meetings, \
founder cards, decision logs). Call `check` with a draft answer before sending it and fix \
every error it reports; `format` rewrites founder cards and protocol blocks into their \
canonical layout; `explain_rule` gives a rule's documentation; `list_rules` lists them.";

/// The longest message line read: every text within [`MAX_TEXT`] fits,
/// however its characters are escaped in JSON (at most six bytes each),
/// with room for the rest of the request. A longer line is dropped unread.
const MAX_LINE: usize = 6 * MAX_TEXT + 1024 * 1024;

#[derive(Clone)]
pub struct Boardlint {
    engines: Arc<Engines>,
    /// The threads the calls run on.
    calls: Arc<Calls>,
    /// The answers made and not yet written out, bounded.
    answering: Arc<Answering>,
}

/// Serve on standard input and output until the client closes them.
pub async fn serve(engines: Engines) -> Result<(), String> {
    serve_on(engines, tokio::io::stdin(), tokio::io::stdout())
        .await
        .0
}

/// Serve a stream of messages until it ends; the output is given back once
/// all is written to it (for the fuzz target, which reads it).
pub async fn serve_on<R, W>(
    engines: Engines,
    input: R,
    output: W,
) -> (Result<(), String>, Option<W>)
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    // Room for the answers of the calls running and as many more waiting
    // to be written.
    let answering = Arc::new(Answering::new(2 * checks_at_once()));
    let server = Boardlint {
        engines: Arc::new(engines),
        calls: Arc::new(Calls::start(checks_at_once())),
        answering: answering.clone(),
    };
    let (reads, writes, writer) = super::gate::spawn(input, output, MAX_LINE, answering);
    let transport = AsyncRwTransport::new_server(reads, writes).with_max_line_length(MAX_LINE);
    let served = match server.serve(transport).await {
        Ok(running) => running
            .waiting()
            .await
            .map(|_| ())
            .map_err(|e| format!("the session ended abnormally: {e}")),
        Err(e) => Err(format!("the session did not start: {e}")),
    };
    // rmcp's end of the output is dropped with the session: what it wrote
    // last reaches standard output before the server exits.
    let output = writer.await.ok();
    (served, output)
}

#[tool_router]
impl Boardlint {
    #[tool(
        description = "Check a text (a draft answer, a transcript, a decision log, a record or a session log) for protocol violations. Returns every diagnostic with its rule, severity, message, fix and exact position, as `boardlint check --format json` prints them.",
        output_schema = output_schema::<CheckResult>(),
        annotations(read_only_hint = true, idempotent_hint = true, open_world_hint = false)
    )]
    async fn check(&self, Parameters(args): Parameters<CheckInput>) -> CallToolResult {
        let engines = self.engines.clone();
        self.answering.enter().await;
        answer(&self.calls, move || tools::check(&engines, args)).await
    }

    #[tool(
        description = "Rewrite a draft's founder cards, RESPONSE, PEER-VERIFY and CRITIC-SCREEN blocks and CHAIN markers into their canonical layout, as `boardlint fmt` does. Returns the formatted text, whether it changed, and a unified diff.",
        output_schema = output_schema::<FormatResult>(),
        annotations(read_only_hint = true, idempotent_hint = true, open_world_hint = false)
    )]
    async fn format(&self, Parameters(args): Parameters<FormatInput>) -> CallToolResult {
        let engines = self.engines.clone();
        self.answering.enter().await;
        answer(&self.calls, move || tools::format(&engines, args)).await
    }

    #[tool(
        description = "The documentation of one rule, by code (`L001`) or name (`self-invocation`): what it flags, why, and how to fix it.",
        output_schema = output_schema::<RuleResult>(),
        annotations(read_only_hint = true, idempotent_hint = true, open_world_hint = false)
    )]
    async fn explain_rule(&self, Parameters(args): Parameters<RuleInput>) -> CallToolResult {
        answer(&self.calls, move || tools::explain_rule(args)).await
    }

    #[tool(
        description = "Every rule boardlint has, with its code, name, family, default severity and summary.",
        output_schema = output_schema::<RulesResult>(),
        annotations(read_only_hint = true, idempotent_hint = true, open_world_hint = false)
    )]
    async fn list_rules(&self) -> CallToolResult {
        answer(&self.calls, || Ok(tools::list_rules())).await
    }
}

#[tool_handler]
impl ServerHandler for Boardlint {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("boardlint", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
    }
}

/// The JSON Schema a tool's result is listed with, without the `format`s
/// schemars gives integers (`uint`), which JSON Schema does not define and
/// validators warn about; `minimum: 0` says as much.
fn output_schema<T: schemars::JsonSchema + 'static>() -> Arc<JsonObject> {
    let mut schema = (*schema_for_output::<T>()).clone();
    drop_integer_formats(&mut schema);
    Arc::new(schema)
}

fn drop_integer_formats(object: &mut JsonObject) {
    if object.get("type").and_then(|t| t.as_str()) == Some("integer") {
        object.remove("format");
    }
    for value in object.values_mut() {
        drop_integer_formats_in(value);
    }
}

fn drop_integer_formats_in(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(object) => drop_integer_formats(object),
        serde_json::Value::Array(items) => items.iter_mut().for_each(drop_integer_formats_in),
        _ => {}
    }
}

/// Run a tool's work off the protocol's thread, on one of `calls`' threads
/// once it is free, a panic contained to it, and make a tool result of
/// what it answers. The result's structured content is built there too: it
/// can take as much memory as the work itself.
async fn answer<T: Answer + Send + 'static>(
    calls: &Calls,
    work: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> CallToolResult {
    let done = calls
        .run(move || {
            work().and_then(|a| {
                let value = serde_json::to_value(&a).map_err(|e| format!("internal error: {e}"))?;
                Ok((a.text(), value))
            })
        })
        .await;
    let answered = done.unwrap_or_else(|panic| Err(format!("internal error: {panic}")));
    match answered {
        Ok((text, value)) => {
            let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
            result.structured_content = Some(value);
            result
        }
        Err(message) => tool_error(message),
    }
}

fn tool_error(message: String) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(message)])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run<T: Answer + Send + 'static>(
        work: impl FnOnce() -> Result<T, String> + Send + 'static,
    ) -> CallToolResult {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(answer(&Calls::start(1), work))
    }

    fn text(result: &CallToolResult) -> &str {
        &result.content[0].as_text().unwrap().text
    }

    #[test]
    fn an_answer_is_structured_content_with_a_short_text() {
        let result = run(|| Ok(tools::list_rules()));
        assert_eq!(result.is_error, Some(false));
        let rules = &result.structured_content.as_ref().unwrap()["rules"];
        assert_eq!(rules[0]["code"], crate::rules::all()[0].meta().code);
        assert!(text(&result).contains(" (error): "));
    }

    #[test]
    fn result_schemas_hold_only_formats_json_schema_defines() {
        fn formats(value: &serde_json::Value, out: &mut Vec<String>) {
            match value {
                serde_json::Value::Object(o) => {
                    if let Some(f) = o.get("format") {
                        out.push(f.to_string());
                    }
                    o.values().for_each(|v| formats(v, out));
                }
                serde_json::Value::Array(a) => a.iter().for_each(|v| formats(v, out)),
                _ => {}
            }
        }
        let raw = serde_json::Value::Object((*schema_for_output::<CheckResult>()).clone());
        let mut found = Vec::new();
        formats(&raw, &mut found);
        assert!(found.contains(&"\"uint\"".to_string()), "{found:?}");
        for schema in [
            output_schema::<CheckResult>(),
            output_schema::<FormatResult>(),
            output_schema::<RuleResult>(),
            output_schema::<RulesResult>(),
        ] {
            let schema = serde_json::Value::Object((*schema).clone());
            let mut found = Vec::new();
            formats(&schema, &mut found);
            assert_eq!(found, Vec::<String>::new());
        }
        let listed = output_schema::<CheckResult>();
        let line = &listed["$defs"]["Position"]["properties"]["line"];
        assert_eq!(line["type"], "integer");
        assert_eq!(line["minimum"], 0);
    }

    #[test]
    fn a_failure_or_a_panic_is_a_tool_error() {
        let failed = run(|| Err::<RulesResult, _>("no such thing".to_string()));
        assert_eq!(failed.is_error, Some(true));
        assert_eq!(text(&failed), "no such thing");
        assert!(failed.structured_content.is_none());
        let panicked = run(|| -> Result<RulesResult, String> { panic!("a bug") });
        assert_eq!(panicked.is_error, Some(true));
        assert_eq!(text(&panicked), "internal error: a bug");
    }
}
