# The light itself, on this kernel's PWM core and IIO core: the project's test PWM chip
# (pwm-torch-test.c, pwmchip0) drives the "LED".
#   1. flicker: torch bench flicker sets each frequency on the chip and reads the period
#      back: the region follows it, on both sides of 1.25 kHz; torch run logs one line
#      when the configured carrier is above low risk, none when it is not
#   2. the project's test light sensor (iio-torch-test.c) looking at that "LED": torch
#      probe finds it; torch bench light measures the LED's bent curve far from the CIE
#      target; torch calibrate stores the correction and checks it within 2 L*; bench
#      light through it is within 2 L*; torch run watches the LED: "LED dark" once when
#      it breaks (log, status), cleared when it reads again; calibrate --clear
# Its own helpers, so it also runs alone (TORCH_VM_SCRIPTS="" TORCH_VM_KERNEL_SCRIPTS=scenarios-light.sh).
LIGHT_T0=$(cut -d. -f1 /proc/uptime)
LPWMCHIP=/sys/class/pwm/pwmchip0
LPARAMS=/sys/module/pwm_torch_test/parameters
mkdir -p /tmp/torch/light
# light_finish PID [SECONDS]: waits for PID to exit (killed after SECONDS); its status in RC.
light_gone() { ! kill -0 "$1" 2>/dev/null; }
light_finish() {
    if wait_until "${2:-15}" light_gone "$1"; then wait "$1"; RC=$?; else
        kill -KILL "$1" 2>/dev/null; wait "$1" 2>/dev/null; RC=timeout
    fi
}
light_oneline() { tr '\n' '|' < "$1" | cut -c1-900; }
# light_conf FILE FREQUENCY [MORE]: the test chip's channel 0 at FREQUENCY, a socket of its own.
light_conf() {
    cat > "$1" <<CONF
[output]
backend = pwm
pwm-chip = torch-test-pwm
pwm-channel = 0
pwm-frequency = $2

[service]
socket = /tmp/torch/light/torch.sock
state-file = /tmp/torch/light/state
$3
CONF
}
# json_field FILE ROW KEY: KEY's value in the ROW-th object (1-based) of a one-line JSON array.
json_field() { sed 's/},{/}\n{/g' "$1" | sed -n "$2p" | sed -n "s/.*\"$3\":\\([^,}]*\\).*/\\1/p" | tr -d '"'; }

# --- 1. flicker on the test chip ---------------------------------------------------------
cat $LPWMCHIP/device/applied > /dev/null 2>&1
light_conf /tmp/torch/light/f.conf 2kHz
torch bench flicker --config /tmp/torch/light/f.conf --frequencies 500Hz,2kHz,5kHz --level 25% --json \
    --state-file /tmp/torch/light/bench-state > /tmp/flicker.json 2> /tmp/flicker.err &
light_finish $! 30
echo "  flicker on the test chip: $(cat /tmp/flicker.json)"
check flicker-bench-runs "rc=$RC $(light_oneline /tmp/flicker.err)" [ "$RC" = 0 ]
check flicker-500hz-above-low-risk "$(json_field /tmp/flicker.json 1 region) at $(json_field /tmp/flicker.json 1 frequency_measured_hz) Hz" \
    [ "$(json_field /tmp/flicker.json 1 region)" = above-low-risk -a "$(json_field /tmp/flicker.json 1 frequency_measured_hz)" = 500.00 \
      -a "$(json_field /tmp/flicker.json 1 modulation_percent)" = 100.00 -a "$(json_field /tmp/flicker.json 1 flicker_index)" = 0.750 ]
check flicker-2khz-low-risk "$(json_field /tmp/flicker.json 2 region)" [ "$(json_field /tmp/flicker.json 2 region)" = low-risk ]
check flicker-5khz-no-effect "$(json_field /tmp/flicker.json 3 region)" [ "$(json_field /tmp/flicker.json 3 region)" = no-observable-effect ]
# The boundary on the chip: 1250 Hz (800000 ns: on/off PWM exactly at the low-risk limit) is
# above low risk, 1300 Hz is low risk; the chip applied the periods torch wrote.
cat $LPWMCHIP/device/applied > /dev/null 2>&1
torch bench flicker --config /tmp/torch/light/f.conf --frequencies 1250Hz,1300Hz --level 50% --json \
    --state-file /tmp/torch/light/bench-state > /tmp/flicker2.json 2> /tmp/flicker2.err &
