#!/usr/bin/env bash
# Installs boardlint for the GitHub Action (the "Install boardlint" step of
# action.yml): the release binary for this runner's OS and architecture when
# there is one, checked against its published SHA-256, and otherwise a build
# from source with `cargo install`, as the action did before releases had
# binaries. Puts boardlint in $BOARDLINT_ROOT/bin and adds that directory to
# $GITHUB_PATH (outside Actions it only says so).
#
# Which boardlint (BOARDLINT_VERSION, the action's `version` input):
#   v0.1.0 or 0.1.0   the binary of release v0.1.0; if it has none for this
#                     platform, or the download fails: the tag v0.1.0 fetched
#                     with git and built with cargo.
#   latest            the newest release, as the GitHub API names it
#                     ($BOARDLINT_API_URL, reading `tag_name`); then as above.
#                     If the API cannot be reached: the source the action
#                     ships with.
#   empty             the source the action ships with (the REF of `uses:
#                     OWNER/REPO/.github/actions/boardlint@REF`). When REF is a
#                     release tag such as v0.1.0, that release's binary is the
#                     same boardlint and is installed instead; the build is
#                     the fallback.
#   anything else     a git branch, tag or commit: fetched and built, never
#                     looked up among the releases.
#
# A downloaded archive whose SHA-256 differs from its .sha256 asset is
# refused: the script stops with an error and installs nothing (no build from
# source either, so that a tampered or broken release is noticed rather than
# papered over).
#
# Release assets: $BOARDLINT_DOWNLOAD_URL/TAG/boardlint-TARGET.tar.gz (or
# .zip on Windows) and the same name plus .sha256, as
# scripts/release-archive.sh makes them. TARGET, from RUNNER_OS/RUNNER_ARCH
# or else `uname -s`/`uname -m`:
#   Linux   X64 x86_64-unknown-linux-musl    ARM64 aarch64-unknown-linux-musl
#   macOS   X64 x86_64-apple-darwin          ARM64 aarch64-apple-darwin
#   Windows X64 x86_64-pc-windows-msvc
# Any other platform builds from source. `install.sh --print-target` prints
# the target and exits (1 when the platform has no release binary).
#
# Environment (all optional; action.yml sets the first ones from its context):
#   BOARDLINT_VERSION        see above (default: empty)
#   BOARDLINT_ROOT           install root; the binary goes to ROOT/bin
#                            (default: $RUNNER_TEMP/boardlint)
#   BOARDLINT_SOURCE         the source the action ships with (default: the
#                            repository around this script)
#   BOARDLINT_ACTION_PATH    where the action is checked out, to read
#                            OWNER/REPO and REF from the runner's layout
#                            .../_actions/OWNER/REPO/REF/.github/actions/boardlint
#                            (default: this script's directory)
#   BOARDLINT_ACTION_REPOSITORY, BOARDLINT_ACTION_REF
#                            github.action_repository and github.action_ref,
#                            when the runner sets them
#   BOARDLINT_REPOSITORY     OWNER/REPO to download from and fetch from
#                            (default: the action's repository, else
#                            $BOARDLINT_WORKFLOW_REPOSITORY, else $GITHUB_REPOSITORY)
#   BOARDLINT_SERVER_URL     default $GITHUB_SERVER_URL or https://github.com
#   BOARDLINT_DOWNLOAD_URL   default $BOARDLINT_SERVER_URL/OWNER/REPO/releases/download
#   BOARDLINT_API_URL        default ${GITHUB_API_URL:-https://api.github.com}/repos/OWNER/REPO/releases/latest
#   BOARDLINT_GITHUB_TOKEN   sent to the API only (raises its rate limit)
#   BOARDLINT_TARGET         the target triple, instead of detecting it
#   CARGO_TARGET_DIR         for the build, as cargo reads it
#
# Needs bash, curl, tar (unzip or PowerShell on Windows) and sha256sum,
# shasum or openssl for a release binary; git and cargo only to build.
set -euo pipefail

ACTION_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

log() { printf '%s\n' "$*"; }
warn() { printf '::warning title=boardlint::%s\n' "$*"; }
error() { printf '::error title=boardlint::%s\n' "$*"; }

