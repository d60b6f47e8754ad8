# shellcheck shell=bash
# Sourced by the integration scripts that test with packages from the npm
# registry, after scripts/report.sh: pinned packages installed into a prefix
# that is kept between runs.

# npm_version DIR PACKAGE: the version of PACKAGE installed under DIR, or
# nothing.
npm_version() {
    node -e 'try { console.log(require(process.argv[1]).version) } catch {}' \
        "$1/node_modules/$2/package.json"
}

# npm_pinned DIR LOG NAME@VERSION...: installs into DIR each package that
# is not there at its version; --save-exact keeps the pins in
# DIR/package.json, so that npm does not move one package to a newer
# version when another is installed. Install scripts run. Returns 1 when
# an install is needed and the registry cannot be reached (the caller says
# what it skips); dies when npm install fails or leaves a pin unmet.
npm_pinned() {
    local dir=$1 log=$2 spec
    local missing=()
    shift 2
    mkdir -p "$dir"
    for spec in "$@"; do
        [ "$(npm_version "$dir" "${spec%@*}")" = "${spec##*@}" ] || missing+=("$spec")
    done
    [ "${#missing[@]}" -gt 0 ] || return 0
    timeout 60 npm ping --fetch-timeout=20000 --fetch-retries=1 >"$log" 2>&1 || return 1
    echo "installing ${missing[*]} into $dir..."
    if ! timeout 900 npm install --prefix "$dir" --no-audit --no-fund --save-exact \
        "${missing[@]}" >"$log" 2>&1; then
        sed 's/^/    | /' "$log" | tail -n 40
        die "npm install ${missing[*]} failed"
    fi
    for spec in "${missing[@]}"; do
        [ "$(npm_version "$dir" "${spec%@*}")" = "${spec##*@}" ] || die "$spec is not installed in $dir"
    done
}
