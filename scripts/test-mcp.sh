#!/usr/bin/env bash
# Tests `boardlint mcp` with real MCP clients.
#
# 1. The MCP Python SDK (`mcp` 2.3.0 from PyPI, in a throwaway virtualenv) starts
#    the server over stdio, initializes, lists the tools and calls each one
#    (tests/mcp_sdk/client.py): a self-invocation is L001 at 1:6, a card
#    draft is formatted, L001's page is explained, every rule is listed, an
#    unknown kind and an unknown rule are tool errors. The SDK validates each
#    result against the tool's output schema. A second session takes the
#    2026-07-28 lifecycle (server/discover, no initialize).
# 2. The MCP Inspector's command-line mode (@modelcontextprotocol/inspector
#    0.15.0 from npm, which runs on Node 20; newer releases need Node 22.19
#    or later) lists the tools and calls `check` and `explain_rule`.
#
# Caches, kept between runs under ${BOARDLINT_CI_CACHE:-$HOME/.cache/boardlint-ci}:
# the Inspector in npm-inspector/, pip's wheels in pip/. If an install is
# needed and its registry cannot be reached, that part is skipped with a
# notice (exit 0 when nothing failed); any other failure exits 1.
#
# boardlint: $BOARDLINT if set; else target/debug/boardlint when it is newer
# than the sources; else `cargo build` makes it.
#
# Usage: bash scripts/test-mcp.sh     (PYTHON=python3.12 to pick Python)
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-python3}"
PYTHON_SDK_VERSION=2.3.0
INSPECTOR=@modelcontextprotocol/inspector
INSPECTOR_VERSION=0.15.0
CACHE="${BOARDLINT_CI_CACHE:-$HOME/.cache/boardlint-ci}"
SELF_INVOCATION="CFO: [INVOKE:cfo|What is our runway?]"

# shellcheck source=scripts/report.sh
source "$REPO_ROOT/scripts/report.sh"
indent() { sed 's/^/    | /'; }

for tool in "$PYTHON" node npm timeout; do
    command -v "$tool" >/dev/null 2>&1 || die "\`$tool\` is not on PATH"
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/boardlint-mcp.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# --- boardlint -----------------------------------------------------------------
# shellcheck source=scripts/boardlint-bin.sh
source "$REPO_ROOT/scripts/boardlint-bin.sh"
"$BOARDLINT_BIN" mcp --help >/dev/null 2>&1 || die "$BOARDLINT_BIN has no \`mcp\` command"
VERSION="$("$BOARDLINT_BIN" --version | awk '{print $2}')"
RULES="$("$BOARDLINT_BIN" rule --all | grep -cE '^  [A-Z][0-9]{3} ')"
ok "boardlint $VERSION: $BOARDLINT_BIN ($RULES rules)"

# The server's working directory: a repository root of its own, so that no
# configuration file around the checkout applies.
PROJECT="$WORK/project"
mkdir -p "$PROJECT/.git"

skipped=()

# --- the MCP Python SDK --------------------------------------------------------------
echo "installing the MCP Python SDK $PYTHON_SDK_VERSION into a throwaway virtualenv..."
"$PYTHON" -m venv "$WORK/venv" || die "$PYTHON cannot make a virtualenv"
mkdir -p "$CACHE/pip"
pip_rc=0
timeout 600 "$WORK/venv/bin/python" -m pip install --disable-pip-version-check --quiet \
    --cache-dir "$CACHE/pip" --timeout 20 --retries 1 "mcp==$PYTHON_SDK_VERSION" >"$WORK/pip.log" 2>&1 || pip_rc=$?
if [ "$pip_rc" -ne 0 ]; then
    if grep -qiE "Could not find a version|No matching distribution|Connection|timed out|Temporary failure|Name or service|Network is unreachable|ProxyError|SSLError" "$WORK/pip.log"; then
        echo "notice: PyPI cannot be reached; the MCP Python SDK test is skipped"
        indent <"$WORK/pip.log" | tail -n 5
        skipped+=("the MCP Python SDK")
    else
        indent <"$WORK/pip.log" | tail -n 30
        die "pip install mcp==$PYTHON_SDK_VERSION failed"
    fi
else
    client_rc=0
    timeout 300 "$WORK/venv/bin/python" "$REPO_ROOT/tests/mcp_sdk/client.py" "$BOARDLINT_BIN" "$VERSION" \
        "$RULES" "$REPO_ROOT/tests/fmt/en-alert-bare-lines.md" \
        "$REPO_ROOT/tests/fmt/en-alert-bare-lines.formatted" "$PROJECT" >"$WORK/client.log" 2>&1 || client_rc=$?
    cat "$WORK/client.log"
    if [ "$client_rc" -ne 0 ] && ! grep -q '^FAIL: ' "$WORK/client.log"; then
        fail "python SDK: the client ended with exit code $client_rc"
    fi
    failures=$((failures + $(grep -c '^FAIL: ' "$WORK/client.log" || true)))
fi

