"""Diagnostics round trips and memory of `boardlint server`, for scripts/bench.sh.

Usage: python3 scripts/bench_lsp.py BOARDLINT DRAFT DIR [EDITS] [DOCUMENTS]

Starts the server in DIR, initializes it as a client that takes pushed
diagnostics, opens DRAFT (a 5 KB transcript) as DIR/draft.md, then EDITS
times replaces its text with a text of its own (a counter appended) and
saves it, timing each from the change sent to its diagnostics received
(a save publishes at once). Then a few edits without a save, timed the
same way: those wait for the debounce. Then it opens DOCUMENTS different
documents (the draft, a counter appended) and closes them all, then opens
and closes as many others, one at a time.

Prints: the median and 95th percentile round trip after a save in ms, the
median after an edit alone in ms, the server's resident memory in MB with
the draft alone open, with every document open, after closing them, and
after as many others were opened and closed one by one (no more than
before: closed documents are let go), and the growth per open document in
KB.
"""
import json
import os
import queue
import statistics
import subprocess
import sys
import threading
import time


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


class Server:
    def __init__(self, binary, cwd):
        self.proc = subprocess.Popen([binary, "server"], cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.ids = iter(range(1, 10**9))
        # Read on a thread of its own, as an editor does: a server whose
        # output is not read stops reading its input.
        self.messages = queue.Queue()
        threading.Thread(target=self.read_all, daemon=True).start()

    def send(self, message):
        body = json.dumps(dict(message, jsonrpc="2.0")).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def read_all(self):
        while True:
            length = None
            while True:
                line = self.proc.stdout.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.lower() == b"content-length":
                    length = int(value)
            self.messages.put(json.loads(self.proc.stdout.read(length)))

    def receive(self):
        message = self.messages.get(timeout=60)
        if message is None:
            sys.exit("the server closed its output")
        return message

    def request(self, method, params):
        n = next(self.ids)
        self.send({"id": n, "method": method, "params": params})
        while True:
            reply = self.receive()
            if reply.get("id") == n and "method" not in reply:
                return reply

    def notify(self, method, params):
        self.send({"method": method, "params": params})

    def published(self, uri, version):
        """Wait for the diagnostics of `uri` at `version`."""
        while True:
            m = self.receive()
            if m.get("method") == "textDocument/publishDiagnostics":
                p = m["params"]
                if p["uri"] == uri and p.get("version") == version:
                    return p["diagnostics"]


def main():
    binary, draft, cwd = sys.argv[1], open(sys.argv[2], encoding="utf-8").read(), sys.argv[3]
    edits = int(sys.argv[4]) if len(sys.argv) > 4 else 500
    documents = int(sys.argv[5]) if len(sys.argv) > 5 else 1000
    server = Server(binary, cwd)
    server.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
    server.notify("initialized", {})
    uri = "file://" + os.path.join(os.path.abspath(cwd), "draft.md")
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": draft}})
    server.published(uri, 1)
    version = 1

    def edit(i, save):
        nonlocal version
        version += 1
        text = f"{draft}\nCFO: draft {i}.\n"
        start = time.perf_counter()
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]})
        if save:
            server.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
        server.published(uri, version)
        return (time.perf_counter() - start) * 1000

    saved = sorted(edit(i, True) for i in range(edits))
    typed = sorted(edit(i, False) for i in range(10))
    alone = rss_mb(server.proc.pid)
    uris = []
    for n in range(documents):
        u = "file://" + os.path.join(os.path.abspath(cwd), f"drafts/d{n}.md")
        uris.append(u)
        server.notify("textDocument/didOpen", {"textDocument": {"uri": u, "languageId": "markdown", "version": 1, "text": f"{draft}\nCFO: document {n}.\n"}})
        server.published(u, 1)
    every = rss_mb(server.proc.pid)
    for u in uris:
        server.notify("textDocument/didClose", {"textDocument": {"uri": u}})
    # A request answered after the closes: they were all handled.
    server.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
    closed = rss_mb(server.proc.pid)
    # As many others opened and closed again: the memory of the closed
    # ones is reused, not kept.
    for n in range(documents):
        u = "file://" + os.path.join(os.path.abspath(cwd), f"others/d{n}.md")
        server.notify("textDocument/didOpen", {"textDocument": {"uri": u, "languageId": "markdown", "version": 1, "text": f"{draft}\nCEO: other {n}.\n"}})
        server.published(u, 1)
        server.notify("textDocument/didClose", {"textDocument": {"uri": u}})
    server.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
    again = rss_mb(server.proc.pid)
    server.request("shutdown", None)
    server.notify("exit", None)
    server.proc.wait(timeout=10)
    p95 = saved[int(len(saved) * 0.95) - 1]
    per_document = (every - alone) * 1024 / max(documents, 1)
    print(f"{statistics.median(saved):.2f} {p95:.2f} {statistics.median(typed):.1f} {alone:.1f} {every:.1f} {closed:.1f} {again:.1f} {per_document:.1f}")


main()
