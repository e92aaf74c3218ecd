#!/bin/sh
# A test VM's kernel: Debian's own prebuilt kernel, unmodified, and the things the tests
# need that it leaves out, built as out-of-tree modules against Debian's headers for that
# very kernel (kmod/Kbuild): gpio-sim (with the IRQ simulator linked in), uleds, the test
# PWM chip (kernel/pwm-torch-test.c) and the test light sensor that reads its light
# (kernel/iio-torch-test.c, on Debian's IIO core, industrialio.ko). Building four small
# modules costs seconds where building a kernel from source costs many minutes of CPU.
#
#   Tests/vm/debian-kernel.sh amd64 6.1    Debian 12's kernel (linux-image-amd64's)
#   Tests/vm/debian-kernel.sh amd64 6.12   Debian 12's 6.12 (linux-image-6.12-amd64's)
#   Tests/vm/debian-kernel.sh arm64 6.12   Debian 13's kernel (linux-image-arm64's)
#   Tests/vm/debian-kernel.sh arm64 6.1    Debian 12's kernel (bookworm's linux-image-arm64's)
#
# Prints a directory holding
#   vmlinuz     Debian's kernel image
#   modules/    the modules the tests need, uncompressed, and `order`: their names, each
#               after what it depends on (its .modinfo depends=); the vm-test guest
#               (guest/init) loads them from its initramfs
#   initrd.img  busybox-static, those modules (with the root file system's: virtio-blk
#               and ext4 are modules in Debian's kernels) and an init that loads them,
#               mounts root= and hands over to its /sbin/init (the systemd VM)
#
# The sources gpio-sim.c, irq_sim.c and uleds.c come from linux-source-<version> of the
# kernel's own package version (the archive keeps older versions; a kernel whose source
# it no longer has is an error). Debian builds each kernel with its release's gcc (the
# headers' CC: gcc-12 for Debian 12, gcc-14 for Debian 13): the amd64 modules are built
# natively (this script is for x86_64 hosts; Debian 12's gcc-12 is the host's when the
# host is Debian 12), Debian 13's arm64 ones inside the arm64 cross toolchain's trixie
# root (dist/cross/toolchain.sh), whose glibc the kbuild tools (linux-kbuild-*, amd64)
# need, and Debian 12's arm64 ones on the host with Debian 12's gcc-12 for aarch64
# (gcc-12-aarch64-linux-gnu: ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-).
# Unsigned modules load: the kernels have CONFIG_MODULE_SIG without MODULE_SIG_FORCE
# (they are tainted, which the tests ignore).
#
# Packages: amd64 from the machine's own apt sources (its Debian 12 archive), arm64 from
# Debian 13 (TORCH_DEBIAN_MIRROR, default deb.debian.org); both through a private apt
# state (apt-get update into the cache, never the machine's lists), each checked against
# the index's SHA256. Cached under TORCH_DEBIAN_KERNEL_CACHE (default
# ~/.cache/torch-debian-kernel; arm64: TORCH_ARM64_VM_CACHE, default ~/.cache/torch-arm64-vm):
# the packages by their SHA256 (debs/), the package list resolved once per kernel
# (kernel-ARCH-VERSION.lock; TORCH_DEBIAN_KERNEL_REFRESH=1 resolves again against today's
# archive), the result by a hash of the packages, kmod/, the test chip's source and this
# script. arm64 needs root (chroot).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
arch=${1:-} version=${2:-}
log() { echo "debian-kernel: $*" >&2; }
die() { log "$*"; exit 1; }
now() { date +%s; }
# The meta-package that names the kernel, the shape of that kernel's name, the suite.
case "$arch:$version" in
amd64:6.1) meta=linux-image-amd64 pattern='linux-image-6.1.0-*-amd64' suite=bookworm ;;
amd64:6.12) meta=linux-image-6.12-amd64 pattern='linux-image-6.12.*+deb12-amd64' suite=bookworm ;;
arm64:6.12) meta=linux-image-arm64 pattern='linux-image-6.12.*-arm64' suite=trixie ;;
arm64:6.1) meta=linux-image-arm64 pattern='linux-image-6.1.0-*-arm64' suite=bookworm ;;
*) die "usage: debian-kernel.sh amd64 6.1|6.12, or arm64 6.12|6.1 (not '$arch $version')" ;;
esac
[ "$(uname -m)" = x86_64 ] || die "this host is $(uname -m): the modules are built on x86_64 (natively, or with the x86_64 cross toolchain)"
if [ "$arch" = arm64 ]; then
    cache=${TORCH_ARM64_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-arm64-vm}
    [ "$(id -u)" = 0 ] || die "needs root (the arm64 modules are built in a chroot)"
