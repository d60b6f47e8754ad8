# shellcheck shell=bash
# Sourced by the integration scripts after scripts/report.sh: sets
# BOARDLINT_BIN to the boardlint binary they test, as an absolute path (the
# clients run it from directories of their own): $BOARDLINT when set (a
# path, or a name on PATH); else target/debug/boardlint when it is newer
# than the sources; else `cargo build` makes it.
if [ -n "${BOARDLINT:-}" ]; then
    case "$BOARDLINT" in
    */*) BOARDLINT_BIN="$(cd "$(dirname "$BOARDLINT")" 2>/dev/null && pwd)/$(basename "$BOARDLINT")" ||
        die "\$BOARDLINT ($BOARDLINT) is not an executable file" ;;
    *) BOARDLINT_BIN="$(command -v "$BOARDLINT")" || die "\$BOARDLINT ($BOARDLINT) is not on PATH" ;;
    esac
    [ -f "$BOARDLINT_BIN" ] && [ -x "$BOARDLINT_BIN" ] || die "\$BOARDLINT ($BOARDLINT) is not an executable file"
else
    BOARDLINT_BIN="$REPO_ROOT/target/debug/boardlint"
    stale=""
    if [ -x "$BOARDLINT_BIN" ]; then
        stale="$(cd "$REPO_ROOT" && find src grammar Cargo.toml Cargo.lock build.rs \
            -newer "$BOARDLINT_BIN" -print -quit 2>/dev/null || true)"
    fi
    if [ ! -x "$BOARDLINT_BIN" ] || [ -n "$stale" ]; then
        echo "building boardlint (cargo build)..."
        (cd "$REPO_ROOT" && CARGO_TARGET_DIR="$REPO_ROOT/target" cargo build --quiet --bin boardlint) ||
            die "cargo build failed"
    fi
fi
