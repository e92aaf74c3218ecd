# Helpers for the systemd VM test's guest (guest.sh): verdict lines on the console,
# polling, the gpio-sim lines.

PASSED=0
FAILED=0
pass() { PASSED=$((PASSED + 1)); echo "VMTEST PASS $1"; }
fail() {
    FAILED=$((FAILED + 1)); echo "VMTEST FAIL $1: $2"
    # The service's last words, for whoever reads the failure.
    journalctl -b -u torch.service --no-pager -n 12 -o short-monotonic 2>/dev/null | sed 's/^/  journal: /'
}
# check NAME REASON COMMAND...: PASS when COMMAND succeeds.
check() { name=$1 reason=$2; shift 2; if "$@"; then pass "$name"; else fail "$name" "$reason"; fi; }
info() { echo "  $*"; }

# wait_until SECONDS COMMAND...: polls until COMMAND succeeds, for at most SECONDS of
# the guest's clock (an emulated guest's checks take a while themselves). The first
# polls are 50 ms apart, then twice as far each time up to 400 ms: under emulation a
# poll (a systemctl, a journalctl) costs more CPU than the wait between two, and the
# CPU is what the guest beside this one needs.
uptime_cs() { read -r up _ < /proc/uptime; cs=${up%.*}${up#*.}; }
wait_until() {
    uptime_cs; end=$(( cs + $1 * 100 )); shift
    pause=5
    until "$@"; do
        uptime_cs; [ "$cs" -ge "$end" ] && return 1
        case $pause in 5) sleep 0.05 ;; *) sleep "0.$pause" ;; esac
        [ "$pause" -ge 40 ] || pause=$(( pause * 2 ))
    done
}

# The gpio-sim chip that torch-gpiosim.service makes (label torch-sim): LED on line 0,
# the button (to ground: pull-up idle, pull-down pressed) on line 1.
CFG=/sys/kernel/config/gpio-sim/torch
# (Read with the shell's own `read`: the polls run these, and under emulation every
# program started costs.)
sim_dev= sim_chip= led_now=
sim_dir() {
    read -r sim_dev < "$CFG/dev_name"; read -r sim_chip < "$CFG/bank0/chip_name"
    echo "/sys/devices/platform/$sim_dev/$sim_chip"
}
led_value() {
    read -r sim_dev < "$CFG/dev_name"; read -r sim_chip < "$CFG/bank0/chip_name"
    read -r led_now < "/sys/devices/platform/$sim_dev/$sim_chip/sim_gpio0/value"
}
led() { led_value; echo "$led_now"; }
led_is() { led_value; [ "$led_now" = "$1" ]; }
pull() { echo "$2" > "$(sim_dir)/sim_gpio$1/pull"; }
# released: nobody drives the LED line any more: it follows the simulated pull.
released() {
    pull 0 pull-up; a=$(led)
    pull 0 pull-down; b=$(led)
    [ "$a" = 1 ] && [ "$b" = 0 ]
}
# tap: a 100 ms press of the ON button, once the service answers a status (its start's
# or reload's own work is done, so the press is not stretched into a hold by it), then
# past the double-tap window.
# Nothing but the sleep runs between the two edges: the chip's directory is read
# before the press, so a slow fork under emulation cannot stretch the press past
# hold-time (400 ms) into a hold, which lights only while held.
tap() {
    torch status > /dev/null 2>&1
    pin="$(sim_dir)/sim_gpio1/pull"
    echo pull-down > "$pin"; sleep 0.1; echo pull-up > "$pin"
    sleep 0.6
}

active() { [ "$(systemctl is-active torch.service)" = active ]; }
main_pid() { systemctl show -p MainPID --value torch.service; }
restarts() { systemctl show -p NRestarts --value torch.service; }
. "$here/gap.sh"
