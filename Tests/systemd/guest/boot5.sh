# Boot 5 (steps 5 and 10): restore keeps the user's dark, through boot 4's power cut;
# then apt remove (unit gone, dark and released, config kept) and apt purge (config and
# state gone, and the root file system's files as before the install).
dark_start() { wait_until 20 active && sleep 1 && led_is 0; }
check boot5-restored-dark "torch $(systemctl is-active torch.service), LED $(led)" dark_start

# Boot 4's power cut: the state file is whole (every line, one of the storm's patterns:
# the old state or a new one, never a torn file), the service read it without a word,
# and it plays what the file says.
state=$(tr '\n' '|' < /var/lib/torch/state 2>/dev/null)
info "state file after the power cut: $state"
whole() {
    printf '%s' "$state" | grep -Eq '^version=1\|brightness=[0-9.]+%\|pattern=(blink [0-9.]+us [0-9.]+us|steady|breathe 4s 0% 100%)\|button-mode=[a-z-]+\|lit=no\|$'
}
check boot5-power-cut-state-whole "$state" whole
said=$(journalctl -b -u torch.service --no-pager | grep -F /var/lib/torch/state | head -n 3 | tr '\n' '|')
info "left in /var/lib/torch: $(ls -A /var/lib/torch | tr '\n' ' ')"
check boot5-power-cut-read-quietly "the journal: $said" [ -z "$said" ]
saved=$(sed -n 's/^pattern=//p' /var/lib/torch/state 2>/dev/null)
playing=$(torch status --json 2>/dev/null | sed -n 's/.*"pattern":"\([^"]*\)".*/\1/p')
check boot5-power-cut-plays-the-saved "saved '$saved', playing '$playing'" [ -n "$saved" -a "$saved" = "$playing" ]

# The arm64 guests: the newer version from the repository, over a lit light (repo.sh).
if [ -d "$here/repo-v1" ]; then
    . "$here/repo.sh"
    repo_upgrade
fi

DEBIAN_FRONTEND=noninteractive apt-get remove -y -q torch > /tmp/apt.log 2>&1 \
    && pass boot5-apt-remove || fail boot5-apt-remove "$(tail -n 5 /tmp/apt.log | tr '\n' '|')"
check boot5-remove-unit-gone "$(systemctl is-active torch.service torch.socket | tr '\n' ' '); $(ls /usr/lib/systemd/system/torch.* 2>&1)" \
    sh -c '! systemctl -q is-active torch.service && ! systemctl -q is-active torch.socket && ! ls /usr/lib/systemd/system/torch.* >/dev/null 2>&1 && [ ! -e /usr/bin/torch ]'
dark_released() { led_is 0 && released; }
check boot5-remove-dark-released "LED $(led)" dark_released
check boot5-remove-config-kept "no /etc/torch/torch.conf" [ -f /etc/torch/torch.conf ]

DEBIAN_FRONTEND=noninteractive apt-get purge -y -q torch > /tmp/apt.log 2>&1 \
    && pass boot5-apt-purge || fail boot5-apt-purge "$(tail -n 5 /tmp/apt.log | tr '\n' '|')"
check boot5-purge-config-state-gone "$(ls -d /etc/torch /var/lib/torch 2>&1 | tr '\n' ' ')" \
    sh -c '[ ! -e /etc/torch ] && [ ! -e /var/lib/torch ]'

# The keyring package and its source go, and Debian's sources come back (repo.sh).
[ ! -d "$here/repo-v1" ] || repo_forget

# The test's own gpio-sim unit goes too, then the file lists must match.
systemctl disable torch-gpiosim.service >/dev/null 2>&1
rm -f /etc/systemd/system/torch-gpiosim.service /usr/local/sbin/torch-gpiosim
file_list() {
    find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /run -o -path /tmp \
        -o -path /var/tmp -o -path /var/log -o -path /var/cache -o -path /var/lib/apt \
        -o -path /var/lib/dpkg -o -path "$keep" -o -path /lost+found \) -prune -o -print | LC_ALL=C sort
}
file_list > /tmp/files-after
if diff "$keep/files-before" /tmp/files-after > /tmp/files.diff; then
    pass boot5-purge-file-list
else
    fail boot5-purge-file-list "the root file system's files differ from before the install:"
    sed 's/^/  /' /tmp/files.diff | head -n 40
fi
touch "$keep/done"
