#!/bin/sh
# Builds the small test kernel (tinyconfig + kernel.config) from Debian's
# linux-source-6.1 and prints the path of its bzImage on stdout.
# Cached under $TORCH_VM_CACHE (default ~/.cache/torch-vm: outside the work tree, so
# it survives fresh clones and stays out of copies of the tree) by a hash of the config
# fragment and the source tarball's name and size: a second run is instant.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cache=${TORCH_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-vm}
tarball=${TORCH_KERNEL_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
jobs=${TORCH_VM_JOBS:-$(nproc)}

log() { echo "build-kernel: $*" >&2; }

if [ ! -f "$tarball" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        log "installing linux-source-6.1 and the kernel build tools"
        apt-get update -qq >&2 || true
        apt-get install -y --no-install-recommends linux-source-6.1 \
            build-essential flex bison bc libelf-dev xz-utils >&2
    fi
    [ -f "$tarball" ] || { log "missing $tarball (apt-get install linux-source-6.1)"; exit 1; }
fi

key=$( { cat "$here/kernel.config"; basename "$tarball"; wc -c < "$tarball"; } \
    | sha256sum | cut -c1-16)
out="$cache/kernel-$key"
if [ -f "$out/bzImage" ]; then
    log "cached $out/bzImage"
    echo "$out/bzImage"
    exit 0
fi

mkdir -p "$cache"
src="$cache/linux-src"
if [ ! -f "$src/.torch-extracted" ] || [ "$(cat "$src/.torch-extracted")" != "$(basename "$tarball") $(wc -c < "$tarball")" ]; then
    log "extracting $tarball"
    rm -rf "$src" "$cache/linux-src.tmp"
    mkdir -p "$cache/linux-src.tmp"
    tar -xJf "$tarball" -C "$cache/linux-src.tmp" --strip-components=1
    echo "$(basename "$tarball") $(wc -c < "$tarball")" > "$cache/linux-src.tmp/.torch-extracted"
    mv "$cache/linux-src.tmp" "$src"
fi

build="$cache/kernel-build-$key"
rm -rf "$build"
mkdir -p "$build"
start=$(date +%s)
log "configuring (tinyconfig + kernel.config) in $build"
make -s -C "$src" O="$build" ARCH=x86_64 tinyconfig > "$build/tinyconfig.log" 2>&1 \
    || { cat "$build/tinyconfig.log" >&2; exit 1; }
"$src/scripts/kconfig/merge_config.sh" -m -O "$build" "$build/.config" "$here/kernel.config" \
    > "$build/merge.log" 2>&1 || { cat "$build/merge.log" >&2; exit 1; }
make -s -C "$src" O="$build" ARCH=x86_64 olddefconfig >&2

# Every option the fragment asks for must have survived olddefconfig (an unmet
# dependency silently drops it, and the guest would then fail in a confusing way).
grep '^CONFIG_' "$here/kernel.config" | while IFS= read -r line; do
    grep -qx "$line" "$build/.config" || { log "config option not set: $line"; echo x; }
done > "$build/.missing"
if [ -s "$build/.missing" ]; then
    log "kernel config is missing options above"
    exit 1
fi

log "building bzImage with $jobs jobs"
make -s -C "$src" O="$build" ARCH=x86_64 -j"$jobs" bzImage >&2
mkdir -p "$out.tmp"
cp "$build/arch/x86/boot/bzImage" "$out.tmp/bzImage"
cp "$build/.config" "$out.tmp/config"
rm -rf "$out"
mv "$out.tmp" "$out"
rm -rf "$build"
log "built $out/bzImage in $(( $(date +%s) - start )) s"
echo "$out/bzImage"
