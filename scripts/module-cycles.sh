#!/usr/bin/env bash
# Circles among the crate's modules, files included, as cargo-modules draws
# them (`cargo install cargo-modules --version 0.27.0 --locked`). Prints
# each circle and exits 1 when there is one.
#
#   scripts/module-cycles.sh
#
# `cargo modules dependencies --lib --acyclic` itself is no use here: it
# checks the graph of every item before its filters apply, and there a
# type and its own methods (`FileKind` and `FileKind::from_name`) always
# form a circle. This reads the graph of modules alone.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo-modules >/dev/null || {
    echo "module-cycles: cargo-modules is needed (cargo install cargo-modules --version 0.27.0 --locked)" >&2
    exit 2
}
cargo modules dependencies --lib --no-fns --no-types --no-traits \
    --no-externs --no-sysroot --no-owns 2>/dev/null | python3 -c '
import re, sys
edges = {}
for line in sys.stdin:
    m = re.match(r"\s*\"([^\"]+)\"\s*->\s*\"([^\"]+)\"\s*\[label=\"uses\"", line)
    if m and m.group(1) != m.group(2):
        edges.setdefault(m.group(1), set()).add(m.group(2))
sys.setrecursionlimit(100000)
index, low, stack, on, circles = {}, {}, [], set(), []
def visit(v):
    index[v] = low[v] = len(index)
    stack.append(v); on.add(v)
    for w in sorted(edges.get(v, ())):
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        part = []
        while True:
            w = stack.pop(); on.discard(w); part.append(w)
            if w == v: break
        if len(part) > 1: circles.append(sorted(part))
for v in sorted(set(edges) | {w for ws in edges.values() for w in ws}):
    if v not in index: visit(v)
modules = len(set(edges) | {w for ws in edges.values() for w in ws})
if not modules:
    sys.exit("module-cycles: cargo-modules drew no graph (run it in the crate; see its errors with cargo modules dependencies --lib)")
for c in circles: print("circle:", " ".join(c))
print(f"{modules} modules, {sum(map(len, edges.values()))} imports, {len(circles)} circles")
sys.exit(1 if circles else 0)
'
