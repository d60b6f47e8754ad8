//! Session logs for the benchmark, shaped like real agent sessions: few
//! assistant texts among many tool calls, long tool outputs (code, listings,
//! escapes), thinking, duplicated tool results (Claude Code's
//! `toolUseResult`, Codex's `event_msg` copies) and records of other kinds.
//! Seeded, so every run sees the same bytes; ids are fresh on every record.

use serde_json::{json, Value};

use super::gen::Rng;

const ROLES: &[&str] = &["cfo", "cro", "cto", "coo", "cmo", "cco", "chro"];
const TOOLS: &[&str] = &["Read", "Bash", "Grep", "Edit", "Glob", "Write"];
const CODE: &[&str] = &[
    "fn main() {\n    let total: u64 = rows.iter().map(|r| r.amount).sum();\n    println!(\"{total}\");\n}\n",
    "import json\nwith open(\"forecast.json\") as f:\n    data = json.load(f)\nprint(data[\"q3\"][\"arr\"])\n",
    "SELECT account_id, SUM(amount) AS arr\n  FROM invoices\n WHERE closed_at >= '2026-04-01'\n GROUP BY 1;\n",
    "drwxr-xr-x  5 user staff   160 Mar  5 14:01 src\n-rw-r--r--  1 user staff  4211 Mar  5 14:01 Cargo.toml\n",
    "\tat com.kestrel.billing.Invoice.total(Invoice.java:88)\n\tat com.kestrel.billing.Run.main(Run.java:12)\n",
    "{\"region\": \"EMEA\", \"pipeline\": 4120000, \"coverage\": 2.7, \"note\": \"excludes \\\"renewals\\\"\"}\n",
];

/// A uuid-shaped id, fresh from the generator.
fn uuid(rng: &mut Rng) -> String {
    let a = rng.next();
    let b = rng.next();
    format!(
        "{:08x}-{:04x}-4{:03x}-a{:03x}-{:012x}",
        a >> 32,
        (a >> 16) & 0xffff,
        a & 0xfff,
        b >> 52,
        b & 0xffff_ffff_ffff
    )
}

/// A tool output of `len` bytes or so: code, listings and prose.
fn output(rng: &mut Rng, len: usize) -> String {
    let mut out = String::with_capacity(len + 200);
    let mut line = 1;
    while out.len() < len {
        let piece = rng.pick(CODE);
        for l in piece.lines() {
            out.push_str(&format!("{line:>6}\t{l}\n"));
            line += 1;
        }
    }
    out
}

/// Assistant prose, sometimes with the protocol's markers in it.
fn assistant_text(rng: &mut Rng) -> String {
    let role = rng.pick(ROLES);
    let other = rng.pick(ROLES);
    match rng.below(6) {
        0 => format!(
            "{}: Checking the Q3 plan before the board call.\n\n{} → [INVOKE:{other}|What does the forecast say for Q3?]",
            role.to_uppercase(),
            role.to_uppercase()
        ),
        1 => format!(
            "[RESPONSE:{role}]\nKey finding: Q3 pipeline covers 2.7x the target.\nSupporting data:\n  - EMEA coverage is 3.1x\n  - Renewals are excluded\nConfidence: medium\nCaveat: Two large deals slipped last quarter.\n[/RESPONSE]"
        ),
        2 => "I'll read the forecast model and the billing export first, then compare the totals.".to_string(),
        3 => "The totals match: 4,120,000 in pipeline, 2.7x coverage. I'll now update the summary table.".to_string(),
        4 => format!("{}: [ASSUMPTION: renewals stay at 92% gross retention]", role.to_uppercase()),
        _ => "Done. The summary table now shows the Q3 coverage by region, with the two slipped deals flagged.".to_string(),
    }
}

fn long_output(rng: &mut Rng) -> String {
    let len = output_len(rng);
    output(rng, len)
}

fn output_len(rng: &mut Rng) -> usize {
    // Mostly a few KB, sometimes a whole file.
    match rng.below(10) {
        0 => 20_000 + rng.below(30_000),
        1..=3 => 4_000 + rng.below(6_000),
        _ => 400 + rng.below(2_000),
    }
}

