#!/bin/sh
# dist/release/lint-packages.sh refuses what make release must not sign (make
# package-test): a package lintian finds errors in, one with a warning that
# docs/install-pi.md does not explain, and one for a release it has no lintian of; the
# packages are the test's own, made with dpkg-deb in a temporary directory.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/torch-lint-refuses.XXXXXX")
trap 'rm -rf "$work"' EXIT
failed=0
pass() { echo "VMTEST PASS $1"; }
fail() { echo "VMTEST FAIL $1: $2"; failed=1; }
# package NAME VERSION [whole]: a package of one data file, with no copyright file
# (an error), or with its copyright and changelog but no Section or Priority (lintian's
# recommended-field: a warning only).
package() {
    d="$work/$1"; doc="$d/usr/share/doc/$1"; mkdir -p "$d/DEBIAN" "$doc" "$d/usr/share/$1"
    echo data > "$d/usr/share/$1/data"
    extra=""
    if [ "${3:-}" = whole ]; then
        printf 'Copyright: the torch test\nLicense: MIT\n' > "$doc/copyright"
        printf '%s (%s) unstable; urgency=low\n\n  * A test package.\n\n -- torch <torch@example.org>  Thu, 01 Jan 2026 00:00:00 +0000\n' \
            "$1" "$2" | gzip -9n > "$doc/changelog.gz"
        extra=" The test's own package, for lintian to read.\n"
    fi
    printf 'Package: %s\nVersion: %s\nArchitecture: all\nMaintainer: torch <torch@example.org>\nDescription: a test package of torch\n%b' \
        "$1" "$2" "$extra" > "$d/DEBIAN/control"
    dpkg-deb --root-owner-group -b "$d" "$work/${1}_$2_all.deb" > /dev/null
    echo "$work/${1}_$2_all.deb"
}
suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
case $suite in bookworm) n=12 other=13 ;; trixie) n=13 other=12 ;; *) echo "lint-refuses: this host is $suite" >&2; exit 64 ;; esac
# refused NAME DEB WHY: lint-packages exits 1 and its last line says WHY.
refused() {
    out=$(sh "$top/dist/release/lint-packages.sh" "" "$2" 2>&1) && rc=0 || rc=$?
    if [ "$rc" = 1 ] && printf '%s\n' "$out" | tail -n 1 | grep -q "$3"; then pass "$1"
    else fail "$1" "exit $rc: $(printf '%s\n' "$out" | tail -n 1)"; fi
}
refused lint-refuses-errors "$(package torch-a "1+deb$n")" 'reports errors'
refused lint-refuses-unexplained-warning "$(package torch-b "1+deb$n" whole)" 'does not say why:.*recommended-field'
refused lint-refuses-no-lintian "$(package torch-c "1+deb$other" whole)" "no lintian of"
exit "$failed"
