#!/bin/sh
# `make bench` figure 9: where the idle tail comes from. On an idle machine a timer
# wake-up pays for leaving the CPU's idle state; on a VM whose guest has no cpuidle
# driver, idle is HLT, and the wake-up waits for the host to run the vCPU again.
# Each line alternates its two variants, ROUNDS rounds, and prints the medians:
#   a. cyclictest as make bench runs it (it holds /dev/cpu_dma_latency at 0) against
#      cyclictest --laptop (it does not): what the PM QoS request buys here;
#   b. torch's 100 Hz blink with [service] cpu-latency = yes (the default: the same
#      request while a pattern plays) against no;
#   c. the button path (two threads: the event loop wakes the scheduler) with
#      [service] share-cpu = yes (the default: the scheduler thread is moved to the
#      loop's CPU at each hand-off, so its wake-up preempts the running loop) against no
#      (the scheduler may sleep on the other CPU, which must be woken from idle).
# Benchmark figures, not assertions.
#
# usage: Tests/bench/floor.sh TORCH [DURATION]
set -eu

here=$(cd "$(dirname "$0")" && pwd)
torch=$1
run=${2:-10s}
rounds=${ROUNDS:-3}
priority=${PRIORITY:-50}
dir=$(mktemp -d "${TMPDIR:-/tmp}/torch-floor.XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM
printf '[service]\ncpu-latency = no\n' > "$dir/no.conf"
printf '[service]\ncpu-latency = yes\n' > "$dir/yes.conf"
printf '[service]\nshare-cpu = yes\n' > "$dir/shared.conf"
printf '[service]\nshare-cpu = no\n' > "$dir/unshared.conf"

json() { sed -n "s/.*\"$1\":\([-0-9.]*\).*/\1/p"; }
field() { printf '%s\n' "$1" | sed -n "s/.* $2=\([^ ]*\).*/\1/p"; }
us() { awk -v n="$1" 'BEGIN { if (n == "n/a") print n; else printf "%.1f", n / 1000 }'; }
median() {
    printf '%s\n' "$@" | grep -E '^-?[0-9.]+$' | sort -g |
        awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "9. where the idle tail comes from (median of $rounds rounds each; cpuidle driver:" \
     "$(cat /sys/devices/system/cpu/cpuidle/current_driver 2>/dev/null || echo none))"

held=""; laptop=""
for _ in $(seq "$rounds"); do
    held="$held $(field "$("$here/cyclictest.sh" 5000 "$priority" "$run")" p99)"
    laptop="$laptop $(field "$(CYCLICTEST_ARGS=--laptop "$here/cyclictest.sh" 5000 "$priority" "$run")" p99)"
done
echo "   a. cyclictest 5 ms p99: cpu_dma_latency held at 0 $(median $held) µs, not held (--laptop) $(median $laptop) µs"

yes=""; no=""
for _ in $(seq "$rounds"); do
    yes="$yes $("$torch" bench timing --backend sim --duration "$run" --json --config "$dir/yes.conf" | json lateness_p99_ns)"
    no="$no $("$torch" bench timing --backend sim --duration "$run" --json --config "$dir/no.conf" | json lateness_p99_ns)"
done
echo "   b. torch 100 Hz blink p99: cpu-latency = yes $(us "$(median $yes)") µs, no $(us "$(median $no)") µs"

presses=200; [ "$run" = 2s ] && presses=40
two=""; one=""
for _ in $(seq "$rounds"); do
    one="$one $("$torch" bench button --backend sim --presses "$presses" --json --config "$dir/shared.conf" | json latency_p99_ns)"
    two="$two $("$torch" bench button --backend sim --presses "$presses" --json --config "$dir/unshared.conf" | json latency_p99_ns)"
done
echo "   c. button edge → output p99: share-cpu = yes $(us "$(median $one)") µs, no $(us "$(median $two)") µs"
