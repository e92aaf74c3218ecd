# Guest-side steps of the raspi3b check, called by name from the host (run.sh). Each
# returns 0 when the guest's own part worked (a request made, a command answered); the
# host then judges the pin from outside, in the GPIO block's level register.
# GPIO18 is found by its line name, as the kernel's device tree names it.

C=/tmp/torch/raspi.conf
# The machine's model, compatible, board id and pin controller (run.sh writes them).
. /raspi/board.env

# wait_for SECONDS CMD...: polls CMD every 0.1 s; 1 when it never succeeds.
wait_for() {
    n=$(($1 * 10)); shift
    while [ $n -gt 0 ]; do
        "$@" && return 0
        usleep 100000
        n=$((n - 1))
    done
    return 1
}

# --- the machine ---------------------------------------------------------------------
show_machine() {
    echo "model: $(tr -d '\0' < /proc/device-tree/model)"
    echo "compatible: $(tr '\0' ' ' < /proc/device-tree/compatible)"
    gpiodetect
    if gpiod_v1; then echo "line: $(line_v1)"; else echo "line: $(gpioinfo GPIO18)"; fi
    ls /sys/class/pwm /sys/class/leds
}
dt_is_board() {
    [ "$(tr -d '\0' < /proc/device-tree/model)" = "$BOARD_MODEL" ] &&
        tr '\0' '\n' < /proc/device-tree/compatible | grep -qx "$BOARD_COMPATIBLE"
}
# libgpiod 1.6's tools (bookworm) name a line with gpiofind and list every line of a
# chip with gpioinfo; 2.x's (trixie) take the line's name.
gpiod_v1() { gpioinfo --version 2>&1 | grep -q ' v1\.'; }
# The line named GPIO18 is offset 18 of the chip labelled $CHIP_LABEL.
line_by_name() {
    if gpiod_v1; then set -- $(gpiofind GPIO18); else set -- $(gpioinfo GPIO18); fi
    [ "$2" = 18 ] && gpiodetect | grep -q "^$1 \[$CHIP_LABEL\]"
}

# --- libgpiod's own tools (gpioset holds the line until killed) -------------------------
# v1: '	line  18:     "GPIO18"      "torch"  output  active-high [used]' (unused: no consumer).
line_v1() { gpioinfo | grep "\"${1:-GPIO18}\""; }
held_by() {
    if gpiod_v1; then line_v1 "${2:-GPIO18}" | grep -q "\"${2:-GPIO18}\" *\"$1\""
    else gpioinfo "${2:-GPIO18}" | grep -q "consumer=\"$1\""; fi
}
free_line() {
    if gpiod_v1; then line_v1 "${1:-GPIO18}" | grep -q unused
    else ! gpioinfo "${1:-GPIO18}" | grep -q consumer=; fi
}
gpiod_release() {
    [ -f /tmp/gpioset.pid ] || return 0
    kill "$(cat /tmp/gpioset.pid)" 2>/dev/null
    rm -f /tmp/gpioset.pid
    wait_for 20 free_line "$(cat /tmp/gpioset.line)"
}
# gpiod_set V [LINE]: LINE (default GPIO18) driven to V by gpioset, found by its name
# on whichever chip has it.
gpiod_set() {
    gpiod_release
    gpioset -C raspi "${2:-GPIO18}=$1" &
    echo $! > /tmp/gpioset.pid
    echo "${2:-GPIO18}" > /tmp/gpioset.line
    wait_for 20 held_by raspi "${2:-GPIO18}"
}
# gpiod_blink: gpioset toggles GPIO18 every 300 ms.
gpiod_blink() {
    gpiod_release
    gpioset -C raspi -t 300ms GPIO18=1 &
    echo $! > /tmp/gpioset.pid
    echo GPIO18 > /tmp/gpioset.line
    wait_for 20 held_by raspi
}

