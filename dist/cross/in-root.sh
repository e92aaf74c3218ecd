#!/bin/sh
# Runs a command inside the cross toolchain's trixie root (dist/cross/toolchain.sh),
# with this work tree mounted at its own path and as the working directory, so paths
# in .build mean the same inside and out:
#   dist/cross/in-root.sh TOOLCHAIN-DIR COMMAND [ARG...]
# The mounts live in a private mount namespace: they vanish when the command ends,
# however it ends. Needs root.
# TORCH_IN_ROOT_AS=PATH mounts this work tree at PATH inside the root instead (the
# reproducibility check builds a copy of the tree where the tree itself is built, as
# the path is written into the binary: Tests/release/build-test-repos.sh).
set -eu
toolchain=$1
shift
top=$(cd "$(dirname "$0")/../.." && pwd)
inner=${TORCH_IN_ROOT_AS:-$top}
root="$toolchain/root"
[ -x "$root/usr/libexec/swift/bin/swift" ] || { echo "in-root: $root has no swift (run dist/cross/toolchain.sh)" >&2; exit 1; }
mkdir -p "$root$inner"
exec unshare --mount --propagation private sh -c '
    root=$1 top=$2 inner=$3; shift 3
    mount -t proc proc "$root/proc"
    mount --rbind /dev "$root/dev"
    mount --bind "$top" "$root$inner"
    cd "$top"
    exec chroot "$root" sh -c "cd \"\$0\" && exec \"\$@\"" "$inner" "$@"' sh "$root" "$top" "$inner" "$@"
