#!/bin/sh
# The package under real systemd (make systemd-test, make arm64-systemd-test): boots a
# Debian root file system (build-rootfs.sh, cached) under qemu with systemd as PID 1,
# on Debian's own kernel (Tests/vm/debian-kernel.sh), installs the .deb and walks issue
# 9's ten steps over five boots of the same disk (guest/boot0..4.sh):
#   boot 0  apt install, the gpio-sim unit, the config (light-by-default = yes)
#   boot 1  lit at boot (times to first light), stop/start, gpio group vs not,
#           SIGKILL, watchdog, reload with a broken config, the test PWM chip's -EIO
#   boot 2  lit again; light-by-default = no, at-start = restore; off; tap → lit
#   boot 3  restored lit; tap → dark; the state directory read-only (state-readonly.sh)
#   boot 4  a command storm, and a power cut in the middle of it (qemu killed)
#   boot 5  the state file whole and restored (dark); apt remove; apt purge; the file
#           list as before install
# Each boot ends with a real `systemctl reboot`; qemu -no-reboot then exits and the next
# boot starts on the same disk (a fresh copy of the cached image per run).
# The package's architecture chooses the guest (machine.sh), and its version's +debNN
# the release (build-deb.sh): amd64 boots Debian 12 on Debian 12's own amd64 kernel
# ($KERNEL, default 6.1) on qemu's pc machine; arm64 boots the release the package was
# built for on `-M virt`, on that release's own arm64 kernel (Debian 13's 6.12, Debian
# 12's 6.1); each with the test's modules in an initramfs (Tests/vm/debian-kernel.sh).
#   Tests/systemd/run.sh DEB
# Environment: TORCH_VM_CACHE (default ~/.cache/torch-vm; the arm64 guest's root, disks
# and kernel: TORCH_ARM64_VM_CACHE, default ~/.cache/torch-arm64-vm), TORCH_DEBIAN_KERNEL_CACHE
# (the amd64 kernel, default ~/.cache/torch-debian-kernel), TORCH_VM_TIMEOUT (seconds per
# boot, default 1200; 1800 for an emulated arm64 guest), TORCH_VM_ACCEL (x86_64: default
# tcg; arm64: kvm on an aarch64 host whose /dev/kvm works, else tcg), TORCH_VM_HOST
# (default uname -m: the host architecture the Makefile chose the guest for).
# Output: the guest's VMTEST lines prefixed [bootN], then "<name>: N passed, M
# failed"; exit 1 on any failure, a kernel panic, a timeout or a boot that never reports.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
deb=$1
boots=6
now() { date +%s; }

[ -f "$deb" ] || { echo "systemd-test: no package at $deb" >&2; exit 1; }
. "$here/machine.sh"
case "$(dpkg-deb -f "$deb" Architecture):$(dpkg-deb -f "$deb" Version)" in
amd64:*+deb12) name=systemd-test; guest=x86_64; suite=bookworm
    cache=${TORCH_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-vm} ;;
arm64:*+deb13) name=arm64-systemd-test; guest=arm64; suite=trixie kernel_version=6.12
    cache=${TORCH_ARM64_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-arm64-vm} ;;
arm64:*+deb12) name=arm64-bookworm-systemd-test; guest=arm64; suite=bookworm kernel_version=6.1
    cache=${TORCH_ARM64_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-arm64-vm} ;;
*) echo "systemd-test: $deb is $(dpkg-deb -f "$deb" Architecture) $(dpkg-deb -f "$deb" Version): amd64 for Debian 12 (+deb12), arm64 for Debian 12 or 13 (+deb12, +deb13) only" >&2; exit 1 ;;
esac
# build-rootfs.sh keeps the root where this run keeps its disks.
export TORCH_VM_CACHE="$cache"
log() { echo "$name: $*" >&2; }
machine "$guest"
boot_timeout=1200
[ "$guest:$accel" = arm64:tcg ] && boot_timeout=1800
boot_timeout=${TORCH_VM_TIMEOUT:-$boot_timeout}
log "$accel_why"
t0=$(now)
# The kernel: Debian's own (amd64: Debian 12's, arm64: Debian 13's) with the test's
# modules in an initrd that mounts the root (debian-kernel.sh); the modules are built on
# an x86_64 host (arm64: with the cross toolchain), so an aarch64 machine boots the small
# arm64 kernel it builds natively from linux-source-6.12 (build-kernel.sh) instead.
initrd=""
if [ "$guest" = arm64 ] && [ "$(uname -m)" = aarch64 ]; then
    kernel=$("$here/../vm/build-kernel.sh" 6.12 arm64)
else
    if [ "$guest" = arm64 ]; then
        kdir=$(TORCH_ARM64_VM_CACHE="$cache" "$here/../vm/debian-kernel.sh" arm64 "$kernel_version")
    else
        kdir=$("$here/../vm/debian-kernel.sh" amd64 "${KERNEL:-6.1}")
    fi
    kernel=$kdir/vmlinuz initrd="-initrd $kdir/initrd.img"
fi
image=$("$here/build-rootfs.sh" "$suite" "$(dpkg-deb -f "$deb" Architecture)")
t_cache=$(( $(now) - t0 ))

