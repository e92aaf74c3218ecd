#!/bin/sh
# Runs one fuzz target: Tests/fuzz/run.sh TARGET SECONDS (TARGET "all": every target).
# Builds one libFuzzer binary (TorchCore's sources + the front ends' config sections +
# Tests/fuzz/*.swift, compiled with -sanitize=fuzzer,address) into .build/fuzz, again
# only when a source changed. A front end's section is a file
# Sources/TorchEngine/**/NAMESection.swift that declares NAMESection and imports only
# TorchCore (LayeringTests checks): the config target parses with every one of them
# (the list is written here, .build/fuzz/FuzzSections.swift). Each
# target starts from its committed seeds (Tests/fuzz/corpus/TARGET) and keeps what it
# finds in .build/fuzz/corpus/TARGET; crashes go to .build/fuzz/crashes/. Prints
# libFuzzer's final "#N DONE cov: X ft: Y" line; exits non-zero on a crash.
set -eu
cd "$(dirname "$0")/../.."
target=${1:?usage: Tests/fuzz/run.sh TARGET SECONDS}
seconds=${2:-60}
SWIFTC=${SWIFTC:-swiftc}
out=.build/fuzz
bin=$out/torch-fuzz
targets="pattern custom morse units config board control state readings mqtt http web-tokens iio calibration handover"

mkdir -p "$out"
# Parallel runs share the binary: one builds while the others wait.
exec 9>"$out/build.lock"
flock 9
sections=$(find Sources/TorchEngine -name '*Section.swift' | LC_ALL=C sort)
list=""
for f in $sections; do list="$list$(basename "$f" .swift).self, "; done
printf '// Written by Tests/fuzz/run.sh: every front end section file.\nlet fuzzFrontEndSections: [any FrontEndSection.Type] = [%s]\n' \
    "${list%, }" > "$out/FuzzSections.swift"
sources="$(find Sources/TorchCore Tests/fuzz -name '*.swift' | LC_ALL=C sort) $sections $out/FuzzSections.swift"
stamp=$(cat $sources | cksum | cut -d' ' -f1)
if [ ! -x "$bin" ] || [ "$(cat "$out/stamp" 2>/dev/null)" != "$stamp" ]; then
    echo "fuzz: building $bin (TorchCore with coverage; a minute or two)" >&2
    # One whole-module compile, its code generated on every CPU: file by file, each of
    # the few hundred compiles would parse every source again, one after another.
    # shellcheck disable=SC2086
    if ! "$SWIFTC" -parse-as-library -sanitize=fuzzer,address -O -wmo -num-threads "$(nproc 2>/dev/null || echo 1)" -module-name TorchCore \
        -lm -o "$bin.new" $sources > "$out/build.log" 2>&1; then
        grep -E 'error' "$out/build.log" | head -20 >&2
        echo "fuzz: build failed (log: $out/build.log)" >&2
        exit 1
    fi
    mv "$bin.new" "$bin"
    echo "$stamp" > "$out/stamp"
fi
flock -u 9

[ "$target" = all ] || targets=$target
for t in $targets; do
    [ -d "Tests/fuzz/corpus/$t" ] || { echo "fuzz: no target '$t' (Tests/fuzz/corpus/$t)" >&2; exit 64; }
done
mkdir -p "$out/crashes"
# fuzz_one T: one target for the given seconds; its verdict in $out/T.verdict.
fuzz_one() {
    mkdir -p "$out/corpus/$1"
    log="$out/$1.log"
    if TORCH_FUZZ_TARGET=$1 "$bin" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$out/crashes/$1-" \
        "$out/corpus/$1" "Tests/fuzz/corpus/$1" > "$log" 2>&1; then
        echo "fuzz $1: $(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1)" > "$out/$1.verdict"
    else
        { echo "fuzz $1: FAILED (log: $log)"; grep -E 'property violated|input:|ERROR|artifact' "$log" | head -5; } > "$out/$1.verdict"
    fi
}
# Each target is one process on one CPU: the targets are dealt to as many lanes as there
# are CPUs (FUZZ_JOBS), each lane running its share one after another; the verdicts are
# printed in the targets' order once every lane is done.
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
lanes="" lane=0
while [ "$lane" -lt "$jobs" ]; do
    share="" i=0
    for t in $targets; do [ $((i % jobs)) = "$lane" ] && share="$share $t"; i=$((i + 1)); done
    (for t in $share; do fuzz_one "$t"; done) &
    lanes="$lanes $!"
    lane=$((lane + 1))
done
for pid in $lanes; do wait "$pid"; done
status=0
for t in $targets; do
    cat "$out/$t.verdict"
    case "$(head -1 "$out/$t.verdict")" in *": FAILED"*) status=1 ;; esac
    rm -f "$out/$t.verdict"
done
exit $status
