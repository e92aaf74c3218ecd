#!/bin/sh
# Builds the Debian package from a built binary (make deb calls this):
#   dist/debian/build-deb.sh BIN VERSION OUT-DIR [ARCH [SUITE]]
# prints the .deb's path on stdout. Needs dpkg-dev (dpkg-shlibdeps) and binutils.
# ARCH (default: this machine's) names a foreign Debian architecture for a cross-built
# binary (make deb ARCH=arm64 runs this in the cross toolchain's root, where the arm64
# libraries are installed multiarch and binutils-aarch64-linux-gnu strips).
# SUITE (default: the release this runs on, /etc/os-release) is the Debian release the
# binary was linked for: bookworm (Debian 12) or trixie (Debian 13). The package's
# version is VERSION+debNN (0.1.0+deb12, 0.1.0+deb13): the two releases' packages of one
# version differ, so both fit in one repository's pool, and a system upgraded from
# bookworm to trixie takes the trixie one (+deb13 sorts after +deb12).
# DEB_SYSROOT: the binary was linked against that sysroot's libraries rather than the
# installed ones (the bookworm arm64 sysroot in the toolchain's trixie root,
# dist/cross/bookworm-sdk.sh); Depends comes from its packages' database
# (DEB_SYSROOT/var/lib/dpkg: their symbols and shlibs files).
#
# The package: /usr/bin/torch (stripped), the board profiles, the systemd units,
# the commented default config (/usr/share/torch/torch.conf, from which postinst makes
# /etc/torch/torch.conf at the first install), torch(1) and torch.conf(5), bash completion,
# copyright and changelog. Depends is what dpkg-shlibdeps finds for the binary: libc6
# and the libgpiod runtime package it was linked against (libgpiod2 for 1.6 on
# Debian 12, libgpiod3 for 2.x).
set -eu
umask 022
bin=$1 version=$2 out=$3
native=$(dpkg --print-architecture)
arch=${4:-$native}
suite=${5:-$(. /etc/os-release && echo "$VERSION_CODENAME")}
case "$suite" in
bookworm) pkgversion=$version+deb12 ;;
trixie) pkgversion=$version+deb13 ;;
*) echo "build-deb: suite '$suite': bookworm or trixie" >&2; exit 1 ;;
esac
sysroot=${DEB_SYSROOT:-}
here=$(cd "$(dirname "$0")" && pwd)
dist=$(dirname "$here")
top=$(dirname "$dist")
# The units the package ships and the maintainer scripts enable, stop and forget.
units=$(cd "$dist" && ls torch.socket torch.service 2>/dev/null | tr '\n' ' ' | sed 's/ $//')

log() { echo "build-deb: $*" >&2; }
[ -x "$bin" ] || { log "$bin is not built"; exit 1; }
case "$version" in
    [0-9]*) ;;
    *) log "version '$version' does not start with a digit"; exit 1 ;;
esac

work=$(mktemp -d /tmp/torch-deb.XXXXXX)
trap 'rm -rf "$work"' EXIT
stage="$work/torch_${pkgversion}_$arch"
mkdir -p "$stage"

install -D -m 0755 "$bin" "$stage/usr/bin/torch"
# The binutils for the binary's machine: aarch64-linux-gnu-strip for arm64.
strip=strip
if [ "$arch" != "$native" ]; then
    strip="$(dpkg-architecture -a"$arch" -qDEB_HOST_GNU_TYPE 2>/dev/null)-strip"
    # dpkg-shlibdeps looks in the arm64 multiarch directories and packages.
    export DEB_HOST_ARCH="$arch"
fi
# As dh_strip does: the symbols are not needed to run, and lintian wants them gone.
"$strip" --remove-section=.comment --remove-section=.note --strip-unneeded "$stage/usr/bin/torch"
# .swift_modhash: swiftc's hash for its incremental builds, new at every build and never
# read at run time. Its bytes are zeroed, not the section removed: it is loaded, and
# removing a loaded section makes strip lay the segments out again without RELRO. The
# build ID is then made the binary's own (build-id.sh), so two builds of one commit give
# the same package.
objcopy="${strip%strip}objcopy"
modhash=$(mktemp -d)
# objcopy says a missing section on stderr but may still exit 0: the file tells.
"$objcopy" --dump-section .swift_modhash="$modhash/hash" "$stage/usr/bin/torch" "$modhash/copy" 2>/dev/null || true
if [ -s "$modhash/hash" ]; then
    head -c "$(wc -c < "$modhash/hash")" /dev/zero > "$modhash/zero"
    "$objcopy" --update-section .swift_modhash="$modhash/zero" "$stage/usr/bin/torch"
