#!/bin/sh
# Builds the small arm64 test kernel (tinyconfig + kernel.config + kernel-arm64.config,
# for qemu -M virt, with the project's test PWM chip kernel/pwm-torch-test.c dropped into
# drivers/pwm/) from Debian's linux-source package and prints the path of its Image.
#
#   Tests/vm/build-kernel.sh [6.1|6.12] arm64   (default: $KERNEL, else 6.1)
#
# Only an aarch64 host uses it (its arm64 systemd VM), building natively: the modules
# Debian's own kernels lack are built on x86_64 hosts (Tests/vm/debian-kernel.sh), which
# boot those kernels instead, in every VM test, and build none.
# 6.1 comes from linux-source-6.1, 6.12 from linux-source-6.12. Cached under $TORCH_VM_CACHE (default ~/.cache/torch-vm: outside the work
# tree, so it survives fresh clones and stays out of copies of the tree) by a hash of the
# config fragment, the test chip's source and the tarball's name and size: a second run
# is instant. The build directory of each version is kept (kernel-build-<version>), so a
# change to the fragment or the chip rebuilds only what it touches.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cache=${TORCH_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-vm}
version=${1:-${KERNEL:-6.1}}
case "$version" in
6.1|6.12) ;;
*) echo "build-kernel: unknown kernel '$version' (6.1 or 6.12)" >&2; exit 64 ;;
esac
arch=${2:-}
[ "$arch" = arm64 ] || { echo "build-kernel: builds the arm64 kernel only (not '$arch'); x86_64 guests boot Debian's (Tests/vm/debian-kernel.sh)" >&2; exit 64; }
[ "$(uname -m)" = aarch64 ] || { echo "build-kernel: arm64 is built on an aarch64 host only (elsewhere: Tests/vm/debian-kernel.sh arm64 6.12)" >&2; exit 64; }
image_path=arch/arm64/boot/Image; target=Image
fragments="$here/kernel.config $here/kernel-arm64.config"
image_name=$(basename "$image_path")
tarball=${TORCH_KERNEL_TARBALL:-/usr/src/linux-source-$version.tar.xz}
jobs=${TORCH_VM_JOBS:-$(nproc)}
chip_c="$here/kernel/pwm-torch-test.c"

log() { echo "build-kernel: $*" >&2; }

if [ ! -f "$tarball" ]; then
    sh "$here/../../dist/ensure-packages.sh" "linux-source-$version" \
        build-essential flex bison bc libelf-dev xz-utils >&2
    [ -f "$tarball" ] || { log "missing $tarball (apt-get install linux-source-$version)"; exit 1; }
fi
key=$( { cat "$here/kernel.config" "$chip_c"; basename "$tarball"; wc -c < "$tarball"
          echo "$arch"; cat "$here/kernel-$arch.config"; } \
    | sha256sum | cut -c1-16)
out="$cache/kernel-$key"
if [ -f "$out/$image_name" ]; then
    log "cached $out/$image_name ($version $arch)"
    echo "$out/$image_name"
    exit 0
fi

mkdir -p "$cache"
# One build per version at a time (two test runs may race).
exec 9> "$cache/kernel-$version.lock"
flock 9
if [ -f "$out/$image_name" ]; then echo "$out/$image_name"; exit 0; fi

src="$cache/linux-src-$version"
stamp="$(basename "$tarball") $(wc -c < "$tarball")"
if [ ! -f "$src/.torch-extracted" ] || [ "$(cat "$src/.torch-extracted")" != "$stamp" ]; then
    log "extracting $tarball"
    rm -rf "$src" "$src.tmp" "$cache/kernel-build-$version-$arch"
    mkdir -p "$src.tmp"
    tar -xJf "$tarball" -C "$src.tmp" --strip-components=1
    echo "$stamp" > "$src.tmp/.torch-extracted"
    mv "$src.tmp" "$src"
fi
# The test PWM chip: one file, built whenever CONFIG_PWM is (drivers/Makefile always
# descends into drivers/pwm/). cmp keeps its timestamp when unchanged (no rebuild).
cmp -s "$chip_c" "$src/drivers/pwm/pwm-torch-test.c" || cp "$chip_c" "$src/drivers/pwm/pwm-torch-test.c"
grep -q 'pwm-torch-test.o' "$src/drivers/pwm/Makefile" \
    || echo 'obj-$(CONFIG_PWM) += pwm-torch-test.o' >> "$src/drivers/pwm/Makefile"

build="$cache/kernel-build-$version-$arch"
mkdir -p "$build"
kmake() { make -s -C "$src" O="$build" ARCH="$arch" "$@"; }
start=$(date +%s)
log "configuring $version $arch (tinyconfig + $(cd "$here" && basename -a $fragments | tr '\n' ' ')) in $build"
kmake tinyconfig > "$build/tinyconfig.log" 2>&1 || { cat "$build/tinyconfig.log" >&2; exit 1; }
# shellcheck disable=SC2086 # the fragments: a list of paths without spaces
"$src/scripts/kconfig/merge_config.sh" -m -O "$build" "$build/.config" $fragments \
    > "$build/merge.log" 2>&1 || { cat "$build/merge.log" >&2; exit 1; }
kmake olddefconfig >&2

# Every option the fragments ask for must have survived olddefconfig (an unmet
# dependency silently drops it, and the guest would then fail in a confusing way),
# apart from the shared options the architecture's fragment names as not its own.
# shellcheck disable=SC2086
not_here=$(sed -n "s/^# not on $arch: //p" $fragments)
# shellcheck disable=SC2086
cat $fragments | grep '^CONFIG_' | while IFS= read -r line; do
    case " $not_here " in *" $line "*) continue ;; esac
    grep -qx "$line" "$build/.config" || { log "config option not set: $line"; echo x; }
done > "$build/.missing"
if [ -s "$build/.missing" ]; then
    log "kernel config is missing options above"
    exit 1
fi

log "building $version $arch $target with $jobs jobs"
kmake -j"$jobs" "$target" >&2
mkdir -p "$out.tmp"
cp "$build/$image_path" "$out.tmp/$image_name"
cp "$build/.config" "$out.tmp/config"
echo "$version $arch" > "$out.tmp/version"
rm -rf "$out"
mv "$out.tmp" "$out"
log "built $out/$image_name ($version $arch) in $(( $(date +%s) - start )) s"
echo "$out/$image_name"
