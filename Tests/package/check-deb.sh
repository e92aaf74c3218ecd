#!/bin/sh
# The Debian package (make package-test): builds it from BIN into a temporary
# directory and checks, without installing it:
#   the file list (exactly the expected files), no conffile (the config is made from the
#   packaged default by postinst), the control fields
#   (Version from Version.swift, Architecture, Depends on libc6 and on the package
#   that owns the libgpiod the binary links, Recommends on the package of libssl.so.3,
#   which the binary opens only for mqtts:// and never links), no regex engine in the
#   binary (_StringProcessing), the host binary's layout (dist/link-order.txt current
#   and applied), the unit's ExecStart, the maintainer
#   scripts' syntax, torch.conf(5) naming every key of dist/torch.conf, the packaged
#   binary's --version, the bash completion, and lintian: no errors, and every
#   warning named in docs/install-pi.md (lintian) with its reason.
#   Tests/package/check-deb.sh BIN VERSION [TOOLCHAIN-DIR [SUITE [COUNTER-BIN]]]
# With the arm64 cross toolchain's directory (dist/cross/toolchain.sh) it checks the
# arm64 package of a cross-built BIN instead: built, and lintian run, inside the
# toolchain's Debian 13 root (the lintian of the release the package is for); the
# binary's ELF machine is AArch64 and its --version runs under qemu-aarch64-static.
# SUITE bookworm (the toolchain from dist/cross/bookworm-sdk.sh): the arm64 package for
# Raspberry Pi OS bookworm, BIN linked against the Debian 12 arm64 sysroot: Depends from
# that sysroot's packages, --version under qemu-user with bookworm's libraries (every
# symbol bound at start: LD_BIND_NOW), lintian of Debian 12 (this host's), and the
# symbol versions: every symbol BIN needs is one bookworm's libraries define, read from
# those libraries (symbol_versions.py); COUNTER-BIN, the trixie build, must be refused
# by that check, naming what bookworm lacks (__isoc23_strtol at GLIBC_2.38). The host's
# own package on a Debian 12 host is checked against the host's libraries the same way.
set -eu
cd "$(dirname "$0")/../.."
bin=$1 version=$2 toolchain=${3:-} suite=${4:-} counter=${5:-}
host_suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
[ -n "$suite" ] || { if [ -n "$toolchain" ]; then suite=trixie; else suite=$host_suite; fi; }
case "$suite" in bookworm) pkgversion=$version+deb12 ;; trixie) pkgversion=$version+deb13 ;;
*) echo "check-deb: suite '$suite': bookworm or trixie" >&2; exit 64 ;; esac
work=$(mktemp -d /tmp/torch-check-deb.XXXXXX)
# The cross build writes inside the work tree, the one directory the root sees.
cross_out=.build/arm64/check-deb.$$
trap 'rm -rf "$work" "$cross_out"' EXIT
failed=0
pass() { echo "VMTEST PASS $1"; }
fail() { echo "VMTEST FAIL $1: $2"; failed=1; }

# The libraries the binary is checked against: the sysroot's (bookworm arm64), the
# toolchain root's (trixie arm64) or this host's.
sysroot="" deb_env=""
if [ -n "$toolchain" ]; then
    arch=arm64 machine=AArch64 libdir=/usr/lib/aarch64-linux-gnu
    in_root() { sh dist/cross/in-root.sh "$toolchain" "$@"; }
    run() { qemu-aarch64-static -L "$toolchain/root" "$@"; }
    dpkg_s() { in_root dpkg -S "$1"; }
    if [ "$suite" = bookworm ]; then
        sysroot_in_root=/opt/sysroots/bookworm-arm64
        sysroot=$toolchain/root$sysroot_in_root
        [ -d "$sysroot/var/lib/dpkg" ] || { echo "check-deb: no bookworm sysroot in $toolchain (dist/cross/bookworm-sdk.sh)" >&2; exit 1; }
        deb_env="DEB_SYSROOT=$sysroot_in_root"
        run() { LD_BIND_NOW=1 qemu-aarch64-static -L "$sysroot" "$@"; }
        # Which bookworm package owns a library: the sysroot's database, by the path
        # the library has inside the root.
        dpkg_s() { dpkg-query --admindir="$sysroot/var/lib/dpkg" -S "$sysroot_in_root$1" | sed "s#$sysroot_in_root##"; }
    fi
    deb=$(SOURCE_DATE_EPOCH=$(git log -1 --format=%ct) in_root env $deb_env sh dist/debian/build-deb.sh "$bin" "$version" "$cross_out" arm64 "$suite")
    cp "$deb" "$work/"
    cross_deb=$deb
    deb="$work/$(basename "$deb")"
