#!/bin/sh
# make test's early lane (Makefile: `make stages`): the arm64 builds (MAKE... is
# `make arm64-builds`) started beside the host's own tests under the idle scheduling policy, under a lock in
# DIR that the guests' pool waits on, with its exit status written beside it.
#
#   early.sh run DIR MAKE...    the builds (the lock held from the start)
#   early.sh started DIR PID    returns once run holds the lock (or PID has ended)
#   early.sh wait DIR           returns once the builds are done; fails when they failed;
#                               at once when no early lane ran (no status)
#   early.sh promote PID        the normal policy for the lane: the host's tests are done,
#                               and it now shares the CPU with vm-test as an equal
#   early.sh stop PID           ends the lane: the host's tests failed, and nothing will
#                               wait for it
# A process forked between a listing of the lane and its parent's change keeps its
# parent's policy or outlives the stop, so each pass lists the lane again.
set -u
usage="usage: early.sh run DIR MAKE... | started DIR PID | wait DIR | promote PID | stop PID"
action=${1:?$usage}
shift

pid_arg() {
    case "${1:-}" in ''|*[!0-9]*) echo "early.sh: '${1:-}' is not a process ID" >&2; exit 2 ;; esac
}

# PID and every process whose chain of parents reaches it, parents first.
tree() {
    ps -e -o pid=,ppid= | awk -v root="$1" '
        { parent[$1] = $2; order[NR] = $1 }
        END {
            for (i = 1; i <= NR; i++) {
                p = order[i]; depth = 0
                while (p != root && p > 1 && depth < 64) { p = parent[p]; depth++ }
                if (p == root) print depth, order[i]
            }
        }' | sort -n | cut -d' ' -f2
}

case "$action" in
run)
    dir=${1:?$usage}; shift
    mkdir -p "$dir"
    # flock --close: the lock stays with flock itself, not with what the build starts
    # (gpg's agent outlives the repositories' build).
    # shellcheck disable=SC2016 # the inner script's own variables
    exec flock --close "$dir/early.lock" sh -c '
        status=$1; shift
        "$@"; s=$?; echo "$s" > "$status"; exit "$s"' early "$dir/early.status" "$@"
    ;;
started)
    dir=${1:?$usage}; pid_arg "${2:-}"
    while kill -0 "$2" 2>/dev/null; do
        [ -e "$dir/early.lock" ] && ! flock --nonblock "$dir/early.lock" true 2>/dev/null && break
        sleep 0.1
    done
    ;;
wait)
    dir=${1:?$usage}
    mkdir -p "$dir"
    flock "$dir/early.lock" true
    [ -f "$dir/early.status" ] || exit 0
    status=$(cat "$dir/early.status")
    [ "$status" = 0 ] || { echo "make test's early lane failed to make the arm64 builds (exit $status): its log is $dir/early.log"; exit 1; }
    ;;
promote)
    pid_arg "${1:-}"
    failed=""
    for _ in 1 2 3; do
        for pid in $(tree "$1"); do
            out=$(chrt --all-tasks --other -p 0 "$pid" 2>&1) || { kill -0 "$pid" 2>/dev/null && failed=$out; }
        done
        sleep 0.2
    done
    [ -z "$failed" ] || echo "the arm64 lane stays under the idle policy (chrt: $failed)"
    ;;
stop)
    pid_arg "${1:-}"
    for _ in 1 2 3; do
        pids=$(tree "$1")
        [ -n "$pids" ] || exit 0
        # shellcheck disable=SC2086 # a list of process IDs
        kill -TERM $pids 2>/dev/null
        sleep 1
    done
    pids=$(tree "$1")
    # shellcheck disable=SC2086 # a list of process IDs
    [ -z "$pids" ] || kill -KILL $pids 2>/dev/null
    ;;
*) echo "early.sh: '$action' is not an action; $usage" >&2; exit 2 ;;
esac
exit 0
