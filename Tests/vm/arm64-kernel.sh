#!/bin/sh
# The arm64 systemd VM's kernel (Tests/systemd/run.sh): Debian 13's own arm64 kernel
# (linux-image-6.12.*-arm64, the one trixie's linux-image-arm64 depends on), unmodified,
# and the three things the test needs that it leaves out, built as out-of-tree modules
# against Debian's headers for that very kernel (kmod/Kbuild): gpio-sim (with the IRQ
# simulator linked in), uleds and the test PWM chip (kernel/pwm-torch-test.c). Building
# three modules costs seconds where a cross-built kernel costs many minutes of CPU.
# Prints a directory holding
#   vmlinuz     Debian's kernel image
#   initrd.img  busybox-static, the modules the root file system needs (virtio-blk and
#               ext4 are modules in Debian's kernel), the modules the test needs, and an
#               init that loads them, mounts root= and hands over to its /sbin/init
#
# The modules are compiled inside the arm64 cross toolchain's trixie root
# (dist/cross/toolchain.sh): Debian built this kernel with trixie's gcc-14 (its
# CONFIG_CC_VERSION_TEXT) and its kbuild tools (linux-kbuild-6.12.*, amd64) need
# trixie's glibc. The sources gpio-sim.c, irq_sim.c and uleds.c come from trixie's
# linux-source-6.12 of the kernel's own version. Unsigned modules load: the kernel has
# CONFIG_MODULE_SIG without MODULE_SIG_FORCE (it is tainted, which the test ignores).
#
# Cached under TORCH_ARM64_VM_CACHE (default ~/.cache/torch-arm64-vm): the packages by
# their SHA256 (debs/), the package list resolved once (kernel.lock;
# TORCH_ARM64_VM_REFRESH=1 resolves again against today's trixie), the result by a hash
# of the packages, kmod/, the test chip's source and this script. Only Debian's archive
# is used. Needs root (chroot). Off x86_64 there is no cross toolchain: it says so.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cache=${TORCH_ARM64_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-arm64-vm}
mirror=${TORCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}
log() { echo "arm64-kernel: $*" >&2; }
die() { log "$*"; exit 1; }
now() { date +%s; }
[ "$(id -u)" = 0 ] || die "needs root (chroot)"
[ "$(uname -m)" = x86_64 ] || die "the modules are built with the x86_64 cross toolchain (dist/cross/toolchain.sh); this host is $(uname -m)"

# --- the packages, by content hash (private apt state, never the machine's) -----------
apt_dir="$cache/apt"
apt_opts="-q -o Dir::Etc::SourceList=$apt_dir/sources.list -o Dir::Etc::SourceParts=/dev/null
 -o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts=/dev/null
 -o Dir::State::Lists=$apt_dir/lists -o Dir::Cache=$apt_dir/cache -o Dir::State::Status=/dev/null
 -o APT::Architecture=amd64 -o APT::Architectures::=amd64 -o APT::Architectures::=arm64
 -o APT::Sandbox::User=root -o Debug::NoLocking=1"
lock="$cache/kernel.lock"

have_all() {
    [ -f "$lock" ] || return 1
    while read -r _ _ sha; do [ -f "$cache/debs/$sha.deb" ] || return 1; done < "$lock"
}