light_finish $! 30
cat $LPWMCHIP/device/applied > /tmp/flicker2.applied 2>&1
check flicker-1250hz-boundary "rc=$RC $(cat /tmp/flicker2.json) $(light_oneline /tmp/flicker2.err)" \
    [ "$(json_field /tmp/flicker2.json 1 region)" = above-low-risk -a "$(json_field /tmp/flicker2.json 2 region)" = low-risk ]
check flicker-1250hz-applied "$(light_oneline /tmp/flicker2.applied)" grep -q '^[0-9]* 0 800000 400000 normal 1 0$' /tmp/flicker2.applied
check flicker-bench-left-clean "$(ls $LPWMCHIP)" [ ! -d $LPWMCHIP/pwm0 ]
# torch run: one line above low risk, none below.
for f in 500Hz 2kHz; do
    light_conf /tmp/torch/light/r.conf $f
    torch run --config /tmp/torch/light/r.conf --no-display > /tmp/flicker-run.out 2> /tmp/flicker-run.err &
    pid=$!
    wait_until 30 test -S /tmp/torch/light/torch.sock
    kill -TERM $pid
    light_finish $pid 15
    cp /tmp/flicker-run.err /tmp/flicker-run-$f.err
done
check flicker-run-logs-above-low-risk "$(light_oneline /tmp/flicker-run-500Hz.err)" \
    [ "$(grep -c '^flicker: hardware PWM at 500Hz modulates the light 100 % whenever it is dimmed, above IEEE 1789.s low-risk region.*set \[output\] pwm-frequency above 1.25kHz' /tmp/flicker-run-500Hz.err)" = 1 ]
check flicker-run-quiet-at-low-risk "$(light_oneline /tmp/flicker-run-2kHz.err)" sh -c "! grep -q '^flicker:' /tmp/flicker-run-2kHz.err"
cat $LPWMCHIP/device/applied > /dev/null 2>&1

# --- 2. the test light sensor (iio-torch-test.c): found, swept, calibrated, watched -----
# Its illuminance follows the chip's channel 0 through a bent LED curve (a 0.5 % dead
# zone, a quarter straight and three quarters quadratic) on 2 lx of ambient light, with
# ±0.1 lx of noise; a reading integrates 20 ms.
LIGHTP=/sys/module/iio_torch_test/parameters
LSENSOR=""
for d in /sys/bus/iio/devices/iio:device*; do
    [ "$(cat "$d/name" 2>/dev/null)" = torch-test-light ] && LSENSOR=$d
done
check light-sensor-module "$(ls /sys/bus/iio/devices 2>&1) $(ls $LIGHTP 2>&1 | tr '\n' ' ')" \
    sh -c "[ -n '$LSENSOR' ] && [ -f '$LSENSOR/in_illuminance_raw' ] && [ -f '$LSENSOR/in_illuminance_scale' ] && [ -f '$LSENSOR/in_illuminance_integration_time' ]"
echo 20 > $LIGHTP/integration_ms
echo 100 > $LIGHTP/noise_mlux
echo 0 > $LIGHTP/broken
light_conf /tmp/torch/light/s.conf 20kHz "
[sensor]
device = torch-test-light
"
torch probe > /tmp/light-probe.out 2>&1
check light-probe-finds-sensor "$(grep -i 'light sensor' /tmp/light-probe.out)" \
    grep -q "^light sensor iio:device[0-9]* (torch-test-light): in_illuminance (raw × scale, lx)" /tmp/light-probe.out
rm -f /tmp/torch/light/calibration
# The LED's own curve through the cie levels, uncorrected: far from the target.
torch bench light --config /tmp/torch/light/s.conf --json --svg /tmp/light1.svg --state-file /tmp/torch/light/state \
    > /tmp/light1.json 2> /tmp/light1.err &
light_finish $! 120
worst1=$(sed -n 's/.*"worst_error_lstar":\([0-9.]*\).*/\1/p' /tmp/light1.json)
echo "  bench light, uncorrected: worst error ${worst1:-?} L*; $(light_oneline /tmp/light1.err)"
check light-bench-runs "rc=$RC $(light_oneline /tmp/light1.err) $(cut -c1-400 /tmp/light1.json)" \
    sh -c "[ '$RC' = 0 ] && grep -q '\"levels\":\\[' /tmp/light1.json"
check light-bench-svg "$(head -c 300 /tmp/light1.svg)" sh -c "[ \$(grep -c 'class=\"measured\"' /tmp/light1.svg) = 10 ] && grep -q 'class=\"target\"' /tmp/light1.svg"
check light-uncorrected-far "worst ${worst1:-none}" awk -v w="${worst1:-0}" 'BEGIN { exit !(w > 5) }'
# torch calibrate: the correction stored, then checked within 2 L*.
torch calibrate --config /tmp/torch/light/s.conf --json --state-file /tmp/torch/light/state \
    > /tmp/light-cal.json 2> /tmp/light-cal.err &
