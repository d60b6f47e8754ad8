#!/usr/bin/env bash
# Tests `boardlint server` with a real Language Server Protocol client.
#
# pytest-lsp (1.0.1 from PyPI, with pygls and lsprotocol, in a throwaway
# virtualenv) starts the server over stdio and runs tests/lsp_client/ once
# per client whose capabilities it ships: VS Code 1.65 (pushed diagnostics,
# UTF-16), Neovim 0.11 (pulled diagnostics, UTF-8) and Emacs 29 (pushed,
# UTF-8). Each opens a draft, edits it, reads its diagnostics at the column
# the negotiated encoding gives, asks for code actions (the quick fix, the
# suppression, Format card), formats a card draft and hovers; a client
# that watches files is asked to watch the configuration files.
#
# Cache, kept between runs under ${BOARDLINT_CI_CACHE:-$HOME/.cache/boardlint-ci}:
# pip's wheels in pip/. If PyPI cannot be reached for the install, the test
# is skipped with a notice (exit 0); any other failure exits 1.
#
# boardlint: $BOARDLINT if set; else target/debug/boardlint when it is newer
# than the sources; else `cargo build` makes it.
#
# Usage: bash scripts/test-lsp.sh     (PYTHON=python3.12 to pick Python)
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-python3}"
PYTEST_LSP_VERSION=1.0.1
CACHE="${BOARDLINT_CI_CACHE:-$HOME/.cache/boardlint-ci}"

# shellcheck source=scripts/report.sh
source "$REPO_ROOT/scripts/report.sh"
indent() { sed 's/^/    | /'; }

for tool in "$PYTHON" timeout; do
    command -v "$tool" >/dev/null 2>&1 || die "\`$tool\` is not on PATH"
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/boardlint-lsp.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# --- boardlint -----------------------------------------------------------------
# shellcheck source=scripts/boardlint-bin.sh
source "$REPO_ROOT/scripts/boardlint-bin.sh"
"$BOARDLINT_BIN" server --help >/dev/null 2>&1 || die "$BOARDLINT_BIN has no \`server\` command"
VERSION="$("$BOARDLINT_BIN" --version | awk '{print $2}')"
ok "boardlint $VERSION: $BOARDLINT_BIN"

# The server's working directory and the documents' directory: a
# repository root of its own, so that no configuration file around the
# checkout applies.
PROJECT="$WORK/project"
mkdir -p "$PROJECT/.git"

# --- pytest-lsp ----------------------------------------------------------------
echo "installing pytest-lsp $PYTEST_LSP_VERSION into a throwaway virtualenv..."
"$PYTHON" -m venv "$WORK/venv" || die "$PYTHON cannot make a virtualenv"
mkdir -p "$CACHE/pip"
pip_rc=0
timeout 600 "$WORK/venv/bin/python" -m pip install --disable-pip-version-check --quiet \
    --cache-dir "$CACHE/pip" --timeout 20 --retries 1 "pytest-lsp==$PYTEST_LSP_VERSION" >"$WORK/pip.log" 2>&1 || pip_rc=$?
if [ "$pip_rc" -ne 0 ]; then
    if grep -qiE "Could not find a version|No matching distribution|Connection|timed out|Temporary failure|Name or service|Network is unreachable|ProxyError|SSLError" "$WORK/pip.log"; then
        echo "notice: PyPI cannot be reached; the pytest-lsp test is skipped"
        indent <"$WORK/pip.log" | tail -n 5
        echo "ok: no LSP check failed; skipped, as its registry could not be reached: pytest-lsp"
        exit 0
    fi
    indent <"$WORK/pip.log" | tail -n 30
    die "pip install pytest-lsp==$PYTEST_LSP_VERSION failed"
fi
ok "pytest-lsp $("$WORK/venv/bin/python" -c 'from importlib.metadata import version; print(version("pytest-lsp"), "with pygls", version("pygls"))')"

pytest_rc=0
(cd "$PROJECT" && BOARDLINT="$BOARDLINT_BIN" BOARDLINT_PROJECT="$PROJECT" \
    BOARDLINT_FMT_DRAFT="$REPO_ROOT/tests/fmt/en-alert-bare-lines.md" \
    BOARDLINT_FMT_EXPECTED="$REPO_ROOT/tests/fmt/en-alert-bare-lines.formatted" \
    timeout 300 "$WORK/venv/bin/python" -m pytest -q -rA -p no:cacheprovider \
    --rootdir "$REPO_ROOT/tests/lsp_client" "$REPO_ROOT/tests/lsp_client/test_server.py") \
    >"$WORK/pytest.log" 2>&1 || pytest_rc=$?
# One line a test, from pytest's summary.
while read -r outcome name; do
    case "$outcome" in
    PASSED) ok "pytest-lsp: ${name##*::}" ;;
    FAILED | ERROR) fail "pytest-lsp: ${name##*::}" ;;
    esac
done < <(grep -E '^(PASSED|FAILED|ERROR) ' "$WORK/pytest.log" | sed 's/ - .*//')
if [ "$pytest_rc" -ne 0 ]; then
    indent <"$WORK/pytest.log" | grep -vE '^    \| (PASSED|FAILED|ERROR) ' | tail -n 60
    [ "$failures" -ne 0 ] || fail "pytest-lsp: pytest ended with exit code $pytest_rc"
fi
passed=$(grep -cE '^PASSED ' "$WORK/pytest.log" || true)
[ "$passed" -gt 0 ] || fail "pytest-lsp: no test passed"

if [ "$failures" -ne 0 ]; then
    echo "FAIL: $failures LSP check(s) failed"
    exit 1
fi
echo "ok: boardlint server answers pytest-lsp as VS Code, Neovim and Emacs ($passed tests)"
