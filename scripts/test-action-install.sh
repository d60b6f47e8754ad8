#!/usr/bin/env bash
# Tests the GitHub Action's installer (.github/actions/boardlint/install.sh)
# and scripts/release-archive.sh offline, against a release site served on
# 127.0.0.1.
#
# What is real: release-archive.sh packages the real boardlint binary (a
# stripped copy, when `strip` is there, to keep the archives small) into
# the layout a GitHub release has, <site>/download/vX.Y.Z/boardlint-TARGET.tar.gz
# and .sha256, with the API's answer for the latest release at
# <site>/api/releases/latest; `python3 -m http.server --bind 127.0.0.1`
# serves it on a free port; install.sh runs unchanged, with curl, tar, unzip
# and sha256sum, and its build-from-source fallback really fetches the tag
# with git, from a local repository (file://) made for the test.
# What is a stand-in: `cargo`. A shim first on PATH records its arguments and
# puts the real boardlint binary where `cargo install --root ROOT` would
# (ROOT/bin), so the fallback is seen without a build. Two small shell
# scripts that print `boardlint 0.0.0` stand in for the binaries of an
# older release and of another platform.
#
# Checks:
#   archives  the tar.gz holds boardlint-TARGET/ with boardlint (0755) and,
#             when the checkout has them, README.md and LICENSE (0644), owner
#             0; its .sha256 passes `sha256sum -c`; the same input gives the
#             same bytes; Windows gets a .zip with boardlint.exe; a bad
#             target triple is refused;
#   targets   RUNNER_OS/RUNNER_ARCH map to the five release targets, and
#             Windows ARM64 and 32-bit ARM Linux to none;
#   (a)       a pinned version (v0.1.0, and 0.0.0 without the v) installs its
#             binary, verified, into ROOT/bin, adds ROOT/bin to $GITHUB_PATH
#             and never calls cargo; the installed `boardlint --version` runs;
#   (b)       `latest` asks the API (with a token) and installs the tag it
#             names, without printing the token;
#   (c)       an archive that does not match its .sha256 is refused: exit 1,
#             an ::error naming the mismatch, nothing installed, no build;
#   (d)       a version whose release has no asset for this platform builds
#             from source: the tag is fetched with git and the recorded cargo
#             command is `install --locked --root ROOT --path SRC`; so do an
#             unsupported platform, a download that fails, a verified archive
#             that cannot be unpacked, and a branch (for which no release is
#             looked up); an empty version builds the action's own source
#             unless the action's ref is a release tag, which installs that
#             release's binary; a build without cargo on PATH stops with an
#             ::error saying so;
#   windows   the .zip of the Windows target installs boardlint.exe.
#
# Needs python3 (3.8+), curl, tar, unzip, git, sha256sum and timeout; no
# network beyond 127.0.0.1. boardlint: $BOARDLINT if set; else
# target/debug/boardlint if it exists (its age does not matter: it is only
# packaged); else `cargo build` makes it. Takes about 15 seconds, most of
# it compressing the archives.
#
# Usage: bash scripts/test-action-install.sh     (PYTHON=python3.12 to pick Python)
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-python3}"
INSTALL="$REPO_ROOT/.github/actions/boardlint/install.sh"
ARCHIVE="$REPO_ROOT/scripts/release-archive.sh"
WINDOWS=x86_64-pc-windows-msvc

# shellcheck source=scripts/report.sh
source "$REPO_ROOT/scripts/report.sh"
indent() { sed 's/^/    | /'; }

for tool in "$PYTHON" curl tar unzip git sha256sum timeout; do
    command -v "$tool" >/dev/null 2>&1 || die "\`$tool\` is not on PATH"
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/boardlint-action-install.XXXXXX")"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

# --- boardlint -------------------------------------------------------------------
if [ -z "${BOARDLINT:-}" ] && [ -x "$REPO_ROOT/target/debug/boardlint" ]; then
    BOARDLINT_BIN="$REPO_ROOT/target/debug/boardlint"
else
    # shellcheck source=scripts/boardlint-bin.sh
    source "$REPO_ROOT/scripts/boardlint-bin.sh"
fi
VERSION="$("$BOARDLINT_BIN" --version | awk '{print $2}')"
[ -n "$VERSION" ] || die "$BOARDLINT_BIN --version printed no version"
TAG="v$VERSION"
REAL="$WORK/bin/boardlint"
mkdir -p "$WORK/bin"
strip -o "$REAL" "$BOARDLINT_BIN" 2>/dev/null || cp "$BOARDLINT_BIN" "$REAL"
chmod 755 "$REAL"
ok "boardlint $VERSION: $BOARDLINT_BIN"

