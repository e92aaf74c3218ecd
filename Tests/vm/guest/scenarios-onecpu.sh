# One CPU with a real software PWM (issue 15, Storms: "one CPU, … the service answering
# while a 1 kHz software PWM runs"). The guest has one CPU (qemu's default: run.sh gives
# no -smp), so `torch run`'s real-time thread toggling the gpio-sim line at 1 kHz, its
# event loop and the clients all share it, as on a Pi Zero. Checks: the line toggles
# (sampled through sim_gpio3/value) before, during and after 50 `torch status` requests
# to the service, every request is answered, the status names the running light, and
# SIGTERM leaves the line dark and released. The time the 50 requests took is printed,
# never checked (TCG emulation).
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

cat > $O/torch.conf <<CONF
[output]
backend = gpiod
chip = torch-sim
line = 3
soft-pwm-frequency = 1kHz

[service]
socket = $O/torch.sock
state-file = $O/state
CONF

# onecpu_sample N: reads the line N times back to back; sets ones, zeros, toggles.
onecpu_sample() {
    ones=0 zeros=0 toggles=0 last=""
    i=0
    while [ $i -lt "$1" ]; do
        read -r v < "$SIM/sim_gpio3/value"
        if [ "$v" = 1 ]; then ones=$((ones + 1)); else zeros=$((zeros + 1)); fi
        [ -n "$last" ] && [ "$v" != "$last" ] && toggles=$((toggles + 1))
        last=$v
        i=$((i + 1))
    done
}
onecpu_toggling() { [ "$ones" -gt 0 ] && [ "$zeros" -gt 0 ] && [ "$toggles" -ge 4 ]; }
onecpu_gone() { ! kill -0 "$1" 2>/dev/null; }

sim_pull 3 pull-down
torch run --config $O/torch.conf --no-display > $O/run.out 2> $O/run.err &
onecpu_pid=$!
if wait_until 30 sh -c "torch-gpio-check info $CHIP 3 | grep -q 'used=1 consumer=torch' && [ -S $O/torch.sock ]"; then
    # 50 %: a duty between dark and full, so the line is toggled by software PWM.
    torch on 50% --config $O/torch.conf > $O/on.out 2> $O/on.err
    check onecpu-on-through-service "rc=$?; $(tr '\n' '|' < $O/on.err)" grep -q 'service' $O/on.err
    usleep 200000
    onecpu_sample 300
    echo "  one CPU, 1 kHz soft PWM at 50 %: before the requests $ones high, $zeros low, $toggles toggles in 300 samples"
    check onecpu-pwm-toggles "$ones high, $zeros low, $toggles toggles; $(tr '\n' '|' < $O/run.err)" onecpu_toggling

    # 50 status requests, one after another, while the PWM runs; the line sampled
    # between them.
    answered=0 lit=0 t0=$(uptime_ms) during=0
    n=0
    while [ $n -lt 50 ]; do
        if torch status --json --config $O/torch.conf > $O/status.out 2> $O/status.err; then
            answered=$((answered + 1))
            grep -q '"lit":true' $O/status.out && lit=$((lit + 1))
        fi
        read -r v < "$SIM/sim_gpio3/value"
        [ "$v" = 1 ] && during=$((during + 1))
        n=$((n + 1))
    done
    t_status=$(( $(uptime_ms) - t0 ))
    echo "  one CPU: $answered of 50 status requests answered (lit in $lit) in $t_status ms under TCG; line high in $during of 50 looks"
    check onecpu-status-answered "$answered of 50 answered; last error: $(tr '\n' '|' < $O/status.err)" [ "$answered" = 50 ]
    check onecpu-status-lit "lit in $lit of $answered replies; $(tr -d '\n' < $O/status.out)" [ "$lit" = 50 ]
    onecpu_sample 300
    echo "  one CPU: after the requests $ones high, $zeros low, $toggles toggles in 300 samples"
    check onecpu-pwm-still-toggles "$ones high, $zeros low, $toggles toggles" onecpu_toggling

    kill -TERM $onecpu_pid
    if wait_until 15 onecpu_gone $onecpu_pid; then wait $onecpu_pid; RC=$?; else
        kill -KILL $onecpu_pid 2>/dev/null; wait $onecpu_pid 2>/dev/null; RC=timeout
    fi
    check onecpu-sigterm-dark "rc=$RC; value=$(sim_value 3); $(line_info "$CHIP" 3)" \
        sh -c "[ '$RC' = 0 ] && [ \"\$(cat $SIM/sim_gpio3/value)\" = 0 ] && torch-gpio-check info $CHIP 3 | grep -q used=0"
else
    fail onecpu-run-starts "not ready: $(line_info "$CHIP" 3); stderr: $(tr '\n' '|' < $O/run.err)"
    kill -TERM $onecpu_pid 2>/dev/null
    wait $onecpu_pid 2>/dev/null
fi
