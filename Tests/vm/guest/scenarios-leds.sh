# The board's status LEDs on a real kernel's LED class: uleds (CONFIG_LEDS_USER) makes
# board-like LEDs from user space: ACT with the heartbeat trigger and PWR default-on,
# as on a Raspberry Pi. Stealth darkens them and puts brightness and trigger back on
# stealth off, on every stop, and after SIGKILL through the crash-safe file. Then the
# differential test of SysfsLEDDouble against the LED class on two more uleds LEDs.
LEDS=/sys/class/leds
mkdir -p /tmp/torch/led

# uled NAME MAX: a userspace LED, held while its holder lives (ULED_PIDS).
ULED_PIDS=""
uled() {
    { printf '%s' "$1"; head -c $((64 - ${#1})) /dev/zero; printf "$(printf '\\%03o' "$2")\\000\\000\\000"; } > "/tmp/uled-$1.bin"
    sh -c "exec 3<>/dev/uleds; cat /tmp/uled-$1.bin >&3; exec sleep 100000" &
    ULED_PIDS="$ULED_PIDS $!"
    wait_until 5 test -d "$LEDS/$1"
}
# led_is NAME TRIGGER BRIGHTNESS: the active trigger and (for none/default-on) brightness.
led_is() {
    grep -q "\[$2\]" "$LEDS/$1/trigger" && { [ -z "${3:-}" ] || [ "$(cat "$LEDS/$1/brightness")" = "$3" ]; }
}
leds_state() { for l in ACT PWR; do printf '%s: %s b=%s; ' $l "$(grep -o '\[[^]]*\]' $LEDS/$l/trigger)" "$(cat $LEDS/$l/brightness)"; done; }

if ! uled ACT 255 || ! uled PWR 255; then
    fail uleds-create "no uleds LEDs: $(ls $LEDS 2>&1) $(ls -l /dev/uleds 2>&1)"
    return 0 2>/dev/null || exit 0
fi
echo heartbeat > $LEDS/ACT/trigger
echo default-on > $LEDS/PWR/trigger
check uleds-board-like "$(leds_state)" sh -c "grep -q '\[heartbeat\]' $LEDS/ACT/trigger && grep -q '\[default-on\]' $LEDS/PWR/trigger && [ \"\$(cat $LEDS/PWR/brightness)\" = 255 ]"

cat > /tmp/torch/led/torch.conf <<CONF
[output]
backend = sim

[board]
stealth-leds = ACT, PWR

[service]
socket = /tmp/torch/led/torch.sock
state-file = /tmp/torch/led/state
CONF
LEDCONF=/tmp/torch/led/torch.conf
led_service() {
    # A SIGKILLed run leaves its socket file: waiting for "a socket" would then find the
    # old one at once, and the stop below could come before this run even started.
    rm -f /tmp/torch/led/torch.sock
    torch run --config $LEDCONF --no-display > /tmp/led-run.out 2> /tmp/led-run.err &
    LED_PID=$!
    wait_until 30 test -S /tmp/torch/led/torch.sock
}
restored() { led_is ACT heartbeat && led_is PWR default-on 255; }
dark() { led_is ACT none 0 && led_is PWR none 0; }

if led_service; then
    ctl $LEDCONF stealth on
    check stealth-on-dark "rc=$RC $(leds_state) $(oneline /tmp/ctl.err)" dark
    check stealth-crash-file "$(ls /tmp/torch/led)" test -s /tmp/torch/led/status-leds
    ctl $LEDCONF stealth off
    check stealth-off-restores "rc=$RC $(leds_state) $(oneline /tmp/ctl.err)" restored
    ctl $LEDCONF stealth on
    kill -TERM $LED_PID
    finish $LED_PID 15
    check stealth-stop-restores "rc=$RC $(leds_state) $(oneline /tmp/led-run.err)" sh -c "[ '$RC' = 0 ]" 
    check stealth-stop-restores-leds "$(leds_state)" restored
else
    fail stealth-service "torch run did not start: $(oneline /tmp/led-run.err)"
    kill -TERM $LED_PID 2>/dev/null; finish $LED_PID 10
fi

# SIGKILL in stealth: the LEDs stay dark; the next start puts them back from the file
# (and, stealth being remembered, dark again until its stop).
if led_service; then
    ctl $LEDCONF stealth on
    kill -KILL $LED_PID
    finish $LED_PID 15
    check stealth-sigkill-left-dark "$(leds_state)" dark
    if led_service; then
        # Stealth is remembered (the state file): the start puts the LEDs back from the
        # crash file, then darkens them again; the stop then puts back the originals,
        # which it could not have saved had the crash file not been read first.
        # A request served: the start (crash file, then stealth) is done, and the stop
        # below is not taken before the signal handling is in place.
        ctl $LEDCONF status
        check stealth-sigkill-remembered-at-start "$(leds_state) $(oneline /tmp/led-run.err)" wait_until 10 dark
        kill -TERM $LED_PID
        finish $LED_PID 15
        check stealth-sigkill-restored-at-stop "$(leds_state) $(oneline /tmp/led-run.err)" restored
    else
        fail stealth-sigkill-restored-at-start "torch run did not start again: $(oneline /tmp/led-run.err)"
    fi
else
    fail stealth-sigkill "torch run did not start: $(oneline /tmp/led-run.err)"
fi

# --- the differential test: SysfsLEDDouble against the LED class ---------------------
if uled diff0 255 && uled diff1 1; then
    torch-sysfs-diff leds 20261201 500 diff0 diff1 > /tmp/led-diff.out 2>&1
    rc=$?
    grep '^DIFF' /tmp/led-diff.out | head -n 8 | sed 's/^/  /'
    echo "  $(grep '^SUMMARY' /tmp/led-diff.out)"
    check leds-differential "rc=$rc $(tail -n 3 /tmp/led-diff.out | tr '\n' '|')" \
        sh -c "[ $rc = 0 ] && grep -q 'SUMMARY leds .*stores=500 .*disagreements=0' /tmp/led-diff.out"
else
    fail leds-differential "could not create the uleds LEDs diff0, diff1"
fi
for p in $ULED_PIDS; do kill "$p" 2>/dev/null; done
