# One CPU with a real software PWM (issue 15, Storms: "one CPU, … the service answering
# while a 1 kHz software PWM runs"). The guest has one CPU (qemu's default: run.sh gives
# no -smp), so `torch run`'s real-time thread toggling the gpio-sim line, its event loop
# and the clients all share it, as on a Pi Zero.
#
# A. 1 kHz at 50 %: 20 `torch status` requests, one after another, must all be
#    answered (each within 4 attempts of the CLI, which waits 5 s for a reply), the status naming the running light; the PWM runs throughout (the
#    --trace, torch's record of every write it made, has rises and falls through the
#    requests). Under qemu's emulation (TCG) the guest CPU is far slower than a real
#    one: a period's two gpio-sim writes take most of the period, more than all of it
#    when the host is busy; the time the 20 requests took and the line's samples are
#    printed, never checked.
# B. 50 Hz at 50 % (linear curve: a 10 ms pulse every 20 ms): slow enough for the
#    emulated CPU, so the gpio-sim line itself is sampled and must toggle.
# C. 10 kHz at 50 %: every period's writes take longer than the period, so the
#    real-time thread would never sleep and the event loop (a lower real-time priority,
#    so the kernel's real-time throttling does not help it) would never run again. Its
#    CPU budget makes it rest half the time: the service says so once, answers,
#    takes `torch off`, and says when the thread is within its budget again.
# Each ends with SIGTERM: the line dark and released.
# LED = line 3 (GPIO19).

if [ -z "${SIM:-}" ] && ! sim_setup; then
    fail onecpu-sim-setup "could not create the gpio-sim chip through configfs"
    return 0 2>/dev/null || exit 0
fi
O=/tmp/torch/onecpu
mkdir -p $O
cpus=$(grep -c '^processor' /proc/cpuinfo)
echo "  one CPU: the guest has $cpus CPU(s)"
check onecpu-guest-one-cpu "the guest has $cpus CPUs (run.sh must not give qemu -smp)" [ "$cpus" = 1 ]

# onecpu_config FILE FREQUENCY CURVE: the service on line 3 with that software PWM.
onecpu_config() {
    cat > "$1" <<CONF
[light]
curve = $3

[output]
backend = gpiod
chip = torch-sim
line = 3
soft-pwm-frequency = $2

[service]
socket = $O/torch.sock
state-file = $O/state
CONF
}

# onecpu_sample N USLEEP: reads the line N times, USLEEP µs apart; sets ones, zeros,
# toggles.
onecpu_sample() {
    ones=0 zeros=0 toggles=0 last=""
    i=0
    while [ $i -lt "$1" ]; do
        read -r v < "$SIM/sim_gpio3/value"
        if [ "$v" = 1 ]; then ones=$((ones + 1)); else zeros=$((zeros + 1)); fi
        [ -n "$last" ] && [ "$v" != "$last" ] && toggles=$((toggles + 1))
        last=$v
        i=$((i + 1))
        [ "$2" -gt 0 ] && usleep "$2"
    done
}
onecpu_toggling() { [ "$ones" -gt 0 ] && [ "$zeros" -gt 0 ] && [ "$toggles" -ge 4 ]; }
onecpu_gone() { ! kill -0 "$1" 2>/dev/null; }
onecpu_dark() { [ "$(sim_value 3)" = 0 ]; }

# onecpu_ask OUT CONFIG ARGS...: `torch ARGS... --config CONFIG` (stdout in OUT, stderr
# in OUT.err) until it succeeds, at most 4 times; tries holds the attempts. The CLI gives
# a reply 5 s: on a host busy enough, the emulated CPU, shared with the real-time
# thread, serves a request slower than that, and the service answers the next attempt
# (it is slow, not wedged: a wedged service fails every attempt).
onecpu_ask() {
    out=$1 conf=$2; shift 2
    tries=0
    while [ $tries -lt 4 ]; do
        tries=$((tries + 1))
        torch "$@" --config "$conf" > "$out" 2> "$out.err" && return 0
    done
    return 1
}

# onecpu_start CONFIG [TRACE]: starts the service (onecpu_pid), with --trace TRACE if
# given, and lights it at 50 %.
onecpu_start() {
    sim_pull 3 pull-down
    rm -f $O/torch.sock
    torch run --config "$1" --no-display ${2:+--trace "$2"} > $O/run.out 2> $O/run.err &
    onecpu_pid=$!
    wait_until 60 sh -c "torch-gpio-check info $CHIP 3 | grep -q 'used=1 consumer=torch' && [ -S $O/torch.sock ]" &&
        onecpu_ask $O/on.out "$1" on 50%
}

# onecpu_stop NAME: SIGTERM; the line must be dark and released.
onecpu_stop() {
    kill -TERM $onecpu_pid
    if wait_until 30 onecpu_gone $onecpu_pid; then wait $onecpu_pid; RC=$?; else
        kill -KILL $onecpu_pid 2>/dev/null; wait $onecpu_pid 2>/dev/null; RC=timeout
    fi
    check "$1" "rc=$RC; value=$(sim_value 3); $(line_info "$CHIP" 3)" \
        sh -c "[ '$RC' = 0 ] && [ \"\$(cat $SIM/sim_gpio3/value)\" = 0 ] && torch-gpio-check info $CHIP 3 | grep -q used=0"
}