# fetch NAME:ARCH: one package at trixie's version, checked against the index's SHA256,
# appended to the new lock file.
fetch() {
    # shellcheck disable=SC2086 # apt_opts is a word list
    info=$(apt-cache $apt_opts show --no-all-versions "$1") || die "trixie has no package $1"
    version=$(echo "$info" | sed -n 's/^Version: //p')
    sha=$(echo "$info" | sed -n 's/^SHA256: //p')
    if [ ! -f "$cache/debs/$sha.deb" ]; then
        rm -f "$apt_dir"/dl/*.deb
        # shellcheck disable=SC2086
        (cd "$apt_dir/dl" && apt-get $apt_opts download "$1=$version" > "$apt_dir/download.log" 2>&1) \
            || die "download of $1=$version failed ($apt_dir/download.log)"
        got=$(sha256sum "$apt_dir"/dl/*.deb | cut -d' ' -f1)
        [ "$got" = "$sha" ] || die "$1=$version: SHA256 $got, the index says $sha"
        mv "$apt_dir"/dl/*.deb "$cache/debs/$sha.deb"
    fi
    echo "${1%%:*} $version $sha" >> "$lock.tmp"
}

resolve_and_download() {
    mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/dl" "$cache/debs"
    echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror trixie main" \
        > "$apt_dir/sources.list"
    log "resolving trixie's arm64 kernel (apt-get update in $apt_dir)"
    # shellcheck disable=SC2086
    apt-get $apt_opts update > "$apt_dir/update.log" 2>&1 || die "apt-get update for trixie failed ($apt_dir/update.log)"
    # shellcheck disable=SC2086
    kernel=$(apt-cache $apt_opts show --no-all-versions linux-image-arm64:arm64 \
        | sed -n 's/^Depends: \(linux-image-[^ ,]*\).*/\1/p')
    case "$kernel" in linux-image-6.12.*-arm64) ;; *) die "trixie's linux-image-arm64 depends on '$kernel', not a 6.12 arm64 kernel" ;; esac
    abi=${kernel#linux-image-}; abi=${abi%-arm64}
    : > "$lock.tmp"
    # The kernel, its headers (the arm64 half, the common half, the amd64 kbuild tools),
    # the source of the same version, and the initramfs's shell.
    for p in "$kernel:arm64" "linux-headers-$abi-arm64:arm64" "linux-headers-$abi-common:all" \
        "linux-kbuild-$abi:amd64" linux-source-6.12:all busybox-static:arm64; do
        fetch "${p%:all}"
    done
    [ "$(awk '$1 == "linux-source-6.12" { print $2 }' "$lock.tmp")" = "$(awk -v k="$kernel" '$1 == k { print $2 }' "$lock.tmp")" ] \
        || die "trixie's linux-source-6.12 is not the kernel's version: $(cut -d' ' -f1,2 "$lock.tmp" | tr '\n' ' ')"
    mv "$lock.tmp" "$lock"
}

