#!/usr/bin/env bash
# Benchmarks of boardlint: the pathological shapes of docs/robustness.md
# (10× the input must cost at most about 11× the time), peak memory on a
# large transcript and on many small files, the corpus comparisons of
# docs/performance.md, and inputs of other shapes than the Rust generator's
# with 10× the findings (scripts/benchgen.py).
#
#   scripts/bench.sh                 every section
#   scripts/bench.sh shapes memory   the named sections only
#   BENCH_GB=0.2 scripts/bench.sh memory    a smaller "large" transcript
#   BENCH_SHAPES="dense:1 random:4" scripts/bench.sh corpus
#                                    the varied shapes (NAME:SEED) measured
#   BENCH_FINDINGS_MB=10 scripts/bench.sh findings
#                                    smaller session logs (default 100 MB)
#
# Sections: shapes, memory, corpus, sessions, findings, hook, servers, and builds
# (cold builds of the `release` and `dist` profiles, each into an empty
# target directory, and the check speed of each: run it alone, on an idle
# machine; it is not part of the default run). Inputs are generated (seeded, so every
# run sees the same bytes) under $BENCH_DIR (default: a temporary
# directory, removed afterwards). Needs hyperfine and GNU time (installed
# with apt-get when missing and run as root, as is ripgrep for the
# comparisons).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

sections=("$@")
[ "${#sections[@]}" -eq 0 ] && sections=(shapes memory corpus sessions findings hook servers)

if ! command -v hyperfine >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get install -y -qq hyperfine >/dev/null || { apt-get update -qq && apt-get install -y -qq hyperfine >/dev/null; }
    else
        echo "bench: hyperfine is needed (apt-get install hyperfine)" >&2
        exit 2
    fi
