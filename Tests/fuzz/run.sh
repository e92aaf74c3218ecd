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
    echo "fuzz: building $bin (TorchCore with coverage; a few minutes)" >&2
    # shellcheck disable=SC2086
    if ! "$SWIFTC" -parse-as-library -sanitize=fuzzer,address -O -module-name TorchCore \
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
status=0
for t in $targets; do
    [ -d "Tests/fuzz/corpus/$t" ] || { echo "fuzz: no target '$t' (Tests/fuzz/corpus/$t)" >&2; exit 64; }
    mkdir -p "$out/corpus/$t" "$out/crashes"
    log="$out/$t.log"
    if TORCH_FUZZ_TARGET=$t "$bin" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$out/crashes/$t-" \
        "$out/corpus/$t" "Tests/fuzz/corpus/$t" > "$log" 2>&1; then
        echo "fuzz $t: $(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1)"
    else
        echo "fuzz $t: FAILED (log: $log)"
        grep -E 'property violated|input:|ERROR|artifact' "$log" | head -5
        status=1
    fi
done
exit $status
