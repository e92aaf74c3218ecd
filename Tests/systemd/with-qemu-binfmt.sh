#!/bin/sh
# Runs a command with arm64 ELF programs handed to Debian's qemu-aarch64-static by
# binfmt_misc, for as long as the command runs (build-rootfs.sh: mmdebstrap of an arm64
# root, whose dpkg and maintainer scripts run in a chroot as arm64 programs):
#   Tests/systemd/with-qemu-binfmt.sh COMMAND [ARG...]
# The entry is this run's own (torch-aarch64-PID, so runs side by side and a host's own
# qemu-user-binfmt entries are left alone), registered with the F flag (the kernel opens
# the emulator now, so it needs no copy inside the chroot) and removed when the command
# ends, however it ends; binfmt_misc is mounted if it was not, and left mounted.
# Needs root.
set -eu
qemu=/usr/bin/qemu-aarch64-static
[ -x "$qemu" ] || { echo "with-qemu-binfmt: no $qemu (apt-get install qemu-user-static)" >&2; exit 1; }
dir=/proc/sys/fs/binfmt_misc
name=torch-aarch64-$$
# binfmt_misc stays mounted after: another run beside this one (two guests' roots built
# at once) may have registered its own entry there since.
cleanup() {
    [ ! -e "$dir/$name" ] || echo -1 > "$dir/$name"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
if [ ! -e "$dir/register" ]; then
    mount -t binfmt_misc binfmt_misc "$dir"
fi
# The aarch64 ELF header (64-bit, little-endian, ET_EXEC or ET_DYN, EM_AARCH64), as
# Debian's qemu-user-binfmt writes it.
magic='\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00'
mask='\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff'
printf ':%s:M::%s:%s:%s:F\n' "$name" "$magic" "$mask" "$qemu" > "$dir/register"
status=0
"$@" || status=$?
exit "$status"
