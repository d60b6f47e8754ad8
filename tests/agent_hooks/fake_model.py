#!/usr/bin/env python3
"""A fake model server for the agent hook end-to-end test.

It speaks just enough of three model APIs for the real agent CLIs to run a
turn against it, on 127.0.0.1 only:

- Anthropic Messages (Claude Code): ``POST /v1/messages[?beta=true]``,
  streamed as server-sent events when the request says ``"stream": true``;
  ``POST /v1/messages/count_tokens``.
- OpenAI Responses (Codex CLI): ``POST /v1/responses``, streamed.
- Gemini (Gemini CLI): ``POST /v1beta/models/<m>:generateContent`` (the
  routing and other side calls, answered with JSON text),
  ``POST /v1beta/models/<m>:streamGenerateContent?alt=sse`` (the turn) and
  ``:countTokens``.

The first real model call of a run gets a reply that breaks the agent
protocol (a self-invocation, boardlint's L001); every later one gets a
clean reply. Side calls (title generation, routing, token counting, …) are
answered harmlessly and do not count.

Every request is logged to LOG as one JSON line: ``n`` (its number),
``method``, ``path``, ``kind`` (``model`` for a real model call, else
``other``), ``reply`` (``violating``, ``clean`` or null) and ``body`` (the
parsed JSON body, or the text when it is not JSON).

The server is bounded: it stops by itself after MAX_REQUESTS requests or
MAX_SECONDS seconds, whichever comes first.

Usage: fake_model.py [--port N] [--port-file FILE] [--max-requests N]
                     [--max-seconds S] LOG
With --port 0 (the default) it picks a free port; the port is printed on
standard output (and written to --port-file) once the server listens.
"""

import argparse
import gzip
import json
import os
import re
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

VIOLATING_REPLY = "CFO: [INVOKE:cfo|What is our runway?]"
CLEAN_REPLY = "CFO: Our runway is 14 months."
ROUTING_REPLY = '{"complexity_reasoning":"x","complexity_score":1}'


class State:
    """What the handlers share; guarded by ``lock``."""

    def __init__(self, log_path, max_requests):
        self.lock = threading.Lock()
        self.log_path = log_path
        self.max_requests = max_requests
        self.requests = 0
        self.model_calls = 0
        self.stopping = False


STATE = None
SERVER = None


def stop_server():
    """Stops serve_forever from another thread (never from a handler's own)."""
    threading.Thread(target=SERVER.shutdown, daemon=True).start()


def sse(events):
    """Server-sent events: (name, data) pairs; a None name writes data only."""
    out = []
    for name, data in events:
        if name is not None:
            out.append("event: %s\n" % name)
        out.append("data: %s\n\n" % json.dumps(data))
    return "".join(out).encode()


# --- Anthropic Messages ---------------------------------------------------


def anthropic_message(text, model):
    return {
        "id": "msg_fake_1",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [{"type": "text", "text": text}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 10},
    }


def anthropic_stream(text, model):
    start = anthropic_message("", model)
    start["content"] = []
    start["stop_reason"] = None
    start["usage"] = {"input_tokens": 10, "output_tokens": 1}
    return sse(
        [
            ("message_start", {"type": "message_start", "message": start}),
            (
                "content_block_start",
                {
                    "type": "content_block_start",
                    "index": 0,
                    "content_block": {"type": "text", "text": ""},
                },
            ),
            ("ping", {"type": "ping"}),
            (
                "content_block_delta",
                {
                    "type": "content_block_delta",
                    "index": 0,
                    "delta": {"type": "text_delta", "text": text},
                },
            ),
            ("content_block_stop", {"type": "content_block_stop", "index": 0}),
            (
                "message_delta",
                {
                    "type": "message_delta",
                    "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                    "usage": {"output_tokens": 10},
                },
            ),
            ("message_stop", {"type": "message_stop"}),
        ]
    )


# --- OpenAI Responses -----------------------------------------------------


def responses_stream(text, model):
    created = int(time.time())
    item_id = "msg_fake_1"
    base = {
        "id": "resp_fake_1",
        "object": "response",
        "created_at": created,
        "model": model,
    }
    item = {
        "id": item_id,
        "type": "message",
        "status": "completed",
        "role": "assistant",
        "content": [{"type": "output_text", "text": text, "annotations": []}],
    }
    usage = {
        "input_tokens": 10,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": 10,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": 20,
    }
    events = [
        (
            "response.created",
            {
                "type": "response.created",
                "response": dict(base, status="in_progress", output=[]),
            },
        ),
        (
            "response.output_item.added",
            {
                "type": "response.output_item.added",
                "output_index": 0,
                "item": dict(item, status="in_progress", content=[]),
            },
        ),
        (
            "response.output_text.delta",
            {
                "type": "response.output_text.delta",
                "item_id": item_id,
                "output_index": 0,
                "content_index": 0,
                "delta": text,
            },
        ),
        (
            "response.output_item.done",
            {"type": "response.output_item.done", "output_index": 0, "item": item},
        ),
        (
            "response.completed",
            {
                "type": "response.completed",
                "response": dict(base, status="completed", output=[item], usage=usage),
            },
        ),
    ]
    for number, (_, data) in enumerate(events):
        data["sequence_number"] = number
    return sse(events)


