#!/bin/sh
# Debian 13's qemu-system-aarch64 (qemu 10, which models the Raspberry Pi 4 B: raspi4b)
# for the raspi4b check, on this Debian 12 host whose own qemu (7.2) has no raspi4b:
# qemu-system-arm from trixie with every library it needs, unpacked (not installed)
# into a directory and run by that directory's own dynamic loader. Prints the command
# that runs it (the loader, its library path, the binary), with -L for its data files:
#   Tests/raspi/qemu-trixie.sh   →   unshare … sh -c '…' sh /…/ld-linux-x86-64.so.2 --library-path … /…/qemu-system-aarch64 -L /…/qemu
# (eval it: it quotes its own words).
# The packages: qemu-system-arm's dependency closure as apt resolves it against an empty
# system (a private apt state: trixie, amd64; never the machine's), each checked by apt
# against the archive's index. Cached under TORCH_RASPI_CACHE (default
# ~/.cache/torch-raspi) by a hash of the resolved package list and this script.
set -eu
cache=${TORCH_RASPI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-raspi}
mirror=${TORCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}
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
mkdir -p "$cache"
exec 9> "$cache/qemu-trixie.flock"
flock 9
# shellcheck disable=SC2086 # apt_opts is a list of words
apt-get $apt_opts update > "$apt_dir/update.log" 2>&1 || log "apt lists not refreshed (offline?): using the old ones"
# The closure: what apt would install on an empty system (Inst lines of a simulation).
# shellcheck disable=SC2086
closure=$(apt-get $apt_opts -s install qemu-system-arm 2>/dev/null | sed -n 's/^Inst \([^ ]*\) (\([^ ]*\) .*/\1=\2/p' | LC_ALL=C sort)
[ -n "$closure" ] || die "apt resolved nothing for trixie's qemu-system-arm ($apt_dir)"
key=$( { cat "$0"; echo "$closure"; } | sha256sum | cut -c1-16)
dir="$cache/qemu-trixie-$key"
if [ ! -f "$dir/.complete" ]; then
    t0=$(date +%s)
    # shellcheck disable=SC2086
    apt-get $apt_opts -y --download-only install qemu-system-arm > "$apt_dir/download.log" 2>&1 \
        || { tail -n 20 "$apt_dir/download.log" >&2; die "download of qemu-system-arm's packages failed"; }
    rm -rf "$dir" && mkdir -p "$dir/root"
    for pv in $closure; do
        p=${pv%%=*} v=${pv#*=}
        f=$(ls "$apt_dir/archives/${p}_$(echo "$v" | sed 's/:/%3a/')"_*.deb 2>/dev/null | head -n 1)
        [ -n "$f" ] || die "no downloaded package for $p $v"
        dpkg-deb -x "$f" "$dir/root"
    done
    touch "$dir/.complete"
    log "$(echo "$closure" | wc -l) packages unpacked in $(( $(date +%s) - t0 )) s ($(du -sh "$dir/root" | cut -f1))"
fi
r="$dir/root"
loader=$r/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2
[ -e "$loader" ] || die "no dynamic loader in $r"
# Its modules (display and audio back ends) are looked for in the directory the build
# names, where the host's qemu keeps its own (another build, which it refuses and then
# aborts): in a private mount namespace, trixie's modules are bound over that directory.
mods=/usr/lib/x86_64-linux-gnu/qemu
echo "unshare --mount --propagation private sh -c 'mkdir -p $mods && mount --bind $r$mods $mods && exec \"\$@\"' sh $loader --library-path $r/usr/lib/x86_64-linux-gnu:$r/usr/lib/x86_64-linux-gnu/pulseaudio $r/usr/bin/qemu-system-aarch64 -L $r/usr/share/qemu"
