#!/bin/sh
# The repositories the arm64 VMs install and upgrade from, and the packages'
# reproducibility (make release-test-repos; Tests/systemd/run.sh puts OUT on the guests'
# second disk):
#   Tests/release/build-test-repos.sh OUT BOOKWORM-DEB TRIXIE-DEB
# BOOKWORM-DEB and TRIXIE-DEB: this tree's arm64 packages (make deb ARCH=arm64
# SUITE=bookworm|trixie). Then, in a copy of this tree (its tracked and untracked files,
# not .build; built where this tree is, see below), with the same SOURCE_DATE_EPOCH (the
# packages' own):
#   1. both packages built again from nothing (make deb, side by side): each must be byte-identical to
#      this tree's, or diffoscope (Debian's diffoscope-minimal) says where they differ
#      and the run fails;
#   2. the version bumped (Version.swift's last number + 1) and the reference config
#      changed (a line added to dist/torch.conf, so the package's default differs from
#      the one installed, as in a real release that adds a key), built again
#      (incrementally): the newer packages.
# With one throwaway key (dist/release/throwaway-key.sh), dist/release/release.sh makes
#   OUT/repo-v1/           the repository with BOOKWORM-DEB and TRIXIE-DEB, and
#                          torch-archive-keyring, its apt source file:/run/torch-repo
#   OUT/repo-v2/           the same with the newer packages (the upgrade's)
#   OUT/bad-packages/      repo-v1's dists/ with a Packages file changed after signing
#                          (the torch stanza's SHA256 and its .gz, as a swapped .deb would)
#   OUT/bad-release/       repo-v1's dists/ with Release and InRelease changed after
#                          signing (a line of the signed text)
#   OUT/versions           "OLD NEW", written last: the set is whole
# The guests link /run/torch-repo to repo-v1 or repo-v2 (publishing the newer version).
# Prints the timings and the verdicts; exit 1 when the packages are not reproducible.
set -eu
out=$(realpath -m "$1") bookworm_deb=$(realpath "$2") trixie_deb=$(realpath "$3")
top=$(cd "$(dirname "$0")/../.." && pwd)
log() { echo "release-test-repos: $*" >&2; }
die() { log "$*"; exit 1; }
now() { date +%s; }
[ -f "$bookworm_deb" ] && [ -f "$trixie_deb" ] || die "no packages at $bookworm_deb and $trixie_deb"
# The packages' own date (every file in them has it: SOURCE_DATE_EPOCH when they were
# built), so a commit made since does not count as a difference.
deb_epoch() {
    TZ=UTC date -d "$(dpkg-deb --fsys-tarfile "$1" | TZ=UTC tar -tv --full-time ./usr/bin/torch | awk '{ print $4, $5 }') UTC" +%s
}
epoch=$(deb_epoch "$bookworm_deb")
[ "$(deb_epoch "$trixie_deb")" = "$epoch" ] || die "$bookworm_deb and $trixie_deb were built at different SOURCE_DATE_EPOCHs"
version=$(sed -n 's/^ *static let number = "\(.*\)"$/\1/p' "$top/Sources/TorchCLI/Version.swift")
next=$(echo "$version" | awk -F. -v OFS=. '{ $NF = $NF + 1; print }')

rm -rf "$out"
mkdir -p "$out/debs-v1" "$out/debs-v2" "$out/repro"
cp "$bookworm_deb" "$trixie_deb" "$out/debs-v1/"
copy=$(mktemp -d "${TMPDIR:-/tmp}/torch-repro.XXXXXX")
trap 'rm -rf "$copy"' EXIT
(cd "$top" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar -cf - --no-recursion 2>/dev/null) \
    | tar -xf - -C "$copy"

# both_suites DIR FAILURE: the copy's packages for bookworm and for trixie into DIR, side
# by side (each build's scratch is its own, .build/arm64-bookworm and .build/arm64, and a
# release build spends much of its time in one whole-module compile on one CPU); each
# one's log in DIR/build-SUITE.log, whose last lines are printed when it fails, with
# FAILURE (SUITE: the suite).
both_suites() {
    pids=""
    for suite in bookworm trixie; do
        make -s -C "$copy" deb ARCH=arm64 SUITE=$suite DEB_DIR="$1" SOURCE_DATE_EPOCH="$epoch" \
            > "$1/build-$suite.log" 2>&1 &
        pids="$pids $suite:$!"
    done
    bad=""
    for p in $pids; do
        wait "${p#*:}" || { tail -n 30 "$1/build-${p%%:*}.log" >&2; bad="$bad $(echo "$2" | sed "s/SUITE/${p%%:*}/")"; }
    done
    [ -z "$bad" ] || die "${bad# }"
}

