#!/bin/sh
# Builds the root file system for the systemd VM test and prints the path of its ext4
# image on stdout: debootstrap (minbase + systemd as init + the libgpiod runtime the
# package depends on, so `apt install ./torch_*.deb` needs no network in the guest),
# trimmed for a quick boot (trim-root.sh), with the test's entry point (rootfs/ here).
#   build-rootfs.sh [bookworm|trixie] [amd64|arm64]   (default: bookworm amd64)
# Debian 12 amd64 is the x86_64 guest's; Debian 13 arm64 the arm64 guest's. A root of
# another architecture than the host's is debootstrapped in two stages, both here: the
# first downloads and unpacks, the second (dpkg and the maintainer scripts, arm64
# programs) runs in a chroot under qemu-user (with-qemu-binfmt.sh registers
# qemu-aarch64-static with binfmt_misc for that run only), far cheaper than a whole
# emulated guest and with no kernel needed.
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
bookworm) packages=systemd,systemd-sysv,libgpiod2; name=debian12 ;;
trixie) packages=systemd,systemd-sysv,libgpiod3; name=debian13 ;;
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
for tool in debootstrap:debootstrap mkfs.ext4:e2fsprogs; do
    command -v "${tool%%:*}" >/dev/null && continue
    log "installing ${tool#*:}"
    apt-get install -y -qq "${tool#*:}" >&2 || { apt-get update -qq >&2; apt-get install -y -qq "${tool#*:}" >&2; }
done
. "$here/machine.sh"
machine "$guest"

mkdir -p "$cache"
root="$cache/rootfs-build-$key"
rm -rf "$root"
start=$(date +%s)
foreign=""
[ "$arch" = "$(dpkg --print-architecture)" ] || foreign="--foreign --arch=$arch"
log "debootstrap $suite $arch ${foreign:+(first stage) }(minbase + $packages) from $mirror"
# shellcheck disable=SC2086 # foreign: empty or two options
debootstrap $foreign --variant=minbase --include="$packages" "$suite" "$root" "$mirror" > "$cache/debootstrap-$key.log" 2>&1 \
    || { tail -n 30 "$cache/debootstrap-$key.log" >&2; log "debootstrap failed"; exit 1; }
cp -r "$here/rootfs/." "$root/"

rm -f "$image.tmp"
if [ -n "$foreign" ]; then
    command -v qemu-aarch64-static >/dev/null || apt-get install -y -qq qemu-user-static >&2
    log "second stage in a chroot under qemu-aarch64-static (log: $cache/stage2-$key.log)"
    # A private mount namespace: the second stage's /proc and /sys mounts end with it.
    sh "$here/with-qemu-binfmt.sh" unshare --mount --propagation private \
        chroot "$root" /debootstrap/debootstrap --second-stage > "$cache/stage2-$key.log" 2>&1 \
        || { tail -n 30 "$cache/stage2-$key.log" "$root/debootstrap/debootstrap.log" >&2 2>/dev/null
             log "the second stage failed"; exit 1; }
fi
sh "$here/trim-root.sh" "$root" "$console"
log "making $image ($size)"
mkfs.ext4 -q -F -L torchvm -d "$root" "$image.tmp" "$size" >&2
mv "$image.tmp" "$image"
rm -rf "$root"
log "built $image in $(( $(date +%s) - start )) s"
echo "$image"
