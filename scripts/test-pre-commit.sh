#!/usr/bin/env bash
# Tests .pre-commit-hooks.yaml with the real pre-commit tool (from PyPI).
#
# It installs pre-commit into a throwaway virtualenv, creates a throwaway git
# repository, and runs `pre-commit try-repo` against this checkout:
#   - the `boardlint` hook fails on a transcript with a self-invocation and
#     passes once the transcript is fixed;
#   - the `boardlint-fmt` hook rewrites a founder-card draft (pre-commit fails
#     when a hook modifies files) and passes on the second run.
# Both hooks run in each of the two try-repo runs.
#
# pre-commit builds boardlint with `cargo install` (language: rust), which
# takes a few minutes; it needs cargo, git, python3 and network access.
# try-repo builds a git commit: on a clean checkout that is HEAD; when the
# working tree has changes (tracked or untracked, not ignored) the script
# tests a snapshot commit of the working tree instead, so it tests what you
# see. Nothing outside a temporary directory is written.
#
# Usage: bash scripts/test-pre-commit.sh     (PYTHON=python3.12 to pick Python)
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-python3}"

# shellcheck source=scripts/report.sh
source "$REPO_ROOT/scripts/report.sh"

for tool in git cargo "$PYTHON"; do
    command -v "$tool" >/dev/null 2>&1 || die "\`$tool\` is not on PATH"
done
git -C "$REPO_ROOT" rev-parse --verify --quiet HEAD >/dev/null ||
    die "$REPO_ROOT is not a git repository with a commit (try-repo needs one)"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/boardlint-pre-commit.XXXXXX")"
cleanup() {
    chmod -R u+w "$WORK" 2>/dev/null || true
    rm -rf "$WORK"
    if [ -d "${CARGO_TARGET_DIR:-}/release" ]; then
        find "$CARGO_TARGET_DIR/release" -mindepth 1 -maxdepth 2 -name '*boardlint*' -exec rm -rf {} + 2>/dev/null || true
    fi
}
trap cleanup EXIT

# Keep pre-commit's cache, and the boardlint it builds, inside $WORK; ignore
# the caller's SKIP so that no hook is skipped silently.
export PRE_COMMIT_HOME="$WORK/pre-commit-home"
export PRE_COMMIT_COLOR=never
# pre-commit's `cargo install` builds in a temporary directory of its own
# unless CARGO_TARGET_DIR names one: name one that lasts, so that the second
# try-repo (a new clone) and later runs reuse the compiled dependencies
# instead of building all of them again. boardlint's own artifacts are
# removed from it at the end; the dependencies' stay.
export CARGO_TARGET_DIR="${BOARDLINT_PRE_COMMIT_TARGET:-${BOARDLINT_CI_CACHE:-$HOME/.cache/boardlint-ci}/cargo-target}"
unset SKIP PRE_COMMIT_ALLOW_NO_CONFIG || true

# --- the hook repository -----------------------------------------------------
HOOK_REPO="$REPO_ROOT"
if [ -n "$(git -C "$REPO_ROOT" status --porcelain --untracked-files=all)" ]; then
    echo "note: the checkout has uncommitted changes; testing a snapshot of the working tree"
    HOOK_REPO="$WORK/snapshot"
    mkdir -p "$HOOK_REPO"
    while IFS= read -r -d '' file; do
        # Tracked files deleted from the working tree are listed too: skip them.
        [ -e "$REPO_ROOT/$file" ] || [ -L "$REPO_ROOT/$file" ] || continue
        mkdir -p "$HOOK_REPO/$(dirname "$file")"
        cp -P -p "$REPO_ROOT/$file" "$HOOK_REPO/$file"
    done < <(git -C "$REPO_ROOT" ls-files -z --cached --others --exclude-standard)
    git -C "$HOOK_REPO" -c init.defaultBranch=main init -q
    git -C "$HOOK_REPO" add -A
    git -C "$HOOK_REPO" -c user.name="boardlint test" -c user.email="boardlint-test@example.invalid" \
        -c commit.gpgsign=false commit -q --no-verify -m "working tree snapshot"
fi
HOOK_REF="$(git -C "$HOOK_REPO" rev-parse HEAD)"
git -C "$HOOK_REPO" cat-file -e "$HOOK_REF:.pre-commit-hooks.yaml" 2>/dev/null ||
    die ".pre-commit-hooks.yaml is not committed in $HOOK_REPO (try-repo reads it from the commit)"