else
    arch=$(dpkg --print-architecture) machine=$(readelf -h /bin/sh | sed -n 's/^ *Machine: *//p')
    libdir=""
    in_root() { "$@"; }
    run() { "$@"; }
    dpkg_s() { dpkg -S "$1"; }
    [ "$suite" = "$host_suite" ] || { echo "check-deb: this host is $host_suite: its own package is for $host_suite, not $suite" >&2; exit 64; }
    [ "$suite" != bookworm ] || sysroot=/
    deb=$(sh dist/debian/build-deb.sh "$bin" "$version" "$work/out" "$arch" "$suite")
    cross_deb=$deb
fi
[ "$(basename "$deb")" = "torch_${pkgversion}_$arch.deb" ] && pass deb-name \
    || fail deb-name "$(basename "$deb") is not torch_${pkgversion}_$arch.deb"

# --- the file list -----------------------------------------------------------------
dpkg-deb --fsys-tarfile "$deb" | tar -t | sed 's#^\./#/#; s#/$##' | grep -v '^/*$' | LC_ALL=C sort > "$work/files"
{
    echo /usr; echo /usr/bin; echo /usr/bin/torch
    echo /usr/lib; echo /usr/lib/systemd; echo /usr/lib/systemd/system
    for u in $(cd dist && ls torch.socket torch.service 2>/dev/null); do echo "/usr/lib/systemd/system/$u"; done
    echo /usr/share
    echo /usr/share/bash-completion; echo /usr/share/bash-completion/completions
    echo /usr/share/bash-completion/completions/torch
    echo /usr/share/doc; echo /usr/share/doc/torch
    echo /usr/share/doc/torch/changelog.gz; echo /usr/share/doc/torch/copyright
    echo /usr/share/man; echo /usr/share/man/man1; echo /usr/share/man/man1/torch.1.gz
    echo /usr/share/man/man5; echo /usr/share/man/man5/torch.conf.5.gz
    echo /usr/share/torch; echo /usr/share/torch/boards; echo /usr/share/torch/network.conf
    echo /usr/share/torch/torch.conf
    for b in boards/*.board; do echo "/usr/share/torch/boards/$(basename "$b")"; done
} | LC_ALL=C sort > "$work/expected"
if diff -u "$work/expected" "$work/files" > "$work/files.diff"; then pass file-list
else fail file-list "the package's files differ from the expected list:"; sed 's/^/  /' "$work/files.diff"; fi

# --- control ---------------------------------------------------------------------------
dpkg-deb -e "$deb" "$work/DEBIAN"
field() { dpkg-deb -f "$deb" "$1"; }
# /etc/torch/torch.conf is the administrator's, made by postinst at the first install
# from the commented default the package ships: no conffile, so no dpkg question can
# stop a non-interactive upgrade.
[ ! -e "$work/DEBIAN/conffiles" ] && pass no-conffiles || fail no-conffiles "conffiles: $(cat "$work/DEBIAN/conffiles")"
dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/torch/torch.conf | cmp -s - dist/torch.conf \
    && grep -q 'cp /usr/share/torch/torch.conf /etc/torch/torch.conf' "$work/DEBIAN/postinst" && pass config-from-default \
    || fail config-from-default "/usr/share/torch/torch.conf is not dist/torch.conf, or postinst does not make /etc/torch/torch.conf from it"
[ "$(field Version)" = "$pkgversion" ] && pass "version-field ($pkgversion)" || fail version-field "Version: $(field Version), not $pkgversion"
[ "$(field Architecture)" = "$arch" ] && pass arch-field || fail arch-field "Architecture: $(field Architecture)"
depends=$(field Depends)
# The package that owns the libgpiod the binary was linked against (libgpiod2 for 1.6.3,
# libgpiod3 for trixie's 2.2).
if [ -n "$toolchain" ]; then
    gpiod_so=$libdir/$(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(libgpiod\.so[^]]*\)\]/\1/p')
else
    gpiod_so=$(readlink -f "$(ldd "$bin" | awk '$1 ~ /^libgpiod\.so/ { print $3 }')")
fi
gpiod_pkg=$(dpkg_s "$gpiod_so" 2>/dev/null | head -n1 | cut -d: -f1)
if [ -n "$gpiod_pkg" ] && printf '%s\n' "$depends" | tr ',' '\n' | grep -q "^ *$gpiod_pkg\( \|$\)"; then
    pass "depends-libgpiod ($gpiod_pkg)"
else fail depends-libgpiod "Depends '$depends' lacks the package of $gpiod_so ('$gpiod_pkg')"; fi
printf '%s\n' "$depends" | tr ',' '\n' | grep -q '^ *libc6 ' && pass depends-libc \
    || fail depends-libc "Depends '$depends' lacks libc6"
# OpenSSL is opened with dlopen for mqtts:// only: never NEEDED, and recommended by the
# name the package has on this suite (libssl3t64 on trixie, libssl3 on bookworm).
ssl_pkg=$(dpkg_s "${libdir:-/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)}/libssl.so.3" 2>/dev/null | grep -v -- '-dev' | head -n1 | cut -d: -f1)
if [ -n "$ssl_pkg" ] && field Recommends | tr ',|' '\n\n' | grep -q "^ *$ssl_pkg *$"; then
    pass "recommends-libssl ($ssl_pkg)"
else fail recommends-libssl "Recommends '$(field Recommends)' lacks the package of libssl.so.3 ('$ssl_pkg')"; fi
if readelf -d "$bin" | grep -q 'NEEDED.*libssl'; then fail libssl-not-needed "the binary links libssl at start"
else pass libssl-not-needed; fi
# The regex engine is no part of a torch: one String.contains with a string argument
# (or another _StringProcessing call) links all of it into the static binary
# (docs/results.md, "the binary's size"; TorchCore's String.includes instead).
regex=$(readelf -sW "$bin" | grep -c '17_StringProcessing' || true)
if [ "$regex" = 0 ]; then pass no-regex-engine
else fail no-regex-engine "the binary has $regex _StringProcessing symbols: a String.contains(String) or another regex call came back (nm -u .build/*/*.build/*.o | grep 17_StringProcessing names the file)"; fi
# The host's build lays the functions a service runs out first (the Makefile's
# HOST_LINK_FLAGS, dist/link-order.txt; docs/results.md, "peak RSS after the light
# sensor"). The list is current: nine in ten of torch's own functions it names are still
# in the binary (else `make link-order`). The order took effect: a listed function of
# torch's own lies, on average, after fewer than a third of the unlisted ones (an
# unordered link puts it after about half).
if [ -z "$toolchain" ]; then
    layout=$(nm -n "$bin" | awk -v list=dist/link-order.txt '
        BEGIN { while ((getline l < list) > 0) if (l !~ /^#/ && l ~ /^\$s(5torch|9TorchCore|11TorchEngine|13TorchHardware|8TorchCLI)/) { listed[l] = 1; named++ } }
        $2 ~ /^[tT]$/ && $3 ~ /^\$s(5torch|9TorchCore|11TorchEngine|13TorchHardware|8TorchCLI)/ {
            if ($3 in listed) { n++; after += u; if (!seen[$3]++) found++ } else u++
        }
        END { printf "%d %d %d\n", named, found, (n && u) ? int(100 * after / n / u) : 100 }')
    read -r named found after <<EOF
$layout
EOF
    if [ "$named" -gt 0 ] && [ $((found * 10)) -ge $((named * 9)) ]; then pass "link-order-current ($found of $named)"
    else fail link-order-current "the binary defines $found of the $named functions of torch's own that dist/link-order.txt names: make link-order"; fi
    if [ "$after" -lt 33 ]; then pass "link-order-applied ($after %)"
    else fail link-order-applied "a listed function lies after $after % of the unlisted ones on average: the link did not take dist/link-order.txt (HOST_LINK_FLAGS)"; fi
fi
ok=1
for s in postinst prerm postrm; do
    sh -n "$work/DEBIAN/$s" || ok=0
    grep -q '@UNITS@' "$work/DEBIAN/$s" && ok=0
done
[ "$ok" = 1 ] && pass maintainer-scripts || fail maintainer-scripts "a script does not parse or kept @UNITS@"

# --- contents ---------------------------------------------------------------------------
dpkg-deb -x "$deb" "$work/root"
grep -q '^ExecStart=/usr/bin/torch run$' "$work/root/usr/lib/systemd/system/torch.service" \
    && ! grep -q /usr/local "$work/root/usr/lib/systemd/system/"* && pass unit-paths \
    || fail unit-paths "the unit does not run /usr/bin/torch"
elf=$(readelf -h "$work/root/usr/bin/torch" | sed -n 's/^ *Machine: *//p')
[ "$elf" = "$machine" ] && pass "elf-machine ($elf)" || fail elf-machine "the binary is for '$elf', not '$machine'"
out=$(run "$work/root/usr/bin/torch" --version 2>&1) || true
[ "$out" = "torch $version" ] && pass "binary-version ($out)" || fail binary-version "torch --version printed '$out'"
readelf -d "$work/root/usr/bin/torch" | grep -q 'NEEDED.*libswift' && fail static-stdlib "links the Swift runtime dynamically" \
    || pass static-stdlib
zcat "$work/root/usr/share/man/man1/torch.1.gz" | grep -q "torch $version" && \
    zcat "$work/root/usr/share/man/man5/torch.conf.5.gz" | grep -q "torch $version" && pass man-version \
    || fail man-version "a man page's header lacks torch $version"
missing=""
for key in $(sed -n 's/^#\{0,1\} \{0,1\}\([a-z][a-z-]*\) = .*/\1/p' dist/torch.conf | sort -u); do
    zcat "$work/root/usr/share/man/man5/torch.conf.5.gz" | grep -q "^\.B[R]\{0,1\} .*$key" || missing="$missing $key"
done
[ -z "$missing" ] && pass torch.conf.5-keys || fail torch.conf.5-keys "torch.conf(5) does not describe:$missing"

# --- bash completion ---------------------------------------------------------------------
printf '[light]\npattern = signal\n\n[pattern.signal]\nsteps = 100%% 50ms 0 950ms\n' > "$work/conf"
complete_words() { # the words completing the command line "$@" (the last word is being typed)
    TORCH_BOARDS_DIR="$work/root/usr/share/torch/boards" bash -c '
        . "$1"; shift
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _torch
        printf "%s\n" "${COMPREPLY[@]}"' sh "$work/root/usr/share/bash-completion/completions/torch" "$@"
}
t="$work/root/usr/bin/torch"
if [ -n "$toolchain" ]; then
    # The completion asks the binary for its subcommands and options: the arm64 one
    # answers under qemu-user, started through this wrapper.
    printf '#!/bin/sh\nexec qemu-aarch64-static -L "%s" "%s" "$@"\n' "${sysroot:-$toolchain/root}" "$t" > "$work/torch"
    chmod 0755 "$work/torch"
    t="$work/torch"
fi
c1=$(complete_words "$t" "" | tr '\n' ' ')
c2=$(complete_words "$t" blink --s | tr '\n' ' ')
c3=$(complete_words "$t" on --backend "" | tr '\n' ' ')
c4=$(TORCH_BOARDS_DIR="$work/root/usr/share/torch/boards" bash -c '. "$1"; _torch_boards' sh \
    "$work/root/usr/share/bash-completion/completions/torch" | tr '\n' ' ')
c5=$(bash -c '. "$1"; _torch_patterns "$2"' sh "$work/root/usr/share/bash-completion/completions/torch" "$work/conf" | tr '\n' ' ')
case "$c1" in *"on "*"off "*"run "*) ;; *) fail completion-subcommands "got '$c1'"; c1="" ;; esac
[ -n "$c1" ] && pass completion-subcommands
[ "$c2" = "--speed --state-file " ] && pass completion-options || fail completion-options "torch blink --s: '$c2'"
[ "$c3" = "auto gpiod pwm sim " ] && pass completion-values || fail completion-values "torch on --backend: '$c3'"
case "$c4" in *rpi5*rpizero2w*) pass completion-boards ;; *) fail completion-boards "got '$c4'" ;; esac
case "$c5" in "steady "*"breathe candle "*"heartbeat signal ") pass completion-patterns ;; *) fail completion-patterns "got '$c5'" ;; esac

