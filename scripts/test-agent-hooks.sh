#!/usr/bin/env bash
# Tests `boardlint hook` with the real agent CLIs from the npm registry.
#
# For each CLI (Claude Code, Codex CLI, Gemini CLI) it installs a pinned
# version, writes the CLI's stop-hook configuration pointing at `boardlint
# hook`, and runs one non-interactive turn against a fake model server
# (tests/agent_hooks/fake_model.py) inside a network namespace that has only
# loopback: no traffic leaves 127.0.0.1. The fake model answers the turn's
# first model call with a self-invocation (rule L001) and every later one
# cleanly, so a working hook shows as:
#   (a) at least two model requests reach the fake model;
#   (b) the second one ends with boardlint's reason (`L001 self-invocation`);
#   (c) the CLI exits 0 and its final output holds the clean reply.
# See docs/agent-hooks.md and the facts in shared/reference/agent-hooks.md.
#
# Needs node and npm, python3, and root for `unshare -n` (util-linux) and
# `ip` (iproute2). The CLIs are installed into
# ${BOARDLINT_CI_CACHE:-$HOME/.cache/boardlint-ci}/npm and kept there between
# runs. If an install is needed and the npm registry cannot be reached, the
# tests are skipped (exit 0); any other failure fails the script (exit 1).
#
# boardlint: $BOARDLINT if set; else target/debug/boardlint when it is newer
# than the sources; else `cargo build` makes it.
#
# Usage: bash scripts/test-agent-hooks.sh [claude] [codex] [gemini]   (default: all)
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FAKE_MODEL="$REPO_ROOT/tests/agent_hooks/fake_model.py"

# Pinned CLI versions (all three exist in the npm registry as pinned).
declare -A PACKAGE=(
    [claude]=@anthropic-ai/claude-code
    [codex]=@openai/codex
    [gemini]=@google/gemini-cli
)
declare -A VERSION=(
    [claude]=2.1.197
    [codex]=0.171.0
    [gemini]=0.61.0
)
PROMPT="As the CFO, what is our runway?"
CLEAN_REPLY="Our runway is 14 months"
REASON="L001 self-invocation"
CLI_TIMEOUT=120 # seconds for one CLI run (the fake model stops itself then too)

# shellcheck source=scripts/report.sh
source "$REPO_ROOT/scripts/report.sh"
indent() { sed 's/^/    | /'; }

CLIS=("$@")
[ "${#CLIS[@]}" -gt 0 ] || CLIS=(claude codex gemini)
for cli in "${CLIS[@]}"; do
    [ -n "${PACKAGE[$cli]:-}" ] || die "unknown CLI \`$cli\` (known: claude codex gemini)"
done

for tool in node npm python3 unshare ip timeout env; do
    command -v "$tool" >/dev/null 2>&1 || die "\`$tool\` is not on PATH"
done
[ "$(id -u)" -eq 0 ] || die "this test needs root (for \`unshare -n\` and \`ip link set lo up\`)"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/boardlint-agent-hooks.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# --- boardlint -----------------------------------------------------------------
# shellcheck source=scripts/boardlint-bin.sh
source "$REPO_ROOT/scripts/boardlint-bin.sh"
"$BOARDLINT_BIN" hook --help >/dev/null 2>&1 || die "$BOARDLINT_BIN has no \`hook\` command"
ok "boardlint: $BOARDLINT_BIN"

# --- the agent CLIs from npm ---------------------------------------------------------
NPM_DIR="${BOARDLINT_CI_CACHE:-$HOME/.cache/boardlint-ci}/npm"
# shellcheck source=scripts/npm-pinned.sh
source "$REPO_ROOT/scripts/npm-pinned.sh"
specs=()
for cli in "${CLIS[@]}"; do specs+=("${PACKAGE[$cli]}@${VERSION[$cli]}"); done
# Install scripts must run: Claude Code's postinstall puts its native binary
# in place of bin/claude.exe.
if ! npm_pinned "$NPM_DIR" "$WORK/npm.log" "${specs[@]}"; then
    echo "notice: the npm registry cannot be reached; the agent hook end-to-end tests are skipped"
    exit 0
fi
NODE_DIR="$(dirname "$(command -v node)")"
CLI_PATH="$NPM_DIR/node_modules/.bin:$NODE_DIR:/usr/local/bin:/usr/bin:/bin"
mkdir -p "$WORK/version-home"
# In a network namespace too: nothing but the installs leaves 127.0.0.1.
cli_version() { unshare -n env -i HOME="$WORK/version-home" PATH="$CLI_PATH" timeout 60 "$1" --version 2>&1; }
for cli in "${CLIS[@]}"; do
    version="$(npm_version "$NPM_DIR" "${PACKAGE[$cli]}")"
    version_ok=yes
    reported="$(cli_version "$cli")" || version_ok=no
    if [ "$version_ok" = no ] && [ "$cli" = claude ]; then
        # An npm that does not run Claude Code's postinstall leaves a stub in
        # bin/claude.exe; the postinstall only copies the native binary in
        # from the platform package that npm installed beside it.
        postinstall="$(cd "$NPM_DIR/node_modules/${PACKAGE[$cli]}" && node install.cjs 2>&1)" || true
        version_ok=yes
        reported="$(cli_version "$cli")" || {
            version_ok=no
            reported="$postinstall"$'\n'"$reported"
        }
    fi
    if [ "$version_ok" = no ]; then
        printf '%s\n' "$reported" | indent
        die "\`$cli --version\` fails (from ${PACKAGE[$cli]} ${VERSION[$cli]} in $NPM_DIR)"
    fi
    ok "installed ${PACKAGE[$cli]} $version ($(printf '%s' "$reported" | tail -n 1))"
