#!/bin/sh
# Mirrors a work tree into DST file by file, writing only the files whose contents
# differ and removing those the tree no longer has, so that a file that did not change
# keeps its modification time:
#   dist/cross/mirror-tree.sh SRC DST
# Debian's Swift 6.0.3 (the cross toolchain's) decides what to compile again by the
# sources' modification times, and a fresh clone gives every file a new one; built in
# the mirror, a fresh clone of the same sources compiles only what changed. DST/.build
# (the mirror's builds) is left alone; SRC's .build and .git are not copied.
set -eu
src=$(cd "$1" && pwd -P)
dst=$(realpath -m "$2")
case "$dst/" in "$src/"*) echo "mirror-tree: $dst is inside $src" >&2; exit 2 ;; esac
mkdir -p "$dst"
list() { (cd "$1" && find . \( -path ./.build -o -path ./.git \) -prune -o -type f -print | LC_ALL=C sort); }
wanted=$(mktemp) had=$(mktemp)
trap 'rm -f "$wanted" "$had" "$had.gone"' EXIT
list "$src" > "$wanted"
list "$dst" > "$had"
changed=0
while IFS= read -r f; do
    cmp -s "$src/$f" "$dst/$f" && continue
    mkdir -p "$dst/$(dirname "$f")"
    cp "$src/$f" "$dst/$f"
    changed=$((changed + 1))
done < "$wanted"
LC_ALL=C comm -13 "$wanted" "$had" > "$had.gone"
while IFS= read -r f; do rm -f "$dst/$f"; done < "$had.gone"
removed=$(wc -l < "$had.gone")
echo "mirror-tree: $dst: $changed written, $removed removed, $(wc -l < "$wanted") files"
