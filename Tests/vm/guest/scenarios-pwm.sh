# The sysfs PWM backend on a real kernel's PWM core: the project's test PWM chip
# (Tests/vm/kernel/pwm-torch-test.c, pwmchip0 "torch-test-pwm", 2 channels) logs every
# state the core applies, with a CLOCK_MONOTONIC stamp, in .../applied; it can fail the
# next N applies with -EIO (fail_next) and round periods (period_step_ns).
#   1. export only if needed, period before enable, dark = duty 0 enabled, unexport
#      only what torch exported (and a channel found exported is put back, dark)
#   2. a blink and a fade: applied states and their stamps match the pattern
#   3. -EIO mid-pattern: one error line per burst, dark, no busy loop, recovery
#   4. a chip that rounds periods: the backend still works
#   5. the differential test: 600 seeded stores, the same errno and read-back from the
#      kernel and from SysfsPWMDouble with this kernel's rules
PWMDEV=/sys/devices/platform/torch-test-pwm
PWMCHIP=/sys/class/pwm/pwmchip0
PARAMS=/sys/module/pwm_torch_test/parameters
mkdir -p /tmp/torch/pwm

if [ ! -f "$PWMDEV/applied" ] || [ ! -d "$PWMCHIP" ]; then
    fail pwm-test-chip "no test PWM chip: $(ls /sys/class/pwm 2>&1) $(ls $PWMDEV 2>&1)"
    return 0 2>/dev/null || exit 0
fi
check pwm-test-chip "$(readlink $PWMCHIP/device)" sh -c "readlink $PWMCHIP/device | grep -q torch-test-pwm"

# applied_log FILE: drains the chip's log into FILE ("ns ch period duty polarity en errno").
applied_log() {
    : > "$1"
    while :; do
        chunk=$(cat $PWMDEV/applied)
        [ -z "$chunk" ] && break
        echo "$chunk" >> "$1"
    done
}
applied_log /tmp/pwm-boot.log

# pwm_config FILE CHANNEL: a torch config driving the test chip's CHANNEL at 2 kHz.
pwm_config() {
    cat > "$1" <<CONF
[output]
backend = pwm
pwm-chip = torch-test-pwm
pwm-channel = $2
pwm-frequency = 2kHz

[light]
curve = linear
CONF
}
pwm_config /tmp/torch/pwm/ch0.conf 0
pwm_config /tmp/torch/pwm/ch1.conf 1
# channel_is N PERIOD DUTY ENABLE: pwmN's files read so.
channel_is() {
    [ "$(cat $PWMCHIP/pwm$1/period 2>/dev/null)" = "$2" ] && [ "$(cat $PWMCHIP/pwm$1/duty_cycle)" = "$3" ] \
        && [ "$(cat $PWMCHIP/pwm$1/enable)" = "$4" ]
}
# states FILE CH: the channel's applied states without the stamp ("period duty pol en errno").
states() { awk -v c="$2" '$2 == c { print $3, $4, $5, $6, $7 }' "$1"; }
# has_state FILE CH STATE: the channel applied STATE ("period duty pol en errno").
has_state() { states "$1" "$2" | grep -qx "$3"; }

# --- 1. torch on: exported by torch, lit, then dark, disabled and unexported --------
torch on --config /tmp/torch/pwm/ch0.conf --for 1500ms --no-display --state-file /tmp/torch/pwm/s1 \
    > /tmp/pwm1.out 2> /tmp/pwm1.err &
pid=$!
if wait_until 20 channel_is 0 500000 500000 1; then pass pwm-on-lit; else
    fail pwm-on-lit "$(ls $PWMCHIP); $(cat $PWMCHIP/pwm0/* 2>&1 | tr '\n' ' '); $(oneline /tmp/pwm1.err)"
fi
finish $pid 20
check pwm-on-exit "rc=$RC $(oneline /tmp/pwm1.err)" [ "$RC" = 0 ]
check pwm-on-unexported "torch exported pwm0, so it must unexport it: $(ls $PWMCHIP)" [ ! -d $PWMCHIP/pwm0 ]
applied_log /tmp/pwm1.log
states /tmp/pwm1.log 0 > /tmp/pwm1.states
# The order the core saw: period set while disabled, then enabled dark (duty 0), then
# lit; at the end dark while enabled, then disabled. No state was refused.
want="500000 0 normal 0 0|500000 0 normal 1 0|500000 500000 normal 1 0|500000 0 normal 1 0|500000 0 normal 0 0|"
check pwm-on-applied-order "applied: $(oneline /tmp/pwm1.states); want: $want" [ "$(oneline /tmp/pwm1.states)" = "$want" ]