/// A Claude Code session log of about `bytes` bytes.
pub fn claude(rng: &mut Rng, bytes: usize) -> String {
    let session = uuid(rng);
    let mut out = String::with_capacity(bytes + 100_000);
    let mut parent: Option<String> = None;
    let push = |out: &mut String, v: Value| {
        out.push_str(&v.to_string());
        out.push('\n');
    };
    let envelope = |rng: &mut Rng, parent: &Option<String>, kind: &str, message: Value| {
        let id = uuid(rng);
        let v = json!({
            "parentUuid": parent, "isSidechain": false, "userType": "external",
            "cwd": "/home/user/kestrel", "sessionId": session, "version": "2.1.3",
            "gitBranch": "main", "type": kind, "message": message, "uuid": id,
            "timestamp": "2026-03-05T14:02:11.418Z"
        });
        (id, v)
    };
    push(
        &mut out,
        json!({"type": "summary", "summary": "Q3 plan review", "leafUuid": uuid(rng)}),
    );
    while out.len() < bytes {
        push(
            &mut out,
            json!({"type": "file-history-snapshot", "messageId": uuid(rng), "snapshot": {"trackedFileBackups": {}, "timestamp": "2026-03-05T14:02:11.418Z"}, "isSnapshotUpdate": false}),
        );
        let (id, v) = envelope(
            rng,
            &parent,
            "user",
            json!({"role": "user", "content": "Review the Q3 plan and tell me what the board will ask."}),
        );
        push(&mut out, v);
        parent = Some(id);
        for _ in 0..1 + rng.below(6) {
            let msg = format!("msg_{:016x}", rng.next());
            if rng.chance(50) {
                let message = json!({"id": msg, "role": "assistant", "model": "claude-sonnet-4-5", "content": [{"type": "thinking", "thinking": output(rng, 600), "signature": format!("{:032x}", rng.next())}]});
                let (id, v) = envelope(rng, &parent, "assistant", message);
                push(&mut out, v);
                parent = Some(id);
            }
            if rng.chance(40) {
                let message = json!({"id": msg, "role": "assistant", "model": "claude-sonnet-4-5", "content": [{"type": "text", "text": assistant_text(rng)}]});
                let (id, v) = envelope(rng, &parent, "assistant", message);
                push(&mut out, v);
                parent = Some(id);
            }
            let call = format!("toolu_{:024x}", rng.next() as u128 * 7919);
            let tool = rng.pick(TOOLS);
            let (id, v) = envelope(
                rng,
                &parent,
                "assistant",
                json!({"id": msg, "role": "assistant", "model": "claude-sonnet-4-5", "content": [{"type": "tool_use", "id": call, "name": tool, "input": {"file_path": "/home/user/kestrel/src/forecast.rs", "command": "cargo test -q 2>&1 | tail -40"}}]}),
            );
            push(&mut out, v);
            parent = Some(id);
            let body = long_output(rng);
            let (id, mut v) = envelope(
                rng,
                &parent,
                "user",
                json!({"role": "user", "content": [{"type": "tool_result", "tool_use_id": call, "content": body}]}),
            );
            v["toolUseResult"] = json!({"stdout": body, "stderr": "", "interrupted": false});
            push(&mut out, v);
            parent = Some(id);
        }
    }
    out
}

/// A Codex CLI rollout of about `bytes` bytes.
pub fn codex(rng: &mut Rng, bytes: usize) -> String {
    let mut out = String::with_capacity(bytes + 100_000);
    let push = |out: &mut String, kind: &str, payload: Value| {
        out.push_str(
            &json!({"timestamp": "2026-03-05T14:02:11.418Z", "type": kind, "payload": payload})
                .to_string(),
        );
        out.push('\n');
    };
    push(
        &mut out,
        "session_meta",
        json!({"id": uuid(rng), "cwd": "/home/user/lumora", "cli_version": "0.171.0", "instructions": output(rng, 2000)}),
    );
    while out.len() < bytes {
        push(
            &mut out,
            "turn_context",
            json!({"cwd": "/home/user/lumora", "approval_policy": "on-request", "model": "gpt-5.2-codex"}),
        );
        push(
            &mut out,
            "response_item",
            json!({"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Price the new tier and check the board pack."}]}),
        );
        for _ in 0..1 + rng.below(6) {
            push(
                &mut out,
                "response_item",
                json!({"type": "reasoning", "summary": [{"type": "summary_text", "text": "Reading the pricing sheet."}], "encrypted_content": output(rng, 800)}),
            );
            if rng.chance(40) {
                let text = assistant_text(rng);
                push(
                    &mut out,
                    "response_item",
                    json!({"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": text}]}),
                );
                push(
                    &mut out,
                    "event_msg",
                    json!({"type": "agent_message", "message": text}),
                );
            }
            let call = format!("call_{:024x}", rng.next() as u128 * 104729);
            push(
                &mut out,
                "response_item",
                json!({"type": "function_call", "name": "shell", "arguments": "{\"command\":[\"bash\",\"-lc\",\"rg -n price src\"]}", "call_id": call}),
            );
            push(
                &mut out,
                "response_item",
                json!({"type": "function_call_output", "call_id": call, "output": json!({"output": long_output(rng), "metadata": {"exit_code": 0}}).to_string()}),
            );
        }
    }
    out
}

