#!/usr/bin/env bash
# Coverage-guided fuzzing of boardlint's parsers and rules, and of its two
# servers' message handling, with cargo-fuzz (libFuzzer). Each target's
# corpus is seeded from the test fixtures (the servers' from message
# streams in fuzz/seeds/).
#
#   scripts/fuzz.sh                 every target, 600 seconds each
#   scripts/fuzz.sh 60              every target, 60 seconds each
#   scripts/fuzz.sh 600 fmt config  the named targets only
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`). On a stable toolchain the
# script sets RUSTC_BOOTSTRAP=1, which lets cargo-fuzz use the sanitizer
# flags it needs. A crash leaves its input in fuzz/artifacts/TARGET/ and
# makes the script exit 1; turn each one into a regression test.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/fuzz"

seconds="${1:-600}"
shift || true
all=(check_transcript fmt scanner decision_log handoff transition handshake session_log config hook_payload mcp_stream lsp_stream)
targets=("${@:-${all[@]}}")
if [ "$#" -eq 0 ]; then targets=("${all[@]}"); fi

export RUSTC_BOOTSTRAP="${RUSTC_BOOTSTRAP:-1}"

# The fixtures each target starts from.
seeds() {
    local f="$root/tests/fixtures"
    case "$1" in
        check_transcript | fmt | scanner)
            find "$f"/[BCLMQRX]* "$root/tests/fmt" "$root/examples" -name '*.md' ;;
        decision_log) find "$f"/D* -name '*.md' ;;
        handoff) find "$f"/P* "$f"/T100 -name '*.yaml' ;;
        transition) find "$f"/T* -name '*.jsonl' ;;
        handshake) find "$f"/H* -name '*.jsonl' ;;
        session_log) find "$f"/A* "$root/tests/sessions" -name '*.json*' ;;
        config) find "$root/crates/engine/src/config" "$root/fuzz/seeds/config" -name "*.yaml" ;;
        hook_payload) find "$root/fuzz/seeds/hook" -name "*.json" ;;
        mcp_stream | lsp_stream) find "$root/fuzz/seeds/$1" -type f ;;
    esac
}

dict() {
    case "$1" in
        check_transcript | fmt | scanner | decision_log) echo "dict/transcript.dict" ;;
        mcp_stream) echo "dict/mcp.dict" ;;
        lsp_stream) echo "dict/lsp.dict" ;;
        *) echo "dict/records.dict" ;;
    esac
}

mkdir -p logs
failed=0
summary=()
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t"
    seeds "$t" | while read -r s; do cp "$s" "corpus/$t/seed-$(basename "$(dirname "$(dirname "$s")")")-$(basename "$s")"; done
    echo "== $t: ${seconds} s (corpus $(ls "corpus/$t" | wc -l) files)"
    log="logs/$t.log"
    if cargo fuzz run "$t" "corpus/$t" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
        -max_len=65536 -dict="$(dict "$t")" -print_final_stats=1 >"$log" 2>&1; then
        result="no finding"
    else
        result="FAILED (see fuzz/$log and fuzz/artifacts/$t/)"
        failed=1
    fi
    runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')"
    cov="$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo '?')"
    line="$t: $runs executions in ${seconds} s, coverage $cov edges, corpus $(ls "corpus/$t" | wc -l) files: $result"
    echo "$line"
    summary+=("$line")
done

echo
echo "rustc $(rustc --version | cut -d' ' -f2), boardlint $(git -C "$root" rev-parse --short HEAD)"
printf '%s\n' "${summary[@]}"
exit "$failed"