# A channel someone else exported and configured: torch uses it and puts it back dark
# (period as found, duty 0, enabled), and leaves it exported.
echo 1 > $PWMCHIP/export
echo 1000000 > $PWMCHIP/pwm1/period
echo 300000 > $PWMCHIP/pwm1/duty_cycle
echo 1 > $PWMCHIP/pwm1/enable
torch on 50% --config /tmp/torch/pwm/ch1.conf --for 1s --no-display --state-file /tmp/torch/pwm/s2 \
    > /tmp/pwm2.out 2> /tmp/pwm2.err &
finish $! 20
check pwm-found-exported-kept "rc=$RC $(ls $PWMCHIP) $(cat $PWMCHIP/pwm1/* 2>&1 | tr '\n' ' ') $(oneline /tmp/pwm2.err)" \
    sh -c "[ '$RC' = 0 ] && [ -d $PWMCHIP/pwm1 ]"
check pwm-found-exported-put-back-dark "$(cat $PWMCHIP/pwm1/period $PWMCHIP/pwm1/duty_cycle $PWMCHIP/pwm1/enable | tr '\n' ' ')" \
    channel_is 1 1000000 0 1
applied_log /tmp/pwm2.log
check pwm-found-exported-lit-half "$(states /tmp/pwm2.log 1 | tr '\n' '|')" \
    has_state /tmp/pwm2.log 1 "500000 250000 normal 1 0"
echo 1 > $PWMCHIP/unexport

# --- 2. a blink and a fade, checked by the chip's stamps -----------------------------
torch blink --on 100ms --off 100ms --config /tmp/torch/pwm/ch0.conf --for 2500ms --no-display \
    --state-file /tmp/torch/pwm/s3 > /tmp/pwm3.out 2> /tmp/pwm3.err &
finish $! 20
applied_log /tmp/pwm3.log
# Intervals between successive lit/dark changes of the enabled channel, in µs.
awk '$2 == 0 && $6 == 1 && $7 == 0 { if (n && $4 != d) { print int(($1 - t) / 1000) } if ($4 != d) { t = $1; d = $4; n++ } }' \
    /tmp/pwm3.log | sed 1d > /tmp/pwm3.iv
# (the first change is dark → lit at the start; its interval from setup is dropped)
set -- $(sort -n /tmp/pwm3.iv | awk '{ a[NR] = $1 } END { printf "%d %d %d %d", NR, a[int((NR + 1) / 2)], a[1], a[NR] }')
echo "  blink 100/100 ms on the test chip: $1 changes, interval median $2 µs, min $3, max $4"
check pwm-blink-stamps "intervals: $(tr '\n' ' ' < /tmp/pwm3.iv)" \
    [ "${1:-0}" -ge 12 -a "${2:-0}" -ge 90000 -a "${2:-0}" -le 110000 ]
set --

torch breathe --period 1s --min 1% --max 100% --config /tmp/torch/pwm/ch0.conf --for 950ms --no-display \
    --state-file /tmp/torch/pwm/s4 > /tmp/pwm4.out 2> /tmp/pwm4.err &
finish $! 20
applied_log /tmp/pwm4.log
# The fade's lit states (duty > 0): rising to the peak, then falling, the peak half-way
# between the rise's and the fall's crossings of 80 % of it (the breathe is symmetric),
# and those crossings 150–270 ms apart at a 1 s period (a breathe at another speed moves them).
# Timed against itself, not against the first lit stamp: under TCG torch's first write can
# come late, and the scheduler then catches up on the breathe's own timeline.
awk '$2 == 0 && $6 == 1 && $4 > 0 { if (!t0) t0 = $1; print int(($1 - t0) / 1000), $4 }' /tmp/pwm4.log > /tmp/pwm4.ramp
set -- $(awk 'BEGIN { peak = -1 } { n++; t[n] = $1; d[n] = $2; if ($2 > peak) { peak = $2; at = $1; ip = n }
    if (n > 1 && !down && $2 < prev) down = 1; if (down && $2 > prev) bad++; prev = $2 }
    END { for (i = 1; i <= ip; i++) if (d[i] >= 0.8 * peak) { up = t[i]; break }
          for (i = ip; i <= n; i++) if (d[i] < 0.8 * peak) { dn = t[i]; break }
          off = (up != "" && dn != "") ? at - (up + dn) / 2 : 999999; if (off < 0) off = -off
          printf "%d %d %d %d %d %d %d", n, peak, at, bad + 0, up, dn, off }' /tmp/pwm4.ramp)
