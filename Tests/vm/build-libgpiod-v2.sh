#!/bin/sh
# Builds the libgpiod v2 C library from the PyPI `gpiod` 2.x source distribution
# (which vendors lib/*.c and include/gpiod.h) into a shared libgpiod.so.3, and prints
# the install prefix (with include/ and lib/) on stdout.
# Cached under $TORCH_VM_CACHE (default ~/.cache/torch-vm)/libgpiod2-<version>.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cache=${TORCH_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-vm}
version=${TORCH_GPIOD_PYPI_VERSION:-2.5.0}
prefix="$cache/libgpiod2-$version"

log() { echo "build-libgpiod-v2: $*" >&2; }

if [ -f "$prefix/lib/libgpiod.so.3" ] && [ -f "$prefix/include/gpiod.h" ]; then
    log "cached $prefix"
    echo "$prefix"
    exit 0
fi

mkdir -p "$cache/downloads"
sdist="$cache/downloads/gpiod-$version.tar.gz"
if [ ! -f "$sdist" ]; then
    log "downloading gpiod==$version (source distribution) from PyPI"
    pip=$(command -v pip3 || command -v pip || true)
    if [ -z "$pip" ]; then
        sh "$here/../../dist/ensure-packages.sh" python3-pip >&2
        pip=$(command -v pip3 || command -v pip || true)
    fi
    [ -n "$pip" ] || { log "pip is missing (apt-get install python3-pip)"; exit 1; }
    "$pip" download --quiet --no-binary :all: --no-deps --dest "$cache/downloads" \
        "gpiod==$version" >&2
fi

work="$cache/libgpiod2-build"
rm -rf "$work"
mkdir -p "$work"
tar -xzf "$sdist" -C "$work" --strip-components=1
[ -f "$work/include/gpiod.h" ] && ls "$work"/lib/*.c >/dev/null 2>&1 \
    || { log "gpiod==$version carries no lib/*.c + include/gpiod.h (pick another 2.x)"; exit 1; }
# The sdist names the libgpiod release it vendors (e.g. 2.3).
api=$(tr -d ' \n' < "$work/libgpiod-version.txt" 2>/dev/null || echo "$version")

log "compiling libgpiod $api"
mkdir -p "$prefix.tmp/lib" "$prefix.tmp/include"
${CC:-cc} -shared -fPIC -O2 -fvisibility=hidden -D_GNU_SOURCE \
    -DGPIOD_API_VERSION_STR="\"$api\"" \
    -I"$work/include" -I"$work/lib" "$work"/lib/*.c \
    -Wl,-soname,libgpiod.so.3 -o "$prefix.tmp/lib/libgpiod.so.3"
ln -sf libgpiod.so.3 "$prefix.tmp/lib/libgpiod.so"
cp "$work/include/gpiod.h" "$prefix.tmp/include/gpiod.h"
echo "$api" > "$prefix.tmp/VERSION"
rm -rf "$prefix" "$work"
mv "$prefix.tmp" "$prefix"
log "installed $prefix (libgpiod $api)"
echo "$prefix"
