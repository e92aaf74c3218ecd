# torch's signed apt repository on the arm64 guests (issue 35), sourced by boot0.sh and
# boot5.sh when run.sh put the repositories on the second disk
# (Tests/release/build-test-repos.sh): repo-v1 (this tree's packages), repo-v2 (the
# newer version), bad-packages and bad-release (repo-v1's indexes changed after
# signing), versions ("OLD NEW"). The keyring package's apt source is file:/run/torch-repo,
# a link to repo-v1 or repo-v2: publishing the newer version is repointing it.
#   repo_install   boot 0: keyring package, its apt source, the changed indexes refused,
#                  apt update, apt install torch from the repository
#   repo_upgrade   boot 5: a lit light, the newer version published, apt upgrade with no
#                  terminal (a prompt would fail it): config, state and light kept, the
#                  new binary running, the dark gap printed (gap.sh's sampler, outside
#                  the service)
#   repo_forget    boot 5, after torch is purged: the keyring package purged, Debian's
#                  sources put back (the file list is compared after)

codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
case "$codename" in bookworm) debnn=deb12 ;; *) debnn=deb13 ;; esac
read -r v_old v_new < "$here/versions"
publish() { ln -sfn "$here/$1/apt" /run/torch-repo; }
apt_run() {  # LOG ARGS...: apt-get with no terminal and no questions
    log=$1; shift
    DEBIAN_FRONTEND=noninteractive apt-get -q "$@" < /dev/null > "$log" 2>&1
}
last_lines() { tail -n 4 "$1" | tr '\n' '|'; }

# refused NAME: apt update against a repository whose indexes changed after signing (the
# keyring's own key) stores nothing of it and fails; prints apt's reason.
refused() {
    lists=/tmp/lists-$1
    rm -rf "$lists"; mkdir -p "$lists/partial"
    echo "deb [signed-by=/usr/share/keyrings/torch-archive-keyring.gpg] file:$here/$1 $codename main" > "/tmp/$1.list"
    apt_run "/tmp/$1.log" -o Dir::Etc::SourceList="/tmp/$1.list" -o Dir::Etc::SourceParts=/nonexistent \
        -o Dir::State::Lists="$lists" update
    rc=$?
    reason=$(grep -E '^(E|W|Err):|BADSIG|[Ss]ignature|Hash Sum|unexpected size|not signed' "/tmp/$1.log" | head -n 3 | tr '\n' '|')
    info "$1: apt update rc $rc: $reason"
    [ "$rc" != 0 ] && ! ls "$lists" | grep -q -e Packages -e Release
}

repo_install() {
    # The guest has no network: Debian's own sources are set aside (repo_forget puts them
    # back), so apt update reads torch's alone.
    mkdir -p "$keep/debian-sources/d"
    [ ! -e /etc/apt/sources.list ] || mv /etc/apt/sources.list "$keep/debian-sources/"
    find /etc/apt/sources.list.d -maxdepth 1 -type f -exec mv {} "$keep/debian-sources/d/" \;
    publish repo-v1
    keyring=$(ls "$here"/repo-v1/torch-archive-keyring_*_all.deb)
    apt_run /tmp/apt.log install -y "$keyring" && pass boot0-keyring-install \
        || fail boot0-keyring-install "$(last_lines /tmp/apt.log)"
    src=/etc/apt/sources.list.d/torch.sources
    info "$src: $(grep -v '^#' "$src" 2>/dev/null | tr '\n' ' ')"
    source_ok() {
        grep -qx 'Types: deb' "$src" && grep -qx 'URIs: file:/run/torch-repo' "$src" && grep -qx "Suites: $codename" "$src" \
            && grep -qx 'Components: main' "$src" && grep -qx 'Signed-By: /usr/share/keyrings/torch-archive-keyring.gpg' "$src" \
            && [ -s /usr/share/keyrings/torch-archive-keyring.gpg ]
    }
    check boot0-keyring-source "the deb822 source for $codename with Signed-By" source_ok
    # Changed after signing: refused, with apt's own verifier (trixie's: sqv).
    verifier=gpgv; [ -x /usr/bin/sqv ] && verifier=sqv
    info "apt $(apt-get --version | head -n 1 | cut -d' ' -f2) verifies with $verifier"
    if [ "$codename" = trixie ]; then
        check boot0-trixie-apt-uses-sqv "no /usr/bin/sqv on trixie" [ "$verifier" = sqv ]
    fi
    check boot0-tampered-packages-refused "apt update accepted a Packages file changed after signing" refused bad-packages
    check boot0-tampered-release-refused "apt update accepted a Release changed after signing" refused bad-release
    # The repository as published: apt update, then torch from it.
    apt_run /tmp/apt.log update && pass boot0-apt-update || fail boot0-apt-update "$(last_lines /tmp/apt.log)"
    t0=$(cut -d' ' -f1 /proc/uptime)
    if apt_run /tmp/apt.log install -y torch; then
        pass boot0-apt-install
        info "apt install torch (from the repository) took $(echo "$(cut -d' ' -f1 /proc/uptime) - $t0" | awk '{ print $1 - $3 }') s"
    else
        fail boot0-apt-install "$(last_lines /tmp/apt.log)"
    fi
    from_repo() {
        [ "$(dpkg-query -W -f='${Version}' torch)" = "$v_old+$debnn" ] \
            && apt-cache policy torch | grep -A1 -F "*** $v_old+$debnn" | grep -q 'file:/run/torch-repo'
    }
    check boot0-installed-from-repository "$(dpkg-query -W -f='${Version}' torch 2>&1); $(apt-cache policy torch | tr '\n' ' ')" from_repo
}

