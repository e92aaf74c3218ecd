#!/bin/sh
# Builds (or finds cached) the arm64 cross toolchain, made only of Debian 13 (trixie)
# packages, and prints its directory on stdout. Needs root (debootstrap, chroot).
#   dist/cross/toolchain.sh
# In that directory:
#   root/  a trixie amd64 root (build-root.sh: debootstrap minbase) with Debian's
#          swiftlang 6.0.3 (its compiler needs glibc >= 2.38, newer than Debian 12's),
#          lld, dpkg-dev and lintian; arm64 is a foreign dpkg architecture there, with
#          libc6-dev, libgcc/libstdc++ development files and libgpiod-dev installed for
#          arm64 (multiarch, /usr/lib/aarch64-linux-gnu), so the root is also the arm64
#          sysroot and dpkg-shlibdeps knows which arm64 package owns each library.
#   root/opt/swift-sdks/torch-arm64.artifactbundle  the Swift SDK (swift build
#          --swift-sdks-path /opt/swift-sdks --swift-sdk torch-arm64, inside the root):
#          the aarch64 Swift resources of the arm64 swiftlang/libswiftlang packages
#          (they cannot be installed beside the amd64 ones: same paths), unpacked with
#          dpkg-deb, and swift-sdk.json/toolset.json from here (lld links).
# Cached under $TORCH_ARM64_CACHE (default ~/.cache/torch-arm64): the root by a hash of
# build-root.sh, the mirror and the archive's versions of its packages; the SDK inside
# it by a hash of this script, the JSON files and the Swift packages' versions. A run
# first refreshes its own apt lists (its own sources.list, lists and cache directories
# under the cache, never the machine's apt) to learn those versions, and uses the old
# lists when the archive cannot be reached.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cache=${TORCH_ARM64_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-arm64}
mirror=${TORCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=trixie
# The build host's tools, amd64 (the C library and crt files link the package manifest).
# gcc-aarch64-linux-gnu, make and libelf: the arm64 VM's out-of-tree kernel modules
# (Tests/vm/build-arm64-modules.sh), built with the compiler Debian built its arm64
# kernel with (trixie's gcc-14) and the kbuild tools, which need trixie's glibc.
# libgpiod-dev (amd64, beside the arm64 one: Multi-Arch same): the amd64 package for
# trixie, built natively in this root (make deb SUITE=trixie on a Debian 12 host).
host_packages="swiftlang lld libc6-dev libgcc-14-dev libstdc++-14-dev dpkg-dev lintian binutils-aarch64-linux-gnu
 gcc-aarch64-linux-gnu make libelf1t64 libgpiod-dev"
# The target's development files, arm64 (multiarch into the same root), and libssl,
# which the arm64 unit tests' TLS tests open (dlopen) under qemu-user with this root as
# their library prefix, as a Pi with the package's Recommends has it.
target_packages="libc6-dev:arm64 libgcc-14-dev:arm64 libstdc++-14-dev:arm64 libgpiod-dev:arm64 libssl3t64:arm64"
# Unpacked, not installed: the aarch64 Swift standard library, runtime and test modules.
swift_packages="swiftlang:arm64 libswiftlang:arm64"

log() { echo "toolchain: $*" >&2; }
now() { date +%s; }
[ "$(id -u)" = 0 ] || { log "needs root (debootstrap, chroot)"; exit 1; }
command -v debootstrap >/dev/null || sh "$here/../ensure-packages.sh" debootstrap >&2 || exit 1
# One caller at a time (make test's guests may ask side by side): the second waits for
# the first's root and SDK instead of building them again over it.
mkdir -p "$cache"
exec 9> "$cache/toolchain.flock"
flock 9

# --- the versions: host apt on private state, so the machine's apt is untouched --------
apt_dir="$cache/apt"
mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main" \
    > "$apt_dir/sources.list"
: > "$apt_dir/status"
apt_opts="-o Dir::Etc::SourceList=$apt_dir/sources.list -o Dir::Etc::SourceParts=/dev/null
 -o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts=/dev/null
 -o Dir::State::Lists=$apt_dir/lists -o Dir::State::Status=$apt_dir/status
 -o Dir::Cache=$apt_dir -o Dir::Cache::archives=$apt_dir/archives
 -o Dir::Cache::pkgcache=$apt_dir/pkgcache.bin -o Dir::Cache::srcpkgcache=$apt_dir/srcpkgcache.bin
 -o APT::Sandbox::User=root -o APT::Architecture=amd64 -o APT::Architectures::=amd64 -o APT::Architectures::=arm64"
t=$(now)
# shellcheck disable=SC2086 # apt_opts is a list of words
apt-get $apt_opts -qq update >&2 || log "apt lists not refreshed (offline?): using the old ones"
# One line per package: name:arch=version (amd64 for the host's tools).
qualified=$(for p in $host_packages; do echo "$p:amd64"; done; echo $target_packages $swift_packages)
# shellcheck disable=SC2086
versions=$(apt-cache $apt_opts show --no-all-versions $qualified \
    | awk '/^Package:/ { p = $2 } /^Architecture:/ { a = $2 } /^Version:/ { v = $2 }
           /^Architecture: all/ { a = "amd64" }  # apt takes "all" as the native one
           /^$/ && p != "" { print p ":" a "=" v; p = "" }' | LC_ALL=C sort -u)
for p in $qualified; do
    printf '%s\n' "$versions" | grep -q "^$p=" || { log "$suite has no package $p"; exit 1; }
done
log "versions resolved in $(( $(now) - t )) s"
# The resolved versions of the named packages (host tools are amd64), for apt-get.
pin() { for p in "$@"; do case $p in *:*) ;; *) p=$p:amd64 ;; esac; printf '%s\n' "$versions" | grep "^$p="; done; }
root_pins=$(pin $host_packages $target_packages)
swift_pins=$(pin $swift_packages)