# --- 1. reproducible: the same sources, built from nothing ----------------------------------
failed=0
t0=$(now)
# The copy is mounted at this tree's own path inside the toolchain's root
# (TORCH_IN_ROOT_AS): the binary holds one absolute source path that swiftc's
# -file-prefix-map does not rewrite (a #filePath literal; the Makefile's REPRO_FLAGS
# rewrite every other), so packages built from checkouts at different paths differ there.
export TORCH_IN_ROOT_AS="$top"
both_suites "$out/repro" "make deb ARCH=arm64 SUITE=SUITE failed in $copy"
t_repro=$(( $(now) - t0 ))
for deb in "$bookworm_deb" "$trixie_deb"; do
    again="$out/repro/$(basename "$deb")"
    if cmp -s "$deb" "$again"; then
        echo "VMTEST PASS reproducible $(basename "$deb") ($(sha256sum < "$deb" | cut -c1-16)…, built again at $copy)"
    else
        failed=1
        echo "VMTEST FAIL reproducible $(basename "$deb"): two builds of the same sources differ (this tree's and $copy's):"
        if command -v diffoscope > /dev/null; then
            diffoscope --text - --max-report-size 200000 "$deb" "$again" 2>&1 | head -n 80 | sed 's/^/  /'
        else
            echo "  (diffoscope is not installed: apt-get install diffoscope-minimal)"
        fi
    fi
done

# --- 2. the newer version -----------------------------------------------------------------
t0=$(now)
sed -i "s/^\( *static let number = \)\"$version\"\$/\1\"$next\"/" "$copy/Sources/TorchCLI/Version.swift"
grep -q "\"$next\"" "$copy/Sources/TorchCLI/Version.swift" || die "could not bump $version in the copy's Version.swift"
printf '\n# (%s: the reference as a newer release might change it)\n' "$next" >> "$copy/dist/torch.conf"
both_suites "$out/debs-v2" "the $next build for SUITE failed"
t_next=$(( $(now) - t0 ))
rm -f "$out"/debs-v2/*.log "$out"/repro/*.deb

# --- the repositories ------------------------------------------------------------------
t0=$(now)
key=$(sh "$top/dist/release/throwaway-key.sh" "$out/gnupg")
export GNUPGHOME="$out/gnupg"
url=file:/run/torch-repo
sh "$top/dist/release/release.sh" "$out/repo-v1" "$version" "$url" "$key" "$out"/debs-v1/*.deb 2> "$out/repo-v1.log" \
    || { cat "$out/repo-v1.log" >&2; die "release.sh failed for $version"; }
sh "$top/dist/release/release.sh" "$out/repo-v2" "$next" "$url" "$key" "$out"/debs-v2/*.deb 2> "$out/repo-v2.log" \
    || { cat "$out/repo-v2.log" >&2; die "release.sh failed for $next"; }
gpgconf --kill gpg-agent 2>/dev/null || true
grep -h '^release: ' "$out/repo-v1.log" "$out/repo-v2.log" | sed 's/^/  /'

# Changed after signing: a Packages file (the torch stanza's SHA256, as a swapped package
# would need), with its .gz made again from it; and the signed Release text.
for bad in bad-packages bad-release; do
    mkdir -p "$out/$bad"
    cp -a "$out/repo-v1/apt/dists" "$out/$bad/"
done
for p in "$out"/bad-packages/dists/*/main/binary-arm64/Packages; do
    awk '/^Package: torch$/ { t = 1 } /^$/ { t = 0 } t && /^SHA256: / { $2 = "0000000000000000" substr($2, 17) } { print }' "$p" > "$p.new"
    mv "$p.new" "$p"
    gzip -9n < "$p" > "$p.gz"
done
for r in "$out"/bad-release/dists/*/Release "$out"/bad-release/dists/*/InRelease; do
    sed -i 's/^Label: torch$/Label: torch (changed after signing)/' "$r"
done
cmp -s "$out/repo-v1/apt/dists/trixie/InRelease" "$out/bad-release/dists/trixie/InRelease" && die "bad-release: nothing changed"
t_repos=$(( $(now) - t0 ))
echo "release-test-repos: $version and $next for bookworm and trixie arm64; built again from nothing in ${t_repro}s, the $next builds ${t_next}s, repositories ${t_repos}s"
[ "$failed" = 0 ] || exit 1
# Last, so that its presence means a whole, reproducible set (the Makefile's stamp).
echo "$version $next" > "$out/versions"
