# Boot 0: install the package (issue 9, step 1). Before it, the root file system's
# file list; then apt install ./torch_*.deb (no network: its dependencies are in the
# image), or on the arm64 guests apt install torch from the signed repository (repo.sh), the gpio-sim chip as a oneshot unit ordered before torch.service, the config
# naming its lines with light-by-default = yes. Installing enables the unit and starts
# no light.

# The files of the root file system, apart from logs, caches, apt's and dpkg's own
# files and this test's notes (compared after purge, boot 4).
file_list() {
    find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /run -o -path /tmp \
        -o -path /var/tmp -o -path /var/log -o -path /var/cache -o -path /var/lib/apt \
        -o -path /var/lib/dpkg -o -path "$keep" -o -path /lost+found \) -prune -o -print | LC_ALL=C sort
}
# The test's users exist before the listing (useradd makes files of its own, such as
# /etc/subuid): alice joins group gpio once the package has made it (boot 1).
useradd -M alice 2>/dev/null; useradd -M bob 2>/dev/null
file_list > "$keep/files-before"

check boot0-systemd-pid1 "PID 1 is $(cat /proc/1/comm)" [ "$(cat /proc/1/comm)" = systemd ]

if [ -d "$here/repo-v1" ]; then
    # The arm64 guests: from torch's signed repository (repo.sh).
    . "$here/repo.sh"
    repo_install
else
deb=$(ls "$here"/torch_*.deb)
t0=$(cut -d' ' -f1 /proc/uptime)
if DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb" > /tmp/apt.log 2>&1; then
    pass boot0-apt-install
    info "apt install took $(echo "$(cut -d' ' -f1 /proc/uptime) - $t0" | awk '{ print $1 - $3 }') s"
else
    fail boot0-apt-install "$(tail -n 5 /tmp/apt.log | tr '\n' '|')"
fi
fi
check boot0-torch-version "torch --version: $(torch --version 2>&1)" sh -c "torch --version | grep -q '^torch [0-9]'"
check boot0-enabled "is-enabled: $(systemctl is-enabled torch.service torch.socket 2>&1 | tr '\n' ' ')" \
    sh -c '[ "$(systemctl is-enabled torch.service)" = enabled ] && [ "$(systemctl is-enabled torch.socket)" = enabled ]'
check boot0-no-light-at-install "torch.service is $(systemctl is-active torch.service)" \
    sh -c '[ "$(systemctl is-active torch.service)" != active ]'
check boot0-gpio-group "no gpio group" getent group gpio
# The config, made from the packaged default at install: the administrator's, no conffile.
config_from_default() {
    cmp -s /etc/torch/torch.conf /usr/share/torch/torch.conf && [ -z "$(dpkg-query -W -f='${Conffiles}' torch)" ]
}
check boot0-config-from-default "$(ls -l /etc/torch/torch.conf 2>&1); conffiles '$(dpkg-query -W -f='${Conffiles}' torch)'" config_from_default

# The simulated GPIO chip, made before torch.service at every boot.
cat > /usr/local/sbin/torch-gpiosim <<'SIM'
#!/bin/sh
# gpio-sim chip "torch-sim": LED (line 0) and BUTTON (line 1, pulled up: not pressed).
set -e
cfg=/sys/kernel/config/gpio-sim/torch
mkdir -p $cfg/bank0/line0 $cfg/bank0/line1
echo 8 > $cfg/bank0/num_lines
echo torch-sim > $cfg/bank0/label
echo LED > $cfg/bank0/line0/name
echo BUTTON > $cfg/bank0/line1/name
echo 1 > $cfg/live
echo pull-up > /sys/devices/platform/$(cat $cfg/dev_name)/$(cat $cfg/bank0/chip_name)/sim_gpio1/pull
SIM
chmod 755 /usr/local/sbin/torch-gpiosim
cat > /etc/systemd/system/torch-gpiosim.service <<'UNIT'
[Unit]
Description=gpio-sim chip for the torch VM test
DefaultDependencies=no
After=sys-kernel-config.mount
Requires=sys-kernel-config.mount
Before=torch.service

[Service]
Type=oneshot
RemainAfterExit=yes
ExecStart=/usr/local/sbin/torch-gpiosim

[Install]
WantedBy=sysinit.target
UNIT
systemctl enable torch-gpiosim.service >/dev/null 2>&1
check boot0-gpiosim-enabled "torch-gpiosim.service not enabled" systemctl -q is-enabled torch-gpiosim.service

cat > /etc/torch/torch.conf <<'CONF'
[light]
light-by-default = yes

[output]
backend = gpiod
chip = torch-sim
line = LED

[button]
chip = torch-sim
line = BUTTON
CONF