# --- the MCP Inspector's command line ------------------------------------------------
NPM_DIR="$CACHE/npm-inspector"
mkdir -p "$NPM_DIR"
installed_inspector() {
    "$PYTHON" -c 'import json, sys
try:
    print(json.load(open(sys.argv[1]))["version"])
except (OSError, ValueError, KeyError):
    pass' "$NPM_DIR/node_modules/$INSPECTOR/package.json"
}
inspector_ready=yes
if [ "$(installed_inspector)" != "$INSPECTOR_VERSION" ]; then
    if ! timeout 60 npm ping --fetch-timeout=20000 --fetch-retries=1 >"$WORK/npm-ping.log" 2>&1; then
        echo "notice: the npm registry cannot be reached; the MCP Inspector test is skipped"
        skipped+=("the MCP Inspector")
        inspector_ready=no
    else
        echo "installing $INSPECTOR@$INSPECTOR_VERSION into $NPM_DIR..."
        if ! timeout 900 npm install --prefix "$NPM_DIR" --no-audit --no-fund --save-exact \
            "$INSPECTOR@$INSPECTOR_VERSION" >"$WORK/npm-install.log" 2>&1; then
            indent <"$WORK/npm-install.log" | tail -n 40
            die "npm install $INSPECTOR@$INSPECTOR_VERSION failed"
        fi
    fi
fi
if [ "$inspector_ready" = yes ]; then
    found="$(installed_inspector)"
    [ "$found" = "$INSPECTOR_VERSION" ] ||
        die "$INSPECTOR $INSPECTOR_VERSION is not installed in $NPM_DIR (found: ${found:-nothing})"
    ok "MCP Inspector: $INSPECTOR $found (Node $(node --version))"
    # inspector ARGS...: the Inspector's CLI mode against `boardlint mcp`,
    # offline, from the server's directory; its output in $WORK/inspector.out.
    inspector() {
        (cd "$PROJECT" && timeout 120 npx --prefix "$NPM_DIR" --offline --no-install \
            mcp-inspector --cli "$BOARDLINT_BIN" mcp "$@") >"$WORK/inspector.out" 2>"$WORK/inspector.err"
    }
    # expect WHAT PYTHON-EXPRESSION: the expression, over the JSON the
    # Inspector printed (`out`), must be true.
    expect() {
        if "$PYTHON" -c 'import json, sys
out = json.load(open(sys.argv[1]))
sys.exit(0 if eval(sys.argv[2]) else 1)' "$WORK/inspector.out" "$2" 2>>"$WORK/inspector.err"; then
            ok "MCP Inspector: $1"
        else
            fail "MCP Inspector: $1"
            indent <"$WORK/inspector.out" | head -n 30
            grep -v 'unknown format' "$WORK/inspector.err" | indent | tail -n 10 || true
        fi
    }
    if inspector --method tools/list; then
        expect "tools/list: check, explain_rule, format, list_rules, each with its schemas" \
            'sorted(t["name"] for t in out["tools"]) == ["check", "explain_rule", "format", "list_rules"] and all(t["inputSchema"]["type"] == "object" and t["outputSchema"]["type"] == "object" for t in out["tools"])'
    else
        fail "MCP Inspector: tools/list failed"
        indent <"$WORK/inspector.err" | tail -n 20
    fi
    if inspector --method tools/call --tool-name check --tool-arg "text=$SELF_INVOCATION"; then
        expect "tools/call check: the self-invocation is L001 at 1:6" \
            'not out["isError"] and [(d["code"], d["start"]["line"], d["start"]["column"]) for d in out["structuredContent"]["diagnostics"]] == [("L001", 1, 6)]'
    else
        fail "MCP Inspector: tools/call check failed"
        indent <"$WORK/inspector.err" | tail -n 20
    fi
    if inspector --method tools/call --tool-name check --tool-arg "text=$SELF_INVOCATION" --tool-arg kind=memo; then
        expect "tools/call check with an unknown kind: a tool error" \
            'out["isError"] and "`memo` is not a kind" in out["content"][0]["text"]'
    else
        fail "MCP Inspector: tools/call check with kind=memo failed"
        indent <"$WORK/inspector.err" | tail -n 20
    fi
    if inspector --method tools/call --tool-name explain_rule --tool-arg rule=L001; then
        expect "tools/call explain_rule: L001's page" \
            'not out["isError"] and out["structuredContent"]["page"].startswith("# L001 self-invocation")'
    else
        fail "MCP Inspector: tools/call explain_rule failed"
        indent <"$WORK/inspector.err" | tail -n 20
    fi
fi

if [ "$failures" -ne 0 ]; then
    echo "FAIL: $failures MCP check(s) failed"
    exit 1
fi
if [ "${#skipped[@]}" -gt 0 ]; then
    listed="${skipped[0]}"
    [ "${#skipped[@]}" -lt 2 ] || listed="$listed and ${skipped[1]}"
    echo "ok: no MCP check failed; skipped, as its registry could not be reached: $listed"
else
    echo "ok: boardlint mcp answers the MCP Python SDK and the MCP Inspector"
fi
