# shellcheck shell=bash
# Sourced by the integration scripts: `ok`, `fail` (counted in $failures)
# and `die`, each printing one line.
failures=0
ok() { printf 'ok: %s\n' "$*"; }
fail() {
    printf 'FAIL: %s\n' "$*"
    failures=$((failures + 1))
}
die() {
    printf 'FAIL: %s\n' "$*"
    exit 1
}
