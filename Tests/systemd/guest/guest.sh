# The systemd VM test's guest side (Tests/systemd/run.sh): run by torch-vmtest.service
# on every boot of the Debian 12 guest, with systemd as PID 1. The boot number comes
# from the kernel command line (torchvm.boot=N); what must outlive a boot is kept in
# /var/lib/torch-vmtest. Each boot ends with "VMTEST REBOOT" and `systemctl reboot`
# (qemu -no-reboot exits; run.sh boots the same disk again) or "VMTEST DONE".
set -u
here=/run/vmtest
. "$here/lib.sh"
keep=/var/lib/torch-vmtest
mkdir -p "$keep"
boot=0
for word in $(cat /proc/cmdline); do
    case "$word" in torchvm.boot=*) boot=${word#torchvm.boot=} ;; esac
done
# A newline first: the firmware's last console line ("Booting from ROM..") ends
# without one, and with a quiet kernel this is the next thing the console shows.
echo
echo "VMTEST BOOTED boot=$boot $(uname -r) pid1=$(cat /proc/1/comm) uptime=$(cut -d' ' -f1 /proc/uptime)s"
. "$here/boot$boot.sh"
echo "VMTEST RESULT boot=$boot $PASSED passed, $FAILED failed"
if [ -e "$keep/done" ]; then
    echo "VMTEST DONE"
fi
echo "VMTEST REBOOT boot=$boot uptime=$(cut -d' ' -f1 /proc/uptime)s"
systemctl reboot --no-block