# --- the root -----------------------------------------------------------------------------
key=$( { cat "$here/build-root.sh"; echo "$mirror $suite"; echo "$root_pins"; } | sha256sum | cut -c1-16)
dir="$cache/$key"
root="$dir/root"
if [ -f "$dir/root-ready" ]; then
    log "cached root $root"
else
    # shellcheck disable=SC2046 # one word per package
    sh "$here/build-root.sh" "$dir" "$suite" "$mirror" $root_pins
fi

# --- the Swift SDK ----------------------------------------------------------------------
sdk_key=$( { cat "$0" "$here/swift-sdk.json" "$here/toolset.json" "$here/info.json"; echo "$swift_pins"; } \
    | sha256sum | cut -c1-16)
if [ "$(cat "$dir/sdk-key" 2>/dev/null)" = "$sdk_key" ]; then
    log "cached SDK $root/opt/swift-sdks"
    echo "$dir"
    exit 0
fi
t=$(now)
debs="$cache/debs"
mkdir -p "$debs"
for pv in $swift_pins; do
    p=${pv%%=*} v=${pv#*=}
    deb="$debs/${p%%:*}_$(echo "$v" | sed 's/:/%3a/')_arm64.deb"
    [ -f "$deb" ] && continue
    # shellcheck disable=SC2086
    (cd "$debs" && apt-get $apt_opts -qq download "$p=$v") >&2
done
log "arm64 Swift packages downloaded: $(( $(now) - t )) s"
t=$(now)
rm -f "$dir/sdk-key"
rm -rf "$root/opt/swift-sdks"
bundle="$root/opt/swift-sdks/torch-arm64.artifactbundle"
sdk="$bundle/sdk"
mkdir -p "$sdk/swift"
# The target's side only: the runtime, Foundation, Swift Testing and XCTest modules and
# libraries (lib/swift), the static standard library (lib/swift_static) and clang's
# headers (lib/clang, which lib/swift/clang links to); not the arm64 compiler, its
# macro plugins, the manifest API or the embedded-Swift libraries.
lib=./usr/libexec/swift/lib
for pv in $swift_pins; do
    p=${pv%%=*} v=${pv#*=}
    deb="$debs/${p%%:*}_$(echo "$v" | sed 's/:/%3a/')_arm64.deb"
    members=$(dpkg-deb --fsys-tarfile "$deb" | tar -t | grep -E "^$lib/(swift|swift_static|clang)/" \
        | grep -vE "^$lib/swift/(host|pm|embedded|migrator|FrameworkABIBaseline)/" || true)
    [ -z "$members" ] && continue
    printf '%s\n' "$members" > "$dir/members"
    dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$sdk/swift" --no-recursion -T "$dir/members"
done
rm -f "$dir/members"
for f in swift_static/linux/static-stdlib-args.lnk swift/linux/libswiftCore.so swift/linux/libTesting.so \
    swift/linux/Testing.swiftmodule/aarch64-unknown-linux-gnu.swiftmodule; do
    [ -e "$sdk/swift/$lib/$f" ] || { log "the arm64 Swift packages lack $lib/$f"; exit 1; }
done
sed "s#@RESOURCES@#/opt/swift-sdks/torch-arm64.artifactbundle/sdk/swift/usr/libexec/swift/lib#g" \
    "$here/swift-sdk.json" > "$sdk/swift-sdk.json"
cp "$here/toolset.json" "$sdk/toolset.json"
sed "s#@VERSIONS@#$(printf '%s' "$swift_pins" | tr '\n' ' ')#" "$here/info.json" > "$bundle/info.json"
printf '%s\n' "$versions" > "$dir/versions"
echo "$sdk_key" > "$dir/sdk-key"
log "SDK assembled: $(( $(now) - t )) s"
echo "$dir"