# --- symbol versions (bookworm) --------------------------------------------------------------
if [ -n "$sysroot" ]; then
    if /usr/bin/python3 Tests/package/symbol_versions.py "$work/root/usr/bin/torch" "$sysroot" bookworm > "$work/symbols" 2>&1; then
        pass symbol-versions-bookworm
    else fail symbol-versions-bookworm "a symbol bookworm's libraries do not provide (below)"; fi
    sed 's/^/  /' "$work/symbols"
    if [ -n "$counter" ]; then
        # The check can fail: the trixie build needs GLIBC_2.38 (the __isoc23_ names).
        /usr/bin/python3 Tests/package/symbol_versions.py "$counter" "$sysroot" bookworm > "$work/counter" 2>&1 && counter_rc=0 || counter_rc=$?
        if [ "$counter_rc" = 1 ] && grep -q '__isoc23_strtol@GLIBC_2.38' "$work/counter"; then
            pass "symbol-versions-refuses-trixie-build ($(grep -c 'against bookworm: ' "$work/counter") problems)"
        else fail symbol-versions-refuses-trixie-build "rc $counter_rc for $counter: $(tail -n 3 "$work/counter" | tr '\n' '|')"; fi
    fi
fi

# --- lintian -------------------------------------------------------------------------------
# The lintian of the release the package is for, as make release runs it
# (dist/release/lint-packages.sh): the trixie root's, or this Debian 12 host's.
if sh dist/release/lint-packages.sh "$toolchain" "$cross_deb" > "$work/lintian" 2>&1; then pass lintian
else fail lintian "$(tail -n 1 "$work/lintian")"; fi
sed 's/^/  /' "$work/lintian"

[ "$failed" = 0 ] && echo "check-deb: $(basename "$deb"): ok" || echo "check-deb: failed"
exit "$failed"