# --- the platform ------------------------------------------------------------
detect_target() {
    local os="${RUNNER_OS:-}" arch="${RUNNER_ARCH:-}"
    if [ -z "$os" ]; then
        case "$(uname -s)" in
        Linux) os=Linux ;;
        Darwin) os=macOS ;;
        MINGW* | MSYS* | CYGWIN* | Windows_NT) os=Windows ;;
        *) os="$(uname -s)" ;;
        esac
    fi
    if [ -z "$arch" ]; then
        case "$(uname -m)" in
        x86_64 | amd64 | AMD64) arch=X64 ;;
        aarch64 | arm64 | ARM64) arch=ARM64 ;;
        *) arch="$(uname -m)" ;;
        esac
    fi
    PLATFORM="$os $arch"
    case "$os/$arch" in
    Linux/X64) TARGET=x86_64-unknown-linux-musl ;;
    Linux/ARM64) TARGET=aarch64-unknown-linux-musl ;;
    macOS/X64) TARGET=x86_64-apple-darwin ;;
    macOS/ARM64) TARGET=aarch64-apple-darwin ;;
    Windows/X64) TARGET=x86_64-pc-windows-msvc ;;
    *) TARGET="" ;;
    esac
}

if [ -n "${BOARDLINT_TARGET:-}" ]; then
    TARGET="$BOARDLINT_TARGET"
    PLATFORM="$TARGET"
else
    detect_target
fi
if [ "${1:-}" = "--print-target" ]; then
    if [ -z "$TARGET" ]; then
        echo "no release binary for $PLATFORM" >&2
        exit 1
    fi
    echo "$TARGET"
    exit 0
fi
[ "$#" -eq 0 ] || {
    echo "usage: install.sh [--print-target]   (configured by BOARDLINT_* variables)" >&2
    exit 2
}
EXE=""
case "$TARGET" in *-windows-*) EXE=".exe" ;; esac

# --- the configuration ---------------------------------------------------------
VERSION="${BOARDLINT_VERSION:-}"
SOURCE="${BOARDLINT_SOURCE:-$ACTION_DIR/../../..}"
ROOT="${BOARDLINT_ROOT:-${RUNNER_TEMP:-${TMPDIR:-/tmp}}/boardlint}"
if command -v cygpath >/dev/null 2>&1; then
    # Windows: C:/... works both for Git Bash and in $GITHUB_PATH.
    ROOT="$(cygpath -m "$ROOT")"
    SOURCE="$(cygpath -m "$SOURCE")"
fi
SERVER_URL="${BOARDLINT_SERVER_URL:-${GITHUB_SERVER_URL:-https://github.com}}"

# The action's repository and ref, from the runner's layout
# .../_actions/OWNER/REPO/REF/.github/actions/boardlint: github.action_repository
# and github.action_ref are not reliably set inside composite actions.
REPOSITORY="${BOARDLINT_REPOSITORY:-${BOARDLINT_ACTION_REPOSITORY:-}}"
ACTION_REF="${BOARDLINT_ACTION_REF:-}"
action_path="${BOARDLINT_ACTION_PATH:-$ACTION_DIR}"
action_path="${action_path//\\//}"
case "$action_path" in
*/_actions/*/*/*/.github/actions/boardlint)
    rest="${action_path##*/_actions/}"
    rest="${rest%/.github/actions/boardlint}"
    owner="${rest%%/*}"
    rest="${rest#*/}"
    [ -n "$REPOSITORY" ] || REPOSITORY="$owner/${rest%%/*}"
    [ -n "$ACTION_REF" ] || ACTION_REF="${rest#*/}"
    ;;
esac
# A local action (uses: ./...) comes with the workflow's repository.
[ -n "$REPOSITORY" ] || REPOSITORY="${BOARDLINT_WORKFLOW_REPOSITORY:-${GITHUB_REPOSITORY:-}}"
DOWNLOAD_URL="${BOARDLINT_DOWNLOAD_URL:-$SERVER_URL/$REPOSITORY/releases/download}"
API_URL="${BOARDLINT_API_URL:-${GITHUB_API_URL:-https://api.github.com}/repos/$REPOSITORY/releases/latest}"

TMP="$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/boardlint-install.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

# Tells the rest of the job where boardlint is.
add_to_path() {
    if [ -n "${GITHUB_PATH:-}" ]; then
        echo "$ROOT/bin" >>"$GITHUB_PATH"
    else
        log "Add $ROOT/bin to PATH to use it."
    fi
}

release_like() {
    [[ "$1" =~ ^v?[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.+-]+)?$ ]]
}

# --- downloads -------------------------------------------------------------------
# fetch URL FILE: downloads URL to FILE; on failure its error is in $TMP/curl.err.
fetch() {
    curl -fsSL --retry 2 --retry-delay 1 --connect-timeout 15 --max-time 300 \
        -o "$2" "$1" 2>"$TMP/curl.err"
}
curl_error() { tr '\n' ' ' <"$TMP/curl.err" | sed 's/ *$//'; }

