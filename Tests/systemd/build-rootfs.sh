#!/bin/sh
# Builds the Debian 12 root file system for the systemd VM test and prints the path of
# its ext4 image on stdout: debootstrap (minbase + systemd as init + the libgpiod
# runtime the package depends on, so `apt install ./torch_*.deb` needs no network in
# the guest), trimmed for a quick boot, with the test's entry point (rootfs/ here).
# Cached under $TORCH_VM_CACHE (default ~/.cache/torch-vm) by a hash of this script,
# rootfs/ and the mirror: a second run is instant. Needs root (debootstrap, ownership).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cache=${TORCH_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-vm}
mirror=${TORCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=bookworm
packages=systemd,systemd-sysv,libgpiod2
size=1G

log() { echo "build-rootfs: $*" >&2; }

key=$( { cat "$0"; (cd "$here/rootfs" && find . -type f | LC_ALL=C sort | xargs cat); echo "$mirror"; } \
    | sha256sum | cut -c1-16)
image="$cache/debian12-$key.ext4"
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

mkdir -p "$cache"
root="$cache/rootfs-build-$key"
rm -rf "$root"
start=$(date +%s)
log "debootstrap $suite (minbase + $packages) from $mirror"
debootstrap --variant=minbase --include="$packages" "$suite" "$root" "$mirror" > "$cache/debootstrap-$key.log" 2>&1 \
    || { tail -n 30 "$cache/debootstrap-$key.log" >&2; log "debootstrap failed"; exit 1; }

# The test's entry point: vmtest.target (the default target: basic.target and the
# test runner, no multi-user services) and the runner unit.
cp -r "$here/rootfs/." "$root/"
ln -sf /etc/systemd/system/vmtest.target "$root/etc/systemd/system/default.target"
# A quick boot: nothing the test does not use. No gettys (the console carries the
# test's lines), no timers, no network, no clock sync, no random-seed waits.
for unit in getty.target serial-getty@ttyS0.service console-getty.service \
    systemd-timesyncd.service apt-daily.timer apt-daily-upgrade.timer dpkg-db-backup.timer \
    e2scrub_all.timer e2scrub_reap.service fstrim.timer systemd-tmpfiles-clean.timer \
    systemd-networkd.service systemd-resolved.service systemd-logind.service \
    systemd-hwdb-update.service systemd-firstboot.service systemd-update-utmp.service \
    proc-sys-fs-binfmt_misc.automount sys-kernel-debug.mount sys-kernel-tracing.mount \
    sys-fs-fuse-connections.mount dev-mqueue.mount dev-hugepages.mount; do
    ln -sf /dev/null "$root/etc/systemd/system/$unit"
done
echo "/dev/vda / ext4 rw,noatime 0 1" > "$root/etc/fstab"
echo torchvm > "$root/etc/hostname"
# The root account without a password, for looking around with qemu by hand.
sed -i 's/^root:[^:]*:/root::/' "$root/etc/shadow"
# A machine id now, so the first boot does not count as "first boot" (presets).
systemd-machine-id-setup --root="$root" >&2
# apt's caches: not needed, and they would only grow the image.
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*_Packages

log "making $image ($size)"
rm -f "$image.tmp"
mkfs.ext4 -q -F -L torchvm -d "$root" "$image.tmp" "$size" >&2
mv "$image.tmp" "$image"
rm -rf "$root"
log "built $image in $(( $(date +%s) - start )) s"
echo "$image"