/// A Gemini CLI JSONL recording of about `bytes` bytes.
pub fn gemini(rng: &mut Rng, bytes: usize) -> String {
    let mut out = String::with_capacity(bytes + 100_000);
    let push = |out: &mut String, v: Value| {
        out.push_str(&v.to_string());
        out.push('\n');
    };
    push(
        &mut out,
        json!({"sessionId": uuid(rng), "projectHash": format!("{:016x}", rng.next()), "startTime": "2026-03-05T14:02:11.418Z", "lastUpdated": "2026-03-05T14:02:11.418Z", "kind": "main"}),
    );
    while out.len() < bytes {
        push(
            &mut out,
            json!({"id": uuid(rng), "timestamp": "2026-03-05T14:02:11.418Z", "type": "user", "content": [{"text": "Review the Q3 plan."}]}),
        );
        push(
            &mut out,
            json!({"$set": {"lastUpdated": "2026-03-05T14:02:11.418Z"}}),
        );
        let calls: Vec<Value> = (0..1 + rng.below(5))
            .map(|_| json!({"id": format!("read_file-{}", rng.next()), "name": "read_file", "args": {"absolute_path": "/home/user/plan.md"}, "result": [{"functionResponse": {"id": "x", "name": "read_file", "response": {"output": long_output(rng)}}}], "status": "success", "timestamp": "2026-03-05T14:02:11.418Z"}))
            .collect();
        push(
            &mut out,
            json!({"id": uuid(rng), "timestamp": "2026-03-05T14:02:11.418Z", "type": "gemini", "content": assistant_text(rng), "thoughts": [{"subject": "Reading", "description": output(rng, 300), "timestamp": "2026-03-05T14:02:11.418Z"}], "toolCalls": calls, "model": "gemini-3-flash"}),
        );
    }
    out
}

/// A Pi agent session of about `bytes` bytes.
pub fn pi(rng: &mut Rng, bytes: usize) -> String {
    let mut out = String::with_capacity(bytes + 100_000);
    let mut parent = uuid(rng)[..8].to_string();
    out.push_str(&json!({"type": "session", "version": 3, "id": uuid(rng), "timestamp": "2026-03-05T14:02:11.418Z", "cwd": "/home/user/p"}).to_string());
    out.push('\n');
    while out.len() < bytes {
        let id = uuid(rng)[..8].to_string();
        let call = format!("toolu_{:020x}", rng.next());
        let message = json!({"role": "assistant", "content": [{"type": "thinking", "thinking": output(rng, 400)}, {"type": "text", "text": assistant_text(rng)}, {"type": "toolCall", "id": call, "name": "read", "arguments": {"path": "plan.md"}}]});
        out.push_str(&json!({"type": "message", "id": id, "parentId": parent, "timestamp": "2026-03-05T14:02:11.418Z", "message": message}).to_string());
        out.push('\n');
        let rid = uuid(rng)[..8].to_string();
        out.push_str(&json!({"type": "message", "id": rid, "parentId": id, "timestamp": "2026-03-05T14:02:11.418Z", "message": {"role": "toolResult", "toolCallId": call, "toolName": "read", "content": [{"type": "text", "text": long_output(rng)}], "isError": false}}).to_string());
        out.push('\n');
        parent = rid;
    }
    out
}

/// A Qwen Code session of about `bytes` bytes: Claude Code's envelopes with
/// Gemini's parts, a `ui_telemetry` record repeating each reply.
pub fn qwen(rng: &mut Rng, bytes: usize) -> String {
    let mut out = String::with_capacity(bytes + 100_000);
    let session = uuid(rng);
    let mut parent: Value = Value::Null;
    let mut push = |out: &mut String, rng: &mut Rng, record: Value| {
        let id = uuid(rng);
        let mut record = record;
        record["uuid"] = json!(id);
        record["parentUuid"] = parent.clone();
        record["sessionId"] = json!(session);
        record["timestamp"] = json!("2026-08-14T06:20:05.318Z");
        record["cwd"] = json!("/home/user/p");
        record["version"] = json!("0.21.6");
        out.push_str(&record.to_string());
        out.push('\n');
        parent = json!(id);
    };
    while out.len() < bytes {
        let value = json!({"type": "user", "provenance": "real_user", "message": {"role": "user", "parts": [{"text": "Price the new tier."}]}});

        push(&mut out, rng, value);
        let call = format!("call_{:020x}", rng.next());
        let text = assistant_text(rng);
        let value = json!({"type": "system", "provenance": "system", "subtype": "ui_telemetry", "systemPayload": {"uiEvent": {"event.name": "qwen-code.api_response", "response_text": text}}});

        push(&mut out, rng, value);
        let value = json!({"type": "assistant", "provenance": "assistant_output", "model": "qwen3-coder-plus", "message": {"role": "model", "parts": [{"text": output(rng, 400), "thought": true}, {"text": text}, {"functionCall": {"id": call, "name": "read_file", "args": {"file_path": "plan.md"}}}]}});

        push(&mut out, rng, value);
        let value = json!({"type": "tool_result", "provenance": "tool_result", "message": {"role": "user", "parts": [{"functionResponse": {"id": call, "name": "read_file", "response": {"output": long_output(rng)}}}]}});

        push(&mut out, rng, value);
    }
    out
}