# --- pre-commit from PyPI ------------------------------------------------------
echo "installing pre-commit into a throwaway virtualenv..."
"$PYTHON" -m venv "$WORK/venv"
"$WORK/venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    --cache-dir "${BOARDLINT_CI_CACHE:-$HOME/.cache/boardlint-ci}/pip" pre-commit==4.7.0 ||
    die "could not install pre-commit from PyPI"
PRE_COMMIT="$WORK/venv/bin/pre-commit"
ok "installed pre-commit $("$PRE_COMMIT" --version | awk '{print $2}')"

# --- the throwaway project -----------------------------------------------------
PROJECT="$WORK/project"
git -c init.defaultBranch=main init -q "$PROJECT"
git -C "$PROJECT" config user.name "boardlint test"
git -C "$PROJECT" config user.email "boardlint-test@example.invalid"
git -C "$PROJECT" config commit.gpgsign false

commit() { # commit MESSAGE FILE...
    local message=$1
    shift
    git -C "$PROJECT" add -- "$@"
    git -C "$PROJECT" commit -q --no-verify -m "$message"
}

LOG="$WORK/try-repo.log"
# try_repo FILE...: runs every hook of this checkout on FILE...; sets $rc and
# leaves pre-commit's output in $LOG (also printed, indented). Each try-repo
# builds boardlint from a new clone (only boardlint itself is compiled again:
# the dependencies are in CARGO_TARGET_DIR), so the checks share two runs
# rather than one per hook.
try_repo() {
    rc=0
    (cd "$PROJECT" && "$PRE_COMMIT" try-repo "$HOOK_REPO" --ref "$HOOK_REF" \
        --verbose --files "$@") >"$LOG" 2>&1 || rc=$?
    sed 's/^/    | /' "$LOG"
}
# status HOOK-NAME: the hook's status line word (Passed, Failed, …).
status() { grep -E "^$1\.+(Passed|Failed|Skipped)" "$LOG" | sed -E 's/.*\.+//' | head -n 1; }

# 1. A transcript with a self-invocation and a founder-card draft.
printf 'CFO: checking\n[INVOKE:cfo|What is our burn?]\n' >"$PROJECT/bad.md"
cat >"$PROJECT/card.md" <<'CARD'
CRO: Flagging this before Tuesday's pipeline call.

🚩 CRO — Proactive Alert
what i noticed
Northwind, our largest customer, has not logged in for 23 days and their champion left last week.
why it matters
Northwind is $310K of ARR and renews on June 1.
recommended action
The CRO books an executive call with Northwind's new VP of Operations this week.
Urgency: 🟡 This week

CEO: Thanks, loop me into that call.
CARD
commit "A bad transcript and a card draft" bad.md card.md
cp "$PROJECT/card.md" "$WORK/card.orig"

echo "running the hooks on a bad transcript and a card draft (this builds boardlint with cargo)..."
try_repo bad.md card.md
if [ "$rc" -eq 1 ] && [ "$(status boardlint)" = Failed ] && grep -q 'L001' "$LOG"; then
    ok "boardlint fails on a transcript with a self-invocation (L001)"
else
    fail "boardlint should fail with L001 on bad.md (pre-commit exit code $rc)"
fi
if [ "$(status 'boardlint fmt')" = Failed ] && grep -q 'files were modified by this hook' "$LOG" &&
    ! cmp -s "$PROJECT/card.md" "$WORK/card.orig" && grep -q '^WHAT I NOTICED$' "$PROJECT/card.md"; then
    ok "boardlint-fmt rewrites the card draft (and pre-commit reports the change)"
else
    fail "boardlint-fmt should rewrite card.md and pre-commit should report it (pre-commit exit code $rc)"
fi

# 2. Fixed transcript, formatted card: both hooks pass.
printf 'CFO: our burn is $280K a month.\n' >"$PROJECT/bad.md"
commit "Fix the transcript, keep the formatted card" bad.md card.md

echo "running the hooks again on the fixed transcript and the formatted card..."
try_repo bad.md card.md
if [ "$rc" -eq 0 ] && [ "$(status boardlint)" = Passed ] && [ "$(status 'boardlint fmt')" = Passed ]; then
    ok "boardlint passes once the transcript is fixed; boardlint-fmt passes on the formatted card"
else
    fail "both hooks should pass on the second run (pre-commit exit code $rc)"
fi

if [ "$failures" -ne 0 ]; then
    echo "FAIL: $failures pre-commit hook check(s) failed"
    exit 1
fi
echo "ok: the pre-commit hooks work with the real pre-commit"
