#!/usr/bin/env bash
# Tests the Python package: boardlint as a wheel that holds only its
# executable (maturin's `bin` bindings, pyproject.toml), and the pre-commit
# hooks that install it from that wheel (integrations/pre-commit-mirror/).
#
#   1. maturin (from PyPI, pinned) builds the wheel and the sdist;
#   2. the wheel's metadata is Cargo.toml's (name, version, summary,
#      licence, keywords, project URLs) and it holds nothing but the
#      executable; the sdist holds what a build needs and no tests;
#   3. `pip install` of the wheel into a fresh virtual environment, with no
#      package index, gives a `boardlint` that runs `--version` and checks
#      examples/ (exit 1 on the deliberate violations, 0 on a clean file);
#   4. `uv tool install` (uv from PyPI, pinned) of the wheel, offline, puts a
#      working `boardlint` in uv's tool bin directory;
#   5. `pip install .` of this checkout (the PEP 517 build through maturin)
#      gives a working `boardlint`;
#   6. the mirror's `language: python` hooks, named in a project's
#      .pre-commit-config.yaml, run with the real pre-commit
#      (from PyPI, pinned) with pip held to a local directory of wheels
#      (`PIP_NO_INDEX`, `PIP_FIND_LINKS`): boardlint is installed from the
#      wheel built in step 1, never from an index or from source.
#
# The wheel's binary is built with the `dev` profile unless
# BOARDLINT_WHEEL_PROFILE says otherwise (the release workflow builds the
# published wheels with `--profile dist`): the packaging is under test, not
# the binary's speed, and the dev build reuses what `cargo test` compiled.
#
# Tools are installed into ${BOARDLINT_CI_CACHE:-$HOME/.cache/boardlint-ci}
# and kept between runs. If PyPI cannot be reached and nothing is cached,
# the test is skipped (exit 0); any other failure fails it (exit 1).
#
# Usage: bash scripts/test-python-package.sh     (PYTHON=python3.12 to pick Python)
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-python3}"
PROFILE="${BOARDLINT_WHEEL_PROFILE:-dev}"
MATURIN_VERSION=1.16.0
UV_VERSION=0.13.9
PRE_COMMIT_VERSION=4.7.0
SETUPTOOLS_VERSION=84.2.1
CACHE="${BOARDLINT_CI_CACHE:-$HOME/.cache/boardlint-ci}"

# shellcheck source=scripts/report.sh
source "$REPO_ROOT/scripts/report.sh"
indent() { sed 's/^/    | /'; }

for tool in cargo git "$PYTHON" unzip tar; do
    command -v "$tool" >/dev/null 2>&1 || die "\`$tool\` is not on PATH"
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/boardlint-python.XXXXXX")"
cleanup() {
    chmod -R u+w "$WORK" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

VERSION="$(cd "$REPO_ROOT" && cargo metadata --no-deps --format-version 1 --offline |
    "$PYTHON" -c 'import json, sys; p = json.load(sys.stdin)["packages"][0]; print(p["version"])')"

# --- the packaging tools --------------------------------------------------------
TOOLS="$CACHE/python-packaging-$MATURIN_VERSION-$UV_VERSION-$PRE_COMMIT_VERSION"
WHEELHOUSE="$CACHE/wheelhouse"
if [ ! -x "$TOOLS/bin/maturin" ] || [ ! -x "$TOOLS/bin/uv" ] || [ ! -x "$TOOLS/bin/pre-commit" ] ||
    ! ls "$WHEELHOUSE"/setuptools-"$SETUPTOOLS_VERSION"-*.whl >/dev/null 2>&1; then
    echo "installing maturin $MATURIN_VERSION, uv $UV_VERSION and pre-commit $PRE_COMMIT_VERSION into $TOOLS..."
    rm -rf "$TOOLS"
    "$PYTHON" -m venv "$TOOLS" || die "$PYTHON cannot make a virtualenv"
    mkdir -p "$CACHE/pip" "$WHEELHOUSE"
    pip_rc=0
    {
        timeout 600 "$TOOLS/bin/python" -m pip install --disable-pip-version-check --quiet \
            --cache-dir "$CACHE/pip" --timeout 20 --retries 1 \
            "maturin==$MATURIN_VERSION" "uv==$UV_VERSION" "pre-commit==$PRE_COMMIT_VERSION" &&
            timeout 300 "$TOOLS/bin/python" -m pip download --disable-pip-version-check --quiet \
                --cache-dir "$CACHE/pip" --timeout 20 --retries 1 --no-deps --only-binary :all: \
                --dest "$WHEELHOUSE" "setuptools==$SETUPTOOLS_VERSION"
    } >"$WORK/pip.log" 2>&1 || pip_rc=$?
    if [ "$pip_rc" -ne 0 ]; then
        rm -rf "$TOOLS"
        if grep -qiE "Could not find a version|No matching distribution|Connection|timed out|Temporary failure|Name or service|Network is unreachable|ProxyError|SSLError" "$WORK/pip.log"; then
            echo "notice: PyPI cannot be reached; the Python package test is skipped"
            indent <"$WORK/pip.log" | tail -n 5
            exit 0
        fi
        indent <"$WORK/pip.log" | tail -n 30
        die "installing the packaging tools failed"
    fi