# stub FILE VERSION: a script that answers --version like boardlint VERSION.
stub() {
    printf '#!/bin/sh\necho "boardlint %s"\n' "$2" >"$1"
    chmod 755 "$1"
}
stub "$WORK/bin/old" 0.0.0

TARGET="$(env -u RUNNER_OS -u RUNNER_ARCH -u BOARDLINT_TARGET bash "$INSTALL" --print-target 2>&1)" ||
    die "install.sh has no release target for this machine ($(uname -sm)): $TARGET"
NAME="boardlint-$TARGET"
OTHER=aarch64-apple-darwin
[ "$TARGET" != "$OTHER" ] || OTHER=x86_64-unknown-linux-musl

# --- the release site ------------------------------------------------------------
SITE="$WORK/site"
DL="$SITE/download"
mkdir -p "$DL/$TAG" "$DL/v0.0.0" "$DL/v98.0.0" "$DL/v99.0.0" "$SITE/api/releases"
echo "packaging boardlint $VERSION for $TARGET and $WINDOWS..."
archive() { bash "$ARCHIVE" "$@" >/dev/null; }
archive "$TARGET" "$REAL" "$DL/$TAG" || die "release-archive.sh $TARGET failed"
archive "$WINDOWS" "$REAL" "$DL/$TAG" || die "release-archive.sh $WINDOWS failed"
archive "$TARGET" "$WORK/bin/old" "$DL/v0.0.0" || die "release-archive.sh failed on the stub"
# v98.0.0: an archive damaged after its checksum was taken.
cp "$DL/$TAG/boardlint-$TARGET.tar.gz" "$DL/$TAG/boardlint-$TARGET.tar.gz.sha256" "$DL/v98.0.0/"
"$PYTHON" - "$DL/v98.0.0/boardlint-$TARGET.tar.gz" <<'PY'
import sys
with open(sys.argv[1], "r+b") as f:
    f.seek(4096)
    byte = f.read(1)
    f.seek(4096)
    f.write(bytes([byte[0] ^ 0xFF]))
PY
# v97.0.0: an archive that is no archive, with a checksum that matches it.
mkdir -p "$DL/v97.0.0"
echo "not a gzip file" >"$DL/v97.0.0/$NAME.tar.gz"
(cd "$DL/v97.0.0" && sha256sum "$NAME.tar.gz" >"$NAME.tar.gz.sha256")
# v99.0.0: a release with a binary for another platform only.
archive "$OTHER" "$WORK/bin/old" "$DL/v99.0.0" || die "release-archive.sh $OTHER failed"
# The API's answer, on one line, with the nested objects a real one has.
printf '{"url":"https://api.github.com/repos/boardlint/boardlint/releases/1","author":{"login":"boardlint","id":1},"node_id":"RE_1","tag_name":"%s","name":"boardlint %s","draft":false,"prerelease":false,"assets":[{"name":"boardlint-%s.tar.gz","uploader":{"login":"boardlint"}}]}\n' \
    "$TAG" "$VERSION" "$TARGET" >"$SITE/api/releases/latest"

# --- release-archive.sh ------------------------------------------------------------
listing="$(tar -tvzf "$DL/$TAG/$NAME.tar.gz" | awk '{print $1, $2, $NF}')"
expected="drwxr-xr-x 0/0 $NAME/
-rwxr-xr-x 0/0 $NAME/boardlint"
docs=""
for doc in README.md LICENSE; do
    if [ -f "$REPO_ROOT/$doc" ]; then
        expected="$expected
-rw-r--r-- 0/0 $NAME/$doc"
        docs="$docs, $doc"
    fi
done
if [ "$listing" = "$expected" ]; then
    ok "archives: $NAME.tar.gz holds $NAME/ with boardlint (0755)$docs (0644), owner 0"
else
    fail "archives: $NAME.tar.gz's entries"
    diff <(echo "$expected") <(echo "$listing") | indent
fi
mkdir -p "$WORK/unpacked"
tar -xzf "$DL/$TAG/$NAME.tar.gz" -C "$WORK/unpacked"
if cmp -s "$WORK/unpacked/$NAME/boardlint" "$REAL" &&
    { [ ! -f "$REPO_ROOT/README.md" ] || cmp -s "$WORK/unpacked/$NAME/README.md" "$REPO_ROOT/README.md"; }; then
    ok "archives: the binary and README.md come out unchanged"