done

# --- one turn of a CLI in a loopback-only network namespace -------------------------
# Everything below runs inside `unshare -n` (bash -c with these functions
# exported). Each CLI runs under `env -i` with only the variables it needs.

write_claude_config() { # DIR PORT
    # The hook goes in as users put it there: `boardlint hook install`.
    mkdir -p "$1/project"
    (cd "$1/project" && "$BOARDLINT_BIN" hook install claude --command "$BOARDLINT_BIN hook" >/dev/null)
}
run_claude() { # DIR PORT
    env -i HOME="$1/home" PATH="$CLI_PATH" BOARDLINT_CACHE_DIR="$1/boardlint-cache" \
        ANTHROPIC_BASE_URL="http://127.0.0.1:$2" ANTHROPIC_API_KEY=test \
        DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 \
        timeout "$CLI_TIMEOUT" claude -p "$PROMPT" --output-format json
}

write_codex_config() { # DIR PORT
    mkdir -p "$1/codex-home"
    # The analytics and features lines keep Codex from trying outside hosts.
    cat >"$1/codex-home/config.toml" <<EOF
model = "fake-model"
model_provider = "fake"
check_for_update_on_startup = false

[analytics]
enabled = false

[features]
plugins = false
apps = false
remote_plugin = false
plugin_sharing = false

[model_providers.fake]
name = "fake model"
base_url = "http://127.0.0.1:$2/v1"
wire_api = "responses"
env_key = "FAKE_OPENAI_KEY"
EOF
    # $CODEX_HOME/hooks.json, by `boardlint hook install codex --user` (a
    # project's .codex/hooks.json is read only when the project is trusted
    # in config.toml).
    CODEX_HOME="$1/codex-home" HOME="$1/home" \
        "$BOARDLINT_BIN" hook install codex --user --command "$BOARDLINT_BIN hook" >/dev/null
}
run_codex() { # DIR PORT
    # Codex skips hooks it does not trust, without a word: bypass that for this run.
    env -i HOME="$1/home" CODEX_HOME="$1/codex-home" PATH="$CLI_PATH" \
        BOARDLINT_CACHE_DIR="$1/boardlint-cache" FAKE_OPENAI_KEY=test \
        timeout "$CLI_TIMEOUT" codex exec --skip-git-repo-check --dangerously-bypass-hook-trust "$PROMPT"
}

write_gemini_config() { # DIR PORT
    mkdir -p "$1/home/.gemini" "$1/project/.gemini"
    cat >"$1/home/.gemini/settings.json" <<EOF
{
  "security": {"auth": {"selectedType": "gemini-api-key"}},
  "privacy": {"usageStatisticsEnabled": false},
  "telemetry": {"enabled": false},
  "general": {"enableAutoUpdate": false, "enableAutoUpdateNotification": false}
}
EOF
    (cd "$1/project" && "$BOARDLINT_BIN" hook install gemini --command "$BOARDLINT_BIN hook" >/dev/null)
}
run_gemini() { # DIR PORT
    # Without GEMINI_CLI_TRUST_WORKSPACE it exits 55 (untrusted directory).
    env -i HOME="$1/home" PATH="$CLI_PATH" BOARDLINT_CACHE_DIR="$1/boardlint-cache" \
        GEMINI_API_KEY=test GOOGLE_GEMINI_BASE_URL="http://127.0.0.1:$2" GEMINI_CLI_TRUST_WORKSPACE=true \
        timeout "$CLI_TIMEOUT" gemini -p "$PROMPT" --output-format json
}

# in_namespace CLI DIR: starts the fake model, runs the CLI's turn, stops the
# fake model. Leaves DIR/requests.jsonl, DIR/stdout, DIR/stderr, DIR/rc.
in_namespace() {
    local cli=$1 dir=$2 server port="" rc=0
    python3 "$FAKE_MODEL" --port-file "$dir/port" --max-requests 40 --max-seconds "$((CLI_TIMEOUT + 5))" \
        "$dir/requests.jsonl" >"$dir/server.out" 2>"$dir/server.err" &
    server=$!
    for _ in $(seq 100); do
        [ -s "$dir/port" ] && break
        kill -0 "$server" 2>/dev/null || break
        sleep 0.1
    done
    port="$(cat "$dir/port" 2>/dev/null || true)"
    if [ -z "$port" ]; then
        echo "the fake model did not start" >"$dir/stderr"
        echo 125 >"$dir/rc"
        kill "$server" 2>/dev/null || true
        return 0
    fi
    "write_${cli}_config" "$dir" "$port"
    (cd "$dir/project" && "run_$cli" "$dir" "$port" <"/dev/null" >"$dir/stdout" 2>"$dir/stderr") || rc=$?
    echo "$rc" >"$dir/rc"
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
}

