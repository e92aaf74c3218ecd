#!/bin/sh
# Makes a binary's GNU build ID its own content's hash, for reproducible packages:
#   dist/debian/build-id.sh OBJCOPY FILE
# The linker's ID hashed the whole output, swiftc's .swift_modhash sections among it:
# those are a hash swiftc keeps for its incremental builds, different at every build,
# and build-deb.sh zeroes them; the ID then stands for bytes that are no longer there. Here it
# becomes the SHA-1 of FILE with the ID zeroed (as ld --build-id=sha1 computes it over
# its output), so the same sources give the same binary. OBJCOPY is the binary
# machine's (aarch64-linux-gnu-objcopy for arm64). A file without a build ID (the
# arm64 builds have none) is left as it is.
set -eu
objcopy=$1 file=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# objcopy says a missing section on stderr but may still exit 0: the file tells.
"$objcopy" --dump-section .note.gnu.build-id="$tmp/note" "$file" "$tmp/copy" 2>/dev/null || true
[ -s "$tmp/note" ] || exit 0
# A SHA-1 note: namesz 4, descsz 20, type 3 (NT_GNU_BUILD_ID), "GNU\0", then the ID.
size=$(wc -c < "$tmp/note")
[ "$size" = 36 ] || { echo "build-id.sh: $file: a build ID note of $size bytes, not a SHA-1's 36" >&2; exit 1; }
head -c 16 "$tmp/note" > "$tmp/zero"
head -c 20 /dev/zero >> "$tmp/zero"
"$objcopy" --update-section .note.gnu.build-id="$tmp/zero" "$file"
id=$(sha1sum "$file" | cut -c1-40)
head -c 16 "$tmp/note" > "$tmp/new"
for byte in $(echo "$id" | sed 's/../& /g'); do
    # shellcheck disable=SC2059 # an octal escape made here, for dash's printf
    printf "\\$(printf %03o $((0x$byte)))"
done >> "$tmp/new"
"$objcopy" --update-section .note.gnu.build-id="$tmp/new" "$file"