else
    fail "archives: the unpacked binary or README.md differs from its source"
fi
if (cd "$DL/$TAG" && sha256sum -c --quiet "$NAME.tar.gz.sha256" "boardlint-$WINDOWS.zip.sha256") >"$WORK/sha.log" 2>&1; then
    ok "archives: the .sha256 files pass sha256sum -c"
else
    fail "archives: sha256sum -c"
    indent <"$WORK/sha.log"
fi
mkdir -p "$WORK/again"
touch -d '2001-02-03 04:05:06' "$WORK/bin/old"
archive "$TARGET" "$WORK/bin/old" "$WORK/again"
if cmp -s "$WORK/again/$NAME.tar.gz" "$DL/v0.0.0/$NAME.tar.gz" &&
    cmp -s "$WORK/again/$NAME.tar.gz.sha256" "$DL/v0.0.0/$NAME.tar.gz.sha256"; then
    ok "archives: deterministic (the same bytes again, from an input with another mtime)"
else
    fail "archives: a second run gave other bytes"
fi
zip_listing="$(unzip -Z1 "$DL/$TAG/boardlint-$WINDOWS.zip" | tr '\n' ' ')"
zip_expected="boardlint-$WINDOWS/ boardlint-$WINDOWS/boardlint.exe "
for doc in README.md LICENSE; do
    [ ! -f "$REPO_ROOT/$doc" ] || zip_expected="${zip_expected}boardlint-$WINDOWS/$doc "
done
if [ "$zip_listing" = "$zip_expected" ]; then
    ok "archives: $WINDOWS gets a .zip with boardlint.exe"
else
    fail "archives: boardlint-$WINDOWS.zip holds: $zip_listing"
fi
rc=0
bash "$ARCHIVE" x86_64 "$REAL" "$WORK/bad" >/dev/null 2>"$WORK/bad.err" || rc=$?
if [ "$rc" -eq 2 ] && grep -q 'not a Rust target triple' "$WORK/bad.err" && [ ! -e "$WORK/bad" ]; then
    ok "archives: a bad target triple is refused (exit 2)"
else
    fail "archives: \`release-archive.sh x86_64\` exited $rc"
    indent <"$WORK/bad.err"
fi

# --- targets -------------------------------------------------------------------------
target_of() { env -u BOARDLINT_TARGET RUNNER_OS="$1" RUNNER_ARCH="$2" bash "$INSTALL" --print-target 2>/dev/null; }
mapping_ok=yes
for pair in Linux/X64=x86_64-unknown-linux-musl Linux/ARM64=aarch64-unknown-linux-musl \
    macOS/X64=x86_64-apple-darwin macOS/ARM64=aarch64-apple-darwin Windows/X64=x86_64-pc-windows-msvc; do
    platform="${pair%%=*}"
    got="$(target_of "${platform%/*}" "${platform#*/}" || echo none)"
    if [ "$got" != "${pair#*=}" ]; then
        fail "targets: $platform is $got, not ${pair#*=}"
        mapping_ok=no
    fi
done
for platform in Windows/ARM64 Linux/ARM; do
    if got="$(target_of "${platform%/*}" "${platform#*/}")"; then
        fail "targets: $platform has a release target ($got), but no binary is built for it"
        mapping_ok=no
    fi
done
[ "$mapping_ok" = no ] || ok "targets: RUNNER_OS/RUNNER_ARCH map to the five release targets, Windows ARM64 and Linux ARM to none; this machine: $TARGET"

# --- the server --------------------------------------------------------------------
timeout 120 "$PYTHON" -u -m http.server 0 --bind 127.0.0.1 --directory "$SITE" \
    >"$WORK/server.out" 2>"$WORK/server.log" &
server_pid=$!
PORT=""
for _ in $(seq 100); do
    PORT="$(sed -n 's/^Serving HTTP on 127\.0\.0\.1 port \([0-9][0-9]*\).*/\1/p' "$WORK/server.out")"
    [ -z "$PORT" ] || break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
done
[ -n "$PORT" ] || {
    indent <"$WORK/server.log"
    die "python3 -m http.server did not start"
}
BASE="http://127.0.0.1:$PORT"
# A port nothing listens on: for a download that fails.
DEAD_PORT="$("$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
ok "release site: $BASE (python3 -m http.server, stops by itself within 120 s)"

