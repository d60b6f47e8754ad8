#!/usr/bin/env bash
# Packages one built boardlint binary as the release asset for a Rust target
# triple, as the release workflow (.github/workflows/release.yml) uploads it
# and the GitHub Action's installer (.github/actions/boardlint/install.sh)
# downloads it:
#
#   OUTDIR/boardlint-TARGET.tar.gz          unix targets, or
#   OUTDIR/boardlint-TARGET.zip             *-windows-* targets,
#   OUTDIR/<archive>.sha256                 `sha256sum` format: "HEX  NAME"
#
# The archive holds one directory, boardlint-TARGET/, with the binary
# (`boardlint`, or `boardlint.exe` for Windows; mode 0755), and README.md and
# LICENSE from the repository root when they exist (mode 0644).
#
# The archive is deterministic: entries in a fixed order, owner and group 0
# with no names, every timestamp $SOURCE_DATE_EPOCH (default: the commit time
# of the checkout's HEAD; 1980-01-01 outside a git checkout), no name or time
# in the gzip header. The same inputs give the same bytes on every platform
# with the same zlib.
#
# Needs Python 3.8 or later (python3, or python as on Windows runners;
# $PYTHON to pick one) and nothing else, so it runs unchanged on the Linux,
# macOS and Windows (Git Bash) runners.
#
# Usage: bash scripts/release-archive.sh TARGET BINARY OUTDIR
#   e.g. bash scripts/release-archive.sh x86_64-unknown-linux-musl \
#            target/x86_64-unknown-linux-musl/dist/boardlint dist
# Prints the archive's path.
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

usage() {
    echo "usage: bash scripts/release-archive.sh TARGET BINARY OUTDIR" >&2
    exit 2
}
[ "$#" -eq 3 ] || usage
TARGET="$1"
BINARY="$2"
OUTDIR="$3"

# A target triple: lowercase words joined by '-', at least three of them.
if ! [[ "$TARGET" =~ ^[a-z0-9_.]+(-[a-z0-9_.]+){2,}$ ]]; then
    echo "release-archive.sh: \`$TARGET\` is not a Rust target triple (e.g. x86_64-unknown-linux-musl)" >&2
    exit 2
fi
if [ ! -f "$BINARY" ]; then
    echo "release-archive.sh: $BINARY is not a file" >&2
    exit 2
fi

python=""
for candidate in ${PYTHON:-} python3 python; do
    # Windows has a `python3` stub that only points at the Store: try each.
    if "$candidate" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 8) else 1)' >/dev/null 2>&1; then
        python="$candidate"
        break
    fi
done
[ -n "$python" ] || {
    echo "release-archive.sh: needs Python 3.8 or later (python3 or python; \$PYTHON to pick one)" >&2
    exit 2
}

if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
    SOURCE_DATE_EPOCH="$(git -C "$REPO_ROOT" log -1 --format=%ct 2>/dev/null || true)"
fi
# The earliest time a zip entry can hold.
[ -n "$SOURCE_DATE_EPOCH" ] || SOURCE_DATE_EPOCH=315532800

mkdir -p "$OUTDIR"

"$python" - "$TARGET" "$BINARY" "$OUTDIR" "$SOURCE_DATE_EPOCH" "$REPO_ROOT" <<'PY'
import gzip
import hashlib
import io
import os
import sys
import tarfile
import time
import zipfile

target, binary, outdir, epoch, repo_root = sys.argv[1:]
epoch = max(int(epoch), 315532800)
name = f"boardlint-{target}"
windows = "-windows-" in target

# (path inside the archive, bytes, mode), in archive order.
with open(binary, "rb") as f:
    entries = [(f"{name}/boardlint.exe" if windows else f"{name}/boardlint", f.read(), 0o755)]
for doc in ("README.md", "LICENSE"):
    path = os.path.join(repo_root, doc)
    if os.path.isfile(path):
        with open(path, "rb") as f:
            entries.append((f"{name}/{doc}", f.read(), 0o644))

if windows:
    archive = f"{name}.zip"
    date_time = time.gmtime(epoch)[:6]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        def info(path, mode, is_dir):
            i = zipfile.ZipInfo(path, date_time)
            i.create_system = 3  # unix: the mode bits below are honoured
            i.external_attr = ((0o040000 if is_dir else 0o100000) | mode) << 16
            if is_dir:
                i.external_attr |= 0x10  # MS-DOS directory bit
            else:
                i.compress_type = zipfile.ZIP_DEFLATED
            return i
        z.writestr(info(f"{name}/", 0o755, True), b"")
        for path, data, mode in entries:
            z.writestr(info(path, mode, False), data, compresslevel=9)
    data = buffer.getvalue()
else:
    archive = f"{name}.tar.gz"
    tar_bytes = io.BytesIO()
    with tarfile.open(fileobj=tar_bytes, mode="w", format=tarfile.USTAR_FORMAT) as t:
        def info(path, mode, size, kind):
            i = tarfile.TarInfo(path)
            i.type = kind
            i.mode = mode
            i.size = size
            i.mtime = epoch
            i.uid = i.gid = 0
            i.uname = i.gname = ""
            return i
        t.addfile(info(name, 0o755, 0, tarfile.DIRTYPE))
        for path, content, mode in entries:
            t.addfile(info(path, mode, len(content), tarfile.REGTYPE), io.BytesIO(content))
    gz = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=gz, mtime=epoch, compresslevel=9) as g:
        g.write(tar_bytes.getvalue())
    data = gz.getvalue()

archive_path = os.path.join(outdir, archive)
with open(archive_path, "wb") as f:
    f.write(data)
with open(archive_path + ".sha256", "w", newline="\n") as f:
    f.write(f"{hashlib.sha256(data).hexdigest()}  {archive}\n")
print(archive_path)
PY