# --- torch ---------------------------------------------------------------------------
# The service's config: the gpiod backend (qemu has no PWM block) on the line named
# GPIO18; the header chip comes from the board profile the device tree matches.
torch_conf() {
    mkdir -p /tmp/torch /run/torch
    cat > $C <<CONF
[output]
backend = gpiod
line = GPIO18

[service]
socket = /run/torch/torch.sock
state-file = /tmp/torch/state
CONF
    grep -q '^gpio:' /etc/group 2>/dev/null || echo 'gpio:x:997:' >> /etc/group
}
torch_probe() {
    torch probe --config $C > /tmp/probe.txt 2>&1; rc=$?
    cat /tmp/probe.txt
    torch probe --json --config $C > /tmp/probe.json 2>&1 || rc=$?
    cat /tmp/probe.json
    return $rc
}
# The probe's text, for the host's log.
show_probe() { sed 's/^/RASPI PROBE /' /tmp/probe.txt; }
probe_board() { grep -q "\"board\":{\"id\":\"$BOARD_ID\"" /tmp/probe.json; }
# Debian's arm64 kernel is built voluntary, without PREEMPT_DYNAMIC: its version names
# no PREEMPT, and the probe says a real-time wake-up waits for other tasks' system calls.
probe_kernel() {
    ! uname -v | grep -q PREEMPT &&
        grep -q '"waits_for_system_calls":true' /tmp/probe.json &&
        grep -q '^kernel .*: preemption none or voluntary (uname -v names no PREEMPT)' /tmp/probe.txt
}
probe_chip() { grep -q "\"label\":\"$CHIP_LABEL\"" /tmp/probe.json; }
probe_line() {
    grep -q '"backend":"gpiod"' /tmp/probe.json &&
        grep -q "\"gpio_chip\":\"$CHIP_LABEL\",\"line\":\"18\"" /tmp/probe.json &&
        grep -q "^output .*GPIO18.* on $CHIP_LABEL" /tmp/probe.txt
}
# torch setup by flags, as a script runs it on a Pi: it names the board and GPIO18 (pin
# 12), lights it, says where config.txt's overlay line would go (this guest has no
# /boot/firmware), and writes the line into a config of its own.
torch_setup() {
    torch setup --led GPIO18 --button none --yes --config /tmp/torch/setup.conf --state-file /tmp/torch/setup-state \
        > /tmp/setup.out 2>&1; rc=$?
    cat /tmp/setup.out
    [ "$rc" = 0 ] &&
        grep -q '^board        Raspberry Pi 3 Model B / B+ (rpi3b, detected)' /tmp/setup.out &&
        grep -q '^  pin 12  GPIO18  hardware PWM with dtoverlay=pwm,pin=18,func=2 *free' /tmp/setup.out &&
        grep -q 'GPIO18 (pin 12) is lit at 50 %' /tmp/setup.out &&
        grep -q "a Raspberry Pi needs 'dtoverlay=pwm,pin=18,func=2' in its config.txt (/boot/firmware/config.txt, or before bookworm /boot/config.txt)" /tmp/setup.out &&
        grep -qx 'line = GPIO18' /tmp/torch/setup.conf
}
# With the service holding the line, the probe reads the kernel's own name for it.
probe_in_use() {
    torch probe --config $C > /tmp/probe2.txt 2>&1
    grep "$CHIP_LABEL" /tmp/probe2.txt
    grep -q "$CHIP_LABEL\], $CHIP_LINES lines, in use: 18 (GPIO18) by 'torch'" /tmp/probe2.txt
}
# torch_oneshot: `torch on` without a service for 8 s (time for the host to see it lit
# and steady under emulation), then dark and exited.
torch_oneshot() {
    torch on 100% --config $C --for 8s --no-display --state-file /tmp/torch/oneshot > /tmp/oneshot.out 2>&1 &
    echo $! > /tmp/oneshot.pid
    wait_for 60 held_by torch
}
gone() { ! kill -0 "$1" 2>/dev/null; }
torch_oneshot_done() {
    pid=$(cat /tmp/oneshot.pid)
    wait_for 60 gone "$pid" || { cat /tmp/oneshot.out; return 1; }
    wait "$pid"; rc=$?
    cat /tmp/oneshot.out
    [ "$rc" = 0 ] && free_line
}
# torch_service: `torch run`, as the package's unit starts it; ready when its socket
# exists and it holds the line.
torch_service() {
    rm -f /run/torch/torch.sock
    torch run --config $C --no-display > /tmp/run.out 2>&1 &
    echo $! > /tmp/run.pid
    wait_for 120 sh -c '[ -S /run/torch/torch.sock ]' && wait_for 20 held_by torch ||
        { cat /tmp/run.out; return 1; }
}
# torch_cmd ARGS...: a client command to the service.
torch_cmd() {
    torch "$@" --config $C > /tmp/cmd.out 2>&1; rc=$?
    cat /tmp/cmd.out
    return $rc
}
torch_service_stop() {
    pid=$(cat /tmp/run.pid)
    kill -TERM "$pid"
    wait_for 60 gone "$pid" || { kill -KILL "$pid"; cat /tmp/run.out; return 1; }
    wait "$pid"; rc=$?
    cat /tmp/run.out
    [ "$rc" = 0 ] && free_line
}
