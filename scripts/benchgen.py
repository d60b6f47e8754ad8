#!/usr/bin/env python3
"""Benchmark inputs of other shapes than the Rust generator's, for scripts/bench.sh.

Usage:

    python3 scripts/benchgen.py SHAPE PATH --findings N [--bytes SIZE] [--roots R] [--seed S]

Writes one file of the given shape to PATH (`-` for standard output) and
prints on standard error what it wrote: its bytes, the findings put in it,
its lines (and, for the session logs, records and conversations).

This generator is independent of the project's own (benches/support/, the
`corpus` example): other code, other text, other proportions, so that
performance that holds only for the shape of one generator shows. It needs
Python 3.8 or later and nothing outside the standard library.

Findings. Every finding is a self-invocation, rule L001: a speaker
invoking its own role (`CFO: … [INVOKE:cfo|…]`). --findings N puts exactly
N of them in the file, spread evenly over it, and nothing else that
boardlint reports: `boardlint check` reports N findings, all L001. N may be
0 (a clean file of the same shape).

Size. SIZE is a byte count with an optional suffix in powers of 1000
(`512KB`, `100MB`, `1GB`; `K`, `M` and `G` too), as the Rust generator
reads it. For every shape, the file's bytes do not depend on N beyond a
fraction of a percent (a finding takes the place of text of the same
length), so that the same SIZE with N and with 10 N gives two files of the
same size that differ in how many findings they hold (each shape says
what else changes).

Seed. --seed S (an integer, default 1) seeds every random choice: the same
arguments always give the same bytes, whatever the Python version or
machine (the random stream is SHAKE-256 of the seed and a counter, not
Python's `random`, whose algorithms may change between versions). The
seed changes the text, the hashes, the ids and the sizes drawn. What a
finding stands in place of is drawn from a stream of its own, so that with
the same seed and SIZE the files for two values of N are the same but for
the paragraphs that hold findings (and, in the session logs, where the
writing stops).

Shapes:

one-line
    A markdown transcript that is one line: a speaker (`CFO: `), then N
    self-invocations `[INVOKE:cfo|q]` separated by prose, ended by one line
    feed. SIZE is the file's exact size; without --bytes, 18 bytes a
    finding (160,000 findings: a 2.9 MB line). With --bytes, the prose
    between two invocations grows so that the line keeps its length: the
    same SIZE with 10 N findings is a line as long with the invocations ten
    times closer. SIZE must leave at least 15 bytes a finding.

hashes
    A markdown transcript of one speaker's lines (`CFO: ` opens the file),
    each carrying a 48-character random string: base64 with mixed case and
    digits (three lines in four: the shape of a key, which boardlint hides
    from its output as a possible credential) or hexadecimal (one in four:
    a hash). N of the lines are a self-invocation,
    `[INVOKE:cfo|check] ref <string>`; the others say the same in as many
    bytes without one (`checked cfo figure ref <string>`). Every line is 72
    bytes. (One speaker throughout: a speaker who invoked itself and then
    speaks again also leaves the invocation unanswered, R006, which would
    double the count.) Without --bytes every line holds a finding (N lines);
    with --bytes the file is SIZE bytes rounded up to a whole line and the N
    findings are spread evenly over its lines (at most one a line: SIZE
    must hold N lines).

signatures
    A text-heavy Claude Code session log (JSONL), one conversation: user
    prompts, and replies written as Claude Code writes them, one record a
    content block sharing `message.id`: a `thinking` block with a long
    base64 `signature` (0.4–30 KB), `text` blocks of 1–12 KB of prose and
    markdown with the protocol's markers (speaker lines, answered
    invocations with their RESPONSE blocks, assumptions, chains), and now
    and then a small tool call and its result (with Claude Code's
    `toolUseResult` copy), among `summary` and `file-history-snapshot`
    records. SIZE (default 100MB) is where the writing stops: the file is
    SIZE plus the turn that crosses it (and one more, when findings are
    still due there). The N findings go into the text blocks, each in a
    slot that would otherwise hold a clean paragraph of the same length
    (2 + 1 a 2,000 bytes of text; more findings than slots add
    paragraphs).

roots
    A Claude Code session log of many conversations in one file, as older
    Claude Code versions wrote every sub-agent's sidechain into the main
    session's file: R roots (`parentUuid: null`), the main thread's and
    R - 1 sidechains' (`isSidechain: true`), each sidechain started by a
    `Task` tool call of the main thread and answered by its tool result;
    Task calls go out one to three at a time, and the records of sidechains
    that run together are interleaved. Every conversation is about SIZE / R
    bytes of replies (text, thinking, small tool calls). --roots R (default
    1,000) sets R; SIZE defaults to 100MB and, as for `signatures`, is
    where the writing stops. The N findings are shared out evenly between
    the roots (N / R each, the first N mod R roots one more), and spread
    over each root's texts as in `signatures`.

tools
    A tool-heavy Claude Code session log: mostly `tool_use` and
    `tool_result` records, with short assistant texts between them. Tool
    calls come one to four at a time in a reply; outputs are file reads
    (numbered lines, `→`), build logs with ANSI colour escapes, search
    hits, JSON documents kept as strings (escaped twice), directory
    listings and errors, from 200 bytes to 1 MB (a few large ones make most
    of the bytes), each followed by its `toolUseResult` copy; `Edit` and
    `Write` calls carry whole files in their input. SIZE defaults to 100MB,
    and is where the writing stops, as for `signatures`. Each short text
    has three slots that hold a finding or a clean paragraph of the same
    length; findings due by a text beyond its three (after a long run of
    large outputs) add paragraphs, so that with 10 N findings the texts
    take a little more of the log and it holds about 2% fewer tool calls.

Examples:

    python3 scripts/benchgen.py one-line line.md --findings 160000
    python3 scripts/benchgen.py one-line line.md --findings 16000 --bytes 2880006
    python3 scripts/benchgen.py hashes hashes.md --findings 20000 --bytes 15MB
    python3 scripts/benchgen.py signatures log.jsonl --findings 2000 --bytes 100MB --seed 3
    python3 scripts/benchgen.py roots roots.jsonl --findings 3000 --roots 1000
    python3 scripts/benchgen.py tools tools.jsonl --findings 500 --bytes 100MB
"""