/// A GitHub Copilot CLI `events.jsonl` of about `bytes` bytes.
pub fn copilot(rng: &mut Rng, bytes: usize) -> String {
    let mut out = String::with_capacity(bytes + 100_000);
    let mut parent: Value = Value::Null;
    let mut push = |out: &mut String, rng: &mut Rng, kind: &str, data: Value| {
        let id = uuid(rng);
        out.push_str(&json!({"type": kind, "data": data, "id": id, "timestamp": "2026-08-05T20:40:13.490Z", "parentId": parent}).to_string());
        out.push('\n');
        parent = json!(id);
    };
    let value = json!({"sessionId": uuid(rng), "version": 1, "producer": "copilot-agent", "copilotVersion": "1.0.82"});

    push(&mut out, rng, "session.start", value);
    while out.len() < bytes {
        let value = json!({"content": "Price the new tier.", "transformedContent": "<current_datetime>2026-08-05</current_datetime> Price the new tier."});

        push(&mut out, rng, "user.message", value);
        let call = format!("toolu_{:020x}", rng.next());
        let value = json!({"messageId": uuid(rng), "content": assistant_text(rng), "reasoningText": output(rng, 400), "toolRequests": [{"toolCallId": call, "name": "view", "arguments": {"path": "plan.md"}, "type": "function"}]});

        push(&mut out, rng, "assistant.message", value);
        let value =
            json!({"toolCallId": call, "toolName": "view", "arguments": {"path": "plan.md"}});

        push(&mut out, rng, "tool.execution_start", value);
        let value =
            json!({"toolCallId": call, "success": true, "result": {"content": long_output(rng)}});

        push(&mut out, rng, "tool.execution_complete", value);
    }
    out
}

/// OpenHands SDK events, one a line, of about `bytes` bytes.
pub fn openhands(rng: &mut Rng, bytes: usize) -> String {
    let mut out = String::with_capacity(bytes + 100_000);
    let push = |out: &mut String, rng: &mut Rng, source: &str, kind: &str, body: Value| {
        let mut event = body;
        event["id"] = json!(uuid(rng));
        event["timestamp"] = json!("2026-08-16T10:12:07.481233");
        event["source"] = json!(source);
        event["kind"] = json!(kind);
        out.push_str(&event.to_string());
        out.push('\n');
    };
    while out.len() < bytes {
        let value = json!({"llm_message": {"role": "user", "content": [{"type": "text", "text": "Price the new tier."}]}});

        push(&mut out, rng, "user", "MessageEvent", value);
        let call = format!("toolu_{:020x}", rng.next());
        let value = json!({"thought": [{"type": "text", "text": assistant_text(rng)}], "reasoning_content": output(rng, 400), "action": {"command": "cat plan.md", "kind": "TerminalAction"}, "tool_name": "terminal", "tool_call_id": call, "tool_call": {"id": call, "name": "terminal", "arguments": "{\"command\": \"cat plan.md\"}"}});

        push(&mut out, rng, "agent", "ActionEvent", value);
        let value = json!({"tool_name": "terminal", "tool_call_id": call, "observation": {"content": [{"type": "text", "text": long_output(rng)}], "kind": "TerminalObservation"}});

        push(&mut out, rng, "environment", "ObservationEvent", value);
        let value = json!({"llm_message": {"role": "assistant", "content": [{"type": "text", "text": assistant_text(rng)}]}});

        push(&mut out, rng, "agent", "MessageEvent", value);
    }
    out
}

/// An OpenAI chat dataset (one conversation a line) of about `bytes` bytes.
pub fn openai(rng: &mut Rng, bytes: usize) -> String {
    let mut out = String::with_capacity(bytes + 100_000);
    while out.len() < bytes {
        let call = format!("call_{:020x}", rng.next());
        let messages = json!([
            {"role": "system", "content": "You are the CFO agent."},
            {"role": "user", "content": "What is the Q3 burn?"},
            {"role": "assistant", "content": null, "tool_calls": [{"id": call, "type": "function", "function": {"name": "ledger", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": call, "content": long_output(rng)},
            {"role": "assistant", "content": assistant_text(rng)}
        ]);
        out.push_str(&json!({"messages": messages}).to_string());
        out.push('\n');
    }
    out
}
