#!/bin/sh
# Builds the guest's gap sampler (guest/gap-sampler.c: the light watched from outside
# the service, its dark gaps in ms) for one guest architecture, static, and prints its
# path:
#   Tests/systemd/build-sampler.sh amd64|arm64 OUT-DIR
# The host's own cc for the host's architecture; arm64 on an x86_64 host with the cross
# toolchain's aarch64-linux-gnu-gcc and arm64 C library (dist/cross/toolchain.sh, which
# the arm64 package is built with, so it is there when the arm64 VM runs). run.sh puts
# the result on the guest's payload disk: the guest scripts run it as "$here/gap-sampler".
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
arch=$1 out=$2
src="$here/guest/gap-sampler.c"
flags="-O2 -static -Wall -Wextra -Werror"
mkdir -p "$out"
bin="$(cd "$out" && pwd)/gap-sampler"
case "$arch:$(uname -m)" in
amd64:x86_64|arm64:aarch64)
    command -v cc >/dev/null || sh "$top/dist/ensure-packages.sh" gcc libc6-dev >&2
    # shellcheck disable=SC2086 # the flags
    cc $flags -o "$bin" "$src" ;;
arm64:x86_64)
    # Inside the toolchain's root, which sees only this work tree: build there, then copy.
    tc=$(sh "$top/dist/cross/toolchain.sh")
    # (One directory per run: the trixie and bookworm arm64 guests build side by side.)
    inner="$top/.build/gap-sampler-arm64.$$"
    mkdir -p "$inner"
    sh "$top/dist/cross/in-root.sh" "$tc" aarch64-linux-gnu-gcc $flags -o "$inner/gap-sampler" "$src"
    cp "$inner/gap-sampler" "$bin"
    rm -rf "$inner" ;;
*) echo "build-sampler: cannot build for $arch on $(uname -m)" >&2; exit 1 ;;
esac
echo "$bin"