fi
ok "maturin $("$TOOLS/bin/maturin" --version | awk '{print $2}'), uv $("$TOOLS/bin/uv" --version | awk '{print $2}'), pre-commit $("$TOOLS/bin/pre-commit" --version | awk '{print $2}')"

# --- 1. the wheel and the sdist ------------------------------------------------------
DIST="$WORK/dist"
echo "building the wheel (profile $PROFILE) and the sdist with maturin..."
build_rc=0
(cd "$REPO_ROOT" && "$TOOLS/bin/maturin" build --locked --profile "$PROFILE" --out "$DIST" &&
    "$TOOLS/bin/maturin" sdist --out "$DIST") >"$WORK/maturin.log" 2>&1 || build_rc=$?
if [ "$build_rc" -ne 0 ]; then
    indent <"$WORK/maturin.log" | tail -n 40
    die "maturin failed (exit code $build_rc)"
fi
shopt -s nullglob
wheels=("$DIST"/boardlint-"$VERSION"-*.whl)
sdists=("$DIST"/boardlint-"$VERSION".tar.gz)
shopt -u nullglob
[ "${#wheels[@]}" -eq 1 ] || die "expected one boardlint-$VERSION wheel in $DIST, found: $(ls "$DIST")"
[ "${#sdists[@]}" -eq 1 ] || die "expected boardlint-$VERSION.tar.gz in $DIST, found: $(ls "$DIST")"
WHEEL="${wheels[0]}"
SDIST="${sdists[0]}"
ok "built $(basename "$WHEEL") and $(basename "$SDIST")"

# --- 2. what they hold -------------------------------------------------------------
case "$(basename "$WHEEL")" in
*-py3-none-*.whl) ok "the wheel is for any Python 3 (py3-none), tagged for its platform only" ;;
*) fail "the wheel should be tagged py3-none-PLATFORM: $(basename "$WHEEL")" ;;
esac
unzip -Z1 "$WHEEL" >"$WORK/wheel.list"
others="$(grep -vE "^boardlint-$VERSION\.(data/scripts/boardlint|dist-info/.*)$" "$WORK/wheel.list" || true)"
if grep -qx "boardlint-$VERSION.data/scripts/boardlint" "$WORK/wheel.list" && [ -z "$others" ]; then
    ok "the wheel holds the boardlint executable and its metadata, nothing else"
else
    fail "the wheel should hold only boardlint-$VERSION.data/scripts/boardlint and its dist-info:"
    indent <"$WORK/wheel.list"
fi
unzip -p "$WHEEL" "boardlint-$VERSION.dist-info/METADATA" >"$WORK/METADATA"
cargo_field() { # cargo_field NAME: a [package] value of Cargo.toml
    (cd "$REPO_ROOT" && cargo metadata --no-deps --format-version 1 --offline) |
        "$PYTHON" -c 'import json, sys; p = json.load(sys.stdin)["packages"][0]; v = p[sys.argv[1]]; print(",".join(v) if isinstance(v, list) else v)' "$1"
}
# meta_has FIELD VALUE: the wheel's METADATA has the line `FIELD: VALUE`.
meta_has() { grep -qxF "$1: $2" "$WORK/METADATA"; }
missing=()
meta_has Name boardlint || missing+=("Name: boardlint")
meta_has Version "$VERSION" || missing+=("Version: $VERSION")
meta_has Summary "$(cargo_field description)" || missing+=("Summary: (Cargo.toml's description)")
{ meta_has License "$(cargo_field license)" || meta_has License-Expression "$(cargo_field license)"; } ||
    missing+=("License: $(cargo_field license)")
meta_has Keywords "$(cargo_field keywords)" || missing+=("Keywords: $(cargo_field keywords)")
for key in repository homepage documentation; do
    url="$(cargo_field "$key")"
    grep -qiE "^Project-URL: [^,]+, $url\$" "$WORK/METADATA" || missing+=("Project-URL: … $url")