else
    cache=${TORCH_DEBIAN_KERNEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-debian-kernel}
fi
mirror=${TORCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}
for tool in apt-get dpkg-deb xz cpio gzip make; do
    command -v "$tool" > /dev/null || die "needs $tool"
done

# --- the packages, by content hash (private apt state, never the machine's) -----------
apt_dir="$cache/apt-$suite"
apt_opts="-q -o Dir::State::Lists=$apt_dir/lists -o Dir::Cache=$apt_dir/cache
 -o Dir::State::Status=/dev/null -o Debug::NoLocking=1
 -o APT::Architecture=amd64 -o APT::Architectures::=amd64"
[ "$arch:$suite" != arm64:bookworm ] || apt_opts="$apt_opts -o APT::Architectures::=arm64"
# Debian 13 from the mirror; Debian 12 from the machine's own sources (its configuration
# of the archive, read as it is).
[ "$suite" = bookworm ] || apt_opts="$apt_opts -o APT::Architectures::=arm64 -o Dir::Etc::SourceList=$apt_dir/sources.list
 -o Dir::Etc::SourceParts=/dev/null -o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts=/dev/null"
[ "$(id -u)" != 0 ] || apt_opts="$apt_opts -o APT::Sandbox::User=root"
lock="$cache/kernel-$arch-$version.lock"
# The arm64 kernel's list from before there were three kernels.
[ "$arch" != arm64 ] || [ -f "$lock" ] || [ ! -f "$cache/kernel.lock" ] || mv "$cache/kernel.lock" "$lock"

. "$here/debs.sh"

resolve_and_download() {
    mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/dl" "$cache/debs"
    [ "$suite" = bookworm ] || echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main" \
        > "$apt_dir/sources.list"
    log "resolving $suite's $arch $version kernel (apt-get update in $apt_dir)"
    # shellcheck disable=SC2086
    apt-get $apt_opts update > "$apt_dir/update.log" 2>&1 || die "apt-get update for $suite failed ($apt_dir/update.log)"
    kernel=$(show "$meta:$arch" Depends | sed -n 's/^\(linux-image-[^ ,]*\).*/\1/p')
    # shellcheck disable=SC2254 # pattern is a glob on purpose
    case "$kernel" in $pattern) ;; *) die "$meta depends on '$kernel', not a $pattern" ;; esac
    kversion=$(show "$kernel:$arch" Version)
    kver=${kernel#linux-image-}
    headers=linux-headers-$kver
    # The headers' other halves: the common one and the kbuild tools (amd64 programs).
    common=$(show "$headers:$arch" Depends | tr ',' '\n' | sed -n 's/^ *\(linux-headers-[^ ]*-common\) .*/\1/p')
    kbuild=$(show "$headers:$arch" Depends | tr ',' '\n' | sed -n 's/^ *\(linux-kbuild-[^ ]*\).*/\1/p')
    [ -n "$common" ] && [ -n "$kbuild" ] || die "$headers: no common headers or kbuild package in its Depends"
    : > "$lock.tmp"
    # The kernel, its headers, the source of the same version, the initramfs's shell.
    for p in "$kernel:$arch" "$headers:$arch" "$common" "$kbuild:amd64" \
        "linux-source-$version=$kversion" "busybox-static:$arch"; do
        fetch "$p"
    done
    mv "$lock.tmp" "$lock"
}