mkdir -p "$cache"
exec 9> "$cache/kernel.flock"
flock 9
t0=$(now)
if [ "${TORCH_ARM64_VM_REFRESH:-0}" = 1 ] || ! have_all; then resolve_and_download; fi
# deb_of NAME: the cached package of that name.
deb_of() { awk -v p="$1" -v c="$cache" '$1 == p { print c "/debs/" $3 ".deb" }' "$lock"; }
kernel=$(awk '$1 ~ /^linux-image-/ { print $1 }' "$lock")
abi=${kernel#linux-image-}; abi=${abi%-arm64}
kver=$abi-arm64

key=$( { cut -d' ' -f3 "$lock"; cat "$0" "$here/kmod/Kbuild" "$here/kernel/pwm-torch-test.c"; } | sha256sum | cut -c1-16)
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
for p in "linux-headers-$abi-arm64" "linux-headers-$abi-common" "linux-kbuild-$abi"; do
    dpkg-deb -x "$(deb_of "$p")" "$work/hdr"
done
config="$work/image/boot/config-$kver"
for want in CONFIG_MODULES=y CONFIG_CONFIGFS_FS=m CONFIG_LEDS_CLASS=y CONFIG_PWM=y CONFIG_GPIOLIB=y \
    CONFIG_GPIO_CDEV_V1=y CONFIG_IRQ_DOMAIN=y CONFIG_IRQ_WORK=y; do
    grep -qx "$want" "$config" || die "$kver: $want is not in its config (the modules assume it)"
done
! grep -q '^CONFIG_MODULE_SIG_FORCE=y' "$config" || die "$kver only loads signed modules (CONFIG_MODULE_SIG_FORCE)"
kmod="$work/hdr/usr/src/torch-kmod"
mkdir -p "$kmod"
dpkg-deb --fsys-tarfile "$(deb_of linux-source-6.12)" | tar -xO ./usr/src/linux-source-6.12.tar.xz \
    | tar -xJ -C "$work/src" --strip-components=1 linux-source-6.12/drivers/gpio/gpio-sim.c \
        linux-source-6.12/kernel/irq/irq_sim.c linux-source-6.12/drivers/leds/uleds.c
cp "$work/src/drivers/gpio/gpio-sim.c" "$kmod/gpio-sim-core.c"
cp "$work/src/kernel/irq/irq_sim.c" "$work/src/drivers/leds/uleds.c" "$here/kernel/pwm-torch-test.c" \
    "$here/kmod/Kbuild" "$kmod/"
# irq_sim.c runs each pending interrupt's handler with handle_simple_irq(irq_to_desc(n)):
# irq_to_desc is not exported to modules, so call it through generic_handle_irq(n), which
# runs the same handler (the one irq_sim_domain_map set: handle_simple_irq) on that desc.
grep -q 'handle_simple_irq(irq_to_desc(irqnum));' "$kmod/irq_sim.c" || die "irq_sim.c changed: no irq_to_desc call to replace"
sed -i 's/handle_simple_irq(irq_to_desc(irqnum));/generic_handle_irq(irqnum);/' "$kmod/irq_sim.c"
log "unpacked in $(( $(now) - t0 )) s"

# --- the modules, in the cross toolchain's root ----------------------------------------
tc=$(sh "$top/dist/cross/toolchain.sh")
root="$tc/root"
mkdir -p "$root/usr/lib/linux-kbuild-$abi"
t0=$(now)
# The headers expect themselves at /usr/src (their Makefile includes an absolute path)
# and kbuild at /usr/lib/linux-kbuild-*: bound there in a private mount namespace, so
# the toolchain's root keeps none of it. Module BTF is skipped: it needs pahole and the
# test reads no BTF.
unshare --mount --propagation private sh -c '
    root=$1 hdr=$2 abi=$3 kver=$4
    mount -t proc proc "$root/proc" && mount --rbind /dev "$root/dev" &&
    mount --bind "$hdr/usr/src" "$root/usr/src" &&
    mount --bind "$hdr/usr/lib/linux-kbuild-$abi" "$root/usr/lib/linux-kbuild-$abi" &&
    exec chroot "$root" make -s -C "/usr/src/linux-headers-$kver" M=/usr/src/torch-kmod \
        -j"$(nproc)" CONFIG_DEBUG_INFO_BTF_MODULES= modules' sh "$root" "$work/hdr" "$abi" "$kver" \
    > "$work/modules.log" 2>&1 || { cat "$work/modules.log" >&2; die "the module build failed"; }
grep -i 'warning\|undefined' "$work/modules.log" >&2 || true
log "modules built in $(( $(now) - t0 )) s"

# --- the initramfs ---------------------------------------------------------------------
# The modules to load, each after what it depends on (its .modinfo depends=): the root
# file system's (ext4 asks the crypto API for crc32c at mount: crc32c_generic, as no
# modprobe runs before the root is mounted), systemd's automounter, the LED triggers the
# test's LEDs use, the TCP socket lookup (inet_diag, tcp_diag: torch asks sock_diag who
# is at the other end of a loopback connection; a Debian system loads them on demand,
# this root has no modules of its own to load), and ours.
moddir="$work/image/usr/lib/modules/$kver/kernel"
{ find "$moddir" -name '*.ko.xz'; ls "$kmod"/*.ko; } \
    | awk -F/ '{ n = $NF; sub(/\.ko(\.xz)?$/, "", n); gsub(/-/, "_", n); print n, $0 }' > "$work/index"
ird="$work/initramfs"
mkdir -p "$ird/bin" "$ird/dev" "$ird/proc" "$ird/sys" "$ird/newroot" "$ird/modules"
: > "$ird/modules/order"
add_module() {
    grep -qx "$1.ko" "$ird/modules/order" && return 0
    f=$(awk -v n="$1" '$1 == n { print $2 }' "$work/index")
    [ -n "$f" ] || die "no module $1 in $kver or kmod/"
    case "$f" in *.xz) xz -dc "$f" > "$ird/modules/$1.ko" ;; *) cp "$f" "$ird/modules/$1.ko" ;; esac
    for d in $(tr '\0' '\n' < "$ird/modules/$1.ko" | sed -n 's/^depends=//p' | tr , ' '); do
        add_module "$(echo "$d" | tr - _)"
    done
    echo "$1.ko" >> "$ird/modules/order"
}
for m in virtio_blk crc32c_generic ext4 autofs4 ledtrig_timer ledtrig_default_on inet_diag tcp_diag \
    configfs gpio_sim uleds pwm_torch_test; do
    add_module "$m"
done
bb=$work/bb
mkdir -p "$bb"
dpkg-deb -x "$(deb_of busybox-static)" "$bb"
cp "$bb/usr/bin/busybox" "$ird/bin/busybox"
# The kernel opens /dev/console for init before anything is mounted.
mknod "$ird/dev/console" c 5 1
cat > "$ird/init" <<'INIT'
#!/bin/busybox sh
# Loads the modules, mounts root= (read-write with rw) and starts its /sbin/init.
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
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
cp "$ird/modules/order" "$out.tmp/modules"
echo "$kver" > "$out.tmp/version"
rm -rf "$out"
mv "$out.tmp" "$out"
rm -rf "$work"
log "ready: $out ($kver; modules: $(tr '\n' ' ' < "$out/modules"))"
echo "$out"