# resolve_latest: sets TAG to the newest release's tag, from the API.
resolve_latest() {
    local json="$TMP/latest.json" ok=no
    if [ -n "${BOARDLINT_GITHUB_TOKEN:-}" ]; then
        # The token goes through curl's standard input, not its command line.
        if printf 'header = "Authorization: Bearer %s"\n' "$BOARDLINT_GITHUB_TOKEN" |
            curl -K - -fsSL --retry 2 --retry-delay 1 --connect-timeout 15 --max-time 60 \
                -H 'Accept: application/vnd.github+json' -o "$json" "$API_URL" 2>"$TMP/curl.err"; then
            ok=yes
        fi
    fi
    if [ "$ok" = no ]; then
        curl -fsSL --retry 2 --retry-delay 1 --connect-timeout 15 --max-time 60 \
            -H 'Accept: application/vnd.github+json' -o "$json" "$API_URL" 2>"$TMP/curl.err" || return 1
    fi
    # One "tag_name": "..." in the release object, pretty-printed or not.
    TAG="$(tr ',{}' '\n' <"$json" |
        sed -n 's/^[[:space:]]*"tag_name"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p;' | sed -n 1p)"
    if ! [[ "$TAG" =~ ^[A-Za-z0-9][A-Za-z0-9._+-]*$ ]]; then
        echo "no tag_name in the answer from $API_URL" >"$TMP/curl.err"
        return 1
    fi
}

sha256_of() {
    if command -v sha256sum >/dev/null 2>&1; then
        sha256sum "$1" | awk '{print $1}'
    elif command -v shasum >/dev/null 2>&1; then
        shasum -a 256 "$1" | awk '{print $1}'
    elif command -v openssl >/dev/null 2>&1; then
        openssl dgst -sha256 -r "$1" | awk '{print $1}'
    else
        return 1
    fi
}

# no_release WHY: the release binary is not to be had; the caller builds.
no_release() {
    warn "$1; building from source"
    INSTALLED=no
}

# install_release TAG: installs the release binary for $TARGET and sets
# INSTALLED=yes; sets INSTALLED=no when there is none to install (no asset, a
# download failure, a platform without binaries), for the caller to build
# instead. Exits 1 on a checksum mismatch. (Called as a plain command, so
# that `set -e` holds inside it.)
install_release() {
    local tag="$1"
    INSTALLED=no
    if [ -z "$TARGET" ]; then
        no_release "boardlint has no release binary for $PLATFORM"
        return 0
    fi
    command -v curl >/dev/null 2>&1 || {
        no_release "curl is not on PATH, so the release binary cannot be downloaded"
        return 0
    }
    local ext=tar.gz
    [ -z "$EXE" ] || ext=zip
    local asset="boardlint-$TARGET.$ext"
    local url="$DOWNLOAD_URL/$tag/$asset"
    local dir="$TMP/release"
    rm -rf "$dir"
    mkdir -p "$dir/unpacked"
    log "Downloading $url"
    if ! fetch "$url.sha256" "$dir/$asset.sha256"; then
        no_release "No release asset $asset.sha256 for $tag ($(curl_error))"
        return 0
    fi
    if ! fetch "$url" "$dir/$asset"; then
        no_release "Cannot download $asset for $tag ($(curl_error))"
        return 0
    fi

    local expected actual
    expected="$(awk 'NR == 1 {print tolower($1)}' "$dir/$asset.sha256")"
    if ! [[ "$expected" =~ ^[0-9a-f]{64}$ ]]; then
        error "$url.sha256 holds no SHA-256 checksum; refusing to install $asset"
        exit 1
    fi
    if ! actual="$(sha256_of "$dir/$asset")" || [ -z "$actual" ]; then
        no_release "No sha256sum, shasum or openssl to verify $asset with"
        return 0
    fi
    if [ "$actual" != "$expected" ]; then
        error "SHA-256 mismatch for $asset of $tag: expected $expected (from $asset.sha256), got $actual; refusing to install it"
        exit 1
    fi
    log "SHA-256 of $asset verified: $actual"

    local unpacked=yes
    if [ -n "$EXE" ]; then
        if command -v unzip >/dev/null 2>&1; then
            unzip -q "$dir/$asset" -d "$dir/unpacked" || unpacked=no
        else
            powershell -NoProfile -Command "Expand-Archive -LiteralPath '$dir/$asset' -DestinationPath '$dir/unpacked'" ||
                unpacked=no
        fi
    else
        tar -xzf "$dir/$asset" -C "$dir/unpacked" || unpacked=no
    fi
    if [ "$unpacked" = no ]; then
        no_release "$asset of $tag cannot be unpacked"
        return 0
    fi
    local binary="$dir/unpacked/boardlint-$TARGET/boardlint$EXE"
    if [ ! -f "$binary" ]; then
        no_release "$asset of $tag holds no boardlint-$TARGET/boardlint$EXE"
        return 0
    fi
    chmod 755 "$binary"
    local reported
    if ! reported="$("$binary" --version 2>&1)"; then
        no_release "The $TARGET binary of $tag does not run here (${reported:-no output})"
        return 0
    fi

    mkdir -p "$ROOT/bin"
    cp "$binary" "$ROOT/bin/boardlint$EXE.partial"
    mv -f "$ROOT/bin/boardlint$EXE.partial" "$ROOT/bin/boardlint$EXE"
    # Not cargo's any more: a later build into the same root must not take
    # this binary for its own, nor refuse to replace it.
    rm -f "$ROOT/.crates.toml" "$ROOT/.crates2.json"
    echo "$tag $TARGET" >"$ROOT/.boardlint-release"
    log "Installed $reported ($TARGET, release $tag) into $ROOT/bin"
    if [ "$reported" != "boardlint ${tag#v}" ]; then
        warn "The binary of release $tag reports \`$reported\`"
    fi
    add_to_path
    INSTALLED=yes
}