light_finish $! 180
worst2=$(sed -n 's/.*"worst_error_lstar":\([0-9.]*\).*/\1/p' /tmp/light-cal.json)
echo "  calibrate: $(grep -c '^point=' /tmp/torch/light/calibration 2>/dev/null) duties, check worst ${worst2:-?} L*; $(light_oneline /tmp/light-cal.err)"
check light-calibrate-stored "rc=$RC $(light_oneline /tmp/light-cal.err)" \
    sh -c "[ '$RC' = 0 ] && [ \$(grep -c '^point=' /tmp/torch/light/calibration) = 24 ] && grep -q '^sensor=torch-test-light iio:device' /tmp/torch/light/calibration"
check light-calibrate-within-2 "$(cut -c1-600 /tmp/light-cal.json)" \
    sh -c "grep -q '\"within_tolerance\":true' /tmp/light-cal.json && awk -v w='${worst2:-9}' 'BEGIN { exit !(w <= 2) }'"
# Every output uses it: bench light through the calibration is within 2 L* too.
torch bench light --config /tmp/torch/light/s.conf --json --state-file /tmp/torch/light/state > /tmp/light2.json 2> /tmp/light2.err &
light_finish $! 120
worst3=$(sed -n 's/.*"worst_error_lstar":\([0-9.]*\).*/\1/p' /tmp/light2.json)
echo "  bench light, calibrated: worst error ${worst3:-?} L*"
check light-calibrated-within-2 "rc=$RC worst ${worst3:-none} $(light_oneline /tmp/light2.err)" \
    sh -c "[ '$RC' = 0 ] && awk -v w='${worst3:-9}' 'BEGIN { exit !(w <= 2) }'"
# The service watches the LED: it goes dark (broken), then reads again.
torch run --config /tmp/torch/light/s.conf --no-display --state-file /tmp/torch/light/state \
    > /tmp/light-run.out 2> /tmp/light-run.err &
lpid=$!
if wait_until 30 test -S /tmp/torch/light/torch.sock; then
    torch on 100% --config /tmp/torch/light/s.conf > /dev/null 2>&1
    lstatus() { torch status --json --config /tmp/torch/light/s.conf > /tmp/light-st.json 2>/dev/null && grep -q "$1" /tmp/light-st.json; }
    check light-watch-lit-not-dark "$(cat /tmp/light-st.json 2>&1)" wait_until 10 lstatus '"led_dark":false'
    echo 1 > $LIGHTP/broken
    check light-watch-dark-said "$(light_oneline /tmp/light-run.err)" wait_until 10 grep -q 'light sensor: the LED reads dark' /tmp/light-run.err
    check light-watch-dark-status "$(cat /tmp/light-st.json 2>&1)" wait_until 10 lstatus '"led_dark":true'
    check light-watch-dark-once "$(light_oneline /tmp/light-run.err)" sh -c "usleep 500000; [ \$(grep -c 'the LED reads dark' /tmp/light-run.err) = 1 ]"
    echo 0 > $LIGHTP/broken
    check light-watch-reads-again "$(light_oneline /tmp/light-run.err)" wait_until 10 grep -q 'light sensor: the LED reads light again' /tmp/light-run.err
    check light-watch-cleared-status "$(cat /tmp/light-st.json 2>&1)" wait_until 10 lstatus '"led_dark":false'
    kill -TERM $lpid
    light_finish $lpid 15
    check light-watch-clean-exit "rc=$RC" [ "$RC" = 0 ]
    echo "  watch: $(grep 'light sensor' /tmp/light-run.err | tr '\n' '|')"
else
    fail light-watch "torch run did not start: $(light_oneline /tmp/light-run.err)"
    kill -TERM $lpid 2>/dev/null; light_finish $lpid 10
fi
torch calibrate --clear --config /tmp/torch/light/s.conf --state-file /tmp/torch/light/state > /dev/null 2> /tmp/light-clear.err
check light-calibrate-clear "$(light_oneline /tmp/light-clear.err)" \
    sh -c "[ ! -e /tmp/torch/light/calibration ] && grep -q 'calibration removed' /tmp/light-clear.err"
cat $LPWMCHIP/device/applied > /dev/null 2>&1
echo "  scenarios-light: $(( $(cut -d. -f1 /proc/uptime) - LIGHT_T0 )) s in this guest"
