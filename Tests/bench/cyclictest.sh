#!/bin/sh
# The machine's own timer-wake-up limit, for `make bench` to print beside torch's figures.
#
# usage: Tests/bench/cyclictest.sh [INTERVAL_US] [PRIORITY] [DURATION]
#   INTERVAL_US  cyclictest's wake-up interval in µs (default 5000: a 100 Hz blink's edges)
#   PRIORITY     SCHED_FIFO priority (default 50: the torch scheduler's default)
#   DURATION     run length as cyclictest takes it: 10, 10s, 1m … (default 10s)
#   HIST_MAX_US  (environment) histogram range in µs (default 10000); later wake-ups
#                count as overflows, which still count in the ranks.
#   CYCLICTEST_ARGS (environment) more options, e.g. --laptop: by default cyclictest
#                holds /dev/cpu_dma_latency at 0 while it runs; --laptop does not.
#
# Prints one line, latencies in whole µs (cyclictest's resolution), nearest-rank
# percentiles (the value at rank ⌈p × N⌉ of the N wake-ups, as `torch bench` does):
#   cyclictest p50=8 p99=31 max=57 cpu=0.40 (interval 5000us, priority 50)
# cpu: percent of one core cyclictest used (10 ms ticks: about ±0.1 over 10 s).
# A percentile that falls among the overflows prints as ">HIST_MAX_US". Needs root for
# SCHED_FIFO and mlockall (Debian package rt-tests). Exit 1 if cyclictest fails.
set -eu

interval=${1:-5000}
priority=${2:-50}
duration=${3:-10s}
hist_max=${HIST_MAX_US:-10000}

if ! command -v cyclictest >/dev/null 2>&1; then
    echo "cyclictest.sh: cyclictest not found (Debian: apt-get install -y rt-tests)" >&2
    exit 1
fi

hist=$(mktemp "${TMPDIR:-/tmp}/cyclictest-hist.XXXXXX")
log=$(mktemp "${TMPDIR:-/tmp}/cyclictest-log.XXXXXX")
trap 'rm -f "$hist" "$log"' EXIT INT TERM

# One measuring thread (the torch has one scheduler thread), memory locked, quiet;
# the histogram goes to a file so stdout warnings cannot mix into it.
# shellcheck disable=SC2086 # CYCLICTEST_ARGS is a list of options
# The CPU a thread that only wakes at this interval costs (the floor for torch's figure
# 5): the children's CPU ticks of this shell (/proc/self/stat fields 16 and 17) around
# the run, over its wall time.
ticks() { awk '{ print $16 + $17 }' /proc/$$/stat; }
cpu_before=$(ticks); wall_before=$(date +%s%N)
if ! cyclictest -m -p "$priority" -i "$interval" -D "$duration" -q -h "$hist_max" ${CYCLICTEST_ARGS:-} \
        --histfile="$hist" >"$log" 2>&1; then
    echo "cyclictest.sh: cyclictest failed:" >&2
    cat "$log" >&2
    exit 1
fi
cpu=$(awk -v t="$(( $(ticks) - cpu_before ))" -v hz="$(getconf CLK_TCK)" -v ns="$(( $(date +%s%N) - wall_before ))" \
      'BEGIN { printf "%.2f", (ns > 0) ? t / hz / (ns / 1e9) * 100 : 0 }')

# Histogram lines: "BUCKET_US COUNT [COUNT …]" (one count column per thread; summed).
# Summary lines start with '#': "# Max Latencies: 00057", "# Histogram Overflows: 00002".
awk -v interval="$interval" -v priority="$priority" -v hmax="$hist_max" -v cpu="$cpu" '
    function rank(permille) { r = int((total * permille + 999) / 1000); return r < 1 ? 1 : r }
    function at(r,    i, seen) {
        seen = 0
        for (i = 0; i < n; i++) { seen += cnt[i]; if (seen >= r) return bucket[i] }
        return ">" hmax
    }
    /^#/ {
        if ($0 ~ /Max Latencies:/) {
            for (i = 4; i <= NF; i++) { v = $i + 0; if (v > maxlat) maxlat = v }
            havemax = 1
        } else if ($0 ~ /Histogram Overflows:/) {
            for (i = 4; i <= NF; i++) overflow += $i
        }
        next
    }
    NF >= 2 && $1 ~ /^[0-9]+$/ {
        c = 0
        for (i = 2; i <= NF; i++) c += $i
        bucket[n] = $1 + 0; cnt[n] = c; n++; total += c
        if (c > 0) lastbucket = $1 + 0
        next
    }
    END {
        total += overflow
        if (total == 0) { print "cyclictest.sh: no samples in the histogram" > "/dev/stderr"; exit 1 }
        if (!havemax) maxlat = overflow > 0 ? ">" hmax : lastbucket
        printf "cyclictest p50=%s p99=%s max=%s cpu=%s (interval %sus, priority %s)\n",
               at(rank(500)), at(rank(990)), maxlat, cpu, interval, priority
    }
' "$hist"
