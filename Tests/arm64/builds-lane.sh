#!/bin/sh
# make test's arm64 lane, run in the background beside the host's tests and then beside
# the guests: the builds (the Makefile's arm64-builds: the unit tests' build, both
# release binaries and packages, release-test-repos), then the unit tests under
# qemu-user (arm64-test), which need no timing of their own either.
#   Tests/arm64/builds-lane.sh start MAKE    starts it under the idle scheduling policy:
#                                            it gets only the CPU time the host's tests
#                                            leave, so their timing has the CPU whenever
#                                            it wants it
#   Tests/arm64/builds-lane.sh promote       its processes to the normal policy (the
#                                            host's timing tests are over)
#   Tests/arm64/builds-lane.sh ensure MAKE   starts it (normal policy) unless one is
#                                            running or has passed since the sources
#                                            last changed
#   Tests/arm64/builds-lane.sh wait builds   for a part that needs the builds: waits for
#                                            them; their log is printed once (by the
#                                            first part to wait); exit 1 if they failed
#   Tests/arm64/builds-lane.sh wait tests    the same for the unit tests (the lane's end)
#   Tests/arm64/builds-lane.sh stop          ends it (the host's tests failed)
# Its state is in .build/arm64/lane: lock (held while it runs), pid (its first process;
# every process it starts descends from it, whatever process group a build tool puts
# them in), and for each stage its log and status. It stays in make's session: the
# kernel shares the CPU fairly between sessions first (autogroups), so a lane in a
# session of its own would take half the CPU whatever its policy.
set -eu
cd "$(dirname "$0")/../.."
dir=.build/arm64/lane
log() { echo "arm64 lane: $*" >&2; }

running() { [ -e "$dir/pid" ] && ! flock -n "$dir/lock" true; }
# lane_pids: the lane's first process and every process descending from it.
lane_pids() {
    running || return 0
    ps -e -o pid=,ppid= | awk -v root="$(cat "$dir/pid")" '
        { kids[$2] = kids[$2] " " $1 }
        END { q[1] = root; n = 1
              for (i = 1; i <= n; i++) { print q[i]; m = split(kids[q[i]], k, " "); for (j = 1; j <= m; j++) q[++n] = k[j] } }'
}

start() {
    policy=$1 make=$2
    rm -rf "$dir"
    mkdir -p "$dir"
    : > "$dir/lock"
    # Its first process holds the lock for as long as the lane runs (flock); each
    # stage's last act is its status.
    # shellcheck disable=SC2086 # policy is a word list on purpose
    flock "$dir/lock" $policy sh -c "
        $make --no-print-directory arm64-builds > $dir/builds.log 2>&1; echo \$? > $dir/builds.status
        [ \$(cat $dir/builds.status) = 0 ] || exit 0
        $make --no-print-directory arm64-test > $dir/tests.log 2>&1; echo \$? > $dir/tests.status" \
        < /dev/null > /dev/null 2>&1 &
    echo $! > "$dir/pid"
    # Back once the lane holds its lock (or has already ended), so that a wait after
    # this cannot find it not yet started.
    until [ -e "$dir/builds.status" ] || running; do sleep 0.1; done
}

# wait_for STAGE: until the stage's status is written or the lane has ended.
wait_for() {
    while [ ! -e "$dir/$1.status" ] && running; do sleep 1; done
    if mkdir "$dir/$1.printed" 2>/dev/null && [ -e "$dir/$1.log" ]; then cat "$dir/$1.log"; fi
    status=$(cat "$dir/$1.status" 2>/dev/null || echo none)
    [ "$status" = 0 ] || { log "$1 failed (status $status): $dir/$1.log"; exit 1; }
}

case "${1:-}" in
start) start "chrt --idle 0" "$2" ;;
promote)
    # Twice: a process forked while the first pass ran inherits the idle policy from a
    # parent not yet promoted. Later ones inherit the normal policy.
    for _ in 1 2; do
        for p in $(lane_pids); do chrt --other -p 0 "$p" 2>/dev/null || true; done
    done
    ;;
ensure)
    if running; then exit 0; fi
    if [ "$(cat "$dir/tests.status" 2>/dev/null)" = 0 ] \
        && [ -z "$(find Makefile Package.swift Sources Tests dist boards -newer "$dir/pid" 2>/dev/null | head -n 1)" ]; then
        exit 0
    fi
    start "" "$2"
    ;;
wait)
    [ -e "$dir/pid" ] || { log "none was started (Tests/arm64/builds-lane.sh ensure MAKE)"; exit 1; }
    case "${2:-}" in builds|tests) wait_for "$2" ;; *) log "wait builds or wait tests"; exit 64 ;; esac
    ;;
stop)
    for p in $(lane_pids); do kill -TERM "$p" 2>/dev/null || true; done
    ;;
*) echo "usage: $0 start MAKE | promote | ensure MAKE | wait builds|tests | stop" >&2; exit 64 ;;
esac