# --- builds ------------------------------------------------------------------------
need_cargo() {
    command -v cargo >/dev/null 2>&1 && return 0
    error "cargo is not on PATH, and boardlint $1 has to be built from source: add a Rust toolchain step (e.g. dtolnay/rust-toolchain@stable) before the boardlint action, or use a version with release binaries for $PLATFORM (e.g. \`version: latest\`)"
    exit 1
}

# build DIR WHAT: cargo install from the source in DIR.
build() {
    log "Building boardlint $2 from source with cargo install"
    # A release binary installed earlier in the job is not cargo's to replace.
    if [ -f "$ROOT/.boardlint-release" ]; then
        rm -f "$ROOT/bin/boardlint$EXE" "$ROOT/.boardlint-release"
    fi
    cargo install --locked --root "$ROOT" --path "$1"
    log "Installed $("$ROOT/bin/boardlint$EXE" --version) (built from $2) into $ROOT/bin"
    add_to_path
}

# build_ref REF: fetches REF from the action's repository with git and builds it.
build_ref() {
    local ref="$1"
    need_cargo "$ref"
    command -v git >/dev/null 2>&1 || {
        error "git is not on PATH, and boardlint $ref has to be fetched to be built"
        exit 1
    }
    [ -n "$REPOSITORY" ] || {
        error "cannot tell which repository to fetch boardlint $ref from: set BOARDLINT_REPOSITORY (OWNER/REPO)"
        exit 1
    }
    local url="$SERVER_URL/$REPOSITORY" source="${RUNNER_TEMP:-$TMP}/boardlint-src"
    log "Fetching boardlint $ref from $url"
    rm -rf "$source"
    git init -q "$source"
    git -C "$source" fetch -q --depth 1 "$url" "$ref"
    git -C "$source" -c advice.detachedHead=false checkout -q FETCH_HEAD
    build "$source" "$ref"
}

build_shipped() {
    need_cargo "from the action's own source"
    build "$SOURCE" "the action's source ($SOURCE)"
}

# --- what to install ----------------------------------------------------------------
case "$VERSION" in
"")
    if [ -n "$ACTION_REF" ] && release_like "$ACTION_REF"; then
        log "The action is boardlint $ACTION_REF: installing its release binary"
        install_release "v${ACTION_REF#v}"
        [ "$INSTALLED" = yes ] || build_shipped
    else
        build_shipped
    fi
    ;;
latest)
    if resolve_latest; then
        log "Resolved latest to $TAG ($API_URL)"
        install_release "$TAG"
        [ "$INSTALLED" = yes ] || build_ref "$TAG"
    else
        warn "Cannot resolve the latest release from $API_URL ($(curl_error)); building the action's own source"
        build_shipped
    fi
    ;;
*)
    if release_like "$VERSION"; then
        TAG="v${VERSION#v}"
        install_release "$TAG"
        [ "$INSTALLED" = yes ] || build_ref "$TAG"
    else
        build_ref "$VERSION"
    fi
    ;;
esac