import argparse
import base64
import hashlib
import json
import os
import sys
from datetime import datetime, timedelta, timezone

# The roles findings and clean markers speak as (the protocol's; not the CEO,
# whose broadcasts follow rules of their own).
ROLES = ["cfo", "cro", "cmo", "cto", "coo", "cpo", "ciso", "cdo"]

# ---------------------------------------------------------------------------
# Random stream


class Rng:
    """A deterministic random stream: SHAKE-256 of the seed, a stream name
    and a block counter. The same seed and name give the same numbers on any
    Python 3 and machine."""

    def __init__(self, seed, name):
        self.key = b"benchgen/%d/%s/" % (seed, name.encode())
        self.block = 0
        self.buf = b""
        self.pos = 0

    def _next_block(self, n):
        out = hashlib.shake_256(self.key + self.block.to_bytes(8, "little")).digest(n)
        self.block += 1
        return out

    def u64(self):
        if self.pos + 8 > len(self.buf):
            self.buf = self._next_block(8192)
            self.pos = 0
        v = int.from_bytes(self.buf[self.pos : self.pos + 8], "little")
        self.pos += 8
        return v

    def below(self, n):
        """An integer in [0, n)."""
        return self.u64() % n

    def between(self, lo, hi):
        """An integer in [lo, hi]."""
        return lo + self.u64() % (hi - lo + 1)

    def pick(self, seq):
        return seq[self.u64() % len(seq)]

    def bytes(self, n):
        """n random bytes, in one draw (for long strings)."""
        return self._next_block(n)

    def chars(self, n, alphabet):
        raw = self.bytes(n)
        return "".join(alphabet[b % len(alphabet)] for b in raw)


BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def key48(rng):
    """48 characters of base64 with upper case, lower case and digits: the
    shape of a key (boardlint hides such runs from its output)."""
    while True:
        s = base64.b64encode(rng.bytes(36)).decode()
        if any(c.isupper() for c in s) and any(c.islower() for c in s) and any(c.isdigit() for c in s):
            return s


def hex48(rng):
    return rng.bytes(24).hex()


