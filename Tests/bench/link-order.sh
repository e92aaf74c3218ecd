#!/bin/sh
# The functions a torch service runs, for the link's layout (make link-order writes
# dist/link-order.txt; make build hands it to lld as --symbol-ordering-file, which puts
# them together at the start of the text). A page fault on the binary's text maps the
# cached pages around it too (the kernel's fault-around), so a function the service
# never calls costs memory whenever it sits between functions it does call; grouped, the
# service's text is resident and the rest is not (docs/results.md, "peak RSS after the
# light sensor").
#
# The runs are make bench's figure 7 (a bare `torch run` of the simulated LED, and the
# `torch on` whose start it times) and figure 7b (Tests/bench/rss.py: the web page, an
# event stream, MQTT commands against Debian's mosquitto, a blink on the control
# socket), each under valgrind's callgrind, which names every function that ran. The list keeps the functions BIN defines, in the
# order callgrind first names them, the bare run's first (start-up's code together, then
# the steady loop's, then what `torch on` and the web page and MQTT add), under a header
# naming its source.
#   Tests/bench/link-order.sh BIN OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=$1 out=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/torch-link-order.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# valgrind's DWARF reader gives up on the Swift compiler's debug information: a copy
# without it (the symbol table stays).
strip --strip-debug -o "$work/torch" "$bin"
# The runs start torch through this wrapper, each writing the callgrind file CALLGRIND_OUT names.
cat >"$work/callgrind-torch" <<EOF
#!/bin/sh
exec valgrind --tool=callgrind --demangle=no --callgrind-out-file="\$CALLGRIND_OUT" "$work/torch" "\$@"
EOF
chmod +x "$work/callgrind-torch"

CALLGRIND_OUT=$work/callgrind.1 "$work/callgrind-torch" run --backend sim --no-display --for 3s --state-file "$work/state" >/dev/null 2>"$work/bare.log" ||
    { cat "$work/bare.log" >&2; echo "link-order: the bare run under valgrind failed" >&2; exit 1; }
CALLGRIND_OUT=$work/callgrind.2 "$work/callgrind-torch" on --backend sim --no-display --for 20ms --state-file "$work/state" >/dev/null 2>"$work/on.log" ||
    { cat "$work/on.log" >&2; echo "link-order: torch on under valgrind failed" >&2; exit 1; }
CALLGRIND_OUT=$work/callgrind.3 TORCH_START_SECONDS=120 /usr/bin/python3 "$here/rss.py" "$work/callgrind-torch" >"$work/rss.log" ||
    { cat "$work/rss.log" >&2; echo "link-order: rss.py under valgrind failed" >&2; exit 1; }
case $(cat "$work/rss.log") in
*"[mqtt]"*) ;;
*) echo "link-order: rss.py ran without MQTT (apt-get install mosquitto python3-paho-mqtt): $(cat "$work/rss.log")" >&2; exit 1 ;;
esac
[ -s "$work/callgrind.1" ] && [ -s "$work/callgrind.2" ] && [ -s "$work/callgrind.3" ] || { echo "link-order: a run left no callgrind output" >&2; exit 1; }

# Every function callgrind saw run (fn=, and cfn= for a callee), kept if BIN defines it.
nm "$bin" | awk '$2 ~ /^[tTwW]$/ { print $3 }' >"$work/defined"
sed -n 's/^c\{0,1\}fn=([0-9]*) \(.*\)$/\1/p' "$work/callgrind.1" "$work/callgrind.2" "$work/callgrind.3" |
    awk 'NR == FNR { defined[$0] = 1; next } ($0 in defined) && !seen[$0]++' "$work/defined" - >"$work/list"
n=$(wc -l <"$work/list")
[ "$n" -ge 500 ] || { echo "link-order: only $n functions ran; is callgrind's output as expected?" >&2; exit 1; }
{
    echo "# The functions a torch service runs, laid out first in the text by make build"
    echo "# (lld --symbol-ordering-file). Written by make link-order (Tests/bench/link-order.sh)"
    echo "# from make bench's figures 7 and 7b under callgrind; regenerate it after changing"
    echo "# what the service runs."
    cat "$work/list"
} >"$out"
echo "link-order: $n functions the service ran, written to $out"