done
meta_has Classifier "License :: OSI Approved :: MIT License" || missing+=("the licence classifier")
grep -q '^Requires-Python: >=3.8' "$WORK/METADATA" || missing+=("Requires-Python")
grep -q '^Description-Content-Type: text/markdown' "$WORK/METADATA" || missing+=("the README as description")
if [ "${#missing[@]}" -eq 0 ]; then
    ok "the wheel's metadata is Cargo.toml's: name, version, summary, licence, keywords, project URLs, README"
else
    fail "the wheel's METADATA lacks: ${missing[*]}"
    indent <"$WORK/METADATA" | grep -v '^    | *$' | head -n 30
fi
tar -tzf "$SDIST" | sed "s|^boardlint-$VERSION/||" >"$WORK/sdist.list"
need=(Cargo.toml Cargo.lock pyproject.toml README.md LICENSE src/main.rs src/lib.rs crates/engine/Cargo.toml crates/engine/src/lib.rs
    crates/engine/grammar/transcript.pest crates/engine/src/config/default.boardlint.yaml)
absent=()
for f in "${need[@]}"; do grep -qxF "$f" "$WORK/sdist.list" || absent+=("$f"); done
if [ "${#absent[@]}" -eq 0 ] && ! grep -qE '^(tests|benches|fuzz|docs|examples)/' "$WORK/sdist.list"; then
    ok "the sdist holds the sources, grammar, lock file and licence, and no tests ($(wc -l <"$WORK/sdist.list") entries)"
else
    fail "the sdist should hold ${absent[*]:-all it needs} and no tests/benches/fuzz/docs/examples"
fi

# check_binary WHAT BIN: BIN reports boardlint $VERSION and checks examples/.
check_binary() {
    local what=$1 bin=$2 out rc
    out="$("$bin" --version 2>&1)" || true
    if [ "$out" != "boardlint $VERSION" ]; then
        fail "$what: \`boardlint --version\` said: $out"
        return
    fi
    rc=0
    (cd "$WORK" && "$bin" check --isolated --format concise "$REPO_ROOT/examples") >"$WORK/check.out" 2>&1 || rc=$?
    if [ "$rc" -ne 1 ] || ! grep -q 'L003' "$WORK/check.out"; then
        fail "$what: \`boardlint check examples/\` should exit 1 with the examples' L003 (exit code $rc)"
        indent <"$WORK/check.out" | tail -n 10
        return
    fi
    rc=0
    (cd "$WORK" && "$bin" check --isolated "$REPO_ROOT/examples/clean-revenue-planning.md") >"$WORK/check.out" 2>&1 || rc=$?
    if [ "$rc" -ne 0 ]; then
        fail "$what: \`boardlint check\` of a clean example should exit 0 (exit code $rc)"
        return
    fi
    ok "$what: boardlint $VERSION on PATH checks examples/ ($(grep -c '' "$WORK/check.out") lines on the clean one)"
}

# --- 3. pip, from the wheel, with no index ---------------------------------------
"$PYTHON" -m venv "$WORK/pip-venv"
if "$WORK/pip-venv/bin/python" -m pip install --disable-pip-version-check --quiet --no-index "$WHEEL" \
    >"$WORK/pip-wheel.log" 2>&1; then
    [ -x "$WORK/pip-venv/bin/boardlint" ] || fail "pip installed the wheel but put no boardlint in the venv's bin/"
    check_binary "pip install boardlint.whl" "$WORK/pip-venv/bin/boardlint"
else
    indent <"$WORK/pip-wheel.log" | tail -n 20
    fail "pip install of the wheel failed"
fi

# --- 4. uv tool install, offline ---------------------------------------------------
export UV_CACHE_DIR="$CACHE/uv" UV_TOOL_DIR="$WORK/uv-tools" UV_TOOL_BIN_DIR="$WORK/uv-bin"
export UV_PYTHON_DOWNLOADS=never UV_NO_CONFIG=1
if "$TOOLS/bin/uv" tool install --offline --python "$(command -v "$PYTHON")" "$WHEEL" >"$WORK/uv.log" 2>&1; then
    check_binary "uv tool install boardlint.whl" "$UV_TOOL_BIN_DIR/boardlint"
else
    indent <"$WORK/uv.log" | tail -n 20
    fail "uv tool install of the wheel failed"
fi

