#!/bin/sh
# The cross toolchain (dist/cross/toolchain.sh) with a second Swift SDK for Raspberry Pi
# OS bookworm: prints the toolchain's directory, as toolchain.sh does. Needs root.
#   dist/cross/bookworm-sdk.sh
# The compiler stays trixie's Swift 6.0.3 in the trixie root; what a binary needs from
# the C library is chosen by the library it is linked against, so this one links
# against Debian 12's: inside the root,
#   /opt/sysroots/bookworm-arm64  Debian 12 arm64 packages unpacked (dpkg-deb -x):
#          glibc 2.36, GCC 12's libgcc and libstdc++, libgpiod 1.6.3 (v1 API, libgpiod2),
#          the kernel's headers, and libssl3 (the package Recommends it: check-deb.sh
#          asks which package owns libssl.so.3). Their -dev packages carry absolute symlinks
#          (libm.so -> /lib/aarch64-linux-gnu/libm.so.6) that inside the root would
#          resolve to trixie's libraries: each is made relative. var/lib/dpkg there is
#          a dpkg database of those packages (control, symbols, shlibs, file lists at
#          their path in the root), for dpkg-shlibdeps: Depends from bookworm's
#          packages, not trixie's (build-deb.sh with DEB_SYSROOT).
#   /opt/swift-sdks/torch-arm64-bookworm.artifactbundle  sdkRootPath that sysroot, the
#          Swift resources of the trixie SDK (torch-arm64: the same compiler's).
# Cached inside the toolchain's root by a hash of this script, the JSON files and the
# packages' versions (resolved through a private apt state under the toolchain's cache,
# never the machine's; the old lists are used when the archive cannot be reached).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cache=${TORCH_ARM64_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-arm64}
mirror=${TORCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=bookworm
packages="libc6 libc6-dev linux-libc-dev libgcc-s1 libgcc-12-dev libstdc++6 libstdc++-12-dev libgpiod2 libgpiod-dev libssl3"
in_root=/opt/sysroots/bookworm-arm64
sdk_name=torch-arm64-bookworm

log() { echo "bookworm-sdk: $*" >&2; }
now() { date +%s; }
tc=$(sh "$here/toolchain.sh")
root="$tc/root"
sysroot="$root$in_root"
exec 9> "$cache/toolchain.flock"
flock 9

apt_dir="$cache/apt-$suite-arm64"
mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main" > "$apt_dir/sources.list"
: > "$apt_dir/status"
apt_opts="-o Dir::Etc::SourceList=$apt_dir/sources.list -o Dir::Etc::SourceParts=/dev/null
 -o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts=/dev/null
 -o Dir::State::Lists=$apt_dir/lists -o Dir::State::Status=$apt_dir/status
 -o Dir::Cache=$apt_dir -o Dir::Cache::archives=$apt_dir/archives
 -o Dir::Cache::pkgcache=$apt_dir/pkgcache.bin -o Dir::Cache::srcpkgcache=$apt_dir/srcpkgcache.bin
 -o APT::Sandbox::User=root -o APT::Architecture=arm64 -o APT::Architectures::=arm64 -o Debug::NoLocking=1"
# shellcheck disable=SC2086 # apt_opts is a list of words
apt-get $apt_opts -qq update >&2 || log "apt lists not refreshed (offline?): using the old ones"
# shellcheck disable=SC2086
pins=$(apt-cache $apt_opts show --no-all-versions $packages \
    | awk '/^Package:/ { p = $2 } /^Version:/ { v = $2 } /^$/ && p != "" { print p "=" v; p = "" }' | LC_ALL=C sort -u)
for p in $packages; do
    printf '%s\n' "$pins" | grep -q "^$p=" || { log "$suite has no arm64 package $p"; exit 1; }
done

key=$( { cat "$0" "$here/swift-sdk.json" "$here/toolset.json" "$here/info.json"; echo "$mirror"; echo "$pins"; \
         cat "$tc/sdk-key"; } | sha256sum | cut -c1-16)
bundle="$root/opt/swift-sdks/$sdk_name.artifactbundle"
# (toolchain.sh replaces /opt/swift-sdks whole when its own SDK changes.)
if [ "$(cat "$tc/bookworm-sdk-key" 2>/dev/null)" = "$key" ] && [ -f "$bundle/sdk/swift-sdk.json" ]; then
    log "cached $in_root and the $sdk_name SDK"
    echo "$tc"
    exit 0
fi
t=$(now)
rm -f "$tc/bookworm-sdk-key"
debs="$cache/debs-$suite-arm64"
mkdir -p "$debs"
for pv in $pins; do
    p=${pv%%=*} v=${pv#*=}
    f="$debs/${p}_$(echo "$v" | sed 's/:/%3a/')_arm64.deb"
    [ -f "$f" ] && continue
    # shellcheck disable=SC2086
    (cd "$debs" && apt-get $apt_opts -qq download "$p:arm64=$v") >&2
done

rm -rf "$sysroot"
admin="$sysroot/var/lib/dpkg"
mkdir -p "$sysroot" "$admin/info" "$admin/updates" "$admin/triggers"
: > "$admin/status"
for pv in $pins; do
    p=${pv%%=*} v=${pv#*=}
    f="$debs/${p}_$(echo "$v" | sed 's/:/%3a/')_arm64.deb"
    dpkg-deb -x "$f" "$sysroot"
    # The package in the database: its control with an installed status, its files at
    # their path inside the root (what dpkg-shlibdeps asks dpkg-query --search about),
    # its symbols and shlibs files, named as a multiarch database names them.
    ctl=$(mktemp -d)
    dpkg-deb -e "$f" "$ctl"
    { awk '/^ / { next } { print }' "$ctl/control"; echo "Status: install ok installed"; echo; } >> "$admin/status"
    dpkg-deb -c "$f" | awk '{ print $6 }' | sed "s#^\\./#$in_root/#; s#^\\.\$#$in_root#; s#/\$##" > "$admin/info/$p:arm64.list"
    for s in symbols shlibs; do
        [ ! -f "$ctl/$s" ] || cp "$ctl/$s" "$admin/info/$p:arm64.$s"
    done
    rm -rf "$ctl"
done
# The multiarch layout (info/PACKAGE:ARCH.list), as in any dpkg database since 1.16.
echo 1 > "$admin/info/format"
cp "$root/var/lib/dpkg/arch" "$admin/arch" 2>/dev/null || printf 'amd64\narm64\n' > "$admin/arch"
# Absolute symlinks, relative: inside the root, /lib/... would be trixie's own.
find "$sysroot" -type l | while read -r link; do
    target=$(readlink "$link")
    case "$target" in
    /*) ln -sfn "$(realpath -s -m --relative-to="$(dirname "$link")" "$sysroot$target")" "$link" ;;
    esac
done
log "$suite arm64 sysroot unpacked: $(( $(now) - t )) s ($(printf '%s' "$pins" | tr '\n' ' '))"

rm -rf "$bundle"
mkdir -p "$bundle/sdk"
resources=/opt/swift-sdks/torch-arm64.artifactbundle/sdk/swift/usr/libexec/swift/lib
sed -e "s#\"sdkRootPath\": \"/\"#\"sdkRootPath\": \"$in_root\"#" -e "s#@RESOURCES@#$resources#g" \
    "$here/swift-sdk.json" > "$bundle/sdk/swift-sdk.json"
grep -q "\"sdkRootPath\": \"$in_root\"" "$bundle/sdk/swift-sdk.json" || { log "swift-sdk.json has no sdkRootPath \"/\" to replace"; exit 1; }
cp "$here/toolset.json" "$bundle/sdk/toolset.json"
sed -e "s#@VERSIONS@#$suite: $(printf '%s' "$pins" | tr '\n' ' ')#" -e "s#\"torch-arm64\"#\"$sdk_name\"#" \
    "$here/info.json" > "$bundle/info.json"
echo "$key" > "$tc/bookworm-sdk-key"
echo "$tc"
