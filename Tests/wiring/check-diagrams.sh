#!/bin/sh
# The wiring diagrams and pattern plots render (rsvg-convert, librsvg2-bin) to non-empty
# pictures of their declared size, and wiring/*.svg are exactly what
# wiring/make-diagrams.py draws from the board profile (run `make docs` after a change).
set -eu
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

python3 wiring/make-diagrams.py "$tmp"
for f in "$tmp"/*.svg; do
    name=$(basename "$f")
    if ! cmp -s "$f" "wiring/$name"; then echo "FAIL wiring/$name differs from wiring/make-diagrams.py (run make docs)"; fail=1; fi
done

count=0
for f in wiring/*.svg docs/plots/*.svg; do
    png="$tmp/$(basename "$f" .svg).png"
    if ! rsvg-convert -o "$png" "$f" 2>"$tmp/err"; then echo "FAIL $f does not render: $(cat "$tmp/err")"; fail=1; continue; fi
    # The PNG's width and height (bytes 17-24 of the IHDR chunk) match the SVG's.
    size=$(od -An -tu1 -j16 -N8 "$png" | awk '{ printf "%d %d", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }')
    want=$(sed -n '1s/.*width="\([0-9]*\)" height="\([0-9]*\)".*/\1 \2/p' "$f")
    if [ "$size" != "$want" ]; then echo "FAIL $f rendered $size, declared $want"; fail=1; continue; fi
    if [ "$(wc -c < "$png")" -lt 5000 ]; then echo "FAIL $f rendered an almost empty picture"; fail=1; continue; fi
    count=$((count + 1))
done
[ "$count" -ge 13 ] || { echo "FAIL only $count diagrams and plots rendered (expected 6 + 7)"; fail=1; }
[ "$fail" = 0 ] && echo "ok: $count diagrams and plots render; wiring/*.svg match their generator"
exit "$fail"