fi
rm -rf "$modhash"
sh "$here/build-id.sh" "$objcopy" "$stage/usr/bin/torch"

install -d "$stage/usr/share/torch/boards"
install -m 0644 "$top"/boards/*.board "$stage/usr/share/torch/boards/"
install -m 0644 "$dist/torch-network.conf" "$stage/usr/share/torch/network.conf"

install -d "$stage/usr/lib/systemd/system"
for unit in $units; do
    sed 's#/usr/local/bin/torch#/usr/bin/torch#g' "$dist/$unit" > "$stage/usr/lib/systemd/system/$unit"
    chmod 0644 "$stage/usr/lib/systemd/system/$unit"
done

# The commented default: postinst makes /etc/torch/torch.conf from it at the first
# install. /etc/torch/torch.conf is no conffile, so an upgrade whose default changed
# never stops on dpkg's question about it (a non-interactive upgrade cannot answer).
install -D -m 0644 "$dist/torch.conf" "$stage/usr/share/torch/torch.conf"

install -d "$stage/usr/share/man/man1" "$stage/usr/share/man/man5"
# The pages carry the version in their .TH line (checked against Version.swift); a
# package built with another version (a test's upgrade) says its own.
sed "1s/\"torch [^\"]*\"/\"torch $version\"/" "$dist/torch.1" | gzip -9n > "$stage/usr/share/man/man1/torch.1.gz"
sed "1s/\"torch [^\"]*\"/\"torch $version\"/" "$dist/torch.conf.5" | gzip -9n > "$stage/usr/share/man/man5/torch.conf.5.gz"

install -D -m 0644 "$dist/torch.bash-completion" "$stage/usr/share/bash-completion/completions/torch"

install -d "$stage/usr/share/doc/torch"
install -m 0644 "$here/copyright" "$stage/usr/share/doc/torch/copyright"
# A native package: the changelog is changelog.gz (not changelog.Debian.gz).
sed -e "s/@PKGVERSION@/$pkgversion/g" -e "s/@SUITE@/$suite/g" "$here/changelog.in" | gzip -9n > "$stage/usr/share/doc/torch/changelog.gz"

# Depends: from the binary's NEEDED libraries and the installed packages' shlibs.
mkdir -p "$work/src/debian"
printf 'Source: torch\n\nPackage: torch\nArchitecture: any\n' > "$work/src/debian/control"
# With a sysroot: its libraries and its own database (dpkg-query --search finds its
# files by their path here).
shlibdeps_opts=""
if [ -n "$sysroot" ]; then
    triplet=$(dpkg-architecture -a"$arch" -qDEB_HOST_MULTIARCH 2>/dev/null)
    shlibdeps_opts="--admindir=$sysroot/var/lib/dpkg -l$sysroot/lib/$triplet -l$sysroot/usr/lib/$triplet"
fi
# shellcheck disable=SC2086 # shlibdeps_opts: a list of options
depends=$(cd "$work/src" && dpkg-shlibdeps $shlibdeps_opts -O -e"$stage/usr/bin/torch" 2>"$work/shlibdeps.log" \
    | sed -n 's/^shlibs:Depends=//p') || true
if [ -z "$depends" ]; then
    cat "$work/shlibdeps.log" >&2
    log "dpkg-shlibdeps found no dependencies for the binary"
    exit 1
fi

install -d "$stage/DEBIAN"
# In bytes, not blocks: the same on any file system (reproducible).
size=$(du -sk --apparent-size --exclude=DEBIAN "$stage" | cut -f1)
sed -e "s/@VERSION@/$pkgversion/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
    "$here/control.in" > "$stage/DEBIAN/control"
for script in postinst prerm postrm; do
    sed "s/@UNITS@/$units/" "$here/$script" > "$stage/DEBIAN/$script"
    chmod 0755 "$stage/DEBIAN/$script"
done
(cd "$stage" && find . -path ./DEBIAN -prune -o -type f -print \
    | sed 's#^\./##' | LC_ALL=C sort | xargs md5sum) > "$stage/DEBIAN/md5sums"

# Reproducible: every file dated by the last commit (or now outside git).
epoch=${SOURCE_DATE_EPOCH:-$(git -C "$top" log -1 --format=%ct 2>/dev/null || date +%s)}
find "$stage" -exec touch -h -d "@$epoch" {} +

mkdir -p "$out"
deb="$out/torch_${pkgversion}_$arch.deb"
SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >&2
echo "$deb"
