#!/bin/sh
# A throwaway signing key for a release built without RELEASE_KEY (make release, and the
# repository the VM tests install from): a new GnuPG home with one Ed25519 key, no
# passphrase, no expiry; prints the key's fingerprint on stdout.
#   dist/release/throwaway-key.sh GNUPGHOME
# The home's gpg.conf asks for SHA-512 in every signature and self-signature: trixie's
# apt verifies with sqv, which refuses SHA-1 (release.sh checks every signature it
# publishes). The key lives only in GNUPGHOME, under the build directory: never
# committed, never published as anything but a test's.
set -eu
home=$1
rm -rf "$home"
mkdir -p "$home"
chmod 700 "$home"
cat > "$home/gpg.conf" <<'CONF'
personal-digest-preferences SHA512 SHA384 SHA256
cert-digest-algo SHA512
digest-algo SHA512
default-preference-list SHA512 SHA384 SHA256 AES256 AES192 AES ZLIB BZIP2 ZIP Uncompressed
CONF
GNUPGHOME=$home gpg --batch --quiet --passphrase '' \
    --quick-generate-key "torch release, throwaway ($(date -u +%Y-%m-%d))" ed25519 sign never 2>/dev/null
GNUPGHOME=$home gpg --batch --with-colons --list-secret-keys | awk -F: '/^fpr:/ { print $10; exit }'
