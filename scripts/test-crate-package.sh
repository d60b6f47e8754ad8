#!/usr/bin/env bash
# Tests the crate as crates.io would get it: `cargo package --list` holds
# the sources, the grammar, the default configuration, the lock file, the
# README and the licence, and none of the tests, fixtures, benchmarks, fuzz
# targets or docs; `cargo publish --dry-run` packages it and builds it from
# the package alone (reusing target/debug's dependencies), uploading
# nothing.
#
# Usage: bash scripts/test-crate-package.sh
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/report.sh
source "$REPO_ROOT/scripts/report.sh"
cd "$REPO_ROOT"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/boardlint-crate.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# A checkout with changes is packaged as it stands.
dirty=()
[ -z "$(git status --porcelain 2>/dev/null)" ] || dirty=(--allow-dirty)

cargo package --list --locked "${dirty[@]}" 2>/dev/null >"$WORK/list" || die "cargo package --list failed"
absent=()
for f in Cargo.toml Cargo.lock README.md LICENSE pyproject.toml src/main.rs src/lib.rs \
    grammar/transcript.pest src/config/default.boardlint.yaml; do
    grep -qxF "$f" "$WORK/list" || absent+=("$f")
done
[ "${#absent[@]}" -eq 0 ] && ok "the package holds what a build needs ($(wc -l <"$WORK/list") files)" ||
    fail "the package lacks: ${absent[*]}"
extra="$(grep -E '^(tests|benches|fuzz|docs|examples|scripts|integrations|hooks|\.github)/' "$WORK/list" || true)"
[ -z "$extra" ] && ok "the package holds no tests, fixtures, benchmarks, fuzz targets, docs or scripts" ||
    fail "the package holds files a user of the crate does not need: $(echo "$extra" | head -n 5 | tr '\n' ' ')"

rc=0
cargo publish --dry-run --locked "${dirty[@]}" >"$WORK/publish.log" 2>&1 || rc=$?
if [ "$rc" -eq 0 ] && grep -q 'aborting upload due to dry run' "$WORK/publish.log"; then
    ok "cargo publish --dry-run packages and builds the crate from its package ($(grep -o 'Packaged .*' "$WORK/publish.log"))"
elif grep -qiE 'failed to (download|get|update)|Couldn.t resolve|network|timed out' "$WORK/publish.log"; then
    echo "notice: crates.io cannot be reached; cargo publish --dry-run is skipped"
else
    sed 's/^/    | /' "$WORK/publish.log" | tail -n 30
    fail "cargo publish --dry-run failed (exit code $rc)"
fi

if [ "$failures" -ne 0 ]; then
    echo "FAIL: $failures crate package check(s) failed"
    exit 1
fi
echo "ok: the crate packages and publishes (dry run)"