export BOARDLINT_BIN CLI_PATH FAKE_MODEL PROMPT CLI_TIMEOUT
export -f in_namespace write_claude_config run_claude write_codex_config run_codex \
    write_gemini_config run_gemini

# summarize LOG: prints "model requests: N" and "second request has the
# reason: yes|no" (in the last message of that request: Anthropic `messages`,
# OpenAI `input`, Gemini `contents`).
summarize() {
    python3 - "$1" "$REASON" <<'PY'
import json, sys
path, reason = sys.argv[1], sys.argv[2]
model = []
try:
    with open(path, encoding="utf-8") as log:
        for line in log:
            entry = json.loads(line)
            if entry["kind"] == "model":
                model.append(entry)
except OSError:
    pass
print("model requests: %d" % len(model))
print("first reply: %s" % (model[0]["reply"] if model else "none"))
has = "no"
if len(model) >= 2:
    body = model[1]["body"]
    turns = None
    if isinstance(body, dict):
        turns = body.get("messages") or body.get("input") or body.get("contents")
    last = turns[-1] if isinstance(turns, list) and turns else body
    if reason in json.dumps(last, ensure_ascii=False):
        has = "yes"
print("second request has the reason: %s" % has)
PY
}

for cli in "${CLIS[@]}"; do
    dir="$WORK/$cli"
    mkdir -p "$dir/home" "$dir/project" "$dir/boardlint-cache"
    echo "running one ${PACKAGE[$cli]} turn against the fake model..."
    start=$SECONDS
    unshare -n bash -c 'set -euo pipefail; ip link set lo up; in_namespace "$@"' _ "$cli" "$dir" ||
        die "$cli: could not run in a network namespace (unshare -n)"
    took=$((SECONDS - start))
    rc="$(cat "$dir/rc")"
    summary="$(summarize "$dir/requests.jsonl" 2>&1 || true)"
    requests="$(sed -n 's/^model requests: //p' <<<"$summary")"
    first="$(sed -n 's/^first reply: //p' <<<"$summary")"
    has_reason="$(sed -n 's/^second request has the reason: //p' <<<"$summary")"
    requests=${requests:-0}
    before=$failures
    if [ "$requests" -ge 2 ] && [ "$first" = violating ]; then
        ok "$cli: $requests model requests, the first answered with a self-invocation"
    else
        fail "$cli: expected at least 2 model requests, the first answered with a self-invocation ($requests model requests)"
    fi
    if [ "$has_reason" = yes ]; then
        ok "$cli: the second model request carries boardlint's reason ($REASON)"
    else
        fail "$cli: the second model request does not carry boardlint's reason ($REASON)"
    fi
    if [ "$rc" -eq 0 ] && grep -qF "$CLEAN_REPLY" "$dir/stdout"; then
        ok "$cli: exit 0 with the clean reply in its output (${took}s)"
    else
        fail "$cli: expected exit 0 and \"$CLEAN_REPLY\" in its output (exit code $rc)"
    fi
    if [ "$failures" -ne "$before" ]; then
        echo "    $cli standard output:"
        tail -n 20 "$dir/stdout" | indent
        echo "    $cli standard error:"
        tail -n 30 "$dir/stderr" | indent
        echo "    fake model requests:"
        python3 -c 'import json, sys
for line in open(sys.argv[1]):
    e = json.loads(line)
    print(e["n"], e["method"], e["path"], e["kind"], e["reply"])' "$dir/requests.jsonl" 2>&1 | indent || true
        tail -n 10 "$dir/server.err" | indent
    fi
done

# The repository's Claude Code plugin (.claude-plugin/, hooks/), as the
# installed Claude Code validates it: the marketplace entry and the manifest.
if [[ " ${CLIS[*]} " == *" claude "* ]]; then
    for target in "$REPO_ROOT" "$REPO_ROOT/.claude-plugin/plugin.json"; do
        mkdir -p "$WORK/plugin-home"
        label="${target#"$REPO_ROOT"}"
        label="${label#/}"
        label="${label:-the repository}"
        if out="$(unshare -n bash -c 'ip link set lo up; env -i HOME="$1" PATH="$2" DISABLE_TELEMETRY=1 \
            DISABLE_AUTOUPDATER=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 \
            timeout 60 claude plugin validate "$3"' _ "$WORK/plugin-home" "$CLI_PATH" "$target" 2>&1)" &&
            grep -q "Validation passed" <<<"$out" && ! grep -q "warning" <<<"$out"; then
            ok "claude plugin validate $label: passed"
        else
            fail "claude plugin validate $label:"
            printf '%s\n' "$out" | indent
        fi
    done
fi

if [ "$failures" -ne 0 ]; then
    echo "FAIL: $failures agent hook check(s) failed"
    exit 1
fi
echo "ok: boardlint hook sends a violating answer back with ${CLIS[*]}"
