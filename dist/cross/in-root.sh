#!/bin/sh
# Runs a command inside the cross toolchain's trixie root (dist/cross/toolchain.sh),
# with this work tree mounted at its own path and as the working directory, so paths
# in .build mean the same inside and out:
#   dist/cross/in-root.sh TOOLCHAIN-DIR COMMAND [ARG...]
# The mounts live in a private mount namespace: they vanish when the command ends,
# however it ends. Needs root.
set -eu
toolchain=$1
shift
top=$(cd "$(dirname "$0")/../.." && pwd)
root="$toolchain/root"
[ -x "$root/usr/libexec/swift/bin/swift" ] || { echo "in-root: $root has no swift (run dist/cross/toolchain.sh)" >&2; exit 1; }
mkdir -p "$root$top"
exec unshare --mount --propagation private sh -c '
    root=$1 top=$2; shift 2
    mount -t proc proc "$root/proc"
    mount --rbind /dev "$root/dev"
    mount --bind "$top" "$root$top"
    cd "$top"
    exec chroot "$root" sh -c "cd \"\$0\" && exec \"\$@\"" "$top" "$@"' sh "$root" "$top" "$@"