fi
if ! command -v rg >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get install -y -qq ripgrep >/dev/null 2>&1 || true
fi
if [ ! -x /usr/bin/time ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get install -y -qq time >/dev/null
    else
        echo "bench: GNU time is needed (apt-get install time)" >&2
        exit 2
    fi
fi

cargo build --profile dist --quiet --bin boardlint --example corpus
target="${CARGO_TARGET_DIR:-$root/target}"
bl="$target/dist/boardlint"
gen="$target/dist/examples/corpus"

dir="${BENCH_DIR:-}"
if [ -z "$dir" ]; then
    dir="$(mktemp -d)"
    trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir"

echo "machine: $(nproc) cores, $(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "boardlint $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(rustc --version)"
echo

# The median wall time of a command, in seconds, over several runs
# (hyperfine's own options first: -N runs it without a shell). RUNS and
# WARMUP (runs not counted) change how many.
hyperfine_median() {
    local json="$dir/hyperfine.json"
    hyperfine --style none -i --warmup "${WARMUP:-2}" --runs "${RUNS:-10}" --export-json "$json" "$@" >/dev/null 2>&1
    python3 -c 'import json,sys; print("%.4f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$json"
}

median() { hyperfine_median -N "$1"; }

# Peak resident memory of a command, in kilobytes.
peak_kb() {
    /usr/bin/time -f '%M' -o "$dir/time.txt" "$@" >/dev/null 2>&1 || true
    tail -1 "$dir/time.txt"
}

# The varied shapes of the 50 MB and memory measurements, NAME:SEED each
# (benches/support/varied.rs; `corpus shapes` lists the names).
shape_list="${BENCH_SHAPES:-chat:1 paragraphs:1 blocks:1 cards:1 dense:1 fenced:1 unicode:1 tables:1 random:1 random:2 random:3 random:4 random:5 random:7 random:9 random:10}"

# One transcript of each varied shape, of the given size: MB/s (when runs > 0),
# peak memory against the file, and the worst of each.
varied() {
    local bytes="$1" runs="$2"
    printf '%-12s %11s %9s %8s %9s  %s\n' shape bytes check 'MB/s' 'peak/file' ''
    local worst_mbs="" worst_mbs_shape="" worst_mem="" worst_mem_shape=""
    local spec name seed size t mbs kb mem
    for spec in $shape_list; do
        name="${spec%%:*}"
        seed="${spec#*:}"
        [ "$seed" = "$spec" ] && seed=1
        "$gen" file "$dir/varied.md" "$bytes" "$seed" --shape "$name" 2>"$dir/shape.txt"
        size="$(stat -c %s "$dir/varied.md")"
        t="-" mbs="-"
        if [ "$runs" -gt 0 ]; then
            t="$(RUNS=$runs median "$bl check --format concise $dir/varied.md")"
            mbs="$(python3 -c "print('%.0f' % ($size / 1e6 / $t))")"
            if [ -z "$worst_mbs" ] || [ "$mbs" -lt "$worst_mbs" ]; then
                worst_mbs="$mbs" worst_mbs_shape="$spec"
            fi
            t="${t}s"
        fi
        kb="$(peak_kb "$bl" check --format concise "$dir/varied.md")"
        mem="$(python3 -c "print('%.2f' % ($kb * 1024 / $size))")"
        if [ -z "$worst_mem" ] || python3 -c "import sys; sys.exit(0 if $mem > $worst_mem else 1)"; then
            worst_mem="$mem" worst_mem_shape="$spec"
        fi
        printf '%-12s %11s %9s %8s %8sx\n' "$spec" "$size" "$t" "$mbs" "$mem"
    done
    rm -f "$dir/varied.md" "$dir/shape.txt"
    if [ -n "$worst_mbs" ]; then
        echo "worst speed   $worst_mbs_shape: ${worst_mbs} MB/s (target 100): $(verdict 100 "$worst_mbs")"
    fi
    echo "worst memory  $worst_mem_shape: ${worst_mem}x the file (target under 3x): $(below "$worst_mem" 3)"
}

ratio() { python3 -c "import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); print('%.1f' % (b/a if a>0 else float('inf')))" "$1" "$2"; }
verdict() { python3 -c "import sys; print('ok' if float(sys.argv[1]) <= float(sys.argv[2]) else 'MISSED')" "$1" "$2"; }
below() { python3 -c "import sys; print('ok' if float(sys.argv[1]) < float(sys.argv[2]) else 'MISSED')" "$1" "$2"; }

shapes() {
    echo "== shapes: 10x the input costs at most about 11x the time (check --format concise)"
    printf '%-10s %12s %12s %10s %10s %7s %s\n' shape small large t_small t_large ratio ""
    while read -r shape small large unit; do
        "$gen" shape "$shape" "$small" "$dir/small.md"
        "$gen" shape "$shape" "$large" "$dir/large.md"
        local a b r
        a="$(median "$bl check --format concise $dir/small.md")"
        b="$(median "$bl check --format concise $dir/large.md")"
        r="$(ratio "$a" "$b")"
        printf '%-10s %12s %12s %9ss %9ss %6sx %s\n' "$shape" "$small" "$large $unit" "$a" "$b" "$r" "$(verdict "$r" 11.5)"
    done <<'EOF'
nested 10000 100000 blocks
brackets 100KB 1MB bytes
invokes 100KB 1MB bytes
long-line 10MB 100MB bytes
bullets 100000 1000000 bullets
chain 1000 10000 roles
EOF
    rm -f "$dir/small.md" "$dir/large.md"
    echo
}

memory() {
    local gb="${BENCH_GB:-1}"
    local bytes
    bytes="$(python3 -c "print(int(float('$gb') * 1000**3))")"
    echo "== memory: a ${gb} GB transcript peaks under about 3x its size"
    "$gen" file "$dir/big.md" "$bytes" 2>/dev/null
    local size kb
    size="$(stat -c %s "$dir/big.md")"
    kb="$(peak_kb "$bl" check --format concise "$dir/big.md")"
    local r
    r="$(python3 -c "print('%.2f' % ($kb * 1024 / $size))")"
    echo "file $size bytes, peak $((kb / 1024)) MB: ${r}x the file $(verdict "$r" 3.05)"
    rm -f "$dir/big.md"
    echo
    local vgb="${BENCH_VARIED_GB:-0.2}"
    echo "== memory: a ${vgb} GB transcript of each varied shape peaks under about 3x its size"
    varied "$(python3 -c "print(int(float('$vgb') * 1000**3))")" 0
    echo
    echo "== memory: many small files stay flat (a rule that never fires, so only reading counts)"
    for n in 10000 100000; do
        rm -rf "$dir/tree"
        "$gen" tree "$dir/tree" "$n" "$((n * 1280))" 3 2>/dev/null
        echo "select: [D008]" >"$dir/tree/.boardlint.yaml"
        kb="$(peak_kb "$bl" check --format concise "$dir/tree")"
        echo "$n files ($(du -sm "$dir/tree" | cut -f1) MB on disk): peak $((kb / 1024)) MB"
    done
    rm -rf "$dir/tree"
    echo
}

corpus() {
    echo "== corpus: 2,000 files, 20 MB"
    rm -rf "$dir/corpus"
    "$gen" tree "$dir/corpus" 2000 20MB 7 2>/dev/null
    local files
    files="$(find "$dir/corpus" -type f | sort)"
    printf '%s\n' "$files" >"$dir/list.txt"
    local t_cat t_rg t_check t_fmt t_human
    t_cat="$(median "sh -c 'xargs cat < $dir/list.txt > /dev/null'")"
    t_check="$(median "$bl check --format concise $dir/corpus")"
    t_fmt="$(median "$bl fmt --check $dir/corpus")"
    # The default output, as a user runs it, against `concise`.
    t_human="$(median "$bl check $dir/corpus")"
    echo "cat          ${t_cat}s"
    if command -v rg >/dev/null; then
        t_rg="$(median "rg -c -F [INVOKE: $dir/corpus")"
        echo "rg           ${t_rg}s"
    fi
    echo "check        ${t_check}s  $(ratio "$t_cat" "$t_check")x cat (target 5x): $(verdict "$(ratio "$t_cat" "$t_check")" 5)"
    echo "fmt --check  ${t_fmt}s  $(ratio "$t_check" "$t_fmt")x check (target 1.5x): $(verdict "$(ratio "$t_check" "$t_fmt")" 1.5)"
    echo "check, default output ${t_human}s  $(ratio "$t_check" "$t_human")x concise (target 1.5x): $(verdict "$(ratio "$t_check" "$t_human")" 1.5)"
    echo
    echo "== corpus: 10x the corpus (20,000 files, 200 MB)"
    local kb_small kb_large t_large
    kb_small="$(peak_kb "$bl" check --format concise "$dir/corpus")"
    rm -rf "$dir/corpus10"
    "$gen" tree "$dir/corpus10" 20000 200MB 7 2>/dev/null
    t_large="$(RUNS=5 median "$bl check --format concise $dir/corpus10")"
    kb_large="$(peak_kb "$bl" check --format concise "$dir/corpus10")"
    echo "check        ${t_large}s  $(ratio "$t_check" "$t_large")x the 2,000 files (target 11x): $(verdict "$(ratio "$t_check" "$t_large")" 11)"
    echo "peak memory  $((kb_small / 1024)) MB for 2,000 files, $((kb_large / 1024)) MB for 20,000"
    rm -rf "$dir/corpus10"
    echo
    echo "== corpus: one 50 MB transcript"
    "$gen" file "$dir/fifty.md" 50MB 7 2>/dev/null
    local t kb size
    size="$(stat -c %s "$dir/fifty.md")"
    t="$(median "$bl check --format concise $dir/fifty.md")"
    kb="$(peak_kb "$bl" check --format concise "$dir/fifty.md")"
    local mbs
    mbs="$(python3 -c "print('%.0f' % ($size / 1e6 / $t))")"
    echo "check ${t}s: ${mbs} MB/s (target 100): $(verdict 100 "$mbs"); peak $((kb / 1024)) MB, $(python3 -c "print('%.2f' % ($kb * 1024 / $size))")x the file (target 3x)"
    echo
    echo "== corpus: one 50 MB transcript of each varied shape"
    varied 50000000 5
    echo
    echo "== corpus: one 5 KB transcript, process start to exit"
    head -c 5000 "$dir/fifty.md" >"$dir/five.md"
    t="$(RUNS=30 median "$bl check --format concise $dir/five.md")"
    echo "check ${t}s"
    if command -v rg >/dev/null; then
        t_rg="$(RUNS=30 median "rg -c -F [INVOKE: $dir/five.md")"
        echo "rg    ${t_rg}s: check is $(ratio "$t_rg" "$t")x rg (target 1x)"
    fi
    rm -rf "$dir/corpus" "$dir/fifty.md" "$dir/five.md" "$dir/list.txt"
    echo
}

sessions() {
    local mb="${BENCH_SESSION_MB:-100}"
    echo "== sessions: a ${mb} MB Claude Code log, side by side with Python's json.loads over its lines"
    "$gen" session claude "$dir/claude.jsonl" "${mb}MB" 11 2>/dev/null
    printf '%s\n' 'import json, sys' 'for line in open(sys.argv[1], encoding="utf-8"):' '    json.loads(line)' >"$dir/loads.py"
    local size t_py t_bl kb
    size="$(stat -c %s "$dir/claude.jsonl")"
    t_py="$(RUNS=5 median "python3 $dir/loads.py $dir/claude.jsonl")"
    t_bl="$(median "$bl check --format concise $dir/claude.jsonl")"
    kb="$(peak_kb "$bl" check --format concise "$dir/claude.jsonl")"
    local speedup mbs mem
    speedup="$(ratio "$t_bl" "$t_py")"
    mbs="$(python3 -c "print('%.0f' % ($size / 1e6 / $t_bl))")"
    mem="$(python3 -c "print('%.2f' % ($kb * 1024 / $size))")"
    echo "json.loads   ${t_py}s"
    echo "check        ${t_bl}s  ${mbs} MB/s, ${speedup}x faster than json.loads (target 2x): $(python3 -c "print('ok' if $speedup >= 2 else 'MISSED')")"
    echo "peak memory  $((kb / 1024)) MB, ${mem}x the file (target 1.5x): $(verdict "$mem" 1.5)"
    echo
    echo "== sessions: 10x the Claude Code log costs at most 11x the time"
    "$gen" session claude "$dir/claude10.jsonl" "$((mb * 10))MB" 11 2>/dev/null
    local t_large
    t_large="$(RUNS=3 median "$bl check --format concise $dir/claude10.jsonl")"
    echo "check        ${t_large}s  $(ratio "$t_bl" "$t_large")x the ${mb} MB log (target 11x): $(verdict "$(ratio "$t_bl" "$t_large")" 11)"
    rm -f "$dir/claude10.jsonl"
    echo
    echo "== sessions: every generated format, ${mb} MB each"
    printf '%-8s %10s %10s %12s %9s\n' format check 'MB/s' json.loads speedup
    for format in claude codex gemini pi openai qwen copilot openhands; do
        "$gen" session "$format" "$dir/s.jsonl" "${mb}MB" 5 2>/dev/null
        size="$(stat -c %s "$dir/s.jsonl")"
        t_bl="$(RUNS=5 median "$bl check --format concise $dir/s.jsonl")"
        t_py="$(RUNS=3 median "python3 $dir/loads.py $dir/s.jsonl")"
        printf '%-8s %9ss %10s %11ss %8sx\n' "$format" "$t_bl" "$(python3 -c "print('%.0f' % ($size / 1e6 / $t_bl))")" "$t_py" "$(ratio "$t_bl" "$t_py")"
    done
    rm -f "$dir/s.jsonl" "$dir/claude.jsonl" "$dir/loads.py"
    echo
}

# How many findings a check reports (the sum of `--statistics`) and its
# peak resident memory in kilobytes, from one run: "COUNT KB".
findings_and_peak() {
    /usr/bin/time -f '%M' -o "$dir/time.txt" "$bl" check --statistics --output-format json "$1" >"$dir/stats.json" 2>/dev/null || true
    echo "$(python3 -c 'import json,sys; print(sum(r["count"] for r in json.load(open(sys.argv[1]))))' "$dir/stats.json") $(tail -1 "$dir/time.txt")"
}

# Inputs of other shapes than the Rust generator's, made by an independent
# one (scripts/benchgen.py, whose docstring describes every shape), each
# with few findings and with 10x the findings, of the same size: one-line
# is the same line with the invocations ten times closer, hashes has ten
# times the lines that invoke (every line, at 10x), and in the session
# logs each further finding takes the place of a clean paragraph of its
# length (tools: the short assistant texts grow, the log keeps its size
# with fewer tool calls). Every finding is an L001 self-invocation. The
# session logs are BENCH_FINDINGS_MB (default 100) MB with findings in
# proportion, beside Python's json.loads over their lines. Each input is
# timed over few runs (the slowest take tens of seconds a run), after the
# run that counts its findings. Then the default output against concise
# on the corpus.
findings() {
    local mb="${BENCH_FINDINGS_MB:-100}"
    local bytes=$((mb * 1000000))
    local benchgen="$root/scripts/benchgen.py"
    echo "== findings: 10x the findings cost at most 11x the time (check --output-format concise; inputs of scripts/benchgen.py)"
    printf '%-10s %10s %7s %7s %9s %9s %7s %-7s %s\n' shape bytes '1x' '10x' t_1x t_10x ratio '' 'peak MB 1x/10x'
    printf '%s\n' 'import json, sys' 'for line in open(sys.argv[1], encoding="utf-8"):' '    json.loads(line)' >"$dir/loads.py"
    local shape few size runs extra ext
    local n1 n10 kb1 kb10 t1 t10 r size1 size10 t_py
    local loads=()
    # SHAPE FINDINGS(1x) BYTES RUNS [generator options]
    while read -r shape few size runs extra; do
        case "$shape" in
            signatures | roots | tools) ext=jsonl ;;
            *) ext=md ;;
        esac
        # shellcheck disable=SC2086 # $extra holds options, split on purpose
        python3 "$benchgen" "$shape" "$dir/f1.$ext" --findings "$few" --bytes "$size" $extra 2>/dev/null
        # shellcheck disable=SC2086
        python3 "$benchgen" "$shape" "$dir/f10.$ext" --findings "$((few * 10))" --bytes "$size" $extra 2>/dev/null
        size1="$(stat -c %s "$dir/f1.$ext")"
        size10="$(stat -c %s "$dir/f10.$ext")"
        # The run that counts also warms the cache for the timed ones.
        read -r n1 kb1 <<<"$(findings_and_peak "$dir/f1.$ext")"
        read -r n10 kb10 <<<"$(findings_and_peak "$dir/f10.$ext")"
        t1="$(RUNS=$runs WARMUP=0 median "$bl check --output-format concise $dir/f1.$ext")"
        t10="$(RUNS=$runs WARMUP=0 median "$bl check --output-format concise $dir/f10.$ext")"
        r="$(ratio "$t1" "$t10")"
        printf '%-10s %10s %7s %7s %8ss %8ss %6sx %-7s %s\n' "$shape" "$size1" "$n1" "$n10" "$t1" "$t10" "$r" "$(verdict "$r" 11)" "$((kb1 / 1024))/$((kb10 / 1024))"
        [ "$size1" = "$size10" ] || echo "           (10x: $size10 bytes)"
        if [ "$shape" = signatures ] || [ "$shape" = roots ]; then
            t_py="$(RUNS=3 WARMUP=1 median "python3 $dir/loads.py $dir/f1.$ext")"
            loads+=("$shape $size1 $t_py $t1 $t10")
        fi
        rm -f "$dir/f1.$ext" "$dir/f10.$ext"
    done <<EOF
one-line 16000 2880006 5
hashes 2000 1.44MB 3
signatures $((mb * 20)) $bytes 3
roots $((mb * 30)) $bytes 3 --roots $((mb * 10))
tools $((mb * 5)) $bytes 5
EOF
    echo
    echo "== findings: the ${mb} MB session logs beside Python's json.loads over their lines (target: check at least 2x faster)"
    printf '%-10s %10s %11s %9s %9s %8s %8s\n' shape bytes json.loads t_1x t_10x '1x' '10x'
    local entry s1 s10
    for entry in "${loads[@]}"; do
        read -r shape size1 t_py t1 t10 <<<"$entry"
        # Two decimals: a speed-up can be well under 1.
        s1="$(python3 -c "print('%.2f' % ($t_py / $t1))")"
        s10="$(python3 -c "print('%.2f' % ($t_py / $t10))")"
        printf '%-10s %10s %10ss %8ss %8ss %7sx %7sx  1x %s, 10x %s\n' "$shape" "$size1" "$t_py" "$t1" "$t10" "$s1" "$s10" \
            "$(python3 -c "print('ok' if $s1 >= 2 else 'MISSED')")" "$(python3 -c "print('ok' if $s10 >= 2 else 'MISSED')")"
    done
    rm -f "$dir/loads.py" "$dir/stats.json"
    echo
    echo "== findings: the default output (full) beside concise, 2,000 files / 20 MB (target: at most 1.5x)"
    rm -rf "$dir/corpus-f"
    "$gen" tree "$dir/corpus-f" 2000 20MB 7 2>/dev/null
    local t_concise t_full n kb
    read -r n kb <<<"$(findings_and_peak "$dir/corpus-f")"
    t_concise="$(median "$bl check --output-format concise $dir/corpus-f")"
    t_full="$(median "$bl check --output-format full $dir/corpus-f")"
    echo "concise      ${t_concise}s  ($n findings, peak $((kb / 1024)) MB)"
    echo "full         ${t_full}s  $(ratio "$t_concise" "$t_full")x concise (target 1.5x): $(verdict "$(ratio "$t_concise" "$t_full")" 1.5)"
    rm -rf "$dir/corpus-f"
    echo
}

# The same, run by the shell (for a command that reads standard input from
# a file).
median_shell() { hyperfine_median "$1"; }

# `boardlint hook` answering a Stop after a session log: a tool-heavy log
# (the session generator's), the same with blocks no closer closes earlier
# in the session (an answer four fifths into the log that opens
# `[RESPONSE:cfo]`, then a `[CRITIC-SCREEN]` in it, and closes neither: both
# stay open to the end), and a text-heavy one (a
# transcript's text as assistant messages of about 4 KB), of 5 MB and
# 100 MB. "first" is a session's first call (nothing kept: the log is read
# whole); "next" is the call of the turn after, when the log has grown by a
# turn and the call before kept where it cut the history (it reads on from
# there, carrying what is open there; target: 10 ms).
hook() {
    echo "== hook: a Stop hook after the session so far (targets: 5 MB under 50 ms; 100 MB at most one check of the log; next turn 10 ms)"
    printf '%-14s %10s %10s %10s %10s\n' log bytes first next check
    local size kind t_first t_next t_check
    export BOARDLINT_CACHE_DIR="$dir/hook-cache"
    for mb in 5 100; do
        for kind in tools open text; do
            if [ "$kind" != text ]; then
                "$gen" session claude "$dir/log.jsonl" "${mb}MB" 3 2>/dev/null
            fi
            if [ "$kind" = open ]; then
                python3 - "$dir/log.jsonl" <<'PY'
import json, sys
lines = open(sys.argv[1], encoding="utf-8").readlines()
answer = "[RESPONSE:cfo]\nKey finding: Q3 pipeline covers 2.7x the target.\nSupporting data:\n  - EMEA coverage is 3.1x\n\n[CRITIC-SCREEN]\nBlind spots: renewals"
# Four fifths into the log: within the last 32 MiB a first call reads.
at, seen, total = 0, 0, sum(len(l) for l in lines)
while at < len(lines) and seen < total * 4 // 5:
    seen += len(lines[at]); at += 1
with open(sys.argv[1], "w", encoding="utf-8") as out:
    out.writelines(lines[:at])
    out.write(json.dumps({"type": "user", "sessionId": "b", "uuid": "u-open", "message": {"role": "user", "content": "and the pipeline?"}}) + "\n")
    out.write(json.dumps({"type": "assistant", "sessionId": "b", "uuid": "a-open", "message": {"id": "m-open", "role": "assistant", "content": [{"type": "text", "text": answer}]}}) + "\n")
    out.writelines(lines[at:])
PY
            elif [ "$kind" = text ]; then
                "$gen" file "$dir/t.md" "${mb}MB" 7 >/dev/null 2>&1
                python3 - "$dir/t.md" "$dir/log.jsonl" <<'PY'
import json, sys
text = open(sys.argv[1], encoding="utf-8").read()
out = open(sys.argv[2], "w", encoding="utf-8")
part, n, i = [], 0, 0
def flush():
    global part, n, i
    if part:
        out.write(json.dumps({"type": "user", "sessionId": "b", "uuid": f"u{i}", "message": {"role": "user", "content": "next"}}) + "\n")
        out.write(json.dumps({"type": "assistant", "sessionId": "b", "uuid": f"a{i}", "message": {"role": "assistant", "content": [{"type": "text", "text": "\n\n".join(part)}]}}) + "\n")
        part, n, i = [], 0, i + 1
for para in text.split("\n\n"):
    part.append(para); n += len(para)
    if n > 4000: flush()
flush()
PY
                rm -f "$dir/t.md"
            fi
            python3 -c 'import json,sys; print(json.dumps({"session_id": "bench", "transcript_path": sys.argv[1], "cwd": sys.argv[2], "hook_event_name": "Stop", "stop_hook_active": False, "last_assistant_message": "CFO: [INVOKE:cfo|What is our runway?]"}))' "$dir/log.jsonl" "$dir" >"$dir/hook.json"
            size="$(stat -c %s "$dir/log.jsonl")"
            t_first="$(hyperfine_median --prepare "rm -rf $BOARDLINT_CACHE_DIR" "$bl hook < $dir/hook.json")"
            t_check="$(median "$bl check --format concise $dir/log.jsonl")"
            # The turn before this one, then the log grows by a turn.
            rm -rf "$BOARDLINT_CACHE_DIR"
            "$bl" hook <"$dir/hook.json" >/dev/null 2>&1 || true
            python3 - "$dir/log.jsonl" <<'PY'
import json, sys
answer = "CFO: Runway is 14 months [VERIFIED: ledger].\n\n" + "The plan holds; burn is flat. " * 130
with open(sys.argv[1], "a", encoding="utf-8") as out:
    out.write(json.dumps({"type": "user", "sessionId": "b", "uuid": "u-next", "message": {"role": "user", "content": "and now?"}}) + "\n")
    out.write(json.dumps({"type": "assistant", "sessionId": "b", "uuid": "a-next", "message": {"id": "m-next", "role": "assistant", "content": [{"type": "text", "text": answer}]}}) + "\n")
PY
            t_next="$(median_shell "$bl hook < $dir/hook.json")"
            printf '%-14s %10s %9ss %9ss %9ss\n' "${mb} MB ${kind}" "$size" "$t_first" "$t_next" "$t_check"
        done
    done
    rm -f "$dir/log.jsonl" "$dir/hook.json"
    echo
}

# `boardlint mcp`: the round trip of a check of a 5 KB draft, over stdio,
# and the server's memory over many different drafts.
servers() {
    echo "== servers: boardlint mcp, check of a 5 KB draft (targets: under 20 ms; memory flat across documents)"
    "$gen" file "$dir/draft.md" 5KB 7 >/dev/null 2>&1
    local out
    out="$(python3 "$root/scripts/bench_mcp.py" "$bl" "$dir/draft.md" "${BENCH_MCP_CALLS:-1000}")"
    read -r median p95 first last growth <<<"$out"
    echo "round trip   median ${median} ms, 95th percentile ${p95} ms (target under 20 ms): $(python3 -c "print('ok' if $median < 20 else 'MISSED')")"
    echo "memory       ${first} MB after the first check, ${last} MB after ${BENCH_MCP_CALLS:-1000}: ${growth} MB per 1,000 documents"
    rm -f "$dir/draft.md"
    echo
    echo "== servers: boardlint server, diagnostics of a 5 KB draft (targets: under 20 ms after a save; a few MB at most per open document)"
    "$gen" file "$dir/draft.md" 5KB 7 >/dev/null 2>&1
    mkdir -p "$dir/lsp"
    out="$(python3 "$root/scripts/bench_lsp.py" "$bl" "$dir/draft.md" "$dir/lsp" "${BENCH_LSP_EDITS:-500}" "${BENCH_LSP_DOCUMENTS:-1000}")"
    local typed alone every closed again per
    read -r median p95 typed alone every closed again per <<<"$out"
    echo "round trip   change and save → diagnostics: median ${median} ms, 95th percentile ${p95} ms (target under 20 ms): $(python3 -c "print('ok' if $median < 20 else 'MISSED')")"
    echo "             change alone → diagnostics: median ${typed} ms (the 200 ms debounce, then the check)"
    echo "memory       ${alone} MB with one document open, ${every} MB with ${BENCH_LSP_DOCUMENTS:-1000} more: ${per} KB per open document (target a few MB at most): $(python3 -c "print('ok' if $per < 3072 else 'MISSED')")"
    echo "             ${closed} MB once they are closed, ${again} MB after as many others were opened and closed (closed documents are let go): $(python3 -c "print('ok' if $again <= $closed + 1 else 'MISSED')")"
    rm -rf "$dir/draft.md" "$dir/lsp"
    echo
}

# Cold builds of the two profiles (docs/performance.md, "Build profiles"):
# the wall time of `cargo build --locked --profile P --bin boardlint` into an
# empty target directory (the registry sources already downloaded), then
# the median time of one `check` of four 10 MB transcripts of varied shapes
# with each binary.
builds() {
    echo "== builds: cold, into an empty target directory"
    local spec name seed files=()
    for spec in chat:1 cards:1 dense:1 random:3; do
        name="${spec%%:*}" seed="${spec#*:}"
        "$gen" file "$dir/build-$name.md" 10000000 "$seed" --shape "$name" 2>/dev/null
        files+=("$dir/build-$name.md")
    done
    printf '%-8s %9s %11s  %s\n' profile build check 'binary'
    local profile t check size
    for profile in release dist; do
        rm -rf "$dir/target-$profile"
        /usr/bin/time -f '%e' -o "$dir/build.time" cargo build --locked --quiet --profile "$profile" \
            --bin boardlint --target-dir "$dir/target-$profile" >/dev/null 2>"$dir/build.err" || true
        t="$(tail -1 "$dir/build.time")"
        [ -x "$dir/target-$profile/$profile/boardlint" ] || { cat "$dir/build.err" >&2; exit 1; }
        check="$(median "$dir/target-$profile/$profile/boardlint check --isolated --format concise ${files[*]}")"
        size="$(stat -c %s "$dir/target-$profile/$profile/boardlint")"
        printf '%-8s %8ss %10ss  %s MB\n' "$profile" "$t" "$check" "$(python3 -c "print('%.1f' % ($size / 1e6))")"
        rm -rf "$dir/target-$profile"
    done
    rm -f "${files[@]}"
    echo
}

for s in "${sections[@]}"; do
    case "$s" in
        shapes | memory | corpus | sessions | findings | hook | servers | builds) "$s" ;;
        *)
            echo "bench: unknown section $s (shapes, memory, corpus, sessions, findings, hook, servers, builds)" >&2
            exit 2
            ;;
    esac
done