def b64(rng, n):
    """About n characters of base64 (a multiple of 4)."""
    return base64.b64encode(rng.bytes(max(3, n * 3 // 4))).decode()


# ---------------------------------------------------------------------------
# Text

# Plain prose: what an assistant says between the protocol's markers.
PROSE = [
    "The forecast sheet and the billing export disagree by a few thousand dollars, so I traced the gap before going on.",
    "Most of the difference comes from two invoices that were credited in March and booked again in April.",
    "I left the old totals in the appendix so the change is easy to review.",
    "Nothing in the deploy logs points at the cache layer; the latency jump lines up with the schema migration instead.",
    "The retry loop backs off exponentially, capped at thirty seconds, which keeps the queue from piling up during an outage.",
    "Renewals in the mid-market segment are tracking slightly ahead of plan, mostly thanks to the annual prepay offer.",
    "I checked the three regions separately because the blended number hides a weak quarter in APAC.",
    "The test suite passes locally; the one flaky case depends on wall-clock time and should use a fixed clock.",
    "Hiring two support engineers in July moves the break-even month from November to December.",
    "The vendor contract renews automatically on the first of September unless we give ninety days' notice.",
    "Gross margin holds at 78% once the new hosting discount applies from the second month.",
    "I rewrote the summary so each figure names the report it comes from and the date it was pulled.",
    "Café prices in the São Paulo office budget were entered in reais; I converted them at the month-end rate.",
    "The headcount plan assumes no backfill for the two roles that close in Q3 — worth confirming before the board pack goes out.",
    "Paths like C:\\Users\\finance\\exports and \"quoted names\" survive the export unchanged, as the diff shows.",
    "Churn is concentrated in accounts under $5K ARR that never finished onboarding.",
    "The dashboard refreshes hourly; numbers quoted here were read at 09:00 UTC.",
    "I'd keep the pricing page as it is until the experiment has two full weeks of traffic.",
    "Support tickets about invoices fell by a third after the template change → fewer manual credits.",
    "Cash on hand covers fourteen months at the current burn, before any new financing.",
    "The migration script is idempotent: running it twice leaves the table as it was after the first run.",
    "Pipeline coverage for next quarter is 2.9x, up from 2.4x at the same point last year.",
    "Two of the five largest deals moved their close dates out by a month; neither was lost.",
    "The security review found no secrets in the repository history, and the token scopes are the minimum needed.",
]

HEADINGS = ["## Summary", "## What changed", "### Numbers", "### Next steps", "## Open questions", "### Risks"]

CODE = [
    "```python\ntotal = sum(row[\"amount\"] for row in rows if row[\"status\"] == \"paid\")\nprint(f\"{total:,.2f}\")\n```",
    "```sql\nSELECT region, SUM(arr) AS arr\n  FROM accounts\n WHERE churned_at IS NULL\n GROUP BY region;\n```",
    "```sh\ncargo test --workspace -- --nocapture 2>&1 | tee test.log\n```",
    "```json\n{\"region\": \"EMEA\", \"coverage\": 2.9, \"note\": \"excludes renewals\"}\n```",
]

METRICS = ["monthly burn", "Q3 pipeline", "gross margin", "net retention", "runway", "CAC payback", "hiring plan", "cloud spend"]


def prose(rng, n):
    """About n bytes of prose: sentences, now and then a heading, a list
    or a code block, in paragraphs."""
    out = []
    size = 0
    while size < n:
        k = rng.below(12)
        if k == 0:
            p = rng.pick(HEADINGS)
        elif k == 1:
            p = "\n".join("- " + rng.pick(PROSE) for _ in range(rng.between(2, 4)))
        elif k == 2:
            p = rng.pick(CODE)
        else:
            p = " ".join(rng.pick(PROSE) for _ in range(rng.between(1, 4)))
        out.append(p)
        size += len(p) + 2
    return "\n\n".join(out)


def clean_marker(rng):
    """A paragraph with the protocol's markers that breaks no rule: an
    answered invocation, an assumption, a chain."""
    a, b, c = rng.pick(ROLES), rng.pick(ROLES), rng.pick(ROLES)
    while b == a:
        b = rng.pick(ROLES)
    while c in (a, b):
        c = rng.pick(ROLES)
    metric = rng.pick(METRICS)
    k = rng.below(4)
    if k == 0:
        return (
            f"{a.upper()} → [INVOKE:{b}|What is the current {metric}?]\n"
            f"[RESPONSE:{b}]\n"
            f"Key finding: The {metric} is on plan for the quarter.\n"
            f"Supporting data:\n"
            f"  - {rng.pick(PROSE)}\n"
            f"  - {rng.pick(PROSE)}\n"
            f"Confidence: medium\n"
            f"Caveat: The {metric} figure is from the last month-end close.\n"
            f"[/RESPONSE]"
        )
    if k == 1:
        return f"{a.upper()}: {rng.pick(PROSE)}\n\n[ASSUMPTION: the {metric} stays flat through the quarter — not verified with {b.upper()}]"
    if k == 2:
        return (
            f"{a.upper()} → [INVOKE:{b}|How does the {metric} change the plan?]\n"
            f"[RESPONSE:{b}]\n"
            f"[INVOKE:{c}|What does the {metric} look like from your side?]\n"
            f"[CHAIN: {a} → {b} → {c}]\n"
            f"[RESPONSE:{c}]\n"
            f"Key finding: The {metric} does not change the plan.\n"
            f"Supporting data:\n"
            f"  - {rng.pick(PROSE)}\n"
            f"  - {rng.pick(PROSE)}\n"
            f"Confidence: high\n"
            f"Caveat: Figures are from the last close.\n"
            f"[/RESPONSE]\n"
            f"Key finding: The plan holds with the {metric} as it is.\n"
            f"Supporting data:\n"
            f"  - {rng.pick(PROSE)}\n"
            f"  - {rng.pick(PROSE)}\n"
            f"Confidence: medium\n"
            f"Caveat: One large renewal is still open.\n"
            f"[/RESPONSE]"
        )
    return f"{a.upper()}: {rng.pick(PROSE)} {rng.pick(PROSE)}"


def finding(rng, role):
    """A self-invocation (L001) answered by its own response, so that it is
    the one finding of the paragraph."""
    metric = rng.pick(METRICS)
    return (
        f"{role.upper()}: I'll take the {metric} question myself.\n"
        f"[INVOKE:{role}|What is our {metric}?]\n"
        f"[RESPONSE:{role}]\n"
        f"Key finding: Our {metric} is on plan.\n"
        f"Supporting data:\n"
        f"  - {rng.pick(PROSE)}\n"
        f"  - {rng.pick(PROSE)}\n"
        f"Confidence: medium\n"
        f"Caveat: Read from the last month-end close.\n"
        f"[/RESPONSE]"
    )


def clean_like(rng, role, length):
    """A clean paragraph of `length` bytes or so: what stands where a
    finding would, when the file holds fewer."""
    text = f"{role.upper()}: " + " ".join(rng.pick(PROSE) for _ in range(1 + length // 90))
    return text[: max(length, len(role) + 2)].rstrip()


# ---------------------------------------------------------------------------
# Writing


class Out:
    """A binary output that counts its bytes and lines."""

    def __init__(self, path):
        self.file = sys.stdout.buffer if path == "-" else open(path, "wb")
        self.bytes = 0
        self.lines = 0
        self.chunks = []
        self.pending = 0

    def line(self, text):
        data = (text + "\n").encode("utf-8")
        self.chunks.append(data)
        self.pending += len(data)
        self.bytes += len(data)
        self.lines += 1
        if self.pending > 1 << 20:
            self.flush()

    def record(self, obj):
        self.line(json.dumps(obj, ensure_ascii=False, separators=(",", ":")))

    def flush(self):
        self.file.write(b"".join(self.chunks))
        self.chunks = []
        self.pending = 0

    def close(self):
        self.flush()
        if self.file is not sys.stdout.buffer:
            self.file.close()


class Spread:
    """Shares N findings out over a stream of B bytes: at each place a
    finding may go, how many are due by now (one every B / N bytes)."""

    def __init__(self, n, total):
        self.n = n
        self.total = max(1, total)
        self.given = 0

    def due(self, at):
        if self.given >= self.n:
            return 0
        want = min(self.n, (at * self.n) // self.total + 1)
        k = max(0, want - self.given)
        self.given += k
        return k

    def left(self):
        return self.n - self.given

    def rest(self):
        """All the findings not placed yet (at the last place)."""
        k = self.n - self.given
        self.given = self.n
        return k


# ---------------------------------------------------------------------------
# Markdown shapes


def one_line(out, args):
    n = args.findings
    size = args.bytes if args.bytes is not None else max(64, 18 * n + 6)
    head = "CFO: "
    invoke = "[INVOKE:cfo|q]"
    body = size - 1 - len(head)  # the line feed ends the file
    if body < 1 or (n and body < n * (len(invoke) + 1)):
        sys.exit(f"benchgen: one-line: {size} bytes hold at most {max(0, body) // (len(invoke) + 1)} findings")
    rng = Rng(args.seed, "one-line")
    # ASCII words, so that characters are bytes and the size is exact.
    words = [w for w in " ".join(PROSE).replace("[", "(").replace("]", ")").split() if w.isascii()]
    at = [0]

    def filler(length):
        """Exactly `length` bytes of prose between two spaces."""
        if length <= 2:
            return " " * length
        s = []
        got = 0
        while got < length - 2:
            word = words[at[0] % len(words)]
            at[0] += 1 + rng.below(3)
            s.append(word)
            got += len(word) + 1
        return " " + " ".join(s)[: length - 2].rstrip().ljust(length - 2, ".") + " "

    parts = [head]
    written = 0
    # Invocation i starts at byte i * body / n of the body (the first right
    # after the speaker); prose fills the gaps and the end.
    for i in range(n):
        start = i * body // n
        parts.append(filler(start - written))
        parts.append(invoke)
        written = start + len(invoke)
    parts.append(filler(body - written).rstrip().ljust(body - written, "."))
    line = "".join(parts)
    assert len(line.encode()) == size - 1, (len(line.encode()), size)
    out.line(line)
    return {"findings": n}


def hashes(out, args):
    n = args.findings
    rng = Rng(args.seed, "hashes")
    head = "CFO: the ledger references, one a line:"
    # Every line after the speaker's is 71 bytes and its line feed.
    if args.bytes is None:
        lines = n
    else:
        lines = max(0, -(-(args.bytes - len(head) - 1) // 72))
    if n > lines:
        sys.exit(f"benchgen: hashes: {args.bytes} bytes hold {lines} lines, fewer than {n} findings")
    out.line(head)
    for i in range(lines):
        h = hex48(rng) if rng.below(4) == 0 else key48(rng)
        # Line i holds a finding when the share of findings due by its end
        # grows there: N lines out of `lines`, evenly.
        if (i + 1) * n // lines > i * n // lines:
            text = "[INVOKE:cfo|check]"
        else:
            text = "checked cfo figure"
        out.line(f"{text} ref {h}")
    return {"findings": n}


# ---------------------------------------------------------------------------
# Claude Code logs


class Claude:
    """Claude Code's records: envelopes chained by parentUuid, a clock, ids."""

    def __init__(self, out, rng, version):
        self.out = out
        self.rng = rng
        self.version = version
        self.session = self.uuid()
        self.clock = datetime(2026, 3, 2, 9, 0, 0, tzinfo=timezone.utc)
        self.cwd = "/home/dev/kestrel-finance"

    def uuid(self):
        b = bytearray(self.rng.bytes(16))
        b[6] = (b[6] & 0x0F) | 0x40
        b[8] = (b[8] & 0x3F) | 0x80
        h = b.hex()
        return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"

    def ident(self, prefix, n):
        return prefix + self.rng.chars(n, BASE62)

    def stamp(self):
        self.clock += timedelta(milliseconds=self.rng.between(40, 9000))
        return self.clock.strftime("%Y-%m-%dT%H:%M:%S.") + f"{self.clock.microsecond // 1000:03d}Z"

    def envelope(self, parent, sidechain, kind, message, extra=None):
        uid = self.uuid()
        rec = {
            "parentUuid": parent,
            "isSidechain": sidechain,
            "userType": "external",
            "cwd": self.cwd,
            "sessionId": self.session,
            "version": self.version,
            "gitBranch": "main",
        }
        if kind == "assistant":
            rec["message"] = message
            rec["requestId"] = message.pop("_request")
            rec["type"] = "assistant"
        else:
            rec["type"] = kind
            rec["message"] = message
        rec["uuid"] = uid
        rec["timestamp"] = self.stamp()
        if extra:
            rec.update(extra)
        self.out.record(rec)
        return uid

    def user(self, parent, sidechain, text):
        return self.envelope(parent, sidechain, "user", {"role": "user", "content": text})

    def usage(self):
        r = self.rng
        return {
            "input_tokens": r.between(3, 40),
            "cache_creation_input_tokens": r.between(0, 20000),
            "cache_read_input_tokens": r.between(0, 90000),
            "cache_creation": {"ephemeral_5m_input_tokens": r.between(0, 20000), "ephemeral_1h_input_tokens": 0},
            "output_tokens": r.between(1, 3000),
            "service_tier": "standard",
        }

    def reply(self, parent, sidechain, blocks):
        """One assistant reply, one record a block (as Claude Code writes
        them), all with the reply's message id. Returns the last uuid."""
        mid = self.ident("msg_01", 22)
        req = self.ident("req_011C", 20)
        usage = self.usage()
        for block in blocks:
            message = {
                "model": "claude-sonnet-4-5-20250929",
                "id": mid,
                "type": "message",
                "role": "assistant",
                "content": [block],
                "stop_reason": None,
                "stop_sequence": None,
                "usage": usage,
                "_request": req,
            }
            parent = self.envelope(parent, sidechain, "assistant", message)
        return parent

    def results(self, parent, sidechain, results):
        """A user record of tool results, with Claude Code's copy of the
        last one's output in `toolUseResult`."""
        content = [r[0] for r in results]
        return self.envelope(
            parent, sidechain, "user", {"role": "user", "content": content}, {"toolUseResult": results[-1][1]}
        )

    def thinking(self, size, sig):
        return {"type": "thinking", "thinking": prose(self.rng, size), "signature": "Eu" + b64(self.rng, sig)}

    def snapshot(self):
        mid = self.uuid()
        self.out.record(
            {
                "type": "file-history-snapshot",
                "messageId": mid,
                "snapshot": {"messageId": mid, "trackedFileBackups": {}, "timestamp": self.stamp()},
                "isSnapshotUpdate": False,
            }
        )


def signature_size(rng):
    k = rng.below(20)
    if k == 0:
        return rng.between(8000, 30000)
    if k < 6:
        return rng.between(2000, 8000)
    return rng.between(400, 2000)


def text_with_findings(rng, fill, size, k):
    """About `size` bytes of assistant text: paragraphs of prose and clean
    markers, among them 2 + size / 2000 slots that each hold a finding or,
    when fewer are due, a clean paragraph of the same length. What `rng`
    draws does not depend on k (the clean stand-ins, and the findings past
    the slots, are drawn from `fill`), so that the same seed gives the
    same log whatever N is, but for the findings. Findings past the slots
    add paragraphs."""
    paras = []
    got = 0
    while got < size:
        if rng.below(3) == 0:
            p = clean_marker(rng)
        else:
            p = prose(rng, rng.between(200, 900))
        paras.append(p)
        got += len(p) + 2
    base = 2 + size // 2000
    slots = max(k, base)
    out = []
    at = 0
    for j in range(slots):
        upto = (j * len(paras)) // slots
        out.extend(paras[at:upto])
        at = upto
        source = rng if j < base else fill
        f = finding(source, source.pick(ROLES))
        out.append(f if j < k else clean_like(fill, fill.pick(ROLES), len(f)))
    out.extend(paras[at:])
    return "\n\n".join(out)


def small_tool(c, rng):
    """A small tool call and its result (for the text-heavy shapes)."""
    tid = c.ident("toolu_01", 22)
    k = rng.below(3)
    if k == 0:
        path = f"{c.cwd}/reports/{rng.pick(['q3-plan', 'forecast', 'board-pack', 'runway'])}.md"
        body = "\n".join(f"{i + 1:>6}→{line}" for i, line in enumerate(prose(rng, rng.between(300, 2500)).split("\n")))
        use = {"type": "tool_use", "id": tid, "name": "Read", "input": {"file_path": path}}
        res = {"tool_use_id": tid, "type": "tool_result", "content": body}
        copy = {"type": "text", "file": {"filePath": path, "content": body, "numLines": body.count("\n") + 1, "startLine": 1, "totalLines": body.count("\n") + 1}}
    elif k == 1:
        pattern = rng.pick(METRICS).split()[-1]
        hits = "\n".join(f"{c.cwd}/src/{rng.pick(['plan', 'model', 'ledger'])}_{i}.py:{rng.between(1, 400)}:    {pattern} = compute_{pattern}(rows)" for i in range(rng.between(2, 30)))
        use = {"type": "tool_use", "id": tid, "name": "Grep", "input": {"pattern": pattern, "path": c.cwd, "output_mode": "content"}}
        res = {"tool_use_id": tid, "type": "tool_result", "content": hits}
        copy = {"mode": "content", "numFiles": hits.count("\n") + 1, "filenames": [], "content": hits, "numLines": hits.count("\n") + 1}
    else:
        cmd = rng.pick(["pytest -q tests/test_forecast.py", "git status --short", "ls -la reports/", "python3 scripts/close.py --month 2026-02"])
        outp = "\n".join(rng.pick(PROSE) for _ in range(rng.between(1, 12)))
        use = {"type": "tool_use", "id": tid, "name": "Bash", "input": {"command": cmd, "description": "Run " + cmd.split()[0]}}
        res = {"tool_use_id": tid, "type": "tool_result", "content": outp, "is_error": False}
        copy = {"stdout": outp, "stderr": "", "interrupted": False, "isImage": False}
    return use, (res, copy)


def signatures(out, args):
    rng = Rng(args.seed, "signatures")
    fill = Rng(args.seed, "signatures/fill")
    c = Claude(out, rng, "2.0.14")
    target = args.bytes if args.bytes is not None else 100_000_000
    spread = Spread(args.findings, target)
    out.record({"type": "summary", "summary": "Q3 board pack: forecast review", "leafUuid": c.uuid()})
    parent = None
    while True:
        last = out.bytes >= target
        c.snapshot()
        parent = c.user(parent, False, prose(rng, rng.between(60, 600)).split("\n\n")[0])
        blocks = [c.thinking(rng.between(200, 2500), signature_size(rng))]
        size = rng.between(1000, 12000)
        k = spread.rest() if last else spread.due(out.bytes + size)
        blocks.append({"type": "text", "text": text_with_findings(rng, fill, size, k)})
        parent = c.reply(parent, False, blocks)
        if rng.below(4) == 0:
            use, result = small_tool(c, rng)
            parent = c.reply(parent, False, [use])
            parent = c.results(parent, False, [result])
            size = rng.between(300, 3000)
            parent = c.reply(parent, False, [{"type": "text", "text": text_with_findings(rng, fill, size, 0)}])
        if out.bytes >= target and not spread.left():
            break
    return {"findings": args.findings, "records": out.lines, "conversations": 1}


def roots(out, args):
    rng = Rng(args.seed, "roots")
    fill = Rng(args.seed, "roots/fill")
    c = Claude(out, rng, "1.0.98")
    target = args.bytes if args.bytes is not None else 100_000_000
    r = args.roots if args.roots is not None else 1000
    if r < 1:
        sys.exit("benchgen: roots: --roots must be at least 1")
    n = args.findings
    per_root = [n // r + (1 if j < n % r else 0) for j in range(r)]
    # Task calls go out one to three at a time.
    batches = []
    left = r - 1
    draw = Rng(args.seed, "roots/batches")
    while left > 0:
        b = min(left, 1 + draw.below(3))
        batches.append(b)
        left -= b
    # The main thread speaks once before each batch and once at the end;
    # its findings are shared out over those replies.
    replies = len(batches) + 1
    main_counts = [(i + 1) * per_root[0] // replies - i * per_root[0] // replies for i in range(replies)]
    out.record({"type": "summary", "summary": "Quarter close with sub-agents", "leafUuid": c.uuid()})

    def sidechain(j, prompt, budget):
        """Writes sidechain j, a step at a time (a generator, so that the
        sidechains of a batch interleave): about `budget` bytes of replies
        holding its findings. Returns its last text."""
        spread = Spread(per_root[j], budget)
        own = 0
        before = out.bytes
        parent = c.user(None, True, prompt)
        own += out.bytes - before
        yield
        final = ""
        while True:
            last = own >= budget
            size = rng.between(800, 6000)
            k = spread.rest() if last else spread.due(own + size)
            before = out.bytes
            blocks = []
            if rng.below(2) == 0:
                blocks.append(c.thinking(rng.between(100, 1200), signature_size(rng)))
            final = text_with_findings(rng, fill, size, k)
            blocks.append({"type": "text", "text": final})
            parent = c.reply(parent, True, blocks)
            own += out.bytes - before
            yield
            if rng.below(3) == 0:
                before = out.bytes
                use, result = small_tool(c, rng)
                parent = c.reply(parent, True, [use])
                own += out.bytes - before
                yield
                before = out.bytes
                parent = c.results(parent, True, [result])
                own += out.bytes - before
                yield
            if own >= budget and not spread.left():
                return final

    parent = c.user(None, False, "Close the quarter: reconcile every region and draft the board summary.")
    j = 1
    for i, batch in enumerate(batches):
        size = rng.between(800, 3000)
        parent = c.reply(parent, False, [{"type": "text", "text": text_with_findings(rng, fill, size, main_counts[i])}])
        budget = max(1000, (target - out.bytes) // (r - j))
        calls = []
        for b in range(batch):
            tid = c.ident("toolu_01", 22)
            prompt = f"Reconcile region {j + b}: " + rng.pick(PROSE)
            calls.append((tid, prompt))
        parent = c.reply(
            parent,
            False,
            [
                {"type": "tool_use", "id": tid, "name": "Task", "input": {"subagent_type": "general-purpose", "description": prompt.split(":")[0], "prompt": prompt}}
                for tid, prompt in calls
            ],
        )
        runs = [sidechain(j + b, prompt, budget) for b, (_, prompt) in enumerate(calls)]
        finals = [""] * len(runs)
        live = list(range(len(runs)))
        while live:
            for x in list(live):
                try:
                    next(runs[x])
                except StopIteration as stop:
                    finals[x] = stop.value or ""
                    live.remove(x)
        for (tid, prompt), final in zip(calls, finals):
            summary = [{"type": "text", "text": final[:400]}]
            result = {"tool_use_id": tid, "type": "tool_result", "content": summary}
            copy = {"status": "completed", "prompt": prompt, "content": summary, "totalDurationMs": rng.between(2000, 90000), "totalTokens": rng.between(1000, 60000), "totalToolUseCount": rng.between(0, 20)}
            parent = c.results(parent, False, [(result, copy)])
        j += batch
    # The main thread's last reply; a log of one root fills the size with it.
    spread = Spread(main_counts[-1], max(1, target - out.bytes))
    start = out.bytes
    while True:
        size = rng.between(800, 6000)
        last = out.bytes >= target
        k = spread.rest() if last else spread.due(out.bytes - start + size)
        parent = c.reply(parent, False, [{"type": "text", "text": text_with_findings(rng, fill, size, k)}])
        if out.bytes >= target and not spread.left():
            break
    return {"findings": n, "records": out.lines, "conversations": r}


# Tool outputs of the `tools` shape.

ANSI = ["\x1b[32m", "\x1b[31m", "\x1b[1m", "\x1b[0m", "\x1b[33m"]


def read_output(rng, n):
    lines = []
    got = 0
    i = 1
    while got < n:
        k = rng.below(5)
        if k == 0:
            line = "    " + rng.pick(["let total: u64 = rows.iter().map(|r| r.amount).sum();", "if not rows:", "return Err(Error::Empty);", "}", "", "# reconcile before posting"])
        elif k == 1:
            line = ""
        else:
            line = rng.pick(PROSE)
        s = f"{i:>6}→{line}"
        lines.append(s)
        got += len(s) + 1
        i += 1
    return "\n".join(lines)


def build_output(rng, n):
    lines = []
    got = 0
    while got < n:
        k = rng.below(6)
        crate = rng.pick(["ledger", "forecast", "billing", "reports", "kestrel-core"])
        if k == 0:
            s = f"{ANSI[0]}   Compiling{ANSI[3]} {crate} v0.{rng.below(20)}.{rng.below(9)} ({'/home/dev/kestrel-finance/' + crate})"
        elif k == 1:
            s = f"{ANSI[4]}warning{ANSI[3]}: unused variable: `{rng.pick(['total', 'rows', 'ctx'])}`\n  --> src/{crate}.rs:{rng.between(1, 900)}:{rng.between(1, 60)}"
        elif k == 2:
            s = f"test {crate}::tests::case_{rng.below(10000)} ... {ANSI[0]}ok{ANSI[3]}"
        elif k == 3:
            s = f"\t{rng.pick(PROSE)}"
        else:
            s = f"{ANSI[2]}[{rng.between(0, 99):02d}:{rng.between(0, 59):02d}]{ANSI[3]} step {rng.below(500)}: \"{rng.pick(METRICS)}\" => {rng.between(0, 10**6)}"
        lines.append(s)
        got += len(s) + 1
    return "\n".join(lines)


def json_output(rng, n):
    rows = []
    got = 0
    while got < n:
        row = {"id": rng.below(10**9), "region": rng.pick(["EMEA", "APAC", "NA", "LATAM"]), "amount": rng.below(10**7) / 100, "memo": rng.pick(PROSE), "path": "C:\\exports\\" + rng.pick(METRICS).replace(" ", "_") + ".csv"}
        rows.append(row)
        got += 140
    return json.dumps({"rows": rows, "count": len(rows)}, indent=2)


def grep_output(rng, n):
    lines = []
    got = 0
    while got < n:
        s = f"src/{rng.pick(['ledger', 'forecast', 'billing'])}/{rng.pick(['mod', 'close', 'fx', 'tax'])}.rs:{rng.between(1, 3000)}:    {rng.pick(PROSE)[:80]}"
        lines.append(s)
        got += len(s) + 1
    return "\n".join(lines)


def listing_output(rng, n):
    lines = []
    got = 0
    while got < n:
        s = f"-rw-r--r--  1 dev  staff  {rng.between(10, 10**7):>9}  Mar {rng.between(1, 28):>2} {rng.between(0, 23):02d}:{rng.between(0, 59):02d}  {rng.pick(METRICS).replace(' ', '-')}-{rng.below(1000)}.{rng.pick(['csv', 'md', 'json', 'xlsx'])}"
        lines.append(s)
        got += len(s) + 1
    return "\n".join(lines)


def tool_size(rng):
    k = rng.below(100)
    if k == 0:
        return rng.between(200_000, 1_000_000)
    if k < 8:
        return rng.between(20_000, 200_000)
    if k < 40:
        return rng.between(2_000, 20_000)
    return rng.between(200, 2_000)


def tool_call(c, rng):
    """One tool call and its result: (tool_use block, (tool_result block, copy))."""
    tid = c.ident("toolu_01", 22)
    n = tool_size(rng)
    k = rng.below(7)
    path = f"{c.cwd}/src/{rng.pick(['ledger', 'forecast', 'billing'])}/{rng.pick(['mod', 'close', 'fx', 'tax'])}.rs"
    if k == 0:
        body = read_output(rng, n)
        use = {"type": "tool_use", "id": tid, "name": "Read", "input": {"file_path": path}}
        res = {"tool_use_id": tid, "type": "tool_result", "content": body}
        copy = {"type": "text", "file": {"filePath": path, "content": body, "numLines": body.count("\n") + 1, "startLine": 1, "totalLines": body.count("\n") + 1}}
    elif k == 1:
        body = build_output(rng, n)
        cmd = rng.pick(["cargo build --release", "cargo test --workspace", "make check"])
        use = {"type": "tool_use", "id": tid, "name": "Bash", "input": {"command": cmd, "description": "Build and test", "timeout": 600000}}
        res = {"tool_use_id": tid, "type": "tool_result", "content": body, "is_error": False}
        copy = {"stdout": body, "stderr": "", "interrupted": False, "isImage": False}
    elif k == 2:
        body = json_output(rng, n)
        use = {"type": "tool_use", "id": tid, "name": "Bash", "input": {"command": "curl -s localhost:8080/api/rows", "description": "Fetch rows"}}
        res = {"tool_use_id": tid, "type": "tool_result", "content": [{"type": "text", "text": body}]}
        copy = {"stdout": body, "stderr": "", "interrupted": False, "isImage": False}
    elif k == 3:
        body = grep_output(rng, n)
        use = {"type": "tool_use", "id": tid, "name": "Grep", "input": {"pattern": "fn (close|post)_", "path": c.cwd, "output_mode": "content", "-n": True}}
        res = {"tool_use_id": tid, "type": "tool_result", "content": body}
        copy = {"mode": "content", "numFiles": 3, "filenames": [], "content": body, "numLines": body.count("\n") + 1}
    elif k == 4:
        old = read_output(rng, n // 2)
        new = old.replace("→", "→ ", 3) + "\n// reconciled"
        use = {"type": "tool_use", "id": tid, "name": "Edit", "input": {"file_path": path, "old_string": old, "new_string": new}}
        res = {"tool_use_id": tid, "type": "tool_result", "content": f"The file {path} has been updated."}
        copy = {"filePath": path, "oldString": old[:2000], "newString": new[:2000], "replaceAll": False, "structuredPatch": []}
    elif k == 5:
        body = prose(rng, n)
        use = {"type": "tool_use", "id": tid, "name": "Write", "input": {"file_path": path.replace(".rs", ".md"), "content": body}}
        res = {"tool_use_id": tid, "type": "tool_result", "content": f"File created successfully at: {path.replace('.rs', '.md')}"}
        copy = {"type": "create", "filePath": path.replace(".rs", ".md"), "content": body, "structuredPatch": []}
    else:
        if rng.below(3) == 0:
            body = f"Exit code 1\n{ANSI[1]}error{ANSI[3]}: could not compile `ledger`\n" + build_output(rng, min(n, 4000))
            use = {"type": "tool_use", "id": tid, "name": "Bash", "input": {"command": "cargo check", "description": "Check"}}
            res = {"tool_use_id": tid, "type": "tool_result", "content": body, "is_error": True}
            copy = "Error: " + body[:300]
        else:
            body = listing_output(rng, n)
            use = {"type": "tool_use", "id": tid, "name": "Bash", "input": {"command": "ls -la exports/", "description": "List exports"}}
            res = {"tool_use_id": tid, "type": "tool_result", "content": body}
            copy = {"stdout": body, "stderr": "", "interrupted": False, "isImage": False}
    return use, (res, copy)


SHORT = [
    "Let me look at the ledger module first.",
    "Running the tests again after the fix.",
    "The build is green; checking the exports next.",
    "That error comes from the currency conversion; fixing it.",
    "Now the close script, then the summary.",
    "Reading the two files side by side.",
]


def short_text(rng, fill, k):
    """A short assistant text: a sentence, then three slots that each hold a
    finding or, when fewer are due, a clean paragraph of the same length
    (findings and stand-ins drawn from `fill`, so that `rng` draws the same
    whatever k is); more findings than slots add paragraphs."""
    parts = [rng.pick(SHORT)]
    for j in range(max(k, 3)):
        f = finding(fill, fill.pick(ROLES))
        parts.append(f if j < k else clean_like(fill, fill.pick(ROLES), len(f)))
    return "\n\n".join(parts)


def tools(out, args):
    rng = Rng(args.seed, "tools")
    fill = Rng(args.seed, "tools/fill")
    c = Claude(out, rng, "2.1.9")
    target = args.bytes if args.bytes is not None else 100_000_000
    spread = Spread(args.findings, target)
    out.record({"type": "summary", "summary": "Fix the month-end close", "leafUuid": c.uuid()})
    parent = c.user(None, False, "The month-end close fails on the FX step. Find out why and fix it; run the tests.")
    while out.bytes < target or spread.left():
        last = out.bytes >= target
        k = spread.rest() if last else spread.due(out.bytes + 20_000)
        parent = c.reply(parent, False, [{"type": "text", "text": short_text(rng, fill, k)}])
        calls = [tool_call(c, rng) for _ in range(1 + (rng.below(4) if rng.below(3) == 0 else 0))]
        parent = c.reply(parent, False, [use for use, _ in calls])
        for _, result in calls:
            parent = c.results(parent, False, [result])
        if rng.below(10) == 0:
            c.snapshot()
        if last:
            break
    return {"findings": args.findings, "records": out.lines, "conversations": 1}


# ---------------------------------------------------------------------------

SHAPES = {
    "one-line": one_line,
    "hashes": hashes,
    "signatures": signatures,
    "roots": roots,
    "tools": tools,
}


def size_arg(text):
    t = text.strip().upper()
    for suffix, scale in (("GB", 10**9), ("MB", 10**6), ("KB", 10**3), ("G", 10**9), ("M", 10**6), ("K", 10**3), ("B", 1)):
        if t.endswith(suffix):
            number = t[: -len(suffix)]
            break
    else:
        number, scale = t, 1
    try:
        value = int(float(number) * scale)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (e.g. 2880000, 512KB, 100MB)")
    if value < 1:
        raise argparse.ArgumentTypeError(f"not a size: {text!r}")
    return value


def main():
    parser = argparse.ArgumentParser(
        prog="benchgen.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("shape", choices=list(SHAPES), metavar="SHAPE", help="one of: " + ", ".join(SHAPES))
    parser.add_argument("path", metavar="PATH", help="the file to write (- for standard output)")
    parser.add_argument("--findings", type=int, required=True, metavar="N", help="how many findings (L001) to put in it")
    parser.add_argument("--bytes", type=size_arg, metavar="SIZE", help="its size (the shape says how it is kept)")
    parser.add_argument("--roots", type=int, metavar="R", help="roots: how many conversations (default 1000)")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="the seed of every random choice (default 1)")
    args = parser.parse_args()
    if args.findings < 0:
        parser.error("--findings must be 0 or more")
    if args.roots is not None and args.shape != "roots":
        parser.error("--roots is for the roots shape only")
    out = Out(args.path)
    try:
        info = SHAPES[args.shape](out, args)
    except SystemExit:
        # A size too small for the findings: no half-written file.
        out.chunks = []
        out.close()
        if args.path != "-":
            os.remove(args.path)
        raise
    out.close()
    extra = "".join(f", {v} {k}" for k, v in info.items() if k != "findings")
    print(f"{args.shape}: {out.bytes} bytes, {out.lines} lines, {info['findings']} findings{extra}", file=sys.stderr)


if __name__ == "__main__":
    main()
