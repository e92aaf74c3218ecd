#!/bin/sh
# dist/cross/mirror-tree.sh on a tree of its own: a second mirror of unchanged sources
# writes nothing and keeps their times; a changed file is written, a new one added, a
# removed one removed; the mirror's .build stays and the source's .build and .git are
# not copied; a mirror inside its own source is refused.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "mirror-tree-test: $*" >&2; exit 1; }
mkdir -p "$t/src/Sources/A" "$t/src/.build" "$t/src/.git"
echo one > "$t/src/Sources/A/one.swift"
echo two > "$t/src/Sources/A/two.swift"
echo gone > "$t/src/gone.txt"
echo built > "$t/src/.build/x"
echo git > "$t/src/.git/HEAD"
sh "$here/dist/cross/mirror-tree.sh" "$t/src" "$t/dst" > "$t/out1"
grep -q ': 3 written, 0 removed, 3 files$' "$t/out1" || fail "first mirror: $(cat "$t/out1")"
[ ! -e "$t/dst/.build/x" ] && [ ! -e "$t/dst/.git" ] || fail ".build or .git copied"
mkdir -p "$t/dst/.build" && echo mine > "$t/dst/.build/kept"
touch -d '2000-01-01 00:00' "$t/dst/Sources/A/one.swift" "$t/dst/Sources/A/two.swift"
# A fresh clone: the same contents with new times, one file changed, one removed, one new.
touch "$t/src/Sources/A/one.swift"
echo TWO > "$t/src/Sources/A/two.swift"
rm "$t/src/gone.txt"
echo three > "$t/src/Sources/A/three.swift"
sh "$here/dist/cross/mirror-tree.sh" "$t/src" "$t/dst" > "$t/out2"
grep -q ': 2 written, 1 removed, 3 files$' "$t/out2" || fail "second mirror: $(cat "$t/out2")"
[ "$(date -r "$t/dst/Sources/A/one.swift" +%Y)" = 2000 ] || fail "an unchanged file's time was not kept"
[ "$(date -r "$t/dst/Sources/A/two.swift" +%Y)" != 2000 ] || fail "a changed file kept its old time"
[ "$(cat "$t/dst/Sources/A/two.swift")" = TWO ] || fail "a changed file was not written"
[ "$(cat "$t/dst/Sources/A/three.swift")" = three ] || fail "a new file was not written"
[ ! -e "$t/dst/gone.txt" ] || fail "a removed file is still in the mirror"
[ "$(cat "$t/dst/.build/kept")" = mine ] || fail "the mirror's .build was touched"
if sh "$here/dist/cross/mirror-tree.sh" "$t/src" "$t/src/inside" 2> "$t/err"; then fail "a mirror inside its source was made"; fi
[ ! -e "$t/src/inside" ] || fail "a refused mirror left a directory in its source"
grep -q 'is inside' "$t/err" || fail "refusal line: $(cat "$t/err")"
echo "mirror-tree-test: unchanged files keep their times; changed, new and removed files follow the source"
