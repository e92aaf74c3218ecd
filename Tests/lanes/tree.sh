#!/bin/sh
# make test's early lane (Makefile: ARM64_EARLY), the arm64 builds started beside the
# host's own tests under the idle scheduling policy, as a process and its descendants:
#   tree.sh promote PID   the normal policy for all of them: the host's tests are done and
#                         the lane now shares the CPU with the guests as an equal
#   tree.sh stop PID      ends them all: the host's tests failed and nothing will wait
#                         for the lane
# A process forked between the listing and its parent's change keeps its parent's policy
# or outlives the stop, so each pass lists the tree again.
set -u
action=${1:?usage: tree.sh promote|stop PID} root=${2:?usage: tree.sh promote|stop PID}
case "$root" in ''|*[!0-9]*) echo "tree.sh: PID '$root' is not a process ID" >&2; exit 2 ;; esac

# The root and every process whose chain of parents reaches it, parents first.
tree() {
    ps -e -o pid=,ppid= | awk -v root="$root" '
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
promote)
    failed=""
    for _ in 1 2 3; do
        for pid in $(tree); do
            out=$(chrt --all-tasks --other -p 0 "$pid" 2>&1) || { kill -0 "$pid" 2>/dev/null && failed=$out; }
        done
        sleep 0.2
    done
    [ -z "$failed" ] || echo "the arm64 lane stays under the idle policy (chrt: $failed)"
    ;;
stop)
    for _ in 1 2 3; do
        pids=$(tree)
        [ -n "$pids" ] || exit 0
        # shellcheck disable=SC2086 # a list of process IDs
        kill -TERM $pids 2>/dev/null
        sleep 1
    done
    pids=$(tree)
    # shellcheck disable=SC2086 # a list of process IDs
    [ -z "$pids" ] || kill -KILL $pids 2>/dev/null
    ;;
*) echo "tree.sh: '$action' is not promote or stop" >&2; exit 2 ;;
esac
exit 0
