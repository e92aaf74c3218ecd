# The light itself, on this kernel's PWM core and IIO core: the project's test PWM chip
# (pwm-torch-test.c, pwmchip0) drives the "LED".
#   1. flicker: torch bench flicker sets each frequency on the chip and reads the period
#      back: the region follows it, on both sides of 1.25 kHz; torch run logs one line
#      when the configured carrier is above low risk, none when it is not
# Its own helpers, so it also runs alone (TORCH_VM_SCRIPTS="" TORCH_VM_KERNEL_SCRIPTS=scenarios-light.sh).
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
