# Sourced by debian-kernel.sh and Tests/raspi/run.sh: Debian packages fetched with a
# private apt state and kept by content hash, each checked against the archive's index.
# The caller sets apt_opts (its own lists and cache, never the machine's), apt_dir,
# cache (the packages go to $cache/debs/SHA256.deb), lock (the list of what was fetched:
# "NAME VERSION SHA256" a line), suite (for messages) and die().

# have_all: every package the lock file names is in the cache.
have_all() {
    [ -f "$lock" ] || return 1
    while read -r _ _ sha; do [ -f "$cache/debs/$sha.deb" ] || return 1; done < "$lock"
}

# show NAME[:ARCH][=VERSION] FIELD: that field of the package (its candidate version).
show() {
    # shellcheck disable=SC2086 # apt_opts is a word list
    apt-cache $apt_opts show --no-all-versions "$1" 2>/dev/null | sed -n "s/^$2: //p"
}

# fetch NAME[:ARCH][=VERSION]: one package, downloaded unless cached, checked against the
# index's SHA256, and appended to the new lock file ($lock.tmp).
fetch() {
    pkg_version=$(show "$1" Version)
    [ -n "$pkg_version" ] || die "$suite has no package $1"
    sha=$(show "$1" SHA256)
    name=${1%%=*} name=${name%%:*}
    if [ ! -f "$cache/debs/$sha.deb" ]; then
        mkdir -p "$apt_dir/dl" "$cache/debs"
        rm -f "$apt_dir"/dl/*.deb
        # shellcheck disable=SC2086
        (cd "$apt_dir/dl" && apt-get $apt_opts download "${1%%=*}=$pkg_version" > "$apt_dir/download.log" 2>&1) \
            || die "download of $1 ($pkg_version) failed ($apt_dir/download.log)"
        got=$(sha256sum "$apt_dir"/dl/*.deb | cut -d' ' -f1)
        [ "$got" = "$sha" ] || die "$name=$pkg_version: SHA256 $got, the index says $sha"
        mv "$apt_dir"/dl/*.deb "$cache/debs/$sha.deb"
    fi
    echo "$name $pkg_version $sha" >> "$lock.tmp"
}
