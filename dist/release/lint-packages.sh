#!/bin/sh
# lintian on packages, each with the lintian of the Debian release it is for (make
# release runs it on every package before anything is signed; Tests/package/check-deb.sh
# on the package it checks):
#   dist/release/lint-packages.sh TOOLCHAIN-DIR DEB...
# A package for this host's own release (+deb12 on Debian 12) is checked with this
# host's lintian; a +deb13 package (trixie) off a trixie host with Debian 13's lintian
# inside the cross toolchain's trixie root (TOOLCHAIN-DIR, "" when there is none), which
# sees this work tree and nothing else, so such a DEB must be inside it. As make
# package-test asks: no errors, and no warning that docs/install-pi.md (lintian) does not
# name with its reason. Prints lintian's lines; exit 1 when a package fails.
set -eu
toolchain=$1; shift
top=$(cd "$(dirname "$0")/../.." && pwd)
host_suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
failed=0
refuse() { echo "lint-packages: $name: $*"; failed=1; }
for deb in "$@"; do
    name=$(basename "$deb")
    case $name in
    *+deb12_*.deb) suite=bookworm ;;
    *+deb13_*.deb) suite=trixie ;;
    *) refuse "neither +deb12 (bookworm) nor +deb13 (trixie)"; continue ;;
    esac
    rc=0
    if [ "$suite" = "$host_suite" ]; then
        out=$(lintian --tag-display-limit 0 "$deb" 2>&1) || rc=$?
    elif [ "$suite" = trixie ] && [ -n "$toolchain" ]; then
        case $(realpath "$deb") in
        "$top"/*) ;;
        *) refuse "not inside $top, where the trixie root can read it"; continue ;;
        esac
        out=$(sh "$top/dist/cross/in-root.sh" "$toolchain" lintian --tag-display-limit 0 "$deb" 2>&1) || rc=$?
    else
        refuse "no lintian of $suite here (this host is $host_suite${toolchain:+; the trixie root has trixie's})"; continue
    fi
    out=$(printf '%s\n' "$out" | grep -v '^running with root privileges' || true)
    [ -z "$out" ] || printf '%s\n' "$out" | sed "s|^|  $name: |"
    unexplained=""
    for tag in $(printf '%s\n' "$out" | sed -n 's/^W: [^:]*: \([a-z0-9-]*\).*/\1/p' | sort -u); do
        grep -q "\`$tag\`" "$top/docs/install-pi.md" || unexplained="$unexplained $tag"
    done
    # lintian exits 1 for an error tag, 2 when it could not check the package at all.
    if [ "$rc" != 0 ] || printf '%s\n' "$out" | grep -q '^E: '; then
        refuse "lintian ($suite's) reports errors or could not check it (exit $rc)"
    elif [ -n "$unexplained" ]; then
        refuse "lintian ($suite's) warns, and docs/install-pi.md does not say why:$unexplained"
    else
        echo "lint-packages: $name: lintian-clean ($suite's lintian)"
    fi
done
exit "$failed"
