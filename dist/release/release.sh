#!/bin/sh
# torch's release from built packages (make release calls this; so do the VM tests, for
# the repository they install from):
#   dist/release/release.sh OUT VERSION URL KEY DEB...
# KEY: the signing key's fingerprint, in GNUPGHOME (the maintainer's RELEASE_KEY, or a
# throwaway from throwaway-key.sh). URL: where OUT/apt will be published (the apt
# source's URIs:). Each DEB is a torch package whose version ends +deb12 (bookworm) or
# +deb13 (trixie), build-deb.sh's. Writes:
#   OUT/apt/            the apt repository: dists/bookworm and dists/trixie, main,
#                       amd64 and arm64, made by reprepro; Release signed by KEY as
#                       InRelease (clearsigned) and Release.gpg (detached)
#   OUT/*.deb           the packages and torch-archive-keyring_VERSION_all.deb (in both
#                       suites; build-keyring-deb.sh), and torch-archive-keyring.deb, the
#                       same file under the name a first install downloads
#   OUT/torch-archive-keyring.gpg   the public key
#   OUT/SHA256SUMS, SHA256SUMS.asc  the packages' sums, and KEY's detached signature
# reprepro rather than aptly: it is a Debian package here (5.3), its state is a
# directory of plain configuration that this script writes afresh each time, and a
# release is one publication of both suites, with no snapshots to keep; aptly's
# database, snapshots and publish steps would be state to carry between releases.
# Every signature published, and the key's own self-signatures, must use SHA-256 or
# stronger (trixie's apt verifies with sqv, which refuses SHA-1 since 2026-02-01):
# checked here with gpg --list-packets, and each file verified with gpgv against the
# published key; a release that fails either is refused.
set -eu
out=$1 version=$2 url=$3 key=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
log() { echo "release: $*" >&2; }
die() { log "$*"; exit 1; }
[ $# -gt 0 ] || die "no packages given"
for tool in reprepro gpg gpgv dpkg-deb sha256sum; do
    command -v "$tool" > /dev/null || die "needs $tool (apt-get install reprepro gnupg gpgv dpkg-dev)"
done
gpg --batch --list-secret-keys "$key" > /dev/null 2>&1 || die "no secret key $key in ${GNUPGHOME:-~/.gnupg}"

rm -rf "$out"
mkdir -p "$out/apt"
# Absolute: reprepro warns that a relative --outdir may come to mean something else.
out=$(cd "$out" && pwd)
work=$(mktemp -d /tmp/torch-release.XXXXXX)
trap 'rm -rf "$work"' EXIT

gpg --batch --export "$key" > "$out/torch-archive-keyring.gpg"
[ -s "$out/torch-archive-keyring.gpg" ] || die "gpg exported nothing for $key"
keyring_deb=$(sh "$here/build-keyring-deb.sh" "$out/torch-archive-keyring.gpg" "$version" "$url" "$out")
# The name a first install downloads, the same in every release.
cp "$keyring_deb" "$out/torch-archive-keyring.deb"

# The suites, from each package's version.
bookworm="" trixie=""
for deb in "$@"; do
    [ "$(dpkg-deb -f "$deb" Package)" = torch ] || die "$deb is not a torch package"
    v=$(dpkg-deb -f "$deb" Version)
    case "$v" in
    *+deb12) bookworm="$bookworm $deb" ;;
    *+deb13) trixie="$trixie $deb" ;;
    *) die "$deb: version $v names no release (+deb12 or +deb13)" ;;
    esac
    cp "$deb" "$out/"
done

mkdir -p "$work/conf"
for suite in bookworm trixie; do
    case $suite in bookworm) n=12 ;; trixie) n=13 ;; esac
    cat <<DIST
Origin: torch
Label: torch
Codename: $suite
Architectures: amd64 arm64
Components: main
Description: torch for Debian $n ($suite) and Raspberry Pi OS $suite

