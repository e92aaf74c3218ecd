#!/bin/sh
# Installs those of the named Debian packages that are not installed (as root; otherwise
# says which are missing and the command that installs them). Every install of the
# Makefile and of the test scripts goes through here, so that each one waits for apt's
# and dpkg's locks instead of failing while another apt runs: a second lane of make test,
# the user's own terminal, unattended-upgrades.
#   dist/ensure-packages.sh PACKAGE...
# TORCH_APT_LOCK_WAIT: the longest wait for a lock, in seconds (default 600).
set -u
wait_s=${TORCH_APT_LOCK_WAIT:-600}

# Installed means dpkg's "ii": a package removed but not purged ("rc") still answers
# `dpkg -s`, and is missing all the same.
missing=""
for p in "$@"; do
    [ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null)" = "ii " ] || missing="$missing $p"
done
[ -n "$missing" ] || exit 0
if [ "$(id -u)" != 0 ]; then
    echo "missing Debian packages:$missing (run: sudo apt-get install -y$missing)" >&2
    exit 1
fi
echo "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
# apt-get install waits for dpkg's frontend lock by itself with this option.
lock_wait="-o DPkg::Lock::Timeout=$wait_s"

install() { apt-get $lock_wait install -y -qq $missing 2>&1; }

# apt-get update does not wait for the lists' lock (apt 2.6 fails at once, whatever
# DPkg::Lock::Timeout says): try again while that lock is the reason, until the deadline.
update() {
    deadline=$(( $(date +%s) + wait_s ))
    while :; do
        out=$(apt-get $lock_wait update -qq 2>&1) && return 0
        case "$out" in
            *"Could not get lock"*) [ "$(date +%s)" -lt "$deadline" ] || break; sleep 1 ;;
            *) break ;;
        esac
    done
    printf '%s\n' "$out" >&2
    return 1
}

# The lists may be missing or stale (a fresh machine, a package's version gone from the
# archive): then update them once and try again.
install > /dev/null && exit 0
update || { echo "could not update apt's lists to install:$missing" >&2; exit 1; }
out=$(install) || { printf '%s\n' "$out" >&2; echo "could not install:$missing" >&2; exit 1; }