# --- 5. pip install . (PEP 517, through maturin) -------------------------------------
# Build isolation fetches maturin from PyPI (pip's cache keeps it); the
# profile is passed to maturin as MATURIN_PEP517_ARGS.
"$PYTHON" -m venv "$WORK/source-venv"
if (cd "$REPO_ROOT" && MATURIN_PEP517_ARGS="--locked --profile $PROFILE" timeout 900 \
    "$WORK/source-venv/bin/python" -m pip install --disable-pip-version-check --quiet \
    --cache-dir "$CACHE/pip" .) >"$WORK/pip-source.log" 2>&1; then
    check_binary "pip install ." "$WORK/source-venv/bin/boardlint"
else
    indent <"$WORK/pip-source.log" | tail -n 30
    fail "pip install . failed"
fi

# --- 6. the pre-commit mirror's hooks, from the wheel -----------------------------
MIRROR="$WORK/mirror"
cp -R "$REPO_ROOT/integrations/pre-commit-mirror" "$MIRROR"
git -C "$MIRROR" -c init.defaultBranch=main init -q
git -C "$MIRROR" add -A
git -C "$MIRROR" -c user.name="boardlint test" -c user.email="boardlint-test@example.invalid" \
    -c commit.gpgsign=false commit -q --no-verify -m "mirror"
FIND_LINKS="$WORK/find-links"
mkdir -p "$FIND_LINKS"
cp "$WHEEL" "$WHEELHOUSE"/setuptools-"$SETUPTOOLS_VERSION"-*.whl "$FIND_LINKS/"

PROJECT="$WORK/project"
git -c init.defaultBranch=main init -q "$PROJECT"
printf 'CFO: checking\n[INVOKE:cfo|What is our burn?]\n' >"$PROJECT/bad.md"
printf 'BOTTOM LINE\nWe hold. — Confidence: 🟢 High\n\nWHAT\n- Burn is $280K a month [VERIFIED: Q4 actuals] 🟢\n' >"$PROJECT/card.md"
cp "$PROJECT/card.md" "$WORK/card.orig"
MIRROR_REV="$(git -C "$MIRROR" rev-parse HEAD)"
cat >"$PROJECT/.pre-commit-config.yaml" <<CONFIG
repos:
  - repo: $MIRROR
    rev: $MIRROR_REV
    hooks:
      - id: boardlint
      - id: boardlint-fmt
CONFIG
git -C "$PROJECT" add -A
LOG="$WORK/pre-commit.log"
# cargo is kept off PATH: the hooks must not build anything.
NO_CARGO_PATH="$(dirname "$(command -v git)"):/usr/bin:/bin"
rc=0
(cd "$PROJECT" && env PATH="$NO_CARGO_PATH" PRE_COMMIT_HOME="$WORK/pre-commit-home" PRE_COMMIT_COLOR=never \
    PIP_NO_INDEX=1 PIP_FIND_LINKS="$FIND_LINKS" PIP_DISABLE_PIP_VERSION_CHECK=1 \
    "$TOOLS/bin/pre-commit" run --verbose --files bad.md card.md) >"$LOG" 2>&1 || rc=$?
status() { grep -E "^$1\.+(Passed|Failed|Skipped)" "$LOG" | sed -E 's/.*\.+//' | head -n 1; }
if [ "$rc" -eq 1 ] && [ "$(status boardlint)" = Failed ] && grep -q 'L001' "$LOG"; then
    ok "the mirror's boardlint hook, installed from the wheel, fails on a self-invocation (L001)"
else
    indent <"$LOG" | tail -n 30
    fail "the mirror's boardlint hook should fail with L001 (pre-commit exit code $rc)"
fi
if [ "$(status 'boardlint fmt')" = Failed ] && ! cmp -s "$PROJECT/card.md" "$WORK/card.orig" &&
    grep -q '^━' "$PROJECT/card.md"; then
    ok "the mirror's boardlint-fmt hook rewrites a card draft"
else
    fail "the mirror's boardlint-fmt hook should rewrite card.md"
fi
installed="$(find "$WORK/pre-commit-home" -path "*/bin/boardlint" -type f | head -n 1)"
if [ -n "$installed" ] && [ "$("$installed" --version)" = "boardlint $VERSION" ]; then
    ok "pre-commit's environment holds boardlint $VERSION from the wheel"
else
    fail "pre-commit's environment should hold the wheel's boardlint $VERSION"
fi

if [ "$failures" -ne 0 ]; then
    echo "FAIL: $failures Python package check(s) failed"
    exit 1
fi
echo "ok: the wheel installs with pip and uv, builds from source with pip, and serves the pre-commit mirror"
