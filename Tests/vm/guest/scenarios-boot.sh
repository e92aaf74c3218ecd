# The boot light that /init started (bootlight.sh), checked before every other
# scenario, which need its lines free: lit by light-by-default (boot 1) or back in the
# saved state (boot 2, VMTEST_BOOT=2, the state file from boot 1); a button press
# through gpio-sim, socket commands, status, and SIGTERM: dark and released.
# LED = line 0, button = line 1 (to ground: pull-up idle, pull-down pressed).

boot_gone() { ! kill -0 "$1" 2>/dev/null; }
# boot_finish PID: waits up to 15 s for PID to exit (then SIGKILL); sets RC.
boot_finish() {
    if wait_until 15 boot_gone "$1"; then wait "$1"; RC=$?; else
        kill -KILL "$1" 2>/dev/null; wait "$1" 2>/dev/null; RC=timeout
    fi
}
boot_oneline() { tr '\n' '|' < "$1"; }
boot_info() { line_info "$CHIP" "$1"; }
boot_value_is() { [ "$(sim_value "$1")" = "$2" ]; }
# boot_ready: torch holds both lines and the socket exists.
boot_ready() {
    boot_info 0 | grep -q 'used=1 consumer=torch' && boot_info 1 | grep -q 'used=1' && [ -S /run/torch/torch.sock ]
}
# boot_expect NAME V WHAT: within 5 s the LED line reads V.
boot_expect() {
    if wait_until 5 boot_value_is 0 "$2"; then pass "$1"; else
        fail "$1" "$3: value=$(sim_value 0), want $2; $(boot_info 0)"
    fi
}
# boot_ctl ARGS...: a light command through the service's socket; output in
# /tmp/bctl.{out,err}; "torch: done (service)" proves it went through the socket.
boot_ctl() {
    torch "$@" --config "$BOOTLIGHT_CONF" > /tmp/bctl.out 2> /tmp/bctl.err &
    boot_finish $!
}
boot_via_socket() { [ "$RC" = 0 ] && grep -q 'done (service)' /tmp/bctl.err; }
# boot_sample MS: samples the LED line for MS ms; sets ONES, ZEROS, TOGGLES.
boot_sample() {
    ONES=0 ZEROS=0 TOGGLES=0 last=""
    end=$(( $(uptime_ms) + $1 ))
    while [ "$(uptime_ms)" -lt $end ]; do
        read -r v < "$SIM/sim_gpio0/value"
        if [ "$v" = 1 ]; then ONES=$((ONES + 1)); else ZEROS=$((ZEROS + 1)); fi
        [ -n "$last" ] && [ "$v" != "$last" ] && TOGGLES=$((TOGGLES + 1))
        last=$v
        usleep 5000
    done
}
# boot_press: a clean press and release of the button, held 100 ms.
boot_press() {
    # Once a status is answered: the boot light's start work is done (see start_service).
    wait_until 30 sh -c "torch status --config '$BOOTLIGHT_CONF' > /dev/null 2>&1"
    # A clean press (one edge each way): the bounce trains are scenarios-torch.sh's,
    # with a debounce that a busy host's stall inside a train does not outlast.
    sim_pull 1 pull-down
    usleep 100000
    sim_pull 1 pull-up
}
# boot_stop NAME: SIGTERM; exit 0, the LED line dark, both lines released (the LED
# line follows the sim's pull again), the socket gone.
boot_stop() {
    kill -TERM "$BOOTLIGHT_PID"
    boot_finish "$BOOTLIGHT_PID"
    v=$(sim_value 0)
    sim_pull 0 pull-up; a=$(sim_value 0)
    sim_pull 0 pull-down; b=$(sim_value 0)
    check "$1" "rc=$RC value=$v pull-up→$a pull-down→$b; $(boot_info 0); $(boot_info 1); socket: $(ls /run/torch); stderr: $(boot_oneline /tmp/bootlight.err)" \
        sh -c "[ '$RC' = 0 ] && [ '$v' = 0 ] && [ '$a' = 1 ] && [ '$b' = 0 ] && torch-gpio-check info $CHIP 0 | grep -q used=0 && torch-gpio-check info $CHIP 1 | grep -q used=0 && [ ! -e /run/torch/torch.sock ]"
    BOOTLIGHT_PID=""
}

if [ -z "$BOOTLIGHT_PID" ]; then
    fail boot-light-started "no gpio-sim chip, so init started no boot light"
elif ! wait_until 30 boot_ready; then
    fail boot-light-started "not ready: $(boot_info 0); $(boot_info 1); stderr: $(boot_oneline /tmp/bootlight.err)"
    kill -TERM "$BOOTLIGHT_PID" 2>/dev/null; boot_finish "$BOOTLIGHT_PID"; BOOTLIGHT_PID=""
elif [ "${VMTEST_BOOT:-1}" = 1 ]; then
    echo "  boot light (boot 1): ready $(( $(uptime_ms) - BOOTLIGHT_T0 )) ms after init started it, uptime $(cut -d' ' -f1 /proc/uptime)s; $(grep -m1 'first output change' /tmp/bootlight.err); state file before: $(ls /var/lib/torch/state 2>&1)"
    boot_expect boot1-light-lit 1 "light-by-default, no state file yet"
    boot_press
    boot_expect boot1-button-off 0 "after a button press through gpio-sim"
    usleep 400000    # past the double-tap window
    boot_ctl on
    boot_via_socket; ok=$?
    check boot1-socket-on "rc=$RC value=$(sim_value 0); $(boot_oneline /tmp/bctl.err)" \
        [ $ok = 0 -a "$(sim_value 0)" = 1 ]
    boot_ctl blink --rate 5Hz
    boot_via_socket; ok=$?
    boot_sample 1500
    check boot1-socket-blink "rc=$RC; $ONES lit, $ZEROS dark, $TOGGLES toggles in 1.5 s; $(boot_oneline /tmp/bctl.err)" \
        [ $ok = 0 -a $ONES -gt 0 -a $ZEROS -gt 0 -a $TOGGLES -ge 4 ]
    boot_stop boot1-sigterm-dark-released
    check boot1-state-saved "state file: $(boot_oneline /var/lib/torch/state 2>&1)" [ -s /var/lib/torch/state ]
    echo "  state file: $(boot_oneline /var/lib/torch/state)"
else
    echo "  boot light (boot 2): ready $(( $(uptime_ms) - BOOTLIGHT_T0 )) ms after init started it, uptime $(cut -d' ' -f1 /proc/uptime)s; $(grep -m1 'first output change' /tmp/bootlight.err); restored from: $(boot_oneline /var/lib/torch/state)"
    boot_sample 1500
    boot_ctl status --json
    echo "  boot 2: $ONES lit, $ZEROS dark, $TOGGLES toggles in 1.5 s; status: $(cat /tmp/bctl.out)"
    check boot2-restores-blink "$ONES lit, $ZEROS dark, $TOGGLES toggles in 1.5 s" \
        [ $ONES -gt 0 -a $ZEROS -gt 0 -a $TOGGLES -ge 4 ]
    check boot2-status-pattern "rc=$RC status: $(boot_oneline /tmp/bctl.out); $(boot_oneline /tmp/bctl.err)" \
        sh -c "[ '$RC' = 0 ] && grep -q '\"pattern\":\"blink' /tmp/bctl.out"
    boot_stop boot2-sigterm-dark-released
fi
