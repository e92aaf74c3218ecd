#!/bin/sh
# The cross toolchain's Debian root (dist/cross/toolchain.sh calls this):
#   dist/cross/build-root.sh DIR SUITE MIRROR PACKAGE=VERSION...
# debootstraps SUITE (minbase, amd64) into DIR/root, makes arm64 a foreign dpkg
# architecture there and installs exactly the named packages at the named versions
# (name:amd64 for the host's tools, name:arm64 for the target's development files),
# then marks DIR/root-ready. Logs: DIR/debootstrap.log, DIR/apt.log. Needs root.
set -eu
dir=$1 suite=$2 mirror=$3
shift 3
root="$dir/root"
log() { echo "toolchain: $*" >&2; }
now() { date +%s; }
# chroot's tools need /proc and /dev; a private mount namespace drops the mounts on exit.
in_root() { unshare --mount --propagation private sh -c '
    r=$1; shift
    mount -t proc proc "$r/proc" && mount --rbind /dev "$r/dev" && chroot "$r" "$@"' sh "$root" "$@"; }

rm -rf "$dir"
mkdir -p "$dir"
t=$(now)
log "debootstrap $suite minbase from $mirror"
debootstrap --variant=minbase "$suite" "$root" "$mirror" > "$dir/debootstrap.log" 2>&1 \
    || { tail -n 30 "$dir/debootstrap.log" >&2; log "debootstrap failed"; exit 1; }
log "debootstrap: $(( $(now) - t )) s"
cp /etc/resolv.conf "$root/etc/resolv.conf"

t=$(now)
log "apt-get install in the root: $*"
in_root sh -c 'dpkg --add-architecture arm64 && apt-get -qq update &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" &&
    apt-get clean' sh "$@" > "$dir/apt.log" 2>&1 \
    || { tail -n 30 "$dir/apt.log" >&2; log "apt-get install in the root failed"; exit 1; }
log "apt in the root: $(( $(now) - t )) s"
touch "$dir/root-ready"