repo_upgrade() {
    torch mode steady > /dev/null 2>&1
    torch on 100% > /dev/null 2>&1
    check boot5-lit-before-upgrade "LED $(led)" wait_until 10 led_is 1
    sleep 1    # the state file is written after the change
    conf_before=$(md5sum < /etc/torch/torch.conf)
    state_before=$(cat /var/lib/torch/state 2>/dev/null)
    pid_before=$(main_pid)
    check boot5-upgrade-gap-sampler "the gap sampler did not start: $(cat /tmp/gap-upgrade.out 2>/dev/null)" gap_begin upgrade
    publish repo-v2
    t0=$(cut -d' ' -f1 /proc/uptime)
    apt_run /tmp/apt-update.log update && apt_run /tmp/apt.log upgrade -y
    rc=$?
    t1=$(cut -d' ' -f1 /proc/uptime)
    # The light is judged once the upgrade's restart is over.
    wait_until 30 sh -c '[ "$(systemctl is-active torch.service)" = active ]'
    sleep 1
    gap_end upgrade
    check boot5-upgrade-noninteractive "rc $rc: $(last_lines /tmp/apt.log)" [ "$rc" = 0 ]
    info "apt update && apt upgrade: $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s; $(grep -E '^(Unpacking|Setting up) ' /tmp/apt.log | tr '\n' ' ')"
    check boot5-upgraded "torch $(dpkg-query -W -f='${Version}' torch 2>&1), want $v_new+$debnn" \
        [ "$(dpkg-query -W -f='${Version}' torch)" = "$v_new+$debnn" ]
    # The reference changed in the newer version; the administrator's file did not.
    config_kept() {
        [ "$(md5sum < /etc/torch/torch.conf)" = "$conf_before" ] && ! ls /etc/torch/ | grep -q -e dpkg- -e ucf- \
            && ! cmp -s /etc/torch/torch.conf /usr/share/torch/torch.conf
    }
    check boot5-upgrade-config-kept "$(ls /etc/torch | tr '\n' ' ')" config_kept
    state_after=$(cat /var/lib/torch/state 2>/dev/null)
    check boot5-upgrade-state-kept "before '$(echo "$state_before" | tr '\n' ' ')', after '$(echo "$state_after" | tr '\n' ' ')'" \
        [ -n "$state_before" -a "$state_before" = "$state_after" ]
    pid=$(main_pid)
    exe=$(readlink "/proc/$pid/exe" 2>&1)
    new_binary() {
        [ "$(torch --version 2>&1)" = "torch $v_new" ] && [ "$exe" = /usr/bin/torch ] && [ "$pid" != "$pid_before" ]
    }
    check boot5-upgrade-new-binary "torch --version: $(torch --version 2>&1); MainPID $pid (was $pid_before) runs '$exe'" new_binary
    lit_after() { active && led_is 1; }
    check boot5-upgrade-lit-after "torch $(systemctl is-active torch.service), LED $(led)" lit_after
    info "apt upgrade, steady light on GPIO: dark $(gap_value upgrade gpio longest-dark-ms) ms in $(gap_value upgrade gpio dark-runs) run(s), line unheld $(gap_value upgrade watch unheld-ms) ms (worst sampling interval $(gap_value upgrade sampler worst-interval-us) us)"
}

repo_forget() {
    apt_run /tmp/apt.log purge -y torch-archive-keyring && pass boot5-keyring-purge \
        || fail boot5-keyring-purge "$(last_lines /tmp/apt.log)"
    check boot5-keyring-source-gone "$(ls /etc/apt/sources.list.d/ /usr/share/keyrings/ | tr '\n' ' ')" \
        sh -c '[ ! -e /etc/apt/sources.list.d/torch.sources ] && [ ! -e /usr/share/keyrings/torch-archive-keyring.gpg ]'
    rm -f /run/torch-repo
    [ ! -e "$keep/debian-sources/sources.list" ] || mv "$keep/debian-sources/sources.list" /etc/apt/
    find "$keep/debian-sources/d" -maxdepth 1 -type f -exec mv {} /etc/apt/sources.list.d/ \;
    rm -rf "$keep/debian-sources"
}