mkdir -p "$cache"
exec 9> "$cache/kernel-$arch-$version.flock"
flock 9
t0=$(now)
if [ "${TORCH_DEBIAN_KERNEL_REFRESH:-0}" = 1 ] || ! have_all; then resolve_and_download; fi
# deb_of NAME: the cached package of that name (in this kernel's lock file).
deb_of() { awk -v p="$1" -v c="$cache" '$1 == p { print c "/debs/" $3 ".deb" }' "$lock"; }
kernel=$(awk '$1 ~ /^linux-image-/ { print $1 }' "$lock")
kver=${kernel#linux-image-}

key=$( { echo "$arch $version"; cut -d' ' -f3 "$lock"; cat "$0" "$here/kmod/Kbuild" "$here/kernel/pwm-torch-test.c" "$here/kernel/iio-torch-test.c"; } \
    | sha256sum | cut -c1-16)
out="$cache/kernel-$key"
if [ -f "$out/initrd.img" ]; then
    log "cached $out ($kver)"
    echo "$out"
    exit 0
fi
log "packages ready in $(( $(now) - t0 )) s"

work="$cache/kernel-build-$key"
rm -rf "$work" "$out.tmp"
trap 'rm -rf "$work" "$out.tmp"' EXIT
mkdir -p "$work/image" "$work/hdr" "$work/src" "$out.tmp"
t0=$(now)
dpkg-deb -x "$(deb_of "$kernel")" "$work/image"
for p in $(awk '$1 ~ /^linux-(headers|kbuild)-/ { print $1 }' "$lock"); do
    dpkg-deb -x "$(deb_of "$p")" "$work/hdr"
done
config="$work/image/boot/config-$kver"
for want in CONFIG_MODULES=y CONFIG_CONFIGFS_FS=m CONFIG_LEDS_CLASS=y CONFIG_PWM=y CONFIG_GPIOLIB=y \
    CONFIG_GPIO_CDEV_V1=y CONFIG_IRQ_DOMAIN=y CONFIG_IRQ_WORK=y; do
    grep -qx "$want" "$config" || die "$kver: $want is not in its config (the modules assume it)"
done
grep -qE '^CONFIG_IIO=(m|y)$' "$config" || die "$kver: no IIO core (CONFIG_IIO), which the test light sensor needs"
! grep -q '^CONFIG_MODULE_SIG_FORCE=y' "$config" || die "$kver only loads signed modules (CONFIG_MODULE_SIG_FORCE)"
kmod="$work/hdr/usr/src/torch-kmod"
mkdir -p "$kmod"
src=linux-source-$version
dpkg-deb --fsys-tarfile "$(deb_of "$src")" | tar -xO "./usr/src/$src.tar.xz" \
    | tar -xJ -C "$work/src" --strip-components=1 "$src/drivers/gpio/gpio-sim.c" \
        "$src/drivers/gpio/gpiolib.h" "$src/kernel/irq/irq_sim.c" "$src/drivers/leds/uleds.c"
cp "$work/src/drivers/gpio/gpio-sim.c" "$kmod/gpio-sim-core.c"
# 6.1's gpio-sim.c includes gpiolib's private header (what it uses of it is exported).
cp "$work/src/drivers/gpio/gpiolib.h" "$work/src/kernel/irq/irq_sim.c" "$work/src/drivers/leds/uleds.c" "$here/kernel/pwm-torch-test.c" \
    "$here/kernel/iio-torch-test.c" "$here/kmod/Kbuild" "$kmod/"
# irq_sim.c runs each pending interrupt's handler with handle_simple_irq(irq_to_desc(n)):
# irq_to_desc is not exported to modules, so call it through generic_handle_irq(n), which
# runs the same handler (the one irq_sim_domain_map set: handle_simple_irq) on that desc.
grep -q 'handle_simple_irq(irq_to_desc(irqnum));' "$kmod/irq_sim.c" || die "irq_sim.c changed: no irq_to_desc call to replace"
sed -i 's/handle_simple_irq(irq_to_desc(irqnum));/generic_handle_irq(irqnum);/' "$kmod/irq_sim.c"
log "unpacked in $(( $(now) - t0 )) s"

# --- the modules -------------------------------------------------------------------------
# Module BTF is skipped: it needs pahole and the tests read no BTF.
t0=$(now)
if [ "$arch:$suite" = arm64:trixie ]; then
    tc=$(sh "$top/dist/cross/toolchain.sh")
    root="$tc/root"
    kbuild_dir=$(cd "$work/hdr/usr/lib" && echo linux-kbuild-*)
    mkdir -p "$root/usr/lib/$kbuild_dir"
    # The headers expect themselves at /usr/src (their Makefile includes an absolute path)
    # and kbuild at /usr/lib/linux-kbuild-*: bound there in a private mount namespace, so
    # the toolchain's root keeps none of it.
    unshare --mount --propagation private sh -c '
        root=$1 hdr=$2 kbuild_dir=$3 kver=$4
        mount -t proc proc "$root/proc" && mount --rbind /dev "$root/dev" &&
        mount --bind "$hdr/usr/src" "$root/usr/src" &&
        mount --bind "$hdr/usr/lib/$kbuild_dir" "$root/usr/lib/$kbuild_dir" &&
        exec chroot "$root" make -s -C "/usr/src/linux-headers-$kver" M=/usr/src/torch-kmod \
            -j"$(nproc)" CONFIG_DEBUG_INFO_BTF_MODULES= modules' sh "$root" "$work/hdr" "$kbuild_dir" "$kver" \
        > "$work/modules.log" 2>&1 || { cat "$work/modules.log" >&2; die "the module build failed"; }
else
    cc=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\([^ ]*\) .*/\1/p' "$config")
    # Debian 12's arm64 kernel was built natively with gcc-12: here, its aarch64 cross
    # build (the same GCC release, Debian 12's).
    cross=""
    if [ "$arch" = arm64 ]; then cross=aarch64-linux-gnu- cc=aarch64-linux-gnu-$cc; fi
    command -v "$cc" > /dev/null || die "$kver was built with $cc (CONFIG_CC_VERSION_TEXT), which this host lacks (apt-get install $(echo "$cc" | sed 's/^aarch64-linux-gnu-\(.*\)/\1-aarch64-linux-gnu/'))"
    # The headers' Makefile includes the common half by its absolute /usr/src path: here,
    # where they are unpacked (the links to kbuild are relative).
    sed -i "s|^include /usr/src/|include $work/hdr/usr/src/|" "$work/hdr/usr/src/linux-headers-$kver/Makefile"
    make -s -C "$work/hdr/usr/src/linux-headers-$kver" M="$kmod" -j"$(nproc)" CONFIG_DEBUG_INFO_BTF_MODULES= \
        ${cross:+ARCH=arm64 CROSS_COMPILE=$cross CC=$cc} modules \
        > "$work/modules.log" 2>&1 || { cat "$work/modules.log" >&2; die "the module build failed"; }
fi
grep -i 'warning\|undefined' "$work/modules.log" >&2 || true
log "modules built in $(( $(now) - t0 )) s"

# --- the modules to load, and the initramfs ---------------------------------------------
# Each after what it depends on (its .modinfo depends=); one built into this kernel
# (modules.builtin) is left out. The root file system's (virtio-pci, virtio-blk, ext4:
# ext4 asks the crypto API for crc32c at mount: crc32c_generic, as no modprobe runs before
# the root is mounted), systemd's automounter, the configfs the GPIO simulator lives in,
# the LED triggers the tests' LEDs use, the TCP socket lookup (inet_diag, tcp_diag: torch
# asks sock_diag who is at the other end of a loopback connection; a Debian system loads
# them on demand, these guests have no modules of their own to load), and ours (the test
# light sensor brings the IIO core it depends on).
# Debian 12's packages keep them in /lib, Debian 13's in /usr/lib.
moddir="$work/image/usr/lib/modules/$kver"
[ -d "$moddir" ] || moddir="$work/image/lib/modules/$kver"
[ -f "$moddir/modules.builtin" ] || die "$kernel: no modules.builtin"
{ find "$moddir/kernel" -name '*.ko' -o -name '*.ko.xz'; ls "$kmod"/*.ko; } \
    | awk -F/ '{ n = $NF; sub(/\.ko(\.xz)?$/, "", n); gsub(/-/, "_", n); print n, $0 }' > "$work/index"
sed 's|.*/||; s/\.ko$//; s/-/_/g' "$moddir/modules.builtin" > "$work/builtin"
ird="$work/initramfs"
mods="$ird/modules"
mkdir -p "$ird/bin" "$ird/dev" "$ird/proc" "$ird/sys" "$ird/newroot" "$mods"
: > "$mods/order"
add_module() {
    grep -qx "$1.ko" "$mods/order" && return 0
    f=$(awk -v n="$1" '$1 == n { print $2 }' "$work/index")
    if [ -z "$f" ]; then
        grep -qx "$1" "$work/builtin" || die "no module $1 in $kver or kmod/"
        return 0
    fi
    case "$f" in *.xz) xz -dc "$f" > "$mods/$1.ko" ;; *) cp "$f" "$mods/$1.ko" ;; esac
    for d in $(tr '\0' '\n' < "$mods/$1.ko" | sed -n 's/^depends=//p' | tr , ' '); do
        add_module "$(echo "$d" | tr - _)"
    done
    echo "$1.ko" >> "$mods/order"
}
for m in virtio_pci virtio_blk crc32c_generic ext4 autofs4 configfs ledtrig_timer ledtrig_heartbeat \
    ledtrig_default_on inet_diag tcp_diag gpio_sim uleds pwm_torch_test iio_torch_test; do
    add_module "$m"
