#!/bin/sh
# Builds the root file system for the systemd VM test and prints the path of its ext4
# image on stdout: debootstrap, or mmdebstrap for a foreign architecture (minbase +
# systemd as init + the libgpiod runtime the package depends on, so
# `apt install ./torch_*.deb` needs no network in the guest; + mosquitto, the broker of
# guest/clock.sh's MQTT group command, left stopped: the guest reaches no multi-user.target),
# trimmed for a quick boot (trim-root.sh), with the test's entry point (rootfs/ here).
#   build-rootfs.sh [bookworm|trixie] [amd64|arm64]   (default: bookworm amd64)
# Debian 12 amd64 is the x86_64 guest's; Debian 13 arm64 the arm64 guest's. A root of
# another architecture than the host's is made with mmdebstrap (the same minbase set):
# apt on the host resolves and downloads, and only dpkg and the maintainer scripts run
# as arm64 programs, in a chroot under qemu-user (with-qemu-binfmt.sh registers
# qemu-aarch64-static with binfmt_misc for that run only). debootstrap's second stage
# would resolve dependencies with perl inside the root, which emulated costs more than
# the rest together; and no guest kernel is needed.
# Cached under $TORCH_VM_CACHE (default ~/.cache/torch-vm) by a hash of this script,
# trim-root.sh, rootfs/, the suite, the architecture and the mirror: a
# second run is instant. Needs root (debootstrap, ownership).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cache=${TORCH_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-vm}
mirror=${TORCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=${1:-bookworm}
arch=${2:-amd64}
case "$suite" in
bookworm) packages=systemd,systemd-sysv,libgpiod2,mosquitto,mosquitto-clients; name=debian12 ;;
trixie) packages=systemd,systemd-sysv,libgpiod3,mosquitto,mosquitto-clients; name=debian13 ;;
*) echo "build-rootfs: unknown suite '$suite' (bookworm or trixie)" >&2; exit 64 ;;
esac
case "$arch" in
amd64) guest=x86_64 ;;
arm64) guest=arm64; name=$name-arm64 ;;
*) echo "build-rootfs: unknown architecture '$arch' (amd64 or arm64)" >&2; exit 64 ;;
esac
size=1G

log() { echo "build-rootfs: $*" >&2; }

key=$( { cat "$0" "$here/trim-root.sh"
         (cd "$here/rootfs" && find . -type f | LC_ALL=C sort | xargs cat); echo "$mirror $suite $arch"; } \
    | sha256sum | cut -c1-16)
image="$cache/$name-$key.ext4"
if [ -f "$image" ]; then
    log "cached $image"
    echo "$image"
    exit 0
fi

[ "$(id -u)" = 0 ] || { log "needs root (debootstrap)"; exit 1; }
foreign=""
[ "$arch" = "$(dpkg --print-architecture)" ] || foreign=yes
tools="debootstrap:debootstrap mkfs.ext4:e2fsprogs"
[ -z "$foreign" ] || tools="mmdebstrap:mmdebstrap arch-test:arch-test qemu-aarch64-static:qemu-user-static mkfs.ext4:e2fsprogs"
need=""
for tool in $tools; do
    command -v "${tool%%:*}" >/dev/null || need="$need ${tool#*:}"
done
[ -z "$need" ] || sh "$here/../../dist/ensure-packages.sh" $need >&2 || exit 1
. "$here/machine.sh"
machine "$guest"

mkdir -p "$cache"
root="$cache/rootfs-build-$key"
rm -rf "$root"
start=$(date +%s)
if [ -z "$foreign" ]; then
    log "debootstrap $suite $arch (minbase + $packages) from $mirror"
    debootstrap --variant=minbase --include="$packages" "$suite" "$root" "$mirror" > "$cache/debootstrap-$key.log" 2>&1 \
        || { tail -n 30 "$cache/debootstrap-$key.log" >&2; log "debootstrap failed"; exit 1; }
else
    log "mmdebstrap $suite $arch (minbase + $packages) from $mirror, under qemu-aarch64-static"
    sh "$here/with-qemu-binfmt.sh" mmdebstrap --mode=root --variant=minbase --architectures="$arch" \
        --include="$packages" "$suite" "$root" "$mirror" > "$cache/mmdebstrap-$key.log" 2>&1 \
        || { tail -n 30 "$cache/mmdebstrap-$key.log" >&2; log "mmdebstrap failed"; exit 1; }
fi
cp -r "$here/rootfs/." "$root/"
rm -f "$image.tmp"
sh "$here/trim-root.sh" "$root" "$console"
log "making $image ($size)"
mkfs.ext4 -q -F -L torchvm -d "$root" "$image.tmp" "$size" >&2
mv "$image.tmp" "$image"
rm -rf "$root"
log "built $image in $(( $(date +%s) - start )) s"
echo "$image"
