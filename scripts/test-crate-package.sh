#!/usr/bin/env bash
# Tests the crates as crates.io would get them: `cargo package --list` of
# `boardlint` holds its sources, the lock file, the README and the licence,
# that of `boardlint-engine` its sources, the grammar and the default
# configuration, and neither any of the tests, fixtures, benchmarks, fuzz
# targets or docs; `cargo publish --dry-run --workspace` packages both and
# builds each from its package alone (the command line against the
# engine's package), uploading nothing.
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

# list_has PACKAGE FILE…: `cargo package --list` of PACKAGE holds each FILE,
# and none of the tests, fixtures, benchmarks, fuzz targets, docs or scripts.
list_has() {
    local package=$1
    shift
    cargo package --list --locked -p "$package" "${dirty[@]}" 2>"$WORK/list.err" >"$WORK/list" ||
        { sed 's/^/    | /' "$WORK/list.err" | tail -n 10; die "cargo package --list -p $package failed"; }
    local absent=() f
    for f in "$@"; do
        grep -qxF "$f" "$WORK/list" || absent+=("$f")
    done
    [ "${#absent[@]}" -eq 0 ] && ok "$package: the package holds what a build needs ($(wc -l <"$WORK/list") files)" ||
        fail "$package: the package lacks: ${absent[*]}"
    local extra
    extra="$(grep -E '^(tests|benches|fuzz|docs|examples|scripts|integrations|hooks|crates|\.github)/' "$WORK/list" || true)"
    [ -z "$extra" ] && ok "$package: the package holds no tests, fixtures, benchmarks, fuzz targets, docs or scripts" ||
        fail "$package: the package holds files a user of the crate does not need: $(echo "$extra" | head -n 5 | tr '\n' ' ')"
}

# The command line, on the engine crate.
list_has boardlint Cargo.toml Cargo.lock README.md LICENSE pyproject.toml src/main.rs src/lib.rs
# The engine: its sources, the grammar (`grammar/`, linked into the
# crate's folder), the default configuration.
list_has boardlint-engine Cargo.toml README.md LICENSE src/lib.rs grammar/transcript.pest \
    src/config/default.boardlint.yaml

# The dry run builds the command line against the engine's package through
# a registry of the packages, which cargo extracts under $CARGO_HOME keyed
# by the checkout's path and never again while the folder is there: a cache
# of $CARGO_HOME kept from an earlier run would build against that run's
# engine. Our own crates' extractions are dropped first.
for stale in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/boardlint-engine-* \
    "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/boardlint-[0-9]*; do
    [ -e "$stale" ] && rm -rf "$stale"
done

rc=0
cargo publish --dry-run --workspace --locked "${dirty[@]}" >"$WORK/publish.log" 2>&1 || rc=$?
if [ "$rc" -eq 0 ] && grep -q 'aborting upload due to dry run' "$WORK/publish.log"; then
    ok "cargo publish --dry-run --workspace packages and builds the crates from their packages ($(grep -o 'Packaged .*' "$WORK/publish.log" | paste -sd ';' -))"
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
