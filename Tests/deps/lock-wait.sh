#!/bin/sh
# Two lanes install at once while another process holds dpkg's lock: both wait, then
# both succeed (dist/ensure-packages.sh). As root, with no network: two empty packages
# of the test's own, in a flat repository that only this test's apt sees (APT_CONFIG
# points apt at the test's sources, lists and cache); both are purged at the end.
#
# The holder takes the lock as apt and dpkg do, with fcntl(F_SETLK): flock(1) takes a
# flock(2) lock, which Linux keeps apart from fcntl locks, so apt would not see it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ensure="$here/../../dist/ensure-packages.sh"
hold_s=${LOCK_HOLD_SECONDS:-5}
fail() { echo "lock-wait: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "needs root (it installs and purges two packages of its own)"

work=$(mktemp -d)
pkgs="torch-lock-test-a torch-lock-test-b"
cleanup() {
    for p in $pkgs; do dpkg --purge "$p" > /dev/null 2>&1 || true; done
    rm -rf "$work"
}
trap cleanup EXIT
for p in $pkgs; do
    [ -z "$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null)" ] || fail "$p is on this machine already"
done

# The two packages and their repository.
mkdir -p "$work/repo" "$work/lists/partial" "$work/cache/archives/partial" "$work/sources.d"
for p in $pkgs; do
    mkdir -p "$work/$p/DEBIAN"
    printf 'Package: %s\nVersion: 1\nArchitecture: all\nMaintainer: torch tests <torch@localhost>\nDescription: an empty package for the dpkg lock test\n' \
        "$p" > "$work/$p/DEBIAN/control"
    dpkg-deb --build --root-owner-group "$work/$p" "$work/repo/$p.deb" > /dev/null
done
(cd "$work/repo" && dpkg-scanpackages --multiversion . /dev/null 2>/dev/null > Packages)
echo "deb [trusted=yes] file:$work/repo ./" > "$work/sources.list"
cat > "$work/apt.conf" <<CONF
Dir::Etc::SourceList "$work/sources.list";
Dir::Etc::SourceParts "$work/sources.d";
Dir::State::Lists "$work/lists";
Dir::Cache "$work/cache";
CONF
export APT_CONFIG="$work/apt.conf"

# The holder: dpkg's frontend lock for hold_s seconds; it writes the time it lets go.
python3 - "$hold_s" "$work/released" "$work/held" <<'PY' &
import fcntl, os, sys, time
fd = os.open("/var/lib/dpkg/lock-frontend", os.O_RDWR | os.O_CREAT, 0o640)
fcntl.lockf(fd, fcntl.LOCK_EX)
open(sys.argv[3], "w").close()
time.sleep(float(sys.argv[1]))
released = time.time()
fcntl.lockf(fd, fcntl.LOCK_UN)
open(sys.argv[2], "w").write(repr(released))
PY
holder=$!
while [ ! -e "$work/held" ]; do kill -0 "$holder" 2>/dev/null || fail "the lock holder did not start"; sleep 0.1; done

# The two lanes, at once.
lane() {
    if "$ensure" "$1" > "$work/$1.log" 2>&1; then s=0; else s=$?; fi
    python3 -c 'import time; print(repr(time.time()))' > "$work/$1.done"
    echo "$s" > "$work/$1.status"
}
for p in $pkgs; do lane "$p" & done
wait

released=$(cat "$work/released")
for p in $pkgs; do
    [ "$(cat "$work/$p.status")" = 0 ] || { cat "$work/$p.log" >&2; fail "lane $p failed"; }
    [ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$p")" = "ii " ] || fail "$p is not installed after its lane"
    python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) > float(sys.argv[2]) else 1)' \
        "$(cat "$work/$p.done")" "$released" || fail "lane $p ended before the lock was released: it did not wait"
    echo "lock-wait: lane $p waited for dpkg's lock ($hold_s s held), then installed $p"
done
# Installed already: a second call installs nothing and needs no lock.
out=$("$ensure" $pkgs) || fail "a second call failed"
[ -z "$out" ] || fail "a second call printed '$out' for installed packages"
# A package removed but not purged (dpkg's "rc") is missing, and is installed again.
dpkg --remove torch-lock-test-a > /dev/null
"$ensure" torch-lock-test-a > /dev/null || fail "a removed package was not installed again"
[ "$(dpkg-query -W -f='${db:Status-Abbrev}' torch-lock-test-a)" = "ii " ] || fail "torch-lock-test-a was left removed"
echo "lock-wait: 2 lanes waited and installed; installed ones skipped; a removed one installed again"
