"""Round trips of `boardlint mcp`'s check tool, for scripts/bench.sh.

Usage: python3 scripts/bench_mcp.py BOARDLINT DRAFT [CALLS]

Starts the server, initializes it, then calls `check` on DRAFT (a 5 KB
transcript) CALLS times, each time on a text of its own (a counter appended,
as an agent's successive drafts differ), and prints the median and 95th
percentile round trip in milliseconds, the server's resident memory after
the first call and after the last, in MB, and the growth per 1,000 calls.
"""
import json
import statistics
import subprocess
import sys
import time


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def main():
    binary, draft = sys.argv[1], open(sys.argv[2], encoding="utf-8").read()
    calls = int(sys.argv[3]) if len(sys.argv) > 3 else 500
    server = subprocess.Popen([binary, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    ids = iter(range(1, 10**9))

    def request(method, params):
        n = next(ids)
        server.stdin.write(json.dumps({"jsonrpc": "2.0", "id": n, "method": method, "params": params}) + "\n")
        server.stdin.flush()
        while True:
            reply = json.loads(server.stdout.readline())
            if reply.get("id") == n:
                return reply

    request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}})
    server.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n")
    server.stdin.flush()
    times, first = [], None
    for i in range(calls):
        text = f"{draft}\nCFO: draft {i}.\n"
        start = time.perf_counter()
        reply = request("tools/call", {"name": "check", "arguments": {"text": text, "path": "draft.md"}})
        times.append((time.perf_counter() - start) * 1000)
        if "result" not in reply or reply["result"].get("isError"):
            sys.exit(f"check failed: {reply}")
        if first is None:
            first = rss_mb(server.pid)
    last = rss_mb(server.pid)
    server.stdin.close()
    server.wait(timeout=10)
    times.sort()
    p95 = times[int(len(times) * 0.95) - 1]
    growth = (last - first) / max(calls - 1, 1) * 1000
    print(f"{statistics.median(times):.2f} {p95:.2f} {first:.1f} {last:.1f} {growth:.2f}")


main()