# The disk: a fresh copy of the cached image per run (reboots persist within a run).
# The second disk: the package and the guest scripts, read-only.
# A directory of its own per run (two runs side by side must not share a disk); the
# disks go when the run ends, the console logs stay when it fails, for whoever reads it.
work="$cache/work/systemd-$$"
rm -rf "$work"
trap 'rm -f "$work/disk.ext4" "$work/payload.ext4"' EXIT
mkdir -p "$work/payload"
cp --sparse=always "$image" "$work/disk.ext4"
cp "$deb" "$here"/guest/*.sh "$work/payload/"
# The gap sampler, built for the guest (build-sampler.sh): guest/gap.sh runs it.
cp "$("$here/build-sampler.sh" "$(dpkg-deb -f "$deb" Architecture)" "$work/sampler")" "$work/payload/"
# TORCH_VM_REPOS (Tests/release/build-test-repos.sh's directory): the guest installs
# from the signed repository and upgrades to the newer version (guest/repo.sh).
if [ -n "${TORCH_VM_REPOS:-}" ]; then
    for r in repo-v1 repo-v2; do
        mkdir -p "$work/payload/$r"
        cp -r "$TORCH_VM_REPOS/$r/apt" "$TORCH_VM_REPOS/$r"/torch-archive-keyring_*_all.deb "$work/payload/$r/"
    done
    cp -r "$TORCH_VM_REPOS/bad-packages" "$TORCH_VM_REPOS/bad-release" "$TORCH_VM_REPOS/versions" "$work/payload/"
fi
mkfs.ext4 -q -F -L vmtest -d "$work/payload" "$work/payload.ext4" 64M

passed=0
failed=0
times=""
boot=0
while [ "$boot" -lt "$boots" ]; do
    # The serial console's log ($console, machine.sh's, is the tty the kernel writes to:
    # Debian's amd64 kernel has a VGA console as well, which a bad console= would fall to).
    console_log="$work/console-boot$boot.log"
    log "boot $boot ($accel, timeout ${boot_timeout}s)"
    t0=$(now)
    status=0
    # mitigations=off init_on_alloc=0: Debian's kernels defend against speculative
    # execution and zero every allocation, both costly under emulation, and neither
    # guards anything in a throwaway guest.
    # shellcheck disable=SC2086 # qemu: the emulator and its options; initrd: none or -initrd PATH
    timeout "$boot_timeout" $qemu -nographic -no-reboot -kernel "$kernel" $initrd \
        -drive "file=$work/disk.ext4,format=raw,if=virtio" \
        -drive "file=$work/payload.ext4,format=raw,if=virtio,readonly=on" \
        -append "console=$console root=/dev/vda rw panic=-1 quiet mitigations=off init_on_alloc=0 systemd.show_status=0 torchvm.boot=$boot" \
        < /dev/null > "$console_log" 2>&1 &
    vm=$!
    # A guest that says VMTEST POWERCUT loses its power: qemu is killed at once (no
    # shutdown, no sync; what the guest had not flushed to its disk is lost).
    (
        while kill -0 "$vm" 2>/dev/null; do
            if grep -q 'VMTEST POWERCUT' "$console_log" 2>/dev/null; then pkill -KILL -P "$vm"; break; fi
            sleep 0.2
        done
    ) &
    watcher=$!
    wait "$vm" || status=$?
    kill "$watcher" 2>/dev/null || true
    wait "$watcher" 2>/dev/null || true
    t_boot=$(( $(now) - t0 ))
    tr -d '\r' < "$console_log" | sed 's/\x1bc//g; s/\x1b\[[0-9;?]*[A-Za-z]//g' > "$console_log.txt"
    grep -E '^(VMTEST|  )' "$console_log.txt" | sed "s|^|[boot$boot] |" || true
    p=$(grep -c '^VMTEST PASS ' "$console_log.txt" || true)
    f=$(grep -c '^VMTEST FAIL ' "$console_log.txt" || true)
    problem=""
    if [ "$status" = 124 ]; then problem="timed out after ${boot_timeout}s"
    elif grep -q 'Kernel panic' "$console_log.txt"; then problem="kernel panic: $(grep -m1 'Kernel panic' "$console_log.txt")"
    elif ! grep -q 'VMTEST BOOTED' "$console_log.txt"; then problem="the guest never ran the test (qemu status $status)"
    elif ! grep -q '^VMTEST REBOOT' "$console_log.txt" && ! grep -q '^VMTEST POWERCUT' "$console_log.txt"; then
        problem="the guest stopped before its verdict"
    fi
    if [ -n "$problem" ]; then
        echo "[boot$boot] VMTEST FAIL boot$boot: $problem (console: $console_log.txt)"
        tail -n 25 "$console_log.txt" | sed "s|^|[boot$boot] \| |"
        f=$((f + 1))
    fi
    passed=$((passed + p))
    failed=$((failed + f))
    times="$times boot$boot ${t_boot}s"
    [ -n "$problem" ] && break
    if grep -q '^VMTEST DONE' "$console_log.txt"; then break; fi
    boot=$((boot + 1))
done
if [ "$boot" -ge "$boots" ] || ! grep -q '^VMTEST DONE' "$work/console-boot$boot.log.txt" 2>/dev/null; then
    [ "$failed" -gt 0 ] || { echo "VMTEST FAIL $name: the guest never finished (no VMTEST DONE)"; failed=1; }
fi
echo "$name: kernel and root file system ${t_cache}s;$times ($accel)"
echo "$name: $passed passed, $failed failed"
# The consoles are kept for a failure to be read; a run that passed leaves nothing behind.
[ "$failed" = 0 ] || exit 1
rm -rf "$work"