# --- Gemini ---------------------------------------------------------------


def gemini_response(text, model):
    return {
        "candidates": [
            {
                "content": {"role": "model", "parts": [{"text": text}]},
                "finishReason": "STOP",
                "index": 0,
            }
        ],
        "usageMetadata": {
            "promptTokenCount": 10,
            "candidatesTokenCount": 10,
            "totalTokenCount": 20,
        },
        "modelVersion": model,
    }


# --- the handler ----------------------------------------------------------


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fake-model/1"

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass  # the JSON log is the record; keep standard error quiet

    def read_body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            raw = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    break
                raw += self.rfile.read(size)
                self.rfile.readline()
        else:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        encoding = self.headers.get("Content-Encoding", "").lower()
        try:
            if encoding == "gzip":
                raw = gzip.decompress(raw)
            elif encoding == "deflate":
                raw = zlib.decompress(raw)
        except (OSError, zlib.error):
            pass
        text = raw.decode("utf-8", "replace")
        try:
            return json.loads(text) if text else None
        except ValueError:
            return text

    def send(self, status, body, content_type="application/json"):
        if not isinstance(body, bytes):
            body = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        if content_type == "text/event-stream":
            self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        self.wfile.flush()

    def record(self, body, kind):
        """Counts and logs one request; returns (request number, reply or None)."""
        with STATE.lock:
            STATE.requests += 1
            number = STATE.requests
            reply = None
            if kind == "model":
                STATE.model_calls += 1
                reply = "violating" if STATE.model_calls == 1 else "clean"
            entry = {
                "n": number,
                "method": self.command,
                "path": self.path,
                "kind": kind,
                "reply": reply,
                "body": body,
            }
            with open(STATE.log_path, "a", encoding="utf-8") as log:
                log.write(json.dumps(entry) + "\n")
            if number >= STATE.max_requests and not STATE.stopping:
                STATE.stopping = True
                stop_server()
        return number, reply

    def over_budget(self):
        with STATE.lock:
            return STATE.requests >= STATE.max_requests

    def do_HEAD(self):
        self.record(None, "other")
        self.send(200, b"", "text/plain")

    def do_GET(self):
        if self.over_budget():
            return self.send(503, {"error": "request budget used up"})
        self.record(None, "other")
        self.send(200, {"object": "list", "data": [], "models": []})

    def do_POST(self):
        body = self.read_body()
        if self.over_budget():
            return self.send(503, {"error": "request budget used up"})
        path = self.path.split("?", 1)[0]
        data = body if isinstance(body, dict) else {}
        model = str(data.get("model") or "fake-model")

        # Claude Code.
        if path == "/v1/messages":
            streaming = bool(data.get("stream"))
            _, reply = self.record(body, "model" if streaming else "other")
            text = {"violating": VIOLATING_REPLY, "clean": CLEAN_REPLY}.get(reply, CLEAN_REPLY)
            if streaming:
                return self.send(200, anthropic_stream(text, model), "text/event-stream")
            return self.send(200, anthropic_message(text, model))
        if path == "/v1/messages/count_tokens":
            self.record(body, "other")
            return self.send(200, {"input_tokens": 10})

        # Codex CLI.
        if path == "/v1/responses":
            _, reply = self.record(body, "model")
            text = VIOLATING_REPLY if reply == "violating" else CLEAN_REPLY
            return self.send(200, responses_stream(text, model), "text/event-stream")

        # Gemini CLI.
        match = re.fullmatch(r"/v1beta/models/([^/:]+):(\w+)", path)
        if match:
            model, method = match.groups()
            if method == "streamGenerateContent":
                _, reply = self.record(body, "model")
                text = VIOLATING_REPLY if reply == "violating" else CLEAN_REPLY
                return self.send(
                    200, sse([(None, gemini_response(text, model))]), "text/event-stream"
                )
            self.record(body, "other")
            if method == "countTokens":
                return self.send(200, {"totalTokens": 10})
            # generateContent: the routing call (and any other side call
            # that wants JSON); the routing answer is harmless for the rest.
            return self.send(200, gemini_response(ROUTING_REPLY, model))

        # Anything else: a harmless empty JSON object.
        self.record(body, "other")
        return self.send(200, {})


def main():
    global STATE, SERVER
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("log", help="file to append one JSON line per request to")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: pick one)")
    parser.add_argument("--port-file", help="write the port to this file once listening")
    parser.add_argument("--max-requests", type=int, default=40)
    parser.add_argument("--max-seconds", type=float, default=120.0)
    args = parser.parse_args()

    STATE = State(args.log, args.max_requests)
    open(args.log, "a", encoding="utf-8").close()
    SERVER = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    SERVER.daemon_threads = True
    port = SERVER.server_address[1]
    if args.port_file:
        with open(args.port_file + ".tmp", "w", encoding="utf-8") as out:
            out.write("%d\n" % port)
        os.replace(args.port_file + ".tmp", args.port_file)
    print(port, flush=True)

    timer = threading.Timer(args.max_seconds, SERVER.shutdown)
    timer.daemon = True
    timer.start()
    try:
        SERVER.serve_forever(poll_interval=0.2)
    finally:
        timer.cancel()
        SERVER.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
