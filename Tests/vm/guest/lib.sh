# Helpers for the guest scenarios: verdict lines, readiness polling, gpio-sim setup.
# Sourced by /init; every scenario script uses only these and the commands under test
# named in commands.sh, so swapping the probe for `torch` touches one file.

VMTEST_PASSED=0
VMTEST_FAILED=0

pass() {
    VMTEST_PASSED=$((VMTEST_PASSED + 1))
    echo "VMTEST PASS $1"
}

fail() {
    VMTEST_FAILED=$((VMTEST_FAILED + 1))
    echo "VMTEST FAIL $1: $2"
}

# check NAME REASON-IF-FALSE COMMAND...: PASS when COMMAND succeeds.
check() {
    name=$1 reason=$2
    shift 2
    if "$@"; then pass "$name"; else fail "$name" "$reason"; fi
}

# threads PID: each thread of PID as "tid:state:wchan:cpu" (for a failure's reason: where a
# process that stopped answering is waiting, or that it is running).
threads() {
    for t in /proc/"$1"/task/*; do
        [ -d "$t" ] || continue
        printf '%s:%s:%s:%s ' "${t##*/}" "$(awk '{ print $3 }' "$t/stat" 2>/dev/null)" \
            "$(cat "$t/wchan" 2>/dev/null)" "$(awk '{ print $39 }' "$t/stat" 2>/dev/null)"
    done
}

# wait_for_line FILE PATTERN [SECONDS]: polls (20 ms steps) until FILE has a line
# matching PATTERN (grep -E). Fails after SECONDS (default 15).
wait_for_line() {
    file=$1 pattern=$2 limit=$(( ${3:-15} * 50 ))
    n=0
    while ! grep -qE "$pattern" "$file" 2>/dev/null; do
        n=$((n + 1))
        [ $n -ge $limit ] && return 1
        usleep 20000
    done
    return 0
}

# wait_for_exit PID [SECONDS]: polls until the process is gone; kills it after SECONDS.
wait_for_exit() {
    pid=$1 limit=$(( ${2:-15} * 50 ))
    n=0
    while kill -0 "$pid" 2>/dev/null; do
        n=$((n + 1))
        if [ $n -ge $limit ]; then
            kill -KILL "$pid" 2>/dev/null
            wait "$pid" 2>/dev/null
            return 1
        fi
        usleep 20000
    done
    wait "$pid" 2>/dev/null
    return 0
}

# sim_setup: one gpio-sim chip, label torch-sim, 8 lines, some named; line 5 hogged
# by "holder" (a kernel-held line, to test "busy"). Sets CHIP (gpiochipN), CHIPNUM and
# SIM (the sysfs directory with sim_gpioN/{value,pull}).
sim_setup() {
    cfg=/sys/kernel/config/gpio-sim/torch
    mkdir "$cfg" "$cfg/bank0" || return 1
    echo 8 > "$cfg/bank0/num_lines"
    echo torch-sim > "$cfg/bank0/label"
    for spec in 0:LED 1:BUTTON 2:GPIO18 3:GPIO19 5:HELD; do
        mkdir "$cfg/bank0/line${spec%%:*}"
        echo "${spec#*:}" > "$cfg/bank0/line${spec%%:*}/name"
    done
    mkdir "$cfg/bank0/line5/hog"
    echo holder > "$cfg/bank0/line5/hog/name"
    echo output-high > "$cfg/bank0/line5/hog/direction"
    echo 1 > "$cfg/live" || return 1
    CHIP=$(cat "$cfg/bank0/chip_name")
    CHIPNUM=${CHIP#gpiochip}
    SIM=/sys/devices/platform/$(cat "$cfg/dev_name")/$CHIP
    [ -c "/dev/$CHIP" ] && [ -f "$SIM/sim_gpio0/value" ]
}

# sim_value N: what line N drives (or reads), 0 or 1.
sim_value() { cat "$SIM/sim_gpio$1/value"; }

# sim_pull N pull-up|pull-down: the simulated outside world pulls line N.
sim_pull() { echo "$2" > "$SIM/sim_gpio$1/pull"; }

# uptime_ns: CLOCK_MONOTONIC-ish now (from /proc/uptime, 10 ms resolution), in ns.
uptime_ns() {
    up=$(cut -d' ' -f1 /proc/uptime)
    echo $(( ${up%.*} * 1000000000 + $(echo "${up#*.}" | sed 's/^0*//;s/^$/0/') * 10000000 ))
}

# wait_until SECONDS COMMAND...: polls (20 ms steps) until COMMAND succeeds; fails
# after SECONDS.
wait_until() {
    limit=$(( $1 * 50 ))
    shift
    n=0
    until "$@"; do
        n=$((n + 1))
        [ $n -ge $limit ] && return 1
        usleep 20000
    done
    return 0
}

# uptime_ms: /proc/uptime in ms (10 ms resolution).
uptime_ms() { echo $(( $(uptime_ns) / 1000000 )); }