DIST
done > "$work/conf/distributions"
include() {
    reprepro --silent --basedir "$work" --outdir "$out/apt" includedeb "$1" "$2" >&2 \
        || die "reprepro could not add $2 to $1"
}
for suite in bookworm trixie; do
    eval "debs=\$$suite"
    for deb in $debs; do include "$suite" "$deb"; done
    include "$suite" "$keyring_deb"
done

# Signed with SHA-512 whatever the key's own preferences say.
sign() { gpg --batch --yes --quiet --local-user "$key" --digest-algo SHA512 "$@"; }
for suite in bookworm trixie; do
    d="$out/apt/dists/$suite"
    [ -f "$d/Release" ] || die "reprepro wrote no $d/Release"
    sign --clearsign --output "$d/InRelease" "$d/Release"
    sign --armor --detach-sign --output "$d/Release.gpg" "$d/Release"
done
(cd "$out" && sha256sum -- *.deb > SHA256SUMS)
sign --armor --detach-sign --output "$out/SHA256SUMS.asc" "$out/SHA256SUMS"

# --- every signature: verified against the published key, SHA-256 or stronger ------------
# gpg's digest algorithm numbers (RFC 4880 9.4, RFC 9580 9.5): 8 SHA-256, 9 SHA-384,
# 10 SHA-512, 12 SHA3-256, 14 SHA3-512.
strong() { case "$1" in 8|9|10|12|14) return 0 ;; *) return 1 ;; esac; }
digests() {  # the digest algorithm of each signature packet on standard input
    gpg --batch --list-packets 2>/dev/null | sed -n 's/^[[:space:]]*digest algo \([0-9]*\),.*/\1/p'
}
sigblock() { sed -n '/^-----BEGIN PGP SIGNATURE-----$/,/^-----END PGP SIGNATURE-----$/p' "$1"; }
check_digests() {  # NAME, then the algorithms on standard input
    name=$1 n=0
    while read -r algo; do
        n=$((n + 1))
        strong "$algo" || die "$name: a signature with digest algorithm $algo (not SHA-256 or stronger)"
    done
    [ "$n" -gt 0 ] || die "$name: no signature found"
    echo "$n"
}
kr="$out/torch-archive-keyring.gpg"
checked="the key's self-signatures"
n=$(digests < "$kr" | check_digests "the key's self-signatures") && checked="$checked $n"
for suite in bookworm trixie; do
    d="$out/apt/dists/$suite"
    gpgv --quiet --keyring "$kr" "$d/InRelease" 2>/dev/null || die "$d/InRelease does not verify against $kr"
    gpgv --quiet --keyring "$kr" "$d/Release.gpg" "$d/Release" 2>/dev/null || die "$d/Release.gpg does not verify"
    n=$(sigblock "$d/InRelease" | digests | check_digests "$d/InRelease") && checked="$checked, $suite/InRelease $n"
    n=$(digests < "$d/Release.gpg" | check_digests "$d/Release.gpg") && checked="$checked, $suite/Release.gpg $n"
done
gpgv --quiet --keyring "$kr" "$out/SHA256SUMS.asc" "$out/SHA256SUMS" 2>/dev/null || die "SHA256SUMS.asc does not verify"
n=$(digests < "$out/SHA256SUMS.asc" | check_digests SHA256SUMS.asc) && checked="$checked, SHA256SUMS.asc $n"

for suite in bookworm trixie; do
    log "$suite: $(awk '/^Package:/ { p = $2 } /^Version:/ { v = $2 } /^Architecture:/ { print p "_" v "_" $2 }' \
        "$out/apt/dists/$suite"/main/binary-*/Packages | sort -u | tr '\n' ' ')"
done
log "signed by $key; signatures verified with gpgv, all SHA-256 or stronger (signature packets: $checked)"
log "$(wc -l < "$out/SHA256SUMS") packages in $out/SHA256SUMS; the repository in $out/apt, for $url"
