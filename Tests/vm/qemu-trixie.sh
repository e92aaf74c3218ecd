#!/bin/sh
# Debian 13's qemu (10) on this Debian 12 host, whose own is 7.2, for the emulated guests
# of the tests: qemu 10 models the Raspberry Pi 4 B (raspi4b), and its TCG runs the x86_64
# guests in less host CPU time (the arm64 ones in about the same; docs/results.md, "qemu
# 10"), which make test's VMs spend most of theirs on. Prints the path of a command that
# runs one of its programs with the given arguments:
#   Tests/vm/qemu-trixie.sh qemu-system-aarch64|qemu-system-x86_64
# The system emulators are trixie's qemu-system-arm and qemu-system-x86 with every
# library they need, unpacked (not installed) into a directory and run by that
# directory's own dynamic loader, with -L for their firmware and option ROMs, in a
# private mount namespace where trixie's modules (display and audio back ends) are bound
# over the directory the build names, where the host's own qemu keeps modules of
# another build, which qemu 10 refuses and then aborts (so: root).
# The packages: their dependency closure as apt resolves it against an empty system (a
# private apt state: trixie, amd64; never the machine's), each checked by apt against
# the archive's index. Cached under TORCH_QEMU_CACHE (default ~/.cache/torch-qemu) by a
# hash of the resolved package list and this script.
set -eu
program=${1:-}
case "$program" in
qemu-system-aarch64|qemu-system-x86_64) ;;
*) echo "qemu-trixie: '$program' is not one of qemu-system-aarch64, qemu-system-x86_64" >&2; exit 64 ;;
esac
cache=${TORCH_QEMU_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-qemu}
mirror=${TORCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}
packages="qemu-system-arm qemu-system-x86"
log() { echo "qemu-trixie: $*" >&2; }
die() { log "$*"; exit 1; }
[ "$(uname -m)" = x86_64 ] || die "this host is $(uname -m): the unpacked qemu is trixie's amd64 one"
apt_dir="$cache/apt-trixie-amd64"
mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror trixie main" > "$apt_dir/sources.list"
: > "$apt_dir/status"
apt_opts="-q -o Dir::Etc::SourceList=$apt_dir/sources.list -o Dir::Etc::SourceParts=/dev/null
 -o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts=/dev/null
 -o Dir::State::Lists=$apt_dir/lists -o Dir::State::Status=$apt_dir/status
 -o Dir::Cache=$apt_dir -o Dir::Cache::archives=$apt_dir/archives
 -o APT::Architecture=amd64 -o APT::Architectures::=amd64 -o APT::Install-Recommends=false
 -o APT::Sandbox::User=root -o Debug::NoLocking=1"
# One at a time: the guests that start side by side share the unpacked directory.
exec 9> "$cache/qemu-trixie.flock"
flock 9
# The lists are refreshed once a day at most: every guest asks, and the answer is the same.
# (apt dates the lists by the archive's own times, so a stamp of this script's says when.)
if [ -z "$(find "$apt_dir/updated" -mmin -1440 2>/dev/null)" ]; then
    # shellcheck disable=SC2086 # apt_opts is a list of words
    if apt-get $apt_opts update > "$apt_dir/update.log" 2>&1; then touch "$apt_dir/updated"
    else log "apt lists not refreshed (offline?): using the old ones"; fi
fi
# The closure: what apt would install on an empty system (Inst lines of a simulation),
# resolved again when the lists or this script are newer than the last answer.
closure_file="$apt_dir/closure"
if [ ! -s "$closure_file" ] || [ -n "$(find "$apt_dir/updated" "$0" -newer "$closure_file" 2>/dev/null)" ]; then
    # shellcheck disable=SC2086
    apt-get $apt_opts -s install $packages 2>/dev/null | sed -n 's/^Inst \([^ ]*\) (\([^ ]*\) .*/\1=\2/p' | LC_ALL=C sort > "$closure_file.new"
    mv "$closure_file.new" "$closure_file"
fi
closure=$(cat "$closure_file")
[ -n "$closure" ] || die "apt resolved nothing for trixie's $packages ($apt_dir)"
key=$( { cat "$0"; echo "$closure"; } | sha256sum | cut -c1-16)
dir="$cache/qemu-trixie-$key"
r="$dir/root"
if [ ! -f "$dir/.complete" ]; then
    t0=$(date +%s)
    # shellcheck disable=SC2086
    apt-get $apt_opts -y --download-only install $packages > "$apt_dir/download.log" 2>&1 \
        || { tail -n 20 "$apt_dir/download.log" >&2; die "download of $packages failed"; }
    rm -rf "$dir" && mkdir -p "$r" "$dir/bin"
    for pv in $closure; do
        p=${pv%%=*} v=${pv#*=}
        f=$(ls "$apt_dir/archives/${p}_$(echo "$v" | sed 's/:/%3a/')"_*.deb 2>/dev/null | head -n 1)
        [ -n "$f" ] || die "no downloaded package for $p $v"
        dpkg-deb -x "$f" "$r"
    done
    loader=$r/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2
    [ -e "$loader" ] || die "no dynamic loader in $r"
    mods=/usr/lib/x86_64-linux-gnu/qemu
    for p in qemu-system-aarch64 qemu-system-x86_64; do
        [ -x "$r/usr/bin/$p" ] || die "no $p in $r"
        cat > "$dir/bin/$p" <<WRAPPER
#!/bin/sh
# trixie's $p, unpacked (Tests/vm/qemu-trixie.sh)
exec unshare --mount --propagation private sh -c 'mkdir -p $mods && mount --bind $r$mods $mods && exec "\$@"' sh \\
    $loader --library-path $r/usr/lib/x86_64-linux-gnu:$r/usr/lib/x86_64-linux-gnu/pulseaudio \\
    $r/usr/bin/$p -L $r/usr/share/qemu -L $r/usr/share/seabios "\$@"
WRAPPER
        chmod +x "$dir/bin/$p"
    done
    touch "$dir/.complete"
    log "$(echo "$closure" | wc -l) packages unpacked in $(( $(date +%s) - t0 )) s ($(du -sh "$r" | cut -f1))"
fi
echo "$dir/bin/$program"