# --- the git repository a build fetches from -------------------------------------------
GIT_REPO="$WORK/git/boardlint/boardlint"
git init -q "$GIT_REPO"
git -C "$GIT_REPO" symbolic-ref HEAD refs/heads/main
commit() {
    echo "$1" >"$GIT_REPO/MARKER"
    git -C "$GIT_REPO" add MARKER
    git -C "$GIT_REPO" -c user.name=test -c user.email=test@example.invalid -c commit.gpgsign=false \
        commit -q -m "$1"
}
commit "$TAG"
git -C "$GIT_REPO" tag "$TAG"
commit v97.0.0
git -C "$GIT_REPO" tag v97.0.0
commit v99.0.0
git -C "$GIT_REPO" tag v99.0.0
commit main
mkdir -p "$WORK/shipped"
echo shipped >"$WORK/shipped/MARKER"

# --- the cargo stand-in ------------------------------------------------------------------
SHIM="$WORK/shim"
mkdir -p "$SHIM"
cat >"$SHIM/cargo" <<'SH'
#!/usr/bin/env bash
# Stand-in for cargo: records the arguments, and for `cargo install` puts
# $CARGO_SHIM_BINARY where `--root ROOT` says (ROOT/bin/boardlint).
printf '%s\n' "$*" >>"$CARGO_SHIM_LOG"
[ "${1:-}" = install ] || { echo "cargo stand-in: only \`install\`" >&2; exit 101; }
root=""
while [ "$#" -gt 0 ]; do
    [ "$1" != --root ] || root="${2:-}"
    shift
done
[ -n "$root" ] || { echo "cargo stand-in: no --root" >&2; exit 101; }
mkdir -p "$root/bin"
cp "$CARGO_SHIM_BINARY" "$root/bin/boardlint"
echo "  Installed package \`boardlint\` (executable \`boardlint\`) [stand-in]" >&2
SH
chmod 755 "$SHIM/cargo"

# --- running install.sh ------------------------------------------------------------------
# run NAME [VAR=VALUE...]: install.sh in a clean environment, into
# $WORK/runs/NAME/root; its output in .../out, exit code in $rc, the
# requests the server saw during the run in .../requests.
RUN_PATH="$SHIM:$PATH"
run() {
    local name="$1"
    shift
    dir="$WORK/runs/$name"
    mkdir -p "$dir/tmp"
    : >"$dir/github_path"
    local before
    before="$(grep -c '"GET ' "$WORK/server.log" || true)"
    rc=0
    env -u RUNNER_OS -u RUNNER_ARCH -u GITHUB_API_URL -u GITHUB_SERVER_URL -u GITHUB_REPOSITORY \
        -u BOARDLINT_VERSION -u BOARDLINT_TARGET -u BOARDLINT_ACTION_REPOSITORY -u BOARDLINT_ACTION_REF \
        -u BOARDLINT_WORKFLOW_REPOSITORY -u BOARDLINT_GITHUB_TOKEN -u CARGO_TARGET_DIR \
        PATH="$RUN_PATH" NO_PROXY=127.0.0.1,localhost no_proxy=127.0.0.1,localhost \
        RUNNER_TEMP="$dir/tmp" GITHUB_PATH="$dir/github_path" \
        BOARDLINT_ROOT="$dir/root" BOARDLINT_REPOSITORY=boardlint/boardlint \
        BOARDLINT_SERVER_URL="file://$WORK/git" \
        BOARDLINT_DOWNLOAD_URL="$BASE/download" BOARDLINT_API_URL="$BASE/api/releases/latest" \
        BOARDLINT_SOURCE="$WORK/shipped" BOARDLINT_ACTION_PATH="$WORK/checkout/.github/actions/boardlint" \
        CARGO_SHIM_LOG="$dir/cargo.log" CARGO_SHIM_BINARY="$REAL" \
        "$@" timeout 60 bash "$INSTALL" >"$dir/out" 2>&1 || rc=$?
    sleep 0.2 # the server logs a request after answering it
    grep '"GET ' "$WORK/server.log" | sed -n "$((before + 1)),\$p" |
        sed 's/.*"GET \([^ ]*\) .*" \([0-9]*\) .*/\1 \2/' >"$dir/requests" || true
}
# show: what the last run printed, after a failure.
show() {
    echo "    exit code $rc; install.sh printed:"
    indent <"$dir/out" | tail -n 20
    if [ -s "$dir/cargo.log" ]; then
        echo "    cargo was called with:"
        indent <"$dir/cargo.log"
    fi
}
# installed VERSION: the run's ROOT/bin/boardlint runs and reports VERSION.
installed() {
    [ -x "$dir/root/bin/boardlint${2:-}" ] &&
        [ "$("$dir/root/bin/boardlint${2:-}" --version 2>&1)" = "boardlint $1" ] &&
        [ "$(cat "$dir/github_path")" = "$dir/root/bin" ]
}
# built REF: the run fell back to cargo install, from a git checkout of REF.
built() {
    [ "$(cat "$dir/cargo.log" 2>/dev/null)" = "install --locked --root $dir/root --path $dir/tmp/boardlint-src" ] &&
        [ "$(cat "$dir/tmp/boardlint-src/MARKER" 2>/dev/null)" = "$1" ]
}
released() { [ ! -e "$dir/cargo.log" ] && ! grep -q '^::' "$dir/out"; }