# --- A. 1 kHz: the service answers ------------------------------------------------
onecpu_config $O/a.conf 1kHz cie
if onecpu_start $O/a.conf $O/a.trace; then
    pass onecpu-1khz-on
    answered=0 lit=0 attempts=0 t0=$(uptime_ms)
    n=0
    while [ $n -lt 20 ]; do
        if onecpu_ask $O/status.out $O/a.conf status --json; then
            answered=$((answered + 1))
            grep -q '"lit":true' $O/status.out && lit=$((lit + 1))
        fi
        attempts=$((attempts + tries))
        n=$((n + 1))
    done
    t_status=$(( $(uptime_ms) - t0 ))
    onecpu_sample 100 0
    echo "  one CPU, 1 kHz soft PWM: $answered of 20 status requests answered (lit in $lit, $attempts attempts) in $t_status ms under TCG; the line read high $ones, low $zeros times of 100"
    check onecpu-1khz-status-answered "$answered of 20 answered; last error: $(tr '\n' '|' < $O/status.out.err)" [ "$answered" = 20 ]
    check onecpu-1khz-status-lit "lit in $lit of $answered replies; $(tr -d '\n' < $O/status.out)" [ "$lit" = 20 ]
    onecpu_stop onecpu-1khz-sigterm-dark
    # The trace: '<ns since start>,<level>' per write; rises are writes of 1.
    rises=$(grep -c ',1' $O/a.trace) falls=$(grep -c ',0' $O/a.trace)
    span=$(awk -F, 'NR == 1 { a = $1 } { b = $1 } END { printf "%d", (b - a) / 1000000 }' $O/a.trace)
    echo "  one CPU, 1 kHz soft PWM: the trace has $rises rises and $falls falls over $span ms (guest time)"
    check onecpu-1khz-pwm-ran "$rises rises, $falls falls over $span ms; $(tr '\n' '|' < $O/run.err | tail -c 600)" \
        [ "$rises" -ge 100 -a "$falls" -ge 100 -a "$span" -ge "$t_status" ]
else
    fail onecpu-1khz-on "not ready: $(line_info "$CHIP" 3); stderr: $(tr '\n' '|' < $O/run.err) $(tr '\n' '|' < $O/on.out.err)"
    kill -TERM $onecpu_pid 2>/dev/null
    wait $onecpu_pid 2>/dev/null
fi

# --- B. 50 Hz: the line itself toggles --------------------------------------------
onecpu_config $O/b.conf 50Hz linear
if onecpu_start $O/b.conf $O/b.trace; then
    pass onecpu-50hz-on
    usleep 200000
    onecpu_sample 200 1000
    echo "  one CPU, 50 Hz soft PWM at 50 % (linear): the line read high $ones, low $zeros times of 200, $toggles toggles"
    check onecpu-50hz-line-toggles "$ones high, $zeros low, $toggles toggles; $(tr '\n' '|' < $O/run.err | tail -c 600)" onecpu_toggling
    answered=0
    for n in 1 2 3 4 5 6 7 8 9 10; do
        onecpu_ask $O/status.out $O/b.conf status && answered=$((answered + 1))
    done
    check onecpu-50hz-status-answered "$answered of 10 answered" [ "$answered" = 10 ]
    onecpu_stop onecpu-50hz-sigterm-dark
else
    fail onecpu-50hz-on "not ready: $(line_info "$CHIP" 3); stderr: $(tr '\n' '|' < $O/run.err) $(tr '\n' '|' < $O/on.out.err)"
    kill -TERM $onecpu_pid 2>/dev/null
    wait $onecpu_pid 2>/dev/null
fi

# --- C. 10 kHz: more than the CPU can give; the budget keeps the service answering ---
onecpu_config $O/c.conf 10kHz linear
# No --trace: writing 20,000 stamps a second would be the event loop's work, not the user's.
if onecpu_start $O/c.conf; then
    pass onecpu-10khz-on
    check onecpu-10khz-budget-said "stderr: $(tr '\n' '|' < $O/run.err | tail -c 600)" \
        wait_until 30 grep -q 'real-time thread: the program took over half of a CPU' $O/run.err
    # Not checked here: the threads' CPU shares, which the guest's accounting under
    # emulation does not give reliably (its per-thread counters and /proc/stat's idle
    # time disagree). The share is CPUBudgetTests'.
    # One request, which must be answered however slowly the emulated CPU serves it
    # (the times measured: docs/results.md).
    t0=$(uptime_ms)
    onecpu_ask $O/status.out $O/c.conf status --json
    echo "  one CPU, 10 kHz soft PWM (over the CPU's budget): a status request answered in $(( $(uptime_ms) - t0 )) ms ($tries attempts): $(tr -d '\n' < $O/status.out | cut -c1-40)"
    check onecpu-10khz-status-answered "$(tr '\n' '|' < $O/status.out $O/status.out.err)" grep -q '"lit":true' $O/status.out
    onecpu_ask $O/off.out $O/c.conf off
    check onecpu-10khz-off "rc=$?, $tries attempts: $(tr '\n' '|' < $O/off.out.err)" grep -q 'done (service)' $O/off.out.err $O/off.out
    check onecpu-10khz-off-dark "value=$(sim_value 3)" wait_until 10 onecpu_dark
    # The notice comes at the service's first turn 10 s after the last rest: a request's.
    usleep 11000000
    torch status --config $O/c.conf > /dev/null 2>&1
    check onecpu-10khz-budget-again "stderr: $(tr '\n' '|' < $O/run.err | tail -c 600)" \
        wait_until 10 grep -q 'real-time thread: within its CPU budget again' $O/run.err
    onecpu_stop onecpu-10khz-sigterm-dark
else
    fail onecpu-10khz-on "not ready: $(line_info "$CHIP" 3); stderr: $(tr '\n' '|' < $O/run.err) $(tr '\n' '|' < $O/on.out.err)"
    kill -TERM $onecpu_pid 2>/dev/null
    wait $onecpu_pid 2>/dev/null
fi