done
bb=$work/bb
mkdir -p "$bb"
dpkg-deb -x "$(deb_of busybox-static)" "$bb"
cp "$bb/usr/bin/busybox" "$ird/bin/busybox" 2>/dev/null || cp "$bb/bin/busybox" "$ird/bin/busybox"
# The kernel opens /dev/console for init before anything is mounted.
mknod "$ird/dev/console" c 5 1 2>/dev/null || log "no /dev/console in the initramfs (mknod needs root): init opens it once devtmpfs is up"
cat > "$ird/init" <<'INIT'
#!/bin/busybox sh
# Loads the modules, mounts root= (read-write with rw) and starts its /sbin/init.
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
[ -t 1 ] || exec < /dev/console > /dev/console 2>&1
for m in $(cat /modules/order); do insmod "/modules/$m" || echo "initramfs: insmod $m failed"; done
root=/dev/vda mode=ro
for word in $(cat /proc/cmdline); do
    case "$word" in root=*) root=${word#root=} ;; rw) mode=rw ;; esac
done
# virtio-blk probes asynchronously: wait for the disk.
i=0
while [ ! -b "$root" ] && [ "$i" -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
mount -o "$mode" "$root" /newroot || { echo "initramfs: cannot mount $root"; exec sh; }
umount /proc /sys
mount --move /dev /newroot/dev
exec switch_root /newroot /sbin/init
INIT
chmod 755 "$ird/init"
(cd "$ird" && find . | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -1) > "$out.tmp/initrd.img"
cp "$work/image/boot/vmlinuz-$kver" "$out.tmp/vmlinuz"
cp "$config" "$out.tmp/config"
cp -r "$mods" "$out.tmp/modules"
echo "$kver" > "$out.tmp/version"
rm -rf "$out"
mv "$out.tmp" "$out"
rm -rf "$work"
log "ready: $out ($kver; modules: $(tr '\n' ' ' < "$out/modules/order"))"
echo "$out"
