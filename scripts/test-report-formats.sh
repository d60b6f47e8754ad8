#!/usr/bin/env bash
# Checks the machine-read report formats with the validators their
# consumers publish, on reports of examples/, the upstream examples in
# ../shared/reference/claude-skills/examples and every rule's fixtures
# (tests/fixtures), plus an empty report:
#
# - sarif: against the SARIF 2.1.0 JSON schema that the SARIF Multitool
#   package ships (ajv, draft 2020-12), and with `Sarif.Multitool validate`
#   itself (@microsoft/sarif-multitool 5.7.0), which must report no error
#   and no warning. The multitool runs in a network namespace of its own
#   (`unshare -n`): one of its rules fetches every URI in the log, and
#   tests send nothing beyond 127.0.0.1.
# - gitlab: type-checked with tsc (typescript 5.9.3, --strict) against the
#   Code Climate issue types of codeclimate-types 0.3.1, with the fields
#   GitLab requires beyond them (fingerprint, severity) made required; then
#   each fingerprint unique, each path relative, 1 <= begin <= end.
# - rdjson: @umbrelladocs/rdformat-validator 1.0.1 with --strict
#   --no-extra-fields (the Reviewdog Diagnostic Format's JSON schema).
#
# Each validator is also handed a copy of a report with one constraint
# broken, and must reject it: a validator that accepts anything checks
# nothing.
#
# The packages are installed from the npm registry into
# ${BOARDLINT_CI_CACHE:-$HOME/.cache/boardlint-ci}/report-formats and kept
# there between runs. If an install is needed and the registry cannot be
# reached, the checks are skipped with a notice (exit 0). Needs node, npm,
# and root for `unshare -n`.
#
# Usage: bash scripts/test-report-formats.sh   (BOARDLINT=PATH to test another binary)
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SHARED_EXAMPLES="$REPO_ROOT/../shared/reference/claude-skills/examples"
NPM_DIR="${BOARDLINT_CI_CACHE:-$HOME/.cache/boardlint-ci}/report-formats"
PACKAGES=(
    typescript@5.9.3
    codeclimate-types@0.3.1
    @umbrelladocs/rdformat-validator@1.0.1
    @microsoft/sarif-multitool@5.7.0
    @microsoft/sarif-multitool-linux@5.7.0
    ajv@8.17.1
    ajv-formats@3.0.1
)

# shellcheck source=scripts/report.sh
source "$REPO_ROOT/scripts/report.sh"
indent() { sed 's/^/    | /'; }

for tool in node npm unshare timeout; do
    command -v "$tool" >/dev/null 2>&1 || die "\`$tool\` is not on PATH"
done
[ "$(id -u)" -eq 0 ] || die "this test needs root (for \`unshare -n\`)"
if [ ! -d "$SHARED_EXAMPLES" ]; then
    # A clone of the project alone has no reference folder beside it.
    [ "${BOARDLINT_REQUIRE_REFERENCE:-0}" = 0 ] || die "$SHARED_EXAMPLES is missing"
    echo "notice: $SHARED_EXAMPLES is absent: the upstream examples' reports are not validated"
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/boardlint-report-formats.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# shellcheck source=scripts/boardlint-bin.sh
source "$REPO_ROOT/scripts/boardlint-bin.sh"

# --- the validators from npm --------------------------------------------------------------
# shellcheck source=scripts/npm-pinned.sh
source "$REPO_ROOT/scripts/npm-pinned.sh"
if ! npm_pinned "$NPM_DIR" "$WORK/npm.log" "${PACKAGES[@]}"; then
    echo "notice: the npm registry cannot be reached; the report format checks are skipped"
    exit 0
fi
MODULES="$NPM_DIR/node_modules"
MULTITOOL="$MODULES/@microsoft/sarif-multitool-linux/Sarif.Multitool"
SARIF_SCHEMA="$MODULES/@microsoft/sarif-multitool-linux/sarif-2.1.0.json"
# The package's postinstall only marks the binary executable; an npm that
# does not run install scripts leaves that undone.
chmod u+x "$MULTITOOL"
[ -f "$SARIF_SCHEMA" ] || die "the SARIF multitool package has no sarif-2.1.0.json"
ok "installed ${PACKAGES[*]}"

check_js() { node "$REPO_ROOT/scripts/check_reports.mjs" "$@"; }

# --- the reports --------------------------------------------------------------------------
# The same inputs in each format: findings of every rule, fixes, records and
# session logs, files outside the run directory (absolute SARIF URIs), and a
# clean run.
mkdir -p "$WORK/clean"
printf '# Notes\n\nNothing here speaks the protocol.\n' >"$WORK/clean/notes.md"
declare -A INPUTS=(
    [examples]="examples"
    [fixtures]="tests/fixtures"
    [clean]="$WORK/clean"
)
[ -d "$SHARED_EXAMPLES" ] && INPUTS[upstream]="$SHARED_EXAMPLES"
reports=()
for format in sarif gitlab rdjson; do
    for input in "${!INPUTS[@]}"; do
        out="$WORK/$input.$format.json"
        rc=0
        (cd "$REPO_ROOT" && "$BOARDLINT_BIN" check --format "$format" --exit-zero \
            "${INPUTS[$input]}" >"$out" 2>"$WORK/check.err") || rc=$?
        if [ "$rc" -ne 0 ]; then
            indent <"$WORK/check.err" | tail -n 20
            die "boardlint check --format $format ${INPUTS[$input]} ended with exit code $rc"
        fi
        reports+=("$out")
    done
