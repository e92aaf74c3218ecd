# The systemd VM test's emulated machine for one guest architecture (sourced by run.sh
# and build-rootfs.sh): `machine ARCH` sets
#   qemu     the system emulator with its machine, accelerator, CPU and memory
#   console  the guest's serial console (the kernel's console=, the test runner's tty)
#   accel    kvm or tcg, and accel_why: one line saying why
# x86_64 is the pc machine under TCG unless TORCH_VM_ACCEL says otherwise. arm64 is
# `-M virt`: KVM with the host's CPU when this machine is an aarch64 one (TORCH_VM_HOST,
# default uname -m, says which the Makefile chose) and /dev/kvm can make a VM; else
# TCG with a Cortex-A72 (the Raspberry Pi 4's core): ARMv8.0, without pointer
# authentication, so the branch-protection instructions trixie's libraries are built
# with are hints it runs as no-ops (with `-cpu max`, every call signs and checks its
# return address in emulation).
# Both take virtio disks over PCI (-drive if=virtio). On an x86_64 host the emulator is
# Debian 13's qemu (Tests/vm/qemu-trixie.sh), whose TCG spends less host CPU than Debian
# 12's on the x86_64 guest (about the same on the arm64 one: one emulator for both); an
# aarch64 host runs its own.

# kvm_works: /dev/kvm answers KVM_GET_API_VERSION and makes a VM (KVM_CREATE_VM).
kvm_works() {
    python3 -c 'import fcntl, os; fd = os.open("/dev/kvm", os.O_RDWR); fcntl.ioctl(fd, 0xAE00); fcntl.ioctl(fd, 0xAE01, 0)' \
        2>/dev/null
}

# emulator PROGRAM: the path of Debian 13's PROGRAM on an x86_64 machine, else PROGRAM.
emulator() {
    if [ "$(uname -m)" = x86_64 ]; then sh "$(dirname "$here")/vm/qemu-trixie.sh" "$1"; else echo "$1"; fi
}

machine() {
    host=${TORCH_VM_HOST:-$(uname -m)}
    case "$1" in
    x86_64)
        accel=${TORCH_VM_ACCEL:-tcg}; accel_why="the x86_64 guest under $accel (TORCH_VM_ACCEL, default tcg)"
        qemu="$(emulator qemu-system-x86_64) -machine accel=$accel -m 1G" || return 1
        console=ttyS0 ;;
    arm64)
        if [ -n "${TORCH_VM_ACCEL:-}" ]; then accel=$TORCH_VM_ACCEL; accel_why="TORCH_VM_ACCEL=$accel"
        elif [ "$host" != aarch64 ]; then accel=tcg; accel_why="the host is $host: the arm64 guest is emulated (TCG)"
        elif [ "$(uname -m)" != aarch64 ]; then accel=tcg; accel_why="the host is taken as aarch64, but this machine is $(uname -m): TCG"
        elif kvm_works; then accel=kvm; accel_why="aarch64 host with a working /dev/kvm: KVM"
        else accel=tcg; accel_why="aarch64 host, but /dev/kvm cannot make a VM here: TCG"
        fi
        # Emulated, the interrupt controller is a GICv3: its CPU interface is system
        # registers, which TCG handles in line, where a GICv2's is MMIO, each access a
        # trip out of the translated code (every timer tick acknowledges and ends an
        # interrupt). Under KVM the host's own.
        if [ "$accel" = kvm ]; then cpu=host; gic=host; else cpu=cortex-a72; gic=3; fi
        qemu="$(emulator qemu-system-aarch64) -machine virt,accel=$accel,gic-version=$gic -cpu $cpu -m 1G" || return 1
        console=ttyAMA0 ;;
    *) echo "machine: unknown guest architecture '$1' (x86_64 or arm64)" >&2; return 64 ;;
    esac
}
