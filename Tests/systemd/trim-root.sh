#!/bin/sh
# Makes a debootstrapped root into the systemd VM test's guest (build-rootfs.sh): the
# test's entry point, a quick boot, and a root that boots as "not the first boot".
# Runs on the host, for a root of any architecture: only file edits and the host's
# systemd-machine-id-setup, no program of the root.
#   trim-root.sh ROOT CONSOLE      (CONSOLE: the serial console, ttyS0 or ttyAMA0)
# The test's units (rootfs/ here) are copied in by build-rootfs.sh before.
set -eu
root=$1
console=$2
# The test's entry point: vmtest.target (the default target: basic.target and the
# test runner, no multi-user services); the runner writes to the serial console.
ln -sf /etc/systemd/system/vmtest.target "$root/etc/systemd/system/default.target"
sed -i "s|^TTYPath=/dev/ttyS0\$|TTYPath=/dev/$console|" "$root/etc/systemd/system/torch-vmtest.service"
# A quick boot: nothing the test does not use. No gettys (the console carries the
# test's lines), no timers, no network, no clock sync, no random-seed waits.
for unit in getty.target "serial-getty@$console.service" console-getty.service \
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