done
count() { node -e 'const d = require(process.argv[1]); console.log(Array.isArray(d) ? d.length : (d.runs ? d.runs[0].results.length : d.diagnostics.length))' "$1"; }
[ "$(count "$WORK/fixtures.sarif.json")" -gt 100 ] ||
    die "the fixtures gave $(count "$WORK/fixtures.sarif.json") findings; expected more than 100"
[ "$(count "$WORK/clean.gitlab.json")" -eq 0 ] || die "the clean run gave findings"
ok "reports of examples/, the upstream examples, tests/fixtures and a clean file ($(count "$WORK/fixtures.sarif.json") findings in the fixtures)"

# expect_valid NAME COMMAND...: COMMAND must succeed; its output is shown if not.
expect_valid() {
    local name="$1"
    shift
    if "$@" >"$WORK/out.log" 2>&1; then
        ok "$name"
    else
        fail "$name"
        indent <"$WORK/out.log" | tail -n 30
    fi
}
# expect_rejected NAME COMMAND...: COMMAND must fail (the negative control).
expect_rejected() {
    local name="$1"
    shift
    if "$@" >"$WORK/out.log" 2>&1; then
        fail "$name: the broken report was accepted"
        indent <"$WORK/out.log" | tail -n 10
    else
        ok "$name"
    fi
}

# --- sarif ---------------------------------------------------------------------------------
sarif=("$WORK"/*.sarif.json)
expect_valid "sarif: ${#sarif[@]} reports validate against the SARIF 2.1.0 schema" \
    check_js schema "$MODULES" "$SARIF_SCHEMA" "${sarif[@]}"
check_js break sarif "$WORK/fixtures.sarif.json" "$WORK/broken.sarif" >/dev/null
expect_rejected "sarif: the schema rejects a result whose level is \"fatal\"" \
    check_js schema "$MODULES" "$SARIF_SCHEMA" "$WORK/broken.sarif"

multitool() { # multitool IN OUT: Sarif.Multitool validate, offline
    (cd "$WORK" && unshare -n env DOTNET_CLI_TELEMETRY_OPTOUT=1 HOME="$WORK" timeout 300 \
        "$MULTITOOL" validate "$1" -o "$2" --log ForceOverwrite --level "Error;Warning" \
        >"$WORK/multitool.log" 2>&1) || {
        indent <"$WORK/multitool.log" | tail -n 20
        return 1
    }
    check_js multitool "$2"
}
for input in "${!INPUTS[@]}"; do
    expect_valid "sarif: Sarif.Multitool validate finds no error or warning in the $input report" \
        multitool "$WORK/$input.sarif.json" "$WORK/$input.multitool.sarif"
done
check_js break sarif-property "$WORK/fixtures.sarif.json" "$WORK/broken-property.sarif" >/dev/null
expect_rejected "sarif: Sarif.Multitool rejects a result with a property SARIF does not define" \
    multitool "$WORK/broken-property.sarif" "$WORK/broken.multitool.sarif"

# --- gitlab --------------------------------------------------------------------------------
mkdir -p "$WORK/ts"
ln -s "$MODULES" "$WORK/ts/node_modules"
cat >"$WORK/ts/types.ts" <<'EOF'
import type { Issue } from 'codeclimate-types'

// GitLab reads a subset of Code Climate's issue, and requires two of its
// optional fields.
export type GitLabIssue = Issue & Required<Pick<Issue, 'fingerprint' | 'severity'>>
EOF
tsc() { # tsc FILE.ts...: type-check under --strict
    (cd "$WORK/ts" && "$MODULES/.bin/tsc" --noEmit --strict --target es2022 --module esnext \
        --moduleResolution bundler "$@")
}
gitlab_ts=()
for input in "${!INPUTS[@]}"; do
    check_js typescript GitLabIssue "$WORK/$input.gitlab.json" "$WORK/ts/$input.ts" >/dev/null
    gitlab_ts+=("$input.ts")
done
expect_valid "gitlab: ${#gitlab_ts[@]} reports type-check as Code Climate issues with GitLab's required fields" \
    tsc "${gitlab_ts[@]}"
check_js break gitlab "$WORK/fixtures.gitlab.json" "$WORK/broken-gitlab.json" >/dev/null
check_js typescript GitLabIssue "$WORK/broken-gitlab.json" "$WORK/ts/broken.ts" >/dev/null
expect_rejected "gitlab: tsc rejects an issue whose severity is \"fatal\"" tsc broken.ts
gitlab=()
for input in "${!INPUTS[@]}"; do gitlab+=("$WORK/$input.gitlab.json"); done
expect_valid "gitlab: fingerprints unique, paths relative, lines in order" \
    check_js gitlab "${gitlab[@]}"
check_js break gitlab-fingerprint "$WORK/fixtures.gitlab.json" "$WORK/repeat.json" >/dev/null
expect_rejected "gitlab: a repeated fingerprint is found" check_js gitlab "$WORK/repeat.json"

# --- rdjson --------------------------------------------------------------------------------
rdformat() { "$MODULES/.bin/rdformat-validator" --strict --no-extra-fields "$@"; }
rdjson=("$WORK"/*.rdjson.json)
expect_valid "rdjson: ${#rdjson[@]} reports pass rdformat-validator --strict --no-extra-fields" \
    rdformat "${rdjson[@]}"
check_js break rdjson "$WORK/fixtures.rdjson.json" "$WORK/broken.rdjson" >/dev/null
expect_rejected "rdjson: rdformat-validator rejects a diagnostic whose severity is \"FATAL\"" \
    rdformat "$WORK/broken.rdjson"

if [ "$failures" -ne 0 ]; then
    echo "FAIL: $failures report format check(s) failed"
    exit 1
fi
echo "ok: the sarif, gitlab and rdjson reports pass their formats' validators"