# (a) a pinned version
run pinned BOARDLINT_VERSION="$TAG"
if [ "$rc" -eq 0 ] && installed "$VERSION" && released && cmp -s "$dir/root/bin/boardlint" "$REAL" &&
    grep -q "^SHA-256 of $NAME.tar.gz verified: " "$dir/out" &&
    [ "$(cat "$dir/requests")" = "/download/$TAG/$NAME.tar.gz.sha256 200
/download/$TAG/$NAME.tar.gz 200" ]; then
    ok "(a) version $TAG: the release binary, verified, in ROOT/bin and on \$GITHUB_PATH; boardlint --version runs; no cargo"
else
    fail "(a) version $TAG"
    show
fi
run pinned-no-v BOARDLINT_VERSION=0.0.0
if [ "$rc" -eq 0 ] && installed 0.0.0 && released && grep -q "/download/v0.0.0/$NAME.tar.gz 200" "$dir/requests"; then
    ok "(a) version 0.0.0 (no v): release v0.0.0's binary"
else
    fail "(a) version 0.0.0"
    show
fi

# (b) latest
run latest BOARDLINT_VERSION=latest BOARDLINT_GITHUB_TOKEN=secret-test-token
if [ "$rc" -eq 0 ] && installed "$VERSION" && released && grep -q "^Resolved latest to $TAG " "$dir/out" &&
    [ "$(head -n 1 "$dir/requests")" = "/api/releases/latest 200" ] &&
    grep -q "/download/$TAG/$NAME.tar.gz 200" "$dir/requests" && ! grep -q secret-test-token "$dir/out"; then
    ok "(b) latest: the API names $TAG, whose binary is installed; the token is not printed"
else
    fail "(b) latest"
    show
fi

# (c) a corrupted archive
run corrupt BOARDLINT_VERSION=v98.0.0
if [ "$rc" -eq 1 ] && [ ! -e "$dir/root" ] && [ ! -e "$dir/cargo.log" ] && [ ! -s "$dir/github_path" ] &&
    grep -q "^::error title=boardlint::SHA-256 mismatch for $NAME.tar.gz of v98.0.0: expected [0-9a-f]\{64\} (from $NAME.tar.gz.sha256), got [0-9a-f]\{64\}; refusing to install it$" "$dir/out"; then
    ok "(c) a checksum mismatch is refused: exit 1, an ::error, nothing installed, no build"
else
    fail "(c) a corrupted archive"
    show
fi

# (d) no asset for this platform, and the other ways to a build
run no-asset BOARDLINT_VERSION=v99.0.0
if [ "$rc" -eq 0 ] && built v99.0.0 && installed "$VERSION" &&
    grep -q "^::warning title=boardlint::No release asset $NAME.tar.gz.sha256 for v99.0.0 (.*404.*); building from source$" "$dir/out"; then
    ok "(d) v99.0.0 has no $TARGET asset: a warning, then tag v99.0.0 fetched with git and \`cargo $(sed "s|$WORK|\$WORK|g" "$dir/cargo.log")\`"
else
    fail "(d) a release without an asset for $TARGET"
    show
fi
run unpack-fails BOARDLINT_VERSION=v97.0.0
if [ "$rc" -eq 0 ] && built v97.0.0 && installed "$VERSION" &&
    grep -q "^::warning title=boardlint::$NAME.tar.gz of v97.0.0 cannot be unpacked; building from source$" "$dir/out"; then
    ok "(d) a verified archive that cannot be unpacked: tag v97.0.0 built from source"
else
    fail "(d) an archive that cannot be unpacked"
    show
fi
run unsupported BOARDLINT_VERSION="$TAG" RUNNER_OS=Windows RUNNER_ARCH=ARM64
if [ "$rc" -eq 0 ] && built "$TAG" && installed "$VERSION" && [ ! -s "$dir/requests" ] &&
    grep -q "^::warning title=boardlint::boardlint has no release binary for Windows ARM64; building from source$" "$dir/out"; then
    ok "(d) Windows ARM64 (no release binary): tag $TAG built from source, nothing downloaded"
else
    fail "(d) an unsupported platform"
    show
fi
run download-fails BOARDLINT_VERSION="$TAG" BOARDLINT_DOWNLOAD_URL="http://127.0.0.1:$DEAD_PORT/download"
if [ "$rc" -eq 0 ] && built "$TAG" && installed "$VERSION" &&
    grep -q "^::warning title=boardlint::No release asset $NAME.tar.gz.sha256 for $TAG (curl: (7) .*); building from source$" "$dir/out"; then
    ok "(d) a download that fails (connection refused): tag $TAG built from source"
else
    fail "(d) a failed download"
    show
fi
run branch BOARDLINT_VERSION=main
if [ "$rc" -eq 0 ] && built main && installed "$VERSION" && [ ! -s "$dir/requests" ]; then
    ok "(d) a branch (main): fetched and built, no release looked up"
else
    fail "(d) a branch"
    show
fi
run shipped
if [ "$rc" -eq 0 ] && [ "$(cat "$dir/cargo.log" 2>/dev/null)" = "install --locked --root $dir/root --path $WORK/shipped" ] &&
    installed "$VERSION" && [ ! -s "$dir/requests" ]; then
    ok "(d) an empty version, local action: the action's own source built (--path \$BOARDLINT_SOURCE)"
else
    fail "(d) an empty version"
    show
fi
run action-ref BOARDLINT_ACTION_PATH="$WORK/runner/_actions/boardlint/boardlint/$TAG/.github/actions/boardlint"
if [ "$rc" -eq 0 ] && installed "$VERSION" && released && grep -q "/download/$TAG/$NAME.tar.gz 200" "$dir/requests"; then
    ok "(a) an empty version, action used at @$TAG: that release's binary, no cargo"
else
    fail "(d) an empty version with the action at a release tag"
    show
fi
# Without cargo on PATH: every directory that has one is left out.
no_cargo_path=""
IFS=: read -r -a path_dirs <<<"$PATH"
for d in "${path_dirs[@]}"; do
    [ -n "$d" ] && [ ! -x "$d/cargo" ] && no_cargo_path="${no_cargo_path:+$no_cargo_path:}$d"
done
if PATH="$no_cargo_path" command -v bash curl git tar timeout >/dev/null 2>&1 &&
    ! PATH="$no_cargo_path" command -v cargo >/dev/null 2>&1; then
    RUN_PATH="$no_cargo_path"
    run no-cargo BOARDLINT_VERSION=v99.0.0
    RUN_PATH="$SHIM:$PATH"
    if [ "$rc" -eq 1 ] && [ ! -e "$dir/root" ] && [ ! -e "$dir/cargo.log" ] &&
        grep -q '^::error title=boardlint::cargo is not on PATH, and boardlint v99.0.0 has to be built from source: add a Rust toolchain step' "$dir/out"; then
        ok "(d) a build without cargo on PATH: exit 1 and an ::error that says to add a Rust toolchain"
    else
        fail "(d) a build without cargo"
        show
    fi
else
    echo "notice: cargo shares a directory with bash, curl or git on PATH; the no-cargo check is skipped"
fi

# The Windows archive, through BOARDLINT_TARGET (the binary is this machine's).
run windows BOARDLINT_VERSION="$TAG" BOARDLINT_TARGET="$WINDOWS"
if [ "$rc" -eq 0 ] && installed "$VERSION" .exe && released && [ ! -e "$dir/root/bin/boardlint" ] &&
    grep -q "/download/$TAG/boardlint-$WINDOWS.zip 200" "$dir/requests"; then
    ok "windows: boardlint-$WINDOWS.zip, verified and unzipped, installs boardlint.exe"
else
    fail "windows: the .zip"
    show
fi

if [ "$failures" -ne 0 ]; then
    echo "FAIL: $failures action install check(s) failed"
    exit 1
fi
echo "ok: install.sh installs verified release binaries, refuses a corrupt one and falls back to cargo install"
