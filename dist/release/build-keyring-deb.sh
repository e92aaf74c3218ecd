#!/bin/sh
# The keyring package of torch's apt repository (release.sh calls this):
#   dist/release/build-keyring-deb.sh KEYRING VERSION URL OUT-DIR
# KEYRING: the public key, binary OpenPGP (gpg --export); URL: the repository's address
# (what the apt source's URIs: says). Prints the .deb's path: torch-archive-keyring,
# Architecture all, one package for both releases:
#   /usr/share/keyrings/torch-archive-keyring.gpg   the key (Signed-By names it)
#   postinst: /etc/apt/sources.list.d/torch.sources for the release it is installed on
#             (deb822: Types, URIs, Suites bookworm or trixie, Components, Signed-By),
#             once, never over a file already there; postrm purge removes it
#   /usr/share/doc/torch-archive-keyring/copyright and changelog.gz (torch's)
# Reproducible as torch's package is: files dated SOURCE_DATE_EPOCH.
set -eu
umask 022
keyring=$1 version=$2 url=$3 out=$4
here=$(cd "$(dirname "$0")" && pwd)
dist=$(dirname "$here")
top=$(dirname "$dist")
log() { echo "build-keyring-deb: $*" >&2; }
[ -s "$keyring" ] || { log "no key at $keyring"; exit 1; }
case "$url" in
*[!A-Za-z0-9:/._~%+-]*|"") log "'$url' is not an address for URIs: (letters, digits and :/._~%+- only)"; exit 1 ;;
esac

epoch=${SOURCE_DATE_EPOCH:-$(git -C "$top" log -1 --format=%ct 2>/dev/null || date +%s)}
work=$(mktemp -d /tmp/torch-keyring-deb.XXXXXX)
trap 'rm -rf "$work"' EXIT
stage="$work/torch-archive-keyring_${version}_all"
install -D -m 0644 "$keyring" "$stage/usr/share/keyrings/torch-archive-keyring.gpg"
doc="$stage/usr/share/doc/torch-archive-keyring"
install -D -m 0644 "$dist/debian/copyright" "$doc/copyright"
cat > "$work/changelog" <<EOF
torch-archive-keyring ($version) unstable; urgency=medium

  * The key of torch's apt repository and its apt source ($version).

 -- torch maintainers <maintainers@users.noreply.a-seed-78a8c10a.example>  $(LC_ALL=C date -u -R -d "@$epoch")
EOF
gzip -9n < "$work/changelog" > "$doc/changelog.gz"
chmod 0644 "$doc/changelog.gz"

install -d "$stage/DEBIAN"
size=$(du -sk --apparent-size --exclude=DEBIAN "$stage" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@SIZE@/$size/" "$here/keyring/control.in" > "$stage/DEBIAN/control"
sed "s#@URL@#$url#" "$here/keyring/postinst" > "$stage/DEBIAN/postinst"
cp "$here/keyring/postrm" "$stage/DEBIAN/postrm"
chmod 0755 "$stage/DEBIAN/postinst" "$stage/DEBIAN/postrm"
(cd "$stage" && find . -path ./DEBIAN -prune -o -type f -print | sed 's#^\./##' | LC_ALL=C sort | xargs md5sum) \
    > "$stage/DEBIAN/md5sums"
find "$stage" -exec touch -h -d "@$epoch" {} +
mkdir -p "$out"
deb="$out/torch-archive-keyring_${version}_all.deb"
SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >&2
echo "$deb"