echo "  breathe 1 s on the test chip: $1 lit states, peak duty $2 ns at $3 µs, $4 rises after the peak; 80 % of the peak at $5 and $6 µs, the peak $7 µs off their middle"
check pwm-fade-stamps "$(tr '\n' ' ' < /tmp/pwm4.ramp | cut -c1-600)" \
    [ "${1:-0}" -ge 20 -a "${2:-0}" -ge 490000 -a "${4:-1}" = 0 -a "${7:-999999}" -le 100000 \
    -a "$(( ${6:-0} - ${5:-0} ))" -ge 150000 -a "$(( ${6:-0} - ${5:-0} ))" -le 270000 ]
set --

# --- 3. -EIO mid-pattern: a burst of 1 failed apply, then one of 3 ------------------
torch blink --on 100ms --off 100ms --config /tmp/torch/pwm/ch0.conf --for 6s --no-display \
    --state-file /tmp/torch/pwm/s5 > /tmp/pwm5.out 2> /tmp/pwm5.err &
pid=$!
wait_until 20 test -d $PWMCHIP/pwm0
usleep 1500000
echo 1 > $PARAMS/fail_next
usleep 2000000
echo 3 > $PARAMS/fail_next
finish $pid 20
applied_log /tmp/pwm5.log
failed=$(awk '$2 == 0 && $7 != 0' /tmp/pwm5.log | wc -l)
total=$(awk '$2 == 0' /tmp/pwm5.log | wc -l)
errors=$(grep -c 'output: write failed' /tmp/pwm5.err)
recovered=$(grep -c 'output: writes succeed again' /tmp/pwm5.err)
echo "  EIO: $failed applies failed of $total; stderr: $(oneline /tmp/pwm5.err)"
check pwm-eio-one-line-per-burst "rc=$RC failed=$failed errors=$errors recovered=$recovered: $(oneline /tmp/pwm5.err)" \
    [ "$RC" = 0 -a "$failed" = 4 -a "$errors" = 2 -a "$recovered" = 2 ]
# Dark after a failure: no lit state is applied within 90 ms of a failed apply (the
# scheduler writes duty 0 at once and retries the pattern only after 100 ms).
check pwm-eio-dark "$(awk '$2 == 0' /tmp/pwm5.log | tr '\n' '|' | cut -c1-900)" \
    awk '$2 == 0 { if ($7 != 0) f = $1; else if ($4 > 0 && f && $1 - f < 90000000) bad++ } END { exit bad > 0 }' /tmp/pwm5.log
# No busy loop: 6 s of a 5 Hz blink is ~60 changes; retries add a few per burst.
check pwm-eio-no-busy-loop "total applies $total" [ "$total" -le 90 ]
# Recovery: the blink goes on after the last failure (lit and dark applied again).
check pwm-eio-recovers "$(awk '$2 == 0' /tmp/pwm5.log | tail -n 6 | tr '\n' '|')" \
    awk '$2 == 0 { if ($7 != 0) { lit = 0; dark = 0 } else if ($4 > 0) lit++; else dark++ } END { exit !(lit >= 2 && dark >= 2) }' /tmp/pwm5.log
echo 0 > $PARAMS/fail_next

# --- 4. a chip that rounds periods (a 3 µs clock): 500000 ns becomes 498000 ------------
echo 3000 > $PARAMS/period_step_ns
torch on --config /tmp/torch/pwm/ch0.conf --for 800ms --no-display --state-file /tmp/torch/pwm/s6 \
    > /tmp/pwm6.out 2> /tmp/pwm6.err &
finish $! 20
applied_log /tmp/pwm6.log
echo 0 > $PARAMS/period_step_ns
check pwm-rounded-period "rc=$RC $(states /tmp/pwm6.log 0 | tr '\n' '|') $(oneline /tmp/pwm6.err)" \
    has_state /tmp/pwm6.log 0 "498000 498000 normal 1 0"

# --- 5. differential: SysfsPWMDouble against this kernel (seeded with the channels'
# states as the scenarios above left them) ---------------------------
torch-sysfs-diff pwm 20261201 600 > /tmp/pwm-diff.out 2>&1
rc=$?
grep '^DIFF' /tmp/pwm-diff.out | head -n 8 | sed 's/^/  /'
echo "  $(grep '^SUMMARY' /tmp/pwm-diff.out)"
check pwm-differential "rc=$rc $(tail -n 3 /tmp/pwm-diff.out | tr '\n' '|')" \
    sh -c "[ $rc = 0 ] && grep -q 'SUMMARY pwm .*stores=600 .*disagreements=0' /tmp/pwm-diff.out"
check pwm-differential-left-clean "$(ls $PWMCHIP)" sh -c "[ ! -d $PWMCHIP/pwm0 ] && [ ! -d $PWMCHIP/pwm1 ]"
applied_log /tmp/pwm-diff.log

